import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema
import TestSupport
import Testing

/// Streamed replies from an OpenAI-compatible server, read as server-sent events: snapshots as
/// the text grows, structured content shown partially and validated at the end, tool calls
/// put together from pieces, and streams that break off.
@Suite struct OpenAICompatibleStreamingTests {
    /// An event stream whose chunks carry the given deltas, then a finish reason and `[DONE]`
    /// (left out when `complete` is false).
    static func stream(_ deltas: [String], complete: Bool = true) -> LoopbackHTTPServer.Reply {
        var body = deltas.map { delta in
            "data: " + GeneratedContent(properties: [("choices", GeneratedContent(elements: [GeneratedContent(properties: [
                ("index", GeneratedContent(0)), ("delta", try! GeneratedContent(json: delta)), ("finish_reason", .null),
            ])]))]).jsonString + "\n\n"
        }.joined()
        if complete { body += #"data: {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}"# + "\n\ndata: [DONE]\n\n" }
        return .init(headers: ["Content-Type": "text/event-stream"], body: body)
    }

    static func text(_ pieces: [String], complete: Bool = true) -> LoopbackHTTPServer.Reply {
        stream(pieces.map { GeneratedContent(properties: [("content", GeneratedContent($0))]).jsonString }, complete: complete)
    }

    @Test func textSnapshotsGrowWithTheStreamAndTheLastIsTheReply() async throws {
        let server = try LoopbackHTTPServer { _, _ in Self.text(["Three", " years", ", and", " a pigeon."]) }
        let session = LanguageModelSession(model: OpenAICompatibleModelTests.model(server))
        var seen: [String] = []
        for try await snapshot in session.streamResponse(to: "How long have you worked here?") { seen.append(snapshot.content ?? "") }
        #expect(seen == ["Three", "Three years", "Three years, and", "Three years, and a pigeon."])
        #expect(try GeneratedContent(json: server.received[0])["stream"] == GeneratedContent(true))
        #expect(session.transcript.count == 2)
    }

    @Test func structuredSnapshotsArePartialAndTheLastIsValidated() async throws {
        let pieces = [#"{"na"#, #"me": "Ju"#, #"no", "le"#, #"vel": 7"#, "}"]
        let server = try LoopbackHTTPServer { _, _ in Self.text(pieces) }
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"name": {"type": "string"}, "level": {"type": "integer", "maximum": 10}}, "required": ["name", "level"], "additionalProperties": false}"#)
        let session = LanguageModelSession(model: OpenAICompatibleModelTests.model(server))
        var seen: [String] = []
        for try await snapshot in session.streamResponse(to: "A customer", schema: schema) { seen.append(snapshot.rawContent.jsonString) }
        #expect(seen == [#"{}"#, #"{"name":"Ju"}"#, #"{"name":"Juno"}"#, #"{"name":"Juno","level":7}"#])
    }

    @Test func aStreamedReplyThatBreaksTheSchemaIsRedoneAndNeverEndsTheStream() async throws {
        let server = try LoopbackHTTPServer { index, _ in Self.text(index == 0 ? [#"{"level": 42}"#] : [#"{"level": "#, "7}"]) }
        let session = LanguageModelSession(model: OpenAICompatibleModelTests.model(server))
        let last = try await session.streamResponse(to: "A level", schema: OpenAICompatibleModelTests.levelSchema).collect()
        #expect(last.rawContent == (try GeneratedContent(json: #"{"level": 7}"#)))
        #expect(server.received.count == 2)
    }

    @Test func streamedToolCallsArePutTogetherFromTheirPieces() async throws {
        let server = try LoopbackHTTPServer { index, _ in
            guard index == 0 else { return Self.text(["Sunny", " in Lyon."]) }
            return Self.stream([
                #"{"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "getWeather", "arguments": ""}}]}"#,
                #"{"tool_calls": [{"index": 0, "function": {"arguments": "{\"ci"}}]}"#,
                #"{"tool_calls": [{"index": 0, "function": {"arguments": "ty\": \"Lyon\"}"}}]}"#,
            ])
        }
        let session = LanguageModelSession(model: OpenAICompatibleModelTests.model(server), tools: [OpenAICompatibleToolCallingTests.weather])
        let last = try await session.streamResponse(to: "Weather in Lyon?").collect()
        #expect(last.content == "Sunny in Lyon.")
        let messages = try #require(try GeneratedContent(json: server.received[1])["messages"]?.elements)
        let arguments = try #require(messages[1]["tool_calls"]?.elements?.first?["function"]?["arguments"]?.stringValue)
        #expect(try GeneratedContent(json: arguments) == GeneratedContent(properties: [("city", GeneratedContent("Lyon"))]))
        #expect(messages[2]["content"] == GeneratedContent("Sunny in Lyon"))
    }

    @Test func aStreamCutShortIsATypedErrorAfterItsRetries() async throws {
        let server = try LoopbackHTTPServer { _, _ in Self.text(["Three", " years"], complete: false) }
        let session = LanguageModelSession(model: OpenAICompatibleModelTests.model(server))
        await #expect { try await session.streamResponse(to: "Hi").collect() } throws: { error in
            guard case OpenAICompatibleModel.Failure.unreachable(_, let reason) = error else { return false }
            return reason.contains("middle of the reply")
        }
        #expect(server.received.count == 2, "one try and one retry")
        #expect(session.transcript.isEmpty && !session.isResponding)
    }

    @Test func errorsInsideAndBeforeTheStreamAreTyped() async throws {
        let failing = try LoopbackHTTPServer { _, _ in
            .init(headers: ["Content-Type": "text/event-stream"], body: "data: {\"error\": {\"message\": \"slot unavailable\"}}\n\n")
        }
        await #expect(throws: OpenAICompatibleModel.Failure.streamError("slot unavailable")) {
            try await LanguageModelSession(model: OpenAICompatibleModelTests.model(failing)).streamResponse(to: "Hi").collect()
        }
        let refused = try LoopbackHTTPServer { _, _ in .init(status: 401, body: #"{"error": {"message": "bad key"}}"#) }
        await #expect(throws: OpenAICompatibleModel.Failure.http(status: 401, message: "bad key")) {
            try await LanguageModelSession(model: OpenAICompatibleModelTests.model(refused)).streamResponse(to: "Hi").collect()
        }
        let garbage = try LoopbackHTTPServer { _, _ in .init(headers: ["Content-Type": "text/event-stream"], body: "data: <html>\n\n") }
        await #expect { try await LanguageModelSession(model: OpenAICompatibleModelTests.model(garbage)).streamResponse(to: "Hi").collect() } throws: { error in
            guard case OpenAICompatibleModel.Failure.malformedResponse = error else { return false }
            return true
        }
    }
}
