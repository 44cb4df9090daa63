import GuidedGeneration
import ModelSelection

extension ModelChoice {
    /// The model this choice names, opened: nil for the embedded model; a model file that cannot
    /// be read or run is a runtime failure naming the file.
    func opened(threads: Int?) throws -> OpenedModel? {
        do {
            return try open(threads: threads)
        } catch {
            throw CommandFailure.runtime("cannot run \(file?.path ?? label): \(error.description)")
        }
    }
}
