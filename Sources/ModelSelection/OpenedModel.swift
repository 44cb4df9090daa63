import GuidedGeneration

/// A model `ModelChoice.open` made, with what a record of the work (a pack manifest) says about
/// it — known where the model was made, so no caller needs to know which backend it is.
///
/// ```swift
/// if let opened = try ModelChoice(parsing: "SmolLM2.gguf").open(threads: 2) {
///     print(opened.sampling ?? "")   // temperature 0.8, top-k from the item's options, …
/// }
/// ```
package struct OpenedModel: Sendable {
    package let model: any LanguageModel
    /// How a model run in process samples (nil for a server, whose sampling is its own).
    package let sampling: String?
    private let answered: @Sendable () -> [Int]

    init(model: any LanguageModel, sampling: String? = nil, requestsPerServer: @escaping @Sendable () -> [Int] = { [] }) {
        self.model = model
        self.sampling = sampling
        answered = requestsPerServer
    }

    /// How many requests each server of several has answered so far, in the choice's URL
    /// order (empty for one server or none).
    package var requestsPerServer: [Int] { answered() }
}
