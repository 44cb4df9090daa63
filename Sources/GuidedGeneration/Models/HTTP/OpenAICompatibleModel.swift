import Foundation

/// A language model behind an OpenAI-compatible chat completions endpoint — a llama.cpp
/// server, Ollama, vLLM or a hosted API. The transcript goes out as messages, a response schema
/// as `response_format` (`json_schema`), the tools natively (function definitions and
/// `tool_calls`) or schema-driven (the next action asked for under `response_format`, for
/// servers whose model has no tool support) — see `ToolCalling`. A structured reply, and every
/// tool call's arguments, are parsed and validated; a reply that breaks its schema is sent back
/// with its violations and asked again (at most `validationRetries` times), then the request
/// fails with `decodingFailure` — invalid content is never returned. A streamed response
/// (`session.streamResponse`) reads the server's server-sent events as they come. Transport
/// failures, HTTP errors and rate limits are typed `Failure`s; a transcript longer than the
/// context — the server's own where it says it (llama.cpp's `/props`), `assumedContextSize`
/// otherwise — is `exceededContextWindowSize` before it is sent, as is a server's refusal.
///
/// ```swift
/// let model = OpenAICompatibleModel(baseURL: URL(string: "http://127.0.0.1:8080")!, name: "smollm2")
/// let session = LanguageModelSession(model: model, instructions: "You are a barista.")
/// print(try await session.respond(to: "How long have you worked here?").content)
/// ```
public struct OpenAICompatibleModel: LanguageModel {
    public let baseURL: URL
    public let name: String
    /// The environment variable holding the API key (sent as a bearer token, never logged).
    public let apiKeyEnvironmentVariable: String?
    public let timeout: TimeInterval
    /// Extra attempts after a failed connection, a 5xx answer or a rate limit.
    public let retries: Int
    /// Extra attempts after a structured reply or tool call that breaks its schema.
    public let validationRetries: Int
    /// Seconds before attempt `n` (1-based) is retried (times `n`).
    public let retryDelay: TimeInterval
    /// The context the model is taken to have until the server tells its own.
    public let assumedContextSize: Int
    /// The tokens the server's context holds: llama.cpp's `n_ctx` per slot once its `/props`
    /// has been read (on the first request), `assumedContextSize` before and for other servers.
    public var contextSize: Int { serverFacts.knownContextSize ?? assumedContextSize }
    /// How tools reach the server.
    public let toolCalling: ToolCalling
    /// Whether the model may, must, or must not call a tool.
    public let toolChoice: ToolChoice

    private let serverFacts = ServerFacts()

    /// How the session's tools are offered to the server.
    public enum ToolCalling: String, Sendable, CaseIterable {
        /// Schema-driven when the request also wants structured output (servers rarely combine
        /// `tools` with `response_format`) or when the server's `/props` says its chat template
        /// cannot call tools (llama.cpp); native otherwise, and schema-driven from then on if
        /// the server refuses the `tools` field.
        case automatic = "auto"
        /// `tools` as function definitions, `tool_calls` read from the reply.
        case native
        /// The next action — `{"tool": NAME, "arguments": {…}}` or `{"answer": …}` — asked for
        /// under `response_format` json_schema; works with any server that enforces JSON Schema.
        case schemaDriven = "schema"
    }

    /// Whether the model may call tools. `required` and `named` hold for the turns before the
    /// first tool output of a response; after that the model may answer, so a response ends.
    public enum ToolChoice: Sendable, Equatable {
        case auto
        case none
        case required
        case named(String)
    }

    public init(baseURL: URL, name: String, apiKeyEnvironmentVariable: String? = nil, timeout: TimeInterval = 60,
                retries: Int = 2, validationRetries: Int = 2, retryDelay: TimeInterval = 0.5, contextSize: Int = 4096,
                toolCalling: ToolCalling = .automatic, toolChoice: ToolChoice = .auto) {
        self.baseURL = baseURL
        self.name = name
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        self.timeout = timeout
        self.retries = max(0, retries)
        self.validationRetries = max(0, validationRetries)
        self.retryDelay = max(0, retryDelay)
        assumedContextSize = contextSize
        self.toolCalling = toolCalling
        self.toolChoice = toolChoice
    }

    var transport: ChatTransport {
        ChatTransport(baseURL: baseURL, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable, timeout: timeout,
                      retries: retries, retryDelay: retryDelay)
    }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        try await checkContext(of: request)
        let plan = try await toolPlan(for: request)
        do {
            return try await respond(to: request, plan: plan)
        } catch Failure.http(let status, let message) where toolCalling == .automatic && plan.mode == .native
                    && (400..<600).contains(status) && message.lowercased().contains("tool") {
            serverFacts.record(native: false)
            return try await respond(to: request, plan: try await toolPlan(for: request))
        }
    }

    /// Refuses a transcript the server's context cannot hold before sending it. The estimate
    /// (`tokenCount(for:)`) runs high, so a transcript it puts over the limit is counted again by
    /// the server's own tokenizer where it has one (llama.cpp's `/tokenize`) before it is refused.
    private func checkContext(of request: LanguageModelRequest) async throws {
        guard let limit = await serverFacts.contextSize(asking: transport) else { return }
        let text = request.transcript.map(\.plainText).joined(separator: "\n")
        guard tokenCount(for: text) > limit, let counted = await transport.tokenCount(of: text), counted > limit else { return }
        throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription:
            "the transcript needs \(counted) tokens and the server's context holds \(limit); condense it and start a new session"))
    }

    /// The JSON body `respond(to:)` sends first for `request` — to log it, or to replay the same
    /// request with another client.
    ///
    /// ```swift
    /// let body = try await model.requestBody(for: request)
    /// try body.write(to: URL(fileURLWithPath: "request.json"))   // curl --data-binary @request.json …
    /// ```
    public func requestBody(for request: LanguageModelRequest) async throws -> Data {
        let plan = try await toolPlan(for: request)
        let messages = ChatRequestBody.messages(of: request.transcript, plan: plan, schema: request.schema)
        return Data(ChatRequestBody.body(model: name, messages: messages, request: request, plan: plan).jsonString.utf8)
    }

    private func respond(to request: LanguageModelRequest, plan: ToolPlan) async throws -> LanguageModelTurn {
        var messages = ChatRequestBody.messages(of: request.transcript, plan: plan, schema: request.schema)
        var onContent: (@Sendable (String) -> Void)?
        if let handler = request.partialContentHandler {
            let schema = request.schema
            onContent = { text in
                if let partial = plan.partialAnswer(in: text, schema: schema) { handler(partial) }
            }
        }
        var attempt = 0
        while true {
            let message = try await transport.complete(ChatRequestBody.body(model: name, messages: messages, request: request, plan: plan),
                                                       onContent: onContent)
            switch plan.read(message, schema: request.schema) {
            case .turn(let turn):
                return turn
            case .answerInText:
                return try await respond(to: request, plan: plan.answering)
            case .rejected(let problems, let feedback):
                guard attempt < validationRetries else {
                    throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                        "the model's reply broke its schema \(validationRetries + 1) times; last: \(problems.joined(separator: "; "))"))
                }
                attempt += 1
                messages += feedback
            }
        }
    }

    /// The tools this turn offers, how, and with which choice.
    private func toolPlan(for request: LanguageModelRequest) async throws -> ToolPlan {
        if case .named(let wanted) = toolChoice, !request.tools.isEmpty, !request.tools.contains(where: { $0.name == wanted }) {
            throw Failure.unknownTool(wanted, available: request.tools.map(\.name))
        }
        let offering = !request.tools.isEmpty && toolChoice != .none
        let hasToolHistory = request.transcript.contains { if case .toolCalls = $0 { return true } else { return false } }
        guard offering || hasToolHistory else { return .noTools }
        let native: Bool
        switch toolCalling {
        case .native: native = true
        case .schemaDriven: native = false
        case .automatic: native = await serverFacts.native(asking: transport)
        }
        guard offering else { return ToolPlan(mode: .none, tools: [], choice: .none, textHistory: !native) }
        let choice = request.toolOutputs.isEmpty ? toolChoice : .auto
        // Servers rarely combine `tools` with `response_format`: a structured response is schema-driven.
        let mode: ToolPlan.Mode = native && (request.schema == nil || toolCalling == .native) ? .native : .schemaDriven
        return ToolPlan(mode: mode, tools: request.tools, choice: choice, textHistory: !native)
    }
}

/// What a server says of itself in llama.cpp's `/props` — whether its chat template can call
/// tools, and its context per slot — asked once per model value and its copies.
private final class ServerFacts: @unchecked Sendable {
    private let lock = NSLock()
    private var properties: GeneratedContent??
    private var native: Bool?

    func record(native: Bool) { lock.withLock { self.native = native } }

    /// The server's `/props`, read on first use (nil when it has none).
    private func properties(asking transport: ChatTransport) async -> GeneratedContent? {
        if let known = lock.withLock({ properties }) { return known }
        let read = await transport.serverProperties()
        lock.withLock { properties = .some(read) }
        return read
    }

    /// Whether to call tools natively: false when `/props` says the chat template cannot call
    /// tools (or a refusal was recorded), true otherwise.
    func native(asking transport: ChatTransport) async -> Bool {
        if let known = lock.withLock({ native }) { return known }
        let capable = await properties(asking: transport)?["chat_template_caps"]?["supports_tool_calls"]?.boolValue ?? true
        lock.withLock { native = native ?? capable }
        return capable
    }

    /// The context per slot (`default_generation_settings.n_ctx`), nil when the server does not say.
    func contextSize(asking transport: ChatTransport) async -> Int? {
        Self.contextSize(in: await properties(asking: transport))
    }

    /// The context size once `/props` has been read.
    var knownContextSize: Int? { Self.contextSize(in: lock.withLock { properties } ?? nil) }

    private static func contextSize(in properties: GeneratedContent?) -> Int? {
        properties?["default_generation_settings"]?["n_ctx"]?.numberValue.flatMap { $0 > 0 && $0 < 1e9 ? Int($0) : nil }
    }
}
