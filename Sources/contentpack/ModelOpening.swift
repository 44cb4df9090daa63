import CommandLineSupport
import GuidedGeneration

extension ModelChoice {
    /// The model this choice names, opened: nil for the embedded model; a model file that cannot
    /// be read or run is a runtime failure naming the file.
    func opened(threads: Int?) throws -> (any LanguageModel)? {
        do {
            return try makeModel(threads: threads)
        } catch {
            throw CommandFailure.runtime("cannot run \(file?.path ?? label): \(error.description)")
        }
    }
}
