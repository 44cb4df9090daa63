import Foundation
import Testing
import TestSupport
@testable import GuidedGeneration
@testable import HTTPModel

/// `ServerPool` against loopback servers: requests spread to the least busy server, a dead one
/// (a port nothing listens on) or one answering 503 is passed over and the request answered by
/// another, and a request every server fails is the last failure.
@Suite struct ServerPoolTests {
    static func reply(_ text: String) -> LoopbackHTTPServer.Reply {
        .init(body: #"{"choices": [{"message": {"role": "assistant", "content": "\#(text)"}}]}"#)
    }

    static func request(_ prompt: String) -> LanguageModelRequest {
        LanguageModelRequest(transcript: Transcript(entries: [.prompt(.init(segments: [.text(.init(content: prompt))]))]),
                             tools: [], schema: nil, options: GenerationOptions())
    }

    static func server(_ url: URL) -> OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: url, name: "m", timeout: 10, retries: 0)
    }

    @Test func aPoolDeclaresWhatItsServersDo() {
        let server = Self.server(URL(string: "http://127.0.0.1:1")!)
        #expect(server.capabilities == [.guidedGeneration, .toolCalling, .streaming, .followsExamples])
        #expect(ServerPool(servers: [server, server]).capabilities == server.capabilities)
    }

    @Test func requestsSpreadAndADeadServerLosesNothing() async throws {
        let first = try LoopbackHTTPServer { _, _ in Self.reply("one") }
        let second = try LoopbackHTTPServer { _, _ in Self.reply("two") }
        let dead = URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())")!
        let pool = ServerPool(servers: [Self.server(dead), Self.server(first.url), Self.server(second.url)])
        let replies = try await withThrowingTaskGroup(of: LanguageModelTurn.self) { group in
            for index in 0..<12 { group.addTask { try await pool.respond(to: Self.request("item \(index)")) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.count == 12)
        #expect(pool.answered[0] == 0 && pool.answered[1] + pool.answered[2] == 12)
        #expect(pool.answered[1] >= 3 && pool.answered[2] >= 3, "\(pool.answered)")
    }

    @Test func aServerAnswering503IsPassedOverAndEveryFailureIsTheLast() async throws {
        let failing = try LoopbackHTTPServer { _, _ in .init(status: 503, body: #"{"error": {"message": "loading"}}"#) }
        let working = try LoopbackHTTPServer { _, _ in Self.reply("fine") }
        let pool = ServerPool(servers: [Self.server(failing.url), Self.server(working.url)])
        #expect(try await pool.respond(to: Self.request("hello")) == .text("fine"))
        #expect(pool.answered == [0, 1])

        let onlyFailing = ServerPool(servers: [Self.server(failing.url)])
        await #expect(throws: OpenAICompatibleModel.Failure.self) { _ = try await onlyFailing.respond(to: Self.request("hello")) }
        #expect(failing.received.count >= 3)
    }
}
