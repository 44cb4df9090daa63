import Foundation
import JSONSchema

/// The seam between a session and whatever produces text: the embedded procedural model, an
/// HTTP server, or an on-device runtime. A session owns the conversation and the tool loop; a
/// model only answers one request at a time with text, structured content, or tool calls.
///
/// Backend authors implement `respond(to:)`. The request carries the whole transcript so far
/// (instructions, prompts, earlier tool calls and their outputs), the tools the model may call,
/// the schema the answer must follow (if any) and the options. When a schema is given the
/// answer must be `.content` that conforms to it (the session checks, and throws
/// `decodingFailure` otherwise); `.toolCalls` asks the session to run tools and ask again.
///
/// ```swift
/// struct EchoModel: LanguageModel {
///     func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
///         .text(request.prompt ?? "")
///     }
/// }
/// let session = LanguageModelSession(model: EchoModel())
/// let reply = try await session.respond(to: "Hello").content   // "Hello"
/// ```
public protocol LanguageModel: Sendable {
    /// Answers one request.
    func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn
    /// How many tokens of transcript the model can take; the session refuses longer ones with
    /// `exceededContextWindowSize`.
    var contextSize: Int { get }
    /// How many tokens the model counts for a text: at most its UTF-8 byte count plus one
    /// (every token stands for at least one byte, and a tokenizer may add one leading piece).
    /// Sessions rely on that bound to skip counting transcripts far from the context size.
    func tokenCount(for text: String) -> Int
    /// Whether the model understands text in the locale's language.
    func supportsLocale(_ locale: Locale) -> Bool
    /// Loads whatever the model needs before the first request.
    func prewarm() async
    /// Whether every structured reply follows the request's schema by construction (the model
    /// generates under the schema's constraints), so the session need not check it. False by
    /// default: the session validates each reply and answers `decodingFailure` for one that
    /// does not conform. Debug builds check every reply anyway.
    var repliesFollowTheSchema: Bool { get }
    /// What the model can do; the session refuses requests that need anything else. Guided
    /// generation and tool calling by default (the session checks every structured reply).
    var capabilities: LanguageModelCapabilities { get }
}

extension LanguageModel {
    public var contextSize: Int { 4096 }
    public func tokenCount(for text: String) -> Int { SimpleTokenizer.count(text) }
    public func supportsLocale(_ locale: Locale) -> Bool { true }
    public func prewarm() async {}
    public var repliesFollowTheSchema: Bool { false }
    public var capabilities: LanguageModelCapabilities { [.guidedGeneration, .toolCalling, .followsExamples] }
}

/// What a session asks a model.
public struct LanguageModelRequest: Sendable {
    /// The conversation so far, ending with the prompt or with tool outputs.
    public var transcript: Transcript
    /// The tools the model may call now (empty once the session's tool-call budget is spent).
    public var tools: [Transcript.ToolDefinition]
    /// Every tool of the session, offered now or not: what a model reads to understand the
    /// calls and outputs already in the transcript (which tool declared which capability) after
    /// the budget is spent. Defaults to `tools`.
    public var sessionTools: [Transcript.ToolDefinition]
    /// The schema the answer must follow, or nil for free text.
    public var schema: GenerationSchema?
    /// The caller's options for this response.
    public var options: GenerationOptions
    /// The model's scratch state for this conversation (owned by the session).
    public var conversation: ConversationState
    /// Set when the caller streams the response: a model that produces its reply bit by bit
    /// hands it each growing partial form of the answer (text so far, or the content so far
    /// closed where it stands). Models that answer all at once never call it; the session then
    /// simulates the stream from the finished reply.
    public var partialContentHandler: (@Sendable (GeneratedContent) -> Void)?

    public init(transcript: Transcript, tools: [Transcript.ToolDefinition], sessionTools: [Transcript.ToolDefinition]? = nil,
                schema: GenerationSchema?, options: GenerationOptions,
                conversation: ConversationState = ConversationState(),
                partialContentHandler: (@Sendable (GeneratedContent) -> Void)? = nil) {
        self.transcript = transcript
        self.tools = tools
        self.sessionTools = sessionTools ?? tools
        self.schema = schema
        self.options = options
        self.conversation = conversation
        self.partialContentHandler = partialContentHandler
    }

    /// The text of the latest prompt.
    public var prompt: String? {
        for entry in transcript.reversed() {
            if case .prompt(let prompt) = entry { return prompt.segments.plainText }
        }
        return nil
    }

    /// The text of the instructions, if any: the first instructions entry's, and after a space
    /// the latest later one's — the situation of the moment, which a conversation tells after
    /// its history (see `Transcript`).
    public var instructions: String? {
        let texts = transcript.toldInstructionIndices.compactMap { index -> String? in
            guard case .instructions(let instructions) = transcript[index] else { return nil }
            return instructions.segments.plainText
        }
        return texts.isEmpty ? nil : texts.joined(separator: " ")
    }

    /// The tool outputs given since the latest prompt, in the order they were requested.
    public var toolOutputs: [Transcript.ToolOutput] {
        var outputs: [Transcript.ToolOutput] = []
        for entry in transcript.reversed() {
            switch entry {
            case .prompt: return outputs.reversed()
            case .toolOutput(let output): outputs.append(output)
            default: continue
            }
        }
        return outputs.reversed()
    }
}

/// A model's answer to one request.
public enum LanguageModelTurn: Sendable, Equatable {
    /// A free-text reply.
    case text(String)
    /// A structured reply (for a request with a schema).
    case content(GeneratedContent)
    /// Tools to call before answering; the session runs them and asks again.
    case toolCalls([Transcript.ToolCall])
}

extension Array where Element == Transcript.Segment {
    /// The segments as one text: text segments as they are, structures as their JSON.
    package var plainText: String {
        // One text segment (most prompts and instructions) is its own text, with no copy.
        if count == 1, case .text(let text) = self[0] { return text.content }
        return text(structure: \.jsonString, separator: "\n")
    }

    /// The segments as one text: text segments as they are, structures as `structure` writes
    /// them, joined with `separator`.
    package func text(structure: (GeneratedContent) -> String, separator: String) -> String {
        map { segment in
            switch segment {
            case .text(let text): return text.content
            case .structure(let value): return structure(value.content)
            }
        }.joined(separator: separator)
    }
}
