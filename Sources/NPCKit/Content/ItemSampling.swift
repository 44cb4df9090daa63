import GuidedGeneration

/// How one generated item — a customer, a riddle, a level creator's instance, a pack item — is
/// sampled: top-40 with the item's own seed, and bounds that matter only for a model behind a
/// server (the embedded model never comes near them): at most 800 tokens, so a small model
/// cannot ramble inside a string until its context is full, and at most 2 tool calls.
///
/// ```swift
/// let options = ItemSampling.options(seed: 7)
/// let npc = try await session.respond(to: "Generate a customer.", schema: schema, options: options)
/// ```
package enum ItemSampling {
    static let maximumTokens = 800
    static let maximumToolCalls = 2

    package static func options(seed: UInt64) -> GenerationOptions {
        GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumResponseTokens: maximumTokens, maximumToolCalls: maximumToolCalls)
    }

    /// The settings as a pack manifest records them.
    package static let summary = "random(top: 40, seed per item), at most \(maximumTokens) tokens and \(maximumToolCalls) tool calls per item"
}
