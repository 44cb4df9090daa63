import Foundation

extension LanguageModelSession {
    /// Why a response could not be produced. Each case carries a readable context.
    ///
    /// ```swift
    /// do { _ = try await session.respond(to: longPrompt) }
    /// catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
    ///     print(context.debugDescription)
    /// }
    /// ```
    public enum GenerationError: Error, LocalizedError, CustomStringConvertible, Sendable {
        /// More detail about an error.
        public struct Context: Sendable {
            public let debugDescription: String
            public init(debugDescription: String) { self.debugDescription = debugDescription }
        }

        /// The transcript and prompt need more tokens than the model takes; condense the
        /// transcript (`Transcript.condensed(keepingLast:)`) and start a new session with it.
        case exceededContextWindowSize(Context)
        /// The prompt is in a language the model does not support.
        case unsupportedLanguageOrLocale(Context)
        /// The model's answer could not be turned into the requested type or schema.
        case decodingFailure(Context)
        /// A guide the model cannot honour (e.g. a value an HTTP backend's per-value grammars
        /// cannot offer).
        case unsupportedGuide(Context)
        /// The session is still answering an earlier request.
        case concurrentRequests(Context)
        /// The model's data is missing or invalid.
        case assetsUnavailable(Context)
        /// The model kept asking for tools after `maximumToolCalls` were made.
        case exceededToolCallLimit(Context)
        /// The options' `toolCallingMode` is `.required`, and the model answered without
        /// calling a tool (or the session has no tools to call).
        case toolCallRequired(Context)
        /// The session was used out of order: `resume(with:)` with no response waiting for
        /// tool outputs, or with outputs that do not answer the pending calls one to one.
        case misuse(Context)
        /// The request needs something the model does not declare in its `capabilities`: a
        /// schema for a model without guided generation, a required tool call for a model
        /// without tool calling.
        case unsupportedCapability(Context)

        public var description: String {
            switch self {
            case .exceededContextWindowSize(let c): return "exceeded the context window: \(c.debugDescription)"
            case .unsupportedLanguageOrLocale(let c): return "unsupported language: \(c.debugDescription)"
            case .decodingFailure(let c): return "decoding failure: \(c.debugDescription)"
            case .unsupportedGuide(let c): return "unsupported guide: \(c.debugDescription)"
            case .concurrentRequests(let c): return "concurrent requests: \(c.debugDescription)"
            case .assetsUnavailable(let c): return "model assets unavailable: \(c.debugDescription)"
            case .exceededToolCallLimit(let c): return "too many tool calls: \(c.debugDescription)"
            case .toolCallRequired(let c): return "a tool call was required: \(c.debugDescription)"
            case .misuse(let c): return "the session was used out of order: \(c.debugDescription)"
            case .unsupportedCapability(let c): return "the model cannot do this: \(c.debugDescription)"
            }
        }

        public var errorDescription: String? { description }

        /// What went wrong, without the case's heading: the context's description.
        public var failureReason: String? { context.debugDescription }

        /// What a caller can do about it, in one sentence.
        ///
        /// ```swift
        /// catch let error as LanguageModelSession.GenerationError {
        ///     print(error.errorDescription ?? "", error.recoverySuggestion ?? "")
        /// }
        /// ```
        public var recoverySuggestion: String? {
            switch self {
            case .exceededContextWindowSize: "Condense the transcript with condensed(keepingLast:) and start a new session with it, or shorten the prompt."
            case .unsupportedLanguageOrLocale: "Ask in a language the model lists in its supported languages."
            case .decodingFailure: "Ask again, with a simpler schema or clearer instructions, or use a model that guides its output."
            case .unsupportedGuide: "Remove or loosen the guide, or use a model that can honour it."
            case .concurrentRequests: "Wait for the session's current response (isResponding) before sending the next request, or use a second session."
            case .assetsUnavailable: "Check the model's files (content pack or model file) and load them again."
            case .exceededToolCallLimit: "Raise maximumToolCalls in the options, or give the tools clearer descriptions."
            case .toolCallRequired: "Give the session a tool that fits the prompt, or allow answers without a tool call."
            case .misuse: "Call resume(with:) only while a response waits for tool outputs, with one output per pending call."
            case .unsupportedCapability: "Check the model's capabilities before the request, or use a backend that declares what the request needs."
            }
        }

        /// The context every case carries.
        public var context: Context {
            switch self {
            case .exceededContextWindowSize(let c), .unsupportedLanguageOrLocale(let c), .decodingFailure(let c),
                 .unsupportedGuide(let c), .concurrentRequests(let c), .assetsUnavailable(let c),
                 .exceededToolCallLimit(let c), .toolCallRequired(let c), .misuse(let c), .unsupportedCapability(let c):
                c
            }
        }
    }

    /// A tool threw while the session was answering; the response ends with this error.
    public struct ToolCallError: Error, LocalizedError, CustomStringConvertible, Sendable {
        /// The tool that failed.
        public let tool: any Tool
        /// What it threw.
        public let underlyingError: any Error

        public init(tool: any Tool, underlyingError: any Error) {
            self.tool = tool
            self.underlyingError = underlyingError
        }

        public var description: String { "the tool '\(tool.name)' failed: \(underlyingError)" }
        public var errorDescription: String? { description }
    }
}
