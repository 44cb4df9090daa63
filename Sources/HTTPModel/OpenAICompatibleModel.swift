import Foundation
import GuidedGeneration
import JSONSchema

/// A language model behind an OpenAI-compatible chat completions endpoint — a llama.cpp
/// server, Ollama, vLLM or a hosted API. The transcript goes out as messages, a response schema
/// as `response_format` (`json_schema`) or, on servers that take grammars, one value at a time
/// under a grammar of our own (see `GuidedDecoding`), the tools natively (function definitions
/// and `tool_calls`) or schema-driven (the next action asked for under the schema, for servers
/// whose model has no tool support) — see `ToolCalling`. A structured reply, and every
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

    /// Structured replies (checked, and asked again when wrong), tool calls native or
    /// schema-driven, and replies streamed as server-sent events.
    public var capabilities: LanguageModelCapabilities { [.guidedGeneration, .toolCalling, .streaming, .followsExamples] }
    /// How tools reach the server.
    public let toolCalling: ToolCalling
    /// Whether the model may, must, or must not call a tool.
    public let toolChoice: ToolChoice
    /// How a structured reply is kept to its schema.
    public let guidedDecoding: GuidedDecoding
    /// How free text (a reply with no schema) is sampled besides the request's options: a
    /// `frequency_penalty` against a small model saying the same words over and over ("I'm
    /// sorry, I'm sorry, …"), and `stop` texts that end the reply. Structured replies are sent
    /// without them: their grammar or schema already bounds them.
    public let textSampling: TextSampling
    /// The requests sent and tokens the server reported so far, by this value and its copies.
    public var usage: ServerUsage { usageCounter.total }

    private let serverFacts = ServerFacts()
    private let usageCounter = UsageCounter()

    /// How a structured reply (a response schema, or a schema-driven tool call) is kept valid.
    public enum GuidedDecoding: String, Sendable, CaseIterable {
        /// Per value on servers that take grammars — llama.cpp (its `/props` answers) and vLLM
        /// (its `/version` does) — and the server's schema elsewhere.
        case automatic = "auto"
        /// The schema as `response_format`: the server's converter enforces what it supports
        /// (llama.cpp and vLLM drop `uniqueItems`, `not`, `if`/`then`/`else`, `contains` and
        /// lookaround), and a reply that breaks the rest is sent back with its violations.
        case serverSchema = "schema"
        /// The client writes the JSON itself — keys and punctuation as the schema forces them —
        /// and asks the server, continuing the assistant's message, for each value under a GBNF
        /// grammar that allows exactly the values still valid there (`ContinuationGrammar`).
        /// Valid by construction; needs llama.cpp's `grammar` or vLLM's grammar fields.
        case perValue = "value"
    }

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

    /// Whether the model may, must, or must not call a tool (the core's `ToolChoice`).
    public typealias ToolChoice = GuidedGeneration.ToolChoice

    /// The sampling a free-text reply adds (see `textSampling`). OpenAI's `frequency_penalty`
    /// (-2…2; llama.cpp and vLLM read it too) lowers a token's logit by the penalty times the
    /// times it has appeared in the reply; `stop` holds at most four texts.
    ///
    /// ```swift
    /// let model = OpenAICompatibleModel(baseURL: url, name: "smollm2",
    ///                                   textSampling: .init(frequencyPenalty: 0.5, stop: ["\n\n"]))
    /// ```
    public struct TextSampling: Sendable, Equatable {
        public var frequencyPenalty: Double?
        public var stop: [String]

        public init(frequencyPenalty: Double? = 0.3, stop: [String] = []) {
            self.frequencyPenalty = frequencyPenalty.map { min(2, max(-2, $0)) }
            self.stop = Array(stop.filter { !$0.isEmpty }.prefix(4))
        }
    }

    public init(baseURL: URL, name: String, apiKeyEnvironmentVariable: String? = nil, timeout: TimeInterval = 60,
                retries: Int = 2, validationRetries: Int = 2, retryDelay: TimeInterval = 0.5, contextSize: Int = 4096,
                toolCalling: ToolCalling = .automatic, toolChoice: ToolChoice = .auto, guidedDecoding: GuidedDecoding = .automatic,
                textSampling: TextSampling = TextSampling()) {
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
        self.guidedDecoding = guidedDecoding
        self.textSampling = textSampling
    }

    var transport: ChatTransport {
        ChatTransport(baseURL: baseURL, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable, timeout: timeout,
                      retries: retries, retryDelay: retryDelay, usage: usageCounter)
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
        return Data(ChatRequestBody.body(model: name, messages: messages, request: request, plan: plan, text: textSampling).jsonString.utf8)
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
        let perValue = try await perValueRoute(for: request, plan: plan)
        var attempt = 0
        while true {
            let message: ChatMessage
            if let perValue {
                message = try await writeByValue(perValue, messages: messages, request: request, plan: plan, onContent: onContent)
            } else {
                message = try await transport.complete(ChatRequestBody.body(model: name, messages: messages, request: request, plan: plan,
                                                                            text: textSampling),
                                                       onContent: onContent)
            }
            switch plan.read(message, schema: request.schema) {
            case .turn(let turn):
                return turn.endingAtWords(under: request.schema)
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

    /// How a per-value reply is written: the schema its JSON follows and the server's grammar
    /// field; nil when the reply goes out under `response_format` (or is free text).
    private func perValueRoute(for request: LanguageModelRequest, plan: ToolPlan) async throws -> (schema: GenerationSchema, field: GrammarField)? {
        guard guidedDecoding != .serverSchema, plan.mode != .native, plan.mode == .schemaDriven || request.schema != nil else { return nil }
        // Whether the server takes grammars is known (or asked) before any schema is compiled for it.
        let field = await serverFacts.grammarField(asking: transport)
        if guidedDecoding == .automatic, field == nil { return nil }
        let schema: GenerationSchema
        if plan.mode == .none, let answer = request.schema {
            schema = answer
        } else {
            schema = try GenerationSchema(jsonSchema: ToolActionSchema.schema(for: plan, answer: request.schema))
        }
        return (schema, field ?? .llamaCpp)
    }

    /// The reply written one value at a time (see `GuidedDecoding.perValue`), as a message. In
    /// automatic mode a value the grammars cannot offer sends the reply under `response_format`.
    private func writeByValue(_ route: (schema: GenerationSchema, field: GrammarField), messages: [ChatMessage],
                              request: LanguageModelRequest, plan: ToolPlan, onContent: (@Sendable (String) -> Void)?) async throws -> ChatMessage {
        let writer = PerValueWriter(matcher: route.schema.matcher)
        var written = 0
        let text: String
        do {
            text = try await writer.write(onText: onContent) { prefix, grammar in
                // The reply so far counts whole — the text the schema forced as well as what the server wrote.
                let budget = request.options.maximumResponseTokens.map { $0 - max(written, tokenCount(for: prefix)) } ?? Int.max
                guard budget > 0 else {
                    throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                        "the reply did not fit in maximumResponseTokens (\(request.options.maximumResponseTokens ?? 0))"))
                }
                let body = ChatRequestBody.continuation(model: name, messages: messages, prefix: prefix, grammar: grammar, field: route.field,
                                                        options: request.options, maximumTokens: min(budget, Self.valueTokens))
                let answer = try await transport.completeCounting(body)
                let reply = answer.message.content
                written += max(1, answer.completionTokens)
                // llama.cpp sends the continued message whole, vLLM only what it added.
                return reply.hasPrefix(prefix) ? String(reply.dropFirst(prefix.count)) : reply
            }
        } catch let problem as PerValueWriter.Problem {
            guard case .unsupported = problem else {
                throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "per-value guided decoding: \(problem)"))
            }
            guard guidedDecoding == .automatic else {
                // The schema asks for a value this mode's grammars cannot offer: a guide it cannot honour.
                throw LanguageModelSession.GenerationError.unsupportedGuide(.init(debugDescription: "per-value guided decoding: \(problem)"))
            }
            return try await transport.complete(ChatRequestBody.body(model: name, messages: messages, request: request, plan: plan,
                                                                     text: textSampling),
                                                onContent: onContent)
        }
        return ChatMessage(role: "assistant", content: text)
    }

    /// The most tokens one per-value request may write (a grammar's walk covers at most 96 bytes).
    private static let valueTokens = 128

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
        var choice = request.toolOutputs.isEmpty ? toolChoice : .auto
        // The request's `.required` asks the server for a call where the model's own setting lets it choose.
        if choice == .auto, request.toolOutputs.isEmpty, request.options.toolCallingMode == .required { choice = .required }
        // Servers rarely combine `tools` with `response_format`: a structured response is schema-driven.
        let mode: ToolPlan.Mode = native && (request.schema == nil || toolCalling == .native) ? .native : .schemaDriven
        return ToolPlan(mode: mode, tools: request.tools, choice: choice, textHistory: !native)
    }
}
