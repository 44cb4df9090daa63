import Foundation
import GuidedGeneration

extension ModelChoice {
    /// The model this choice names, ready to use: a `LocalModel` for a GGUF file (opened and
    /// checked now, so a missing or damaged file is an error before any work starts), an
    /// `OpenAICompatibleModel` for a URL, nil for the embedded model (the caller's default,
    /// e.g. a content library's).
    ///
    /// ```swift
    /// let model = try ModelChoice(parsing: "SmolLM2-135M-Instruct.Q4_1.gguf").makeModel(threads: 2)   // a LocalModel
    /// ```
    public func makeModel(threads: Int? = nil) throws(NativeModelError) -> (any LanguageModel)? {
        if let file { return try LocalModel(contentsOf: file, options: LocalModel.Options(threads: threads)) }
        return serverModel
    }
}
