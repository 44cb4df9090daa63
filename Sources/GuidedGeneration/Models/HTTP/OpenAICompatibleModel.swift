import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A language model behind an OpenAI-compatible chat completions endpoint — a llama.cpp
/// server, Ollama, vLLM or a hosted API. The transcript goes out as messages, the tools as
/// function definitions, a response schema as `response_format` (`json_schema`). A structured
/// reply is parsed and validated; a reply that breaks the schema is sent back with its
/// violations and asked again (at most `validationRetries` times), then the request fails with
/// `decodingFailure` — invalid content is never returned. Transport failures, HTTP errors and
/// rate limits are typed `OpenAICompatibleModel.Failure`s; a context-length refusal is
/// `exceededContextWindowSize`.
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
    /// Extra attempts after a structured reply that breaks its schema.
    public let validationRetries: Int
    /// Seconds before attempt `n` (1-based) is retried (times `n`).
    public let retryDelay: TimeInterval
    public let contextSize: Int

    public init(baseURL: URL, name: String, apiKeyEnvironmentVariable: String? = nil, timeout: TimeInterval = 60,
                retries: Int = 2, validationRetries: Int = 2, retryDelay: TimeInterval = 0.5, contextSize: Int = 4096) {
        self.baseURL = baseURL
        self.name = name
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        self.timeout = timeout
        self.retries = max(0, retries)
        self.validationRetries = max(0, validationRetries)
        self.retryDelay = max(0, retryDelay)
        self.contextSize = contextSize
    }

    /// Why a request to the server failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No connection (refused, unknown host, reset): the URL and the reason.
        case unreachable(String, reason: String)
        case timedOut(String, seconds: TimeInterval)
        /// An HTTP error status with the server's message.
        case http(status: Int, message: String)
        /// HTTP 429; `retryAfter` is the server's `Retry-After`, in seconds, when it sent one.
        case rateLimited(retryAfter: Int?)
        /// A body that is not the chat completion JSON expected.
        case malformedResponse(String)

        public var description: String {
            switch self {
            case .unreachable(let url, let reason): return "cannot reach \(url): \(reason)"
            case .timedOut(let url, let seconds): return "no answer from \(url) within \(Int(seconds)) s"
            case .http(let status, let message): return "the server answered HTTP \(status): \(message)"
            case .rateLimited(let after): return "the server is rate limiting requests" + (after.map { "; retry after \($0) s" } ?? "")
            case .malformedResponse(let reason): return "the server's answer is not a chat completion: \(reason)"
            }
        }
    }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        var messages = ChatRequestBody.messages(of: request.transcript)
        var attempt = 0
        while true {
            let message = try await complete(ChatRequestBody.body(model: name, messages: messages, request: request))
            if let calls = message["tool_calls"]?.elements, !calls.isEmpty {
                return .toolCalls(try calls.map(Self.toolCall))
            }
            let text = message["content"]?.stringValue ?? ""
            guard let schema = request.schema else { return .text(text) }
            let problems: [String]
            do {
                let content = try GeneratedContent(json: text)
                let violations = schema.violations(of: content)
                if violations.isEmpty { return .content(content) }
                problems = violations.prefix(8).map(\.description)
            } catch {
                problems = ["the reply is not JSON: \(error)"]
            }
            guard attempt < validationRetries else {
                throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                    "the model's reply broke the schema \(validationRetries + 1) times; last: \(problems.joined(separator: "; "))"))
            }
            attempt += 1
            messages.append(ChatRequestBody.message("assistant", text))
            messages.append(ChatRequestBody.message("user", "That reply does not follow the JSON Schema: \(problems.joined(separator: "; ")). Answer again with JSON that does."))
        }
    }

    /// The model's tool call as a transcript tool call (arguments parsed from their JSON text).
    private static func toolCall(_ call: GeneratedContent) throws -> Transcript.ToolCall {
        guard let function = call["function"], let name = function["name"]?.stringValue else {
            throw Failure.malformedResponse("a tool call without a function name")
        }
        let argumentsText = function["arguments"]?.stringValue ?? "{}"
        guard let arguments = try? GeneratedContent(json: argumentsText.isEmpty ? "{}" : argumentsText) else {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "the arguments of \(name) are not JSON: \(argumentsText.prefix(200))"))
        }
        return Transcript.ToolCall(id: call["id"]?.stringValue ?? Transcript.makeID(), toolName: name, arguments: arguments)
    }

    /// POSTs the body and returns `choices[0].message`, retrying connection failures, 5xx
    /// answers and rate limits.
    private func complete(_ body: GeneratedContent) async throws -> GeneratedContent {
        var attempt = 0
        while true {
            do {
                return try await post(body)
            } catch let failure as Failure {
                let retriable: Bool
                switch failure {
                case .unreachable, .timedOut, .rateLimited: retriable = true
                case .http(let status, _): retriable = status >= 500
                case .malformedResponse: retriable = false
                }
                guard retriable, attempt < retries else { throw failure }
                attempt += 1
                if case .rateLimited(let after?) = failure {
                    try await Task.sleep(nanoseconds: UInt64(min(Double(after), 60) * 1e9))
                } else if retryDelay > 0 {
                    try await Task.sleep(nanoseconds: UInt64(retryDelay * Double(attempt) * 1e9))
                }
            }
        }
    }

    private var endpoint: URL {
        let path = baseURL.path.hasSuffix("/v1") || baseURL.path.hasSuffix("/v1/") ? "chat/completions" : "v1/chat/completions"
        return baseURL.appendingPathComponent(path)
    }

    private func post(_ body: GeneratedContent) async throws -> GeneratedContent {
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let variable = apiKeyEnvironmentVariable, let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty {
            request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        }
        request.httpBody = Data(body.jsonString.utf8)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch let error as URLError where error.code == .timedOut {
            throw Failure.timedOut(endpoint.absoluteString, seconds: timeout)
        } catch {
            throw Failure.unreachable(endpoint.absoluteString, reason: (error as? URLError).map { "\($0.code.rawValue): \($0.localizedDescription)" } ?? "\(error)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let text = String(decoding: data, as: UTF8.self)
        guard (200..<300).contains(status) else {
            let message = (try? GeneratedContent(json: text)).flatMap { $0["error"]?["message"]?.stringValue ?? $0["error"]?.stringValue } ?? String(text.prefix(300))
            if status == 429 {
                throw Failure.rateLimited(retryAfter: (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0) })
            }
            let lower = message.lowercased()
            if status == 400, lower.contains("context") || lower.contains("too long") || lower.contains("exceed") {
                throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription: "the server refused the transcript: \(message)"))
            }
            throw Failure.http(status: status, message: message)
        }
        let json: GeneratedContent
        do {
            json = try GeneratedContent(json: text)
        } catch {
            throw Failure.malformedResponse("\(error)")
        }
        guard let message = json["choices"]?.elements?.first?["message"] else {
            throw Failure.malformedResponse("no choices[0].message in \(text.prefix(200))")
        }
        return message
    }
}
