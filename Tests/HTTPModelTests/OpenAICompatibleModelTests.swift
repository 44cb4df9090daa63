import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema
import TestSupport
import Testing

/// The HTTP client against a loopback server that says whatever a test needs — including what a
/// real server would not: garbage, truncated JSON, schema-breaking replies, errors.
@Suite struct OpenAICompatibleModelTests {
    static func reply(content: String) -> LoopbackHTTPServer.Reply {
        .init(body: GeneratedContent(properties: [("choices", GeneratedContent(elements: [GeneratedContent(properties: [
            ("message", GeneratedContent(properties: [("role", GeneratedContent("assistant")), ("content", GeneratedContent(content))])),
        ])]))]).jsonString)
    }

    static func model(_ server: LoopbackHTTPServer, validationRetries: Int = 2) -> OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: server.url, name: "test-model", apiKeyEnvironmentVariable: nil, timeout: 10,
                              retries: 1, validationRetries: validationRetries, retryDelay: 0)
    }

    static let levelSchema = try! GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"level": {"type": "integer", "minimum": 1, "maximum": 10}}, "required": ["level"], "additionalProperties": false}"#)

    @Test func aTextReplyAndTheMessagesSent() async throws {
        let server = try LoopbackHTTPServer { _, _ in Self.reply(content: "Three years, and a pigeon.") }
        let session = LanguageModelSession(model: Self.model(server), instructions: "You are a barista.")
        let reply = try await session.respond(to: "How long have you worked here?", options: GenerationOptions(samplingMode: .random(top: 20, seed: 7), temperature: 0.5))
        #expect(reply.content == "Three years, and a pigeon.")
        let sent = try GeneratedContent(json: try #require(server.received.first))
        #expect(sent["model"] == GeneratedContent("test-model"))
        #expect(sent["messages"] == (try GeneratedContent(json: #"[{"role": "system", "content": "You are a barista."}, {"role": "user", "content": "How long have you worked here?"}]"#)))
        #expect(sent["top_k"] == GeneratedContent(20) && sent["seed"] == GeneratedContent(7) && sent["temperature"] == GeneratedContent(0.5))
    }

    /// Free text goes out with a frequency penalty (0.3 unless set) and the stop texts given;
    /// a structured reply without them.
    @Test func freeTextIsSentWithAPenaltyAndStopTexts() async throws {
        let server = try LoopbackHTTPServer { index, _ in Self.reply(content: index < 2 ? "Three years." : #"{"level": 7}"#) }
        _ = try await LanguageModelSession(model: Self.model(server)).respond(to: "How long have you worked here?")
        let tuned = OpenAICompatibleModel(baseURL: server.url, name: "test-model", timeout: 10, retries: 0,
                                          textSampling: .init(frequencyPenalty: 5, stop: ["\n\n", "", "Player:"]))
        _ = try await LanguageModelSession(model: tuned).respond(to: "How long have you worked here?")
        _ = try await LanguageModelSession(model: tuned).respond(to: "A level", schema: Self.levelSchema)
        let sent = try server.received.map { try GeneratedContent(json: $0) }
        #expect(sent[0]["frequency_penalty"] == GeneratedContent(0.3) && sent[0]["stop"] == nil)
        #expect(sent[1]["frequency_penalty"] == GeneratedContent(2.0), "held to the API's range")
        #expect(sent[1]["stop"] == GeneratedContent(elements: [GeneratedContent("\n\n"), GeneratedContent("Player:")]))
        #expect(sent[2]["frequency_penalty"] == nil && sent[2]["stop"] == nil, "a structured reply is bounded by its schema")
    }

    @Test func aReplyThatBreaksTheSchemaIsSentBackAndAskedAgain() async throws {
        let server = try LoopbackHTTPServer { index, _ in
            Self.reply(content: index == 0 ? #"{"level": 42}"# : #"{"level": 7}"#)
        }
        let session = LanguageModelSession(model: Self.model(server))
        let reply = try await session.respond(to: "A level", schema: Self.levelSchema)
        #expect(reply.content == (try GeneratedContent(json: #"{"level": 7}"#)))
        #expect(server.received.count == 2)
        let second = try GeneratedContent(json: server.received[1])
        let messages = try #require(second["messages"]?.elements)
        #expect(messages.last?["content"]?.stringValue?.contains("greater than the maximum 10") == true)
        #expect(second["response_format"]?["json_schema"]?["schema"] == Self.levelSchema.jsonSchema)
    }

    @Test(arguments: [#"{"level": 11}"#, "not json at all", #"{"level": 3"#, #"{"level": "three"}"#])
    func invalidContentIsNeverReturned(content: String) async throws {
        let server = try LoopbackHTTPServer { _, _ in Self.reply(content: content) }
        let session = LanguageModelSession(model: Self.model(server, validationRetries: 1))
        await #expect { try await session.respond(to: "A level", schema: Self.levelSchema) } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure = error else { return false }
            return true
        }
        #expect(server.received.count == 2, "one try and one retry")
    }

    @Test func httpErrorsAreTypedAndFiveHundredsRetried() async throws {
        let failing = try LoopbackHTTPServer { _, _ in .init(status: 503, body: #"{"error": {"message": "loading model"}}"#) }
        await #expect(throws: OpenAICompatibleModel.Failure.http(status: 503, message: "loading model")) {
            try await LanguageModelSession(model: Self.model(failing)).respond(to: "Hi")
        }
        #expect(failing.received.count == 2)
        let refused = try LoopbackHTTPServer { _, _ in .init(status: 401, body: #"{"error": "bad key"}"#) }
        await #expect(throws: OpenAICompatibleModel.Failure.http(status: 401, message: "bad key")) {
            try await LanguageModelSession(model: Self.model(refused)).respond(to: "Hi")
        }
        #expect(refused.received.count == 1, "a 4xx is not retried")
        let limited = try LoopbackHTTPServer { _, _ in .init(status: 429, headers: ["Retry-After": "0"], body: "slow down") }
        await #expect(throws: OpenAICompatibleModel.Failure.rateLimited(retryAfter: 0)) {
            try await LanguageModelSession(model: Self.model(limited)).respond(to: "Hi")
        }
        // Foundation Models 2026 names it `LanguageModelError.rateLimited`; other HTTP failures have no such name.
        await #expect { try await LanguageModelSession(model: Self.model(limited)).respond(to: "Hi") } throws: { error in
            guard case .rateLimited(let after, let context)? = LanguageModelError(error) else { return false }
            return after == 0 && context.debugDescription.contains("rate limiting")
        }
        #expect(LanguageModelError(OpenAICompatibleModel.Failure.http(status: 401, message: "bad key")) == nil)
        if case .timeout? = LanguageModelError(OpenAICompatibleModel.Failure.timedOut("http://127.0.0.1:1", seconds: 5)) {} else {
            Issue.record("a time-out is LanguageModelError.timeout")
        }
        let overflow = try LoopbackHTTPServer { _, _ in .init(status: 400, body: #"{"error": {"message": "the request exceeds the available context size"}}"#) }
        await #expect { try await LanguageModelSession(model: Self.model(overflow)).respond(to: "Hi") } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize = error,
                  case .contextSizeExceeded? = LanguageModelError(error) else { return false }
            return true
        }
        let garbage = try LoopbackHTTPServer { _, _ in .init(body: "<html>oops</html>") }
        await #expect { try await LanguageModelSession(model: Self.model(garbage)).respond(to: "Hi") } throws: { error in
            guard case OpenAICompatibleModel.Failure.malformedResponse = error else { return false }
            return true
        }
    }

    @Test func anUnreachableServerIsATypedErrorNotAHang() async throws {
        let closedPort = try LoopbackHTTPServer.unusedPort()
        let model = OpenAICompatibleModel(baseURL: URL(string: "http://127.0.0.1:\(closedPort)")!, name: "x", timeout: 5, retries: 0, retryDelay: 0)
        await #expect { try await LanguageModelSession(model: model).respond(to: "Hi") } throws: { error in
            guard case OpenAICompatibleModel.Failure.unreachable = error else { return false }
            return true
        }
    }

    /// llama.cpp tells its context per slot in `/props`: a transcript longer than that (counted by
    /// its `/tokenize`) is refused here, before it is sent, and `contextSize` reports the server's
    /// figure from then on.
    @Test func theServersOwnContextIsCheckedBeforeSending() async throws {
        let props = #"{"default_generation_settings": {"n_ctx": 64}, "total_slots": 2}"#
        let server = try LoopbackHTTPServer(pages: ["/props": .init(body: props)]) { _, body in
            guard !body.contains("\"messages\"") else { return Self.reply(content: "Short.") }
            // /tokenize: one token per word of the content.
            let words = (try? GeneratedContent(json: body))?["content"]?.stringValue?.split(separator: " ").count ?? 0
            return .init(body: "{\"tokens\": [" + Array(repeating: "1", count: words).joined(separator: ",") + "]}")
        }
        let model = OpenAICompatibleModel(baseURL: server.url, name: "x", retries: 0, contextSize: 4096)
        #expect(model.contextSize == 4096)
        // Within the assumed 4,096 tokens, so the session lets it through; the model then reads /props.
        let long = String(repeating: "The milk steamer sings. ", count: 40)
        await #expect { try await LanguageModelSession(model: model).respond(to: long) } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize = error else { return false }
            return true
        }
        #expect(server.received.filter { $0.contains("\"messages\"") }.isEmpty, "the long transcript was never sent")
        #expect(model.contextSize == 64)
        #expect(try await LanguageModelSession(model: model).respond(to: "Hi").content == "Short.")
    }

    /// Foundation on Linux ends a request at its session's timeout (60 s by default) whatever the
    /// request asks for, so the transport's sessions carry the model's own timeout.
    @Test func theTransportWaitsAsLongAsTheModelSays() {
        let transport = OpenAICompatibleModel(baseURL: URL(string: "http://127.0.0.1:1")!, name: "x", timeout: 600).transport
        let session = transport.makeSession()
        defer { session.invalidateAndCancel() }
        #expect(session.configuration.timeoutIntervalForRequest == 600)
        #expect(session.configuration.timeoutIntervalForResource >= 600)
    }

    @Test func toolCallsGoThroughTheSessionsLoopWithTheirIDs() async throws {
        let server = try LoopbackHTTPServer { index, _ in
            if index == 0 {
                return .init(body: #"{"choices": [{"message": {"role": "assistant", "tool_calls": [{"id": "call_9", "type": "function", "function": {"name": "getWeather", "arguments": "{\"city\": \"Lyon\"}"}}]}}]}"#)
            }
            return Self.reply(content: "It is sunny in Lyon.")
        }
        let parameters = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#)
        let weather = DynamicTool(name: "getWeather", description: "The weather in a city", parameters: parameters) { arguments in
            "Sunny in \(try arguments.value(String.self, forProperty: "city"))"
        }
        let session = LanguageModelSession(model: Self.model(server), tools: [weather])
        #expect(try await session.respond(to: "Weather in Lyon?").content == "It is sunny in Lyon.")
        let first = try GeneratedContent(json: server.received[0])
        #expect(first["tools"]?.elements?.first?["function"]?["name"] == GeneratedContent("getWeather"))
        let messages = try #require(try GeneratedContent(json: server.received[1])["messages"]?.elements)
        #expect(messages.map { $0["role"]?.stringValue ?? "" } == ["user", "assistant", "tool"])
        #expect(messages[1]["tool_calls"]?.elements?.first?["id"] == GeneratedContent("call_9"))
        #expect(messages[2]["tool_call_id"] == GeneratedContent("call_9"))
        #expect(messages[2]["content"] == GeneratedContent("Sunny in Lyon"))
    }
}
