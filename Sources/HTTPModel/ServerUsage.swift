import Foundation
import GuidedGeneration
import JSONSchema
import Synchronization

/// What an `OpenAICompatibleModel` has asked of its server so far: requests, and the tokens the
/// server reports in each answer's `usage` — the prompt's, how many of those it re-processed
/// rather than took from its cache, and the reply's. Per-value guided decoding sends many short
/// requests that continue one prompt; with the server's prompt cache they re-process few tokens.
///
/// ```swift
/// let before = model.usage
/// _ = try await session.respond(to: "Make a customer.", generating: NPC.self)
/// print(model.usage.requests - before.requests, model.usage.reprocessedPromptTokens - before.reprocessedPromptTokens)
/// ```
public struct ServerUsage: Sendable, Equatable {
    public var requests = 0
    public var promptTokens = 0
    /// Prompt tokens the server evaluated (not taken from its prompt cache).
    public var reprocessedPromptTokens = 0
    public var completionTokens = 0

    public init() {}
}

/// The running `ServerUsage` of a model value and its copies.
final class UsageCounter: Sendable {
    private let usage = Mutex(ServerUsage())

    var total: ServerUsage { usage.withLock { $0 } }

    /// Counts one request and the `usage` object of its answer (nil when it had none).
    func record(_ reported: GeneratedContent?) {
        let prompt = Self.count(reported?["prompt_tokens"])
        let cached = Self.count(reported?["prompt_tokens_details"]?["cached_tokens"])
        let completion = Self.count(reported?["completion_tokens"])
        usage.withLock { usage in
            usage.requests += 1
            usage.promptTokens += prompt
            usage.reprocessedPromptTokens += max(0, prompt - cached)
            usage.completionTokens += completion
        }
    }

    /// A reported count, 0 when it is missing or not a sensible whole number.
    static func count(_ value: GeneratedContent?) -> Int {
        guard let number = value?.numberValue, number >= 0, number < 1e12 else { return 0 }
        return Int(number)
    }
}
