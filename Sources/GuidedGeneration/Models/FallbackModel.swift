import Foundation
import Synchronization

/// A model that asks `primary` first and, when it cannot answer — a server gone or failing, a
/// reply that keeps breaking its schema, a transcript past its context — asks `fallback` (the
/// embedded procedural model, typically) with the same request. Every request tries `primary`
/// again, so play moves back to it as soon as it answers. `fallbackReplies` counts the requests
/// the fallback answered; cancellation is passed on, never answered by the fallback.
///
/// ```swift
/// let model = FallbackModel(primary: OpenAICompatibleModel(baseURL: url, name: "smollm2"), fallback: SystemLanguageModel.default)
/// let reply = try await LanguageModelSession(model: model).respond(to: "Hello!")   // from the server, or the embedded model
/// print(model.fallbackReplies)
/// ```
public final class FallbackModel: LanguageModel {
    public let primary: any LanguageModel
    public let fallback: any LanguageModel
    private let answeredByFallback = Atomic<Int>(0)
    private let lastFailure = Mutex<String?>(nil)

    public init(primary: any LanguageModel, fallback: any LanguageModel) {
        self.primary = primary
        self.fallback = fallback
    }

    /// How many requests the fallback has answered.
    public var fallbackReplies: Int { answeredByFallback.load(ordering: .relaxed) }

    /// Why `primary` last failed (nil until it has).
    public var lastPrimaryFailure: String? { lastFailure.withLock { $0 } }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        do {
            return try await primary.respond(to: request)
        } catch let error where !(error is CancellationError) && !Task.isCancelled {
            lastFailure.withLock { $0 = "\(error)" }
            let turn = try await fallback.respond(to: request)
            answeredByFallback.add(1, ordering: .relaxed)
            return turn
        }
    }

    /// The larger context: a transcript past the primary's goes to the fallback.
    public var contextSize: Int { max(primary.contextSize, fallback.contextSize) }
    public func tokenCount(for text: String) -> Int { primary.tokenCount(for: text) }
    public func supportsLocale(_ locale: Locale) -> Bool { primary.supportsLocale(locale) }
    public func prewarm() async { await primary.prewarm() }
    public var repliesFollowTheSchema: Bool { primary.repliesFollowTheSchema && fallback.repliesFollowTheSchema }

    /// What both models can do, since either may answer a request — and the primary's
    /// `followsExamples`: examples are shown for it, and a fallback that needs none ignores them.
    public var capabilities: LanguageModelCapabilities {
        primary.capabilities.intersection(fallback.capabilities).union(primary.capabilities.intersection(.followsExamples))
    }
}
