import Foundation
import GuidedGeneration
#if canImport(FoundationNetworking)
import FoundationNetworking
import JSONSchema
#endif

/// The HTTP side of `OpenAICompatibleModel`: POSTs a chat completion body — whole, or streamed
/// as server-sent events — and returns the reply's `message` (role, content, tool calls),
/// retrying connection failures, 5xx answers and rate limits, and mapping every failure to a
/// typed error.
struct ChatTransport: Sendable {
    let baseURL: URL
    let apiKeyEnvironmentVariable: String?
    let timeout: TimeInterval
    let retries: Int
    let retryDelay: TimeInterval
    /// Where answered requests are counted, if anywhere.
    var usage: UsageCounter?

    typealias Failure = OpenAICompatibleModel.Failure

    var endpoint: URL {
        baseURL.appendingPathComponent(servesV1 ? "chat/completions" : "v1/chat/completions")
    }

    private var servesV1: Bool { baseURL.path.hasSuffix("/v1") || baseURL.path.hasSuffix("/v1/") }

    /// The server's own root, where llama.cpp serves `/props` and `/tokenize`.
    private var serverRoot: URL { servesV1 ? baseURL.deletingLastPathComponent() : baseURL }

    /// Sends the body and returns `choices[0].message`. With `onContent`, the reply is streamed
    /// and `onContent` sees the message's text each time it grows.
    func complete(_ body: GeneratedContent, onContent: (@Sendable (String) -> Void)? = nil) async throws -> ChatMessage {
        try await retrying {
            if let onContent { return try await stream(body, onContent: onContent) }
            return try await post(body).message
        }
    }

    /// Sends the body and returns `choices[0].message` with the completion tokens this answer
    /// reports (0 when it does not say).
    func completeCounting(_ body: GeneratedContent) async throws -> (message: ChatMessage, completionTokens: Int) {
        try await retrying {
            let reply = try await post(body)
            return (reply.message, UsageCounter.count(reply.usage?["completion_tokens"]))
        }
    }

    /// Runs `operation`, again after a connection failure, a 5xx answer or a rate limit (at
    /// most `retries` more times, waiting `retryDelay` × attempt or the server's `Retry-After`).
    private func retrying<T>(_ operation: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await operation()
            } catch let failure as Failure {
                guard failure.isTransient, attempt < retries else { throw failure }
                attempt += 1
                if case .rateLimited(let after?) = failure {
                    try await Task.sleep(nanoseconds: UInt64(min(Double(after), 60) * 1e9))
                } else if retryDelay > 0 {
                    try await Task.sleep(nanoseconds: UInt64(retryDelay * Double(attempt) * 1e9))
                }
            }
        }
    }

    /// llama.cpp's `/props` (its chat template's capabilities, its context), or nil when the server has none.
    func serverProperties() async -> GeneratedContent? {
        await askServer("props", waiting: 10)
    }

    /// vLLM's version (its `/version`), or nil when the server has no such endpoint.
    func serverVersion() async -> String? {
        await askServer("version", waiting: 10)?["version"]?.stringValue
    }

    /// The number of tokens the server's tokenizer makes of `text` (llama.cpp's `/tokenize`), or
    /// nil when the server has no such endpoint.
    func tokenCount(of text: String) async -> Int? {
        await askServer("tokenize", body: GeneratedContent(properties: [("content", GeneratedContent(text))]), waiting: 30)?["tokens"]?.elements?.count
    }

    /// The JSON a llama.cpp endpoint beside the chat API answers (GET, or POST with `body`),
    /// waiting at most `seconds`; nil for any failure — these endpoints are optional.
    private func askServer(_ path: String, body: GeneratedContent? = nil, waiting seconds: TimeInterval) async -> GeneratedContent? {
        var request = URLRequest(url: serverRoot.appendingPathComponent(path), timeoutInterval: min(timeout, seconds))
        if let body {
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.jsonString.utf8)
        }
        authorize(&request)
        guard let reply = try? await exchange(request), reply.status == 200 else { return nil }
        return try? GeneratedContent(jsonBytes: reply.body)
    }

    private func request(for body: GeneratedContent) -> URLRequest {
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        authorize(&request)
        request.httpBody = Data(body.jsonString.utf8)
        return request
    }

    private func authorize(_ request: inout URLRequest) {
        if let variable = apiKeyEnvironmentVariable, let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty {
            request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        }
    }

    /// A session that waits `timeout` seconds for the server. The request's own timeout is not
    /// enough: swift-corelibs-foundation stops at the session configuration's (60 s by default).
    func makeSession(delegate: (any URLSessionDelegate)? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, configuration.timeoutIntervalForResource)
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Sends `request` and streams the response's status, then its body as it arrives: over a
    /// socket of our own for `http://` (`SocketHTTPConnection`, which waits without spinning),
    /// through `URLSession` for `https://`. `cancel` drops the exchange.
    func open(_ request: URLRequest) -> (bytes: AsyncThrowingStream<StreamedBytes, any Error>, cancel: @Sendable () -> Void) {
        let (bytes, continuation) = AsyncThrowingStream<StreamedBytes, any Error>.makeStream()
        if request.url?.scheme?.lowercased() == "http" {
            let connection = SocketHTTPConnection.start(request, timeout: min(timeout, request.timeoutInterval), into: continuation)
            return (bytes, { connection.cancel() })
        }
        let session = makeSession(delegate: StreamDelegate(continuation))
        let task = session.dataTask(with: request)
        task.resume()
        return (bytes, {
            task.cancel()
            session.invalidateAndCancel()
        })
    }

    /// The whole response to `request`: its status, `Retry-After`, and body.
    private func exchange(_ request: URLRequest) async throws -> (status: Int, retryAfter: String?, body: Data) {
        let (bytes, cancel) = open(request)
        defer { cancel() }
        return try await withTaskCancellationHandler {
            var status = 0
            var retryAfter: String?
            var body = Data()
            for try await chunk in bytes {
                switch chunk {
                case .response(let code, let after): (status, retryAfter) = (code, after)
                case .data(let data): body.append(data)
                }
            }
            return (status, retryAfter, body)
        } onCancel: {
            cancel()
        }
    }

    private func post(_ body: GeneratedContent) async throws -> (message: ChatMessage, usage: GeneratedContent?) {
        let reply: (status: Int, retryAfter: String?, body: Data)
        do {
            reply = try await exchange(request(for: body))
        } catch {
            throw transportFailure(error)
        }
        let data = reply.body
        try check(status: reply.status, body: data, retryAfter: reply.retryAfter)
        let json: GeneratedContent
        do {
            json = try GeneratedContent(jsonBytes: data)
        } catch {
            throw Failure.malformedResponse("\(error)")
        }
        usage?.record(json["usage"])
        guard let message = json["choices"]?.elements?.first?["message"] else {
            throw Failure.malformedResponse("no choices[0].message in \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return (ChatMessage(wire: message), json["usage"])
    }

    private func stream(_ body: GeneratedContent, onContent: @escaping @Sendable (String) -> Void) async throws -> ChatMessage {
        var fields = body.orderedKeys.map { ($0, body[$0]!) }
        fields.append(("stream", GeneratedContent(true)))
        let (chunks, cancel) = open(request(for: GeneratedContent(properties: fields)))
        // Leaving early (an error event, a malformed chunk) drops the connection rather than reading on.
        defer { cancel() }
        return try await withTaskCancellationHandler {
            var status = 0
            var retryAfter: String?
            var errorBody = Data()
            var parser = ServerSentEventParser()
            var reply = StreamedChatReply()
            do {
                for try await chunk in chunks {
                    switch chunk {
                    case .response(let code, let after):
                        (status, retryAfter) = (code, after)
                    case .data(let data) where !(200..<300).contains(status):
                        errorBody.append(data)
                    case .data(let data):
                        for event in parser.feed(data) {
                            if try reply.take(event) { onContent(reply.content) }
                        }
                    }
                }
            } catch let failure as Failure {
                throw failure
            } catch let refusal as LanguageModelSession.GenerationError {
                throw refusal
            } catch {
                throw transportFailure(error)
            }
            try check(status: status, body: errorBody, retryAfter: retryAfter)
            for event in parser.finish() {
                if try reply.take(event) { onContent(reply.content) }
            }
            guard reply.isComplete else {
                throw Failure.unreachable(endpoint.absoluteString, reason: "the connection ended in the middle of the reply")
            }
            usage?.record(nil)
            return reply.message
        } onCancel: {
            cancel()
        }
    }

    /// Throws the typed error for an unsuccessful status.
    private func check(status: Int, body: Data, retryAfter: String?) throws {
        guard !(200..<300).contains(status) else { return }
        let text = String(decoding: body, as: UTF8.self)
        let message = (try? GeneratedContent(json: text)).flatMap { $0["error"]?["message"]?.stringValue ?? $0["error"]?.stringValue }
            ?? String(text.prefix(300))
        if status == 429 { throw Failure.rateLimited(retryAfter: retryAfter.flatMap { Int($0) }) }
        if status == 400, let refusal = Self.contextRefusal(message) { throw refusal }
        throw Failure.http(status: status, message: message)
    }

    /// `exceededContextWindowSize` when a server's error message says the transcript is too long.
    static func contextRefusal(_ message: String) -> LanguageModelSession.GenerationError? {
        let lower = message.lowercased()
        guard lower.contains("context") || lower.contains("too long") || lower.contains("exceed") else { return nil }
        return .exceededContextWindowSize(.init(debugDescription: "the server refused the transcript: \(message)"))
    }

    private func transportFailure(_ error: any Error) -> any Error {
        if error is CancellationError || error is Failure { return error }
        guard let urlError = error as? URLError else { return Failure.unreachable(endpoint.absoluteString, reason: "\(error)") }
        switch urlError.code {
        case .timedOut: return Failure.timedOut(endpoint.absoluteString, seconds: timeout)
        case .cancelled: return CancellationError()
        default: return Failure.unreachable(endpoint.absoluteString, reason: "\(urlError.code.rawValue): \(urlError.localizedDescription)")
        }
    }
}

/// What an exchange hands over: the response's status, then body bytes.
enum StreamedBytes: Sendable {
    case response(status: Int, retryAfter: String?)
    case data(Data)
}

/// Turns URLSession's delegate callbacks into an async stream of `StreamedBytes`.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<StreamedBytes, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<StreamedBytes, any Error>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        continuation.yield(.response(status: http?.statusCode ?? 0, retryAfter: http?.value(forHTTPHeaderField: "Retry-After")))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.data(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}
