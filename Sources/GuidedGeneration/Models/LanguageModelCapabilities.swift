/// What a model can do, as its backend declares it: answer under a schema, call tools, stream
/// partial replies. A session reads them before it asks: a request that needs what the model
/// lacks fails with `GenerationError.unsupportedCapability` instead of reaching the model, and
/// a model that cannot call tools is offered none.
///
/// ```swift
/// struct EchoModel: LanguageModel {
///     var capabilities: LanguageModelCapabilities { [] }          // free text only
///     func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn { .text(request.prompt ?? "") }
/// }
/// try await LanguageModelSession(model: EchoModel()).respond(to: "Hi", generating: NPC.self)   // throws unsupportedCapability
/// ```
public struct LanguageModelCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Structured replies that follow a request's schema (by construction, or checked and
    /// asked again by the backend).
    public static let guidedGeneration = LanguageModelCapabilities(rawValue: 1 << 0)
    /// Tool calls: the model may answer with calls for the session to run.
    public static let toolCalling = LanguageModelCapabilities(rawValue: 1 << 1)
    /// Partial replies while the model writes, for `streamResponse` (without it, a stream
    /// delivers the finished reply as its one snapshot).
    public static let streaming = LanguageModelCapabilities(rawValue: 1 << 2)
    /// Writing after examples shown in the prompt, as a language model does: generators that
    /// know it (NPCs, riddles) show such a model a few. A model without it — the procedural
    /// model, which writes from its own content — is shown none.
    public static let followsExamples = LanguageModelCapabilities(rawValue: 1 << 3)

    public var description: String {
        let names = [(Self.guidedGeneration, "guided generation"), (.toolCalling, "tool calling"), (.streaming, "streaming"),
                     (.followsExamples, "following examples")]
            .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "free text only" : names.joined(separator: ", ")
    }
}
