import Foundation
import GuidedGeneration
import JSONSchema
import Testing

/// End-to-end: `contentpack serve --stdio` driven line by line the way an engine drives it.
@Suite struct ServeProtocolTests {
    /// The server process with a line-at-a-time conversation over its pipes.
    final class Server {
        let process = Process()
        private let input = Pipe(), output = Pipe()
        private var pending = Data()

        init() throws {
            process.executableURL = try #require(ContentPackProcess.executable(named: "contentpack"))
            process.arguments = ["serve", "--stdio"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            signal(SIGPIPE, SIG_IGN)
            try process.run()
        }

        func send(_ line: String) throws {
            try send(bytes: Data((line + "\n").utf8))
        }

        /// Writes bytes as they are (lines and their newlines).
        func send(bytes: Data) throws {
            try input.fileHandleForWriting.write(contentsOf: bytes)
        }

        /// The next line the server writes (nil at the end of its output).
        func nextLine() throws -> String? {
            while !pending.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                pending.append(chunk)
            }
            let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
            let line = pending[pending.startIndex..<end]
            pending = Data(pending[pending.index(after: end)...])
            return String(decoding: line, as: UTF8.self)
        }

        /// The next line the server writes, as JSON (nil at the end of its output).
        func next() throws -> GeneratedContent? {
            try nextLine().map { try GeneratedContent(json: $0) }
        }

        /// Ends the server's input, as a host that quits does.
        func closeInput() throws {
            try input.fileHandleForWriting.close()
        }
    }

    @Test func aSessionWithAHostToolMalformedLinesAndAShutdown() throws {
        let server = try Server()
        try server.send("this is not JSON")
        let parseError = try #require(try server.next())
        #expect(parseError["error"]?["code"] == GeneratedContent(-32700))
        #expect(parseError["id"] == .null)

        try server.send(#"{"id": "a", "method": "teleport"}"#)
        #expect(try server.next()?["error"]?["code"] == GeneratedContent(-32601))
        try server.send(#"{"method": "generate"}"#)
        #expect(try server.next()?["error"]?["code"] == GeneratedContent(-32600))
        try server.send(#"{"id": 9, "method": "generate", "params": {"kind": "dragon"}}"#)
        let badKind = try #require(try server.next())
        #expect(badKind["id"] == GeneratedContent(9) && badKind["error"]?["code"] == GeneratedContent(-32602))

        try server.send(#"""
            {"id": 1, "method": "session.open", "params": {"instructions": "You are a barista. Today is 2026-11-23.", "seed": 3,
             "tools": [{"name": "getCalendarEvents", "description": "Looks up the events on the calendar for a day",
                        "parameters": {"type": "object", "properties": {"day": {"type": "integer"}, "month": {"type": "integer"},
                                       "year": {"type": "integer"}}, "required": ["day", "month", "year"]}}]}}
            """#.replacingOccurrences(of: "\n", with: " "))
        let opened = try #require(try server.next())
        let session = try #require(opened["result"]?["session"]?.stringValue)

        try server.send(#"{"id": 2, "method": "session.prompt", "params": {"session": "\#(session)", "prompt": "What's going on tomorrow?"}}"#)
        let call = try #require(try server.next())
        #expect(call["method"]?.stringValue == "tool.call")
        #expect(call["params"]?["tool"]?.stringValue == "getCalendarEvents")
        #expect(call["params"]?["arguments"] == (try GeneratedContent(json: #"{"day": 24, "month": 11, "year": 2026}"#)))
        let callID = try #require(call["id"])
        try server.send(GeneratedContent(properties: [("id", callID), ("result", GeneratedContent("19:00 Pottery night at The Kiln."))]).jsonString)
        let answer = try #require(try server.next())
        #expect(answer["id"] == GeneratedContent(2))
        #expect(answer["result"]?["content"]?.stringValue?.contains("Pottery night at The Kiln") == true, "\(answer.jsonString)")

        // A tool answering with JSON is spoken by its values, not pasted as JSON.
        try server.send(#"{"id": 6, "method": "session.prompt", "params": {"session": "\#(session)", "prompt": "What's going on tomorrow?"}}"#)
        let secondCall = try #require(try server.next())
        let secondID = try #require(secondCall["id"])
        let events = try GeneratedContent(json: #"{"events": [{"time": "19:00", "title": "Pottery night"}, {"time": "21:00", "title": "Open mic"}]}"#)
        try server.send(GeneratedContent(properties: [("id", secondID), ("result", events)]).jsonString)
        let spoken = try #require(try server.next()?["result"]?["content"]?.stringValue)
        #expect(spoken.contains("19:00, Pottery night, 21:00, Open mic") && !spoken.contains("{"), "\(spoken)")

        try server.send(#"{"id": 3, "method": "generate", "params": {"schema": {"type": "integer", "minimum": 5, "maximum": 6}, "count": 3, "seed": 1}}"#)
        let items = try #require(try server.next()?["result"]?["items"]?.elements)
        #expect(items.count == 3 && items.allSatisfy { [5, 6].contains($0.numberValue) })

        try server.send(#"{"id": 4, "method": "session.close", "params": {"session": "\#(session)"}}"#)
        #expect(try server.next()?["result"]?["closed"] == GeneratedContent(true))
        try server.send(#"{"id": 5, "method": "session.prompt", "params": {"session": "\#(session)", "prompt": "Hello?"}}"#)
        #expect(try server.next()?["error"]?["code"] == GeneratedContent(-32602))

        try server.closeInput()
        #expect(try server.next() == nil)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    /// docs/protocol.md's "full exchange", replayed: every `>` line sent, every `<` line the
    /// server's next line, byte for byte.
    @Test func theDocumentedExchangeIsWhatTheServerSays() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/protocol.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.range(of: "## A full exchange"))
        let lines = text[section.upperBound...].split(separator: "\n").drop { $0 != "```" }.dropFirst().prefix { $0 != "```" }
        #expect(lines.count >= 10)
        let server = try Server()
        for line in lines {
            if line.hasPrefix("> ") {
                try server.send(String(line.dropFirst(2)))
            } else {
                #expect(line.hasPrefix("< "))
                #expect(try server.nextLine() == String(line.dropFirst(2)))
            }
        }
        try server.closeInput()
        #expect(try server.nextLine() == nil)
    }

    /// A server whose session s1 has sent prompt 2 and waits on the host's calendar tool.
    static func serverWaitingOnAToolCall() throws -> Server {
        let server = try Server()
        try server.send(#"{"id": 1, "method": "session.open", "params": {"instructions": "Today is 2026-11-23.", "tools": [{"name": "getCalendarEvents", "description": "calendar events for a day", "parameters": {"type": "object", "properties": {"day": {"type": "integer"}, "month": {"type": "integer"}, "year": {"type": "integer"}}, "required": ["day", "month", "year"]}}]}}"#)
        _ = try server.next()
        try server.send(#"{"id": 2, "method": "session.prompt", "params": {"session": "s1", "prompt": "What's on the calendar tomorrow?"}}"#)
        #expect(try server.next()?["method"]?.stringValue == "tool.call")
        return server
    }

    @Test func aToolCallTheHostNeverAnswersFailsWhenItsInputEnds() throws {
        let server = try Self.serverWaitingOnAToolCall()
        try server.closeInput()
        let failed = try #require(try server.next())
        #expect(failed["id"] == GeneratedContent(2))
        #expect(failed["error"]?["code"] == GeneratedContent(1))
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    /// Closing a session whose prompt waits on the host's tool ends that prompt with an error.
    @Test func closingASessionEndsItsPromptWaitingOnATool() throws {
        let server = try Self.serverWaitingOnAToolCall()
        try server.send(#"{"id": 3, "method": "session.close", "params": {"session": "s1"}}"#)
        var replies: [GeneratedContent] = []
        for _ in 0..<2 { replies.append(try #require(try server.next())) }
        let byID = Dictionary(uniqueKeysWithValues: replies.map { ($0["id"]!.jsonString, $0) })
        #expect(byID["3"]?["result"]?["closed"] == GeneratedContent(true))
        #expect(byID["2"]?["error"]?["code"] == GeneratedContent(1))
        #expect(byID["2"]?["error"]?["message"]?.stringValue?.contains("closed") == true, "\(replies)")
        try server.closeInput()
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    /// What a host writes: a byte order mark first (.NET's default), seeds past 2⁵³ read exactly,
    /// and mistyped fields refused with -32602.
    @Test func aBOMExactSeedsAndMistypedFields() throws {
        let server = try Server()
        try server.send("\u{FEFF}" + #"{"id": 9007199254740993, "method": "generate", "params": {"kind": "npc", "seed": 9007199254740993}}"#)
        let first = try #require(try server.nextLine())
        #expect(first.hasPrefix(#"{"id":9007199254740993,"result""#), "\(first)")
        try server.send(#"{"id": 2, "method": "generate", "params": {"kind": "npc", "seed": 9007199254740992}}"#)
        let second = try #require(try server.next())
        let firstItems = try GeneratedContent(json: first)["result"]
        #expect(second["result"] != nil && second["result"] != firstItems, "2⁵³ and 2⁵³ + 1 are different seeds")
        try server.send(#"{"id": 3, "method": "generate", "params": {"kind": "npc", "seed": 18446744073709551615}}"#)
        #expect(try server.next()?["result"] != nil)
        for (id, params, method) in [(4, #"{"kind": "npc", "schema": {"type": "string"}}"#, "generate"), (5, #"{"seed": -1}"#, "generate"),
                                     (6, #"{"instructions": 5}"#, "session.open"), (7, #"{"tools": "x"}"#, "session.open"),
                                     (8, #"{"tools": [{"name": "a", "description": "x"}, {"name": "a", "description": "y"}]}"#, "session.open"),
                                     (9, #"{"tools": [{"name": "a", "description": "x", "parameters": "none"}]}"#, "session.open")] {
            try server.send(#"{"id": \#(id), "method": "\#(method)", "params": \#(params)}"#)
            let reply = try #require(try server.next())
            #expect(reply["id"] == GeneratedContent(id) && reply["error"]?["code"] == GeneratedContent(-32602), "\(reply.jsonString)")
        }
        try server.send(#"{"id": 10, "method": "session.open", "params": {}}"#)
        #expect(try server.next()?["result"]?["session"] == GeneratedContent("s1"), "refused opens use no session name")
        try server.closeInput()
        server.process.waitUntilExit()
    }

    /// A session answers as the persona its instructions describe: the coffee shop's barista
    /// when they say so, and anyone else ("You are Mira, a lighthouse keeper") from the generic
    /// pack, never as the barista.
    @Test func aSessionAnswersAsThePersonaItsInstructionsDescribe() throws {
        let server = try Server()
        let personas = [("You are Mira, a lighthouse keeper on a windy island.", "Mira"), ("You are Tomas, a blacksmith.", "Tomas"),
                        ("You are Juno, the barista of the Pixel Bean.", "Juno")]
        for (index, (instructions, name)) in personas.enumerated() {
            try server.send(#"{"id": \#(index), "method": "session.open", "params": {"instructions": "\#(instructions)", "seed": 1}}"#)
            let session = try #require(try server.next()?["result"]?["session"]?.stringValue)
            for prompt in ["What's your name?", "Who are you?"] {
                try server.send(#"{"id": "ask", "method": "session.prompt", "params": {"session": "\#(session)", "prompt": "\#(prompt)"}}"#)
                let reply = try #require(try server.next()?["result"]?["content"]?.stringValue)
                #expect(reply.contains(name) && (name == "Juno" || !reply.contains("Juno")), "\(instructions) → \(reply)")
            }
        }
        try server.closeInput()
        server.process.waitUntilExit()
    }

    /// A streamed prompt sends `session.snapshot` notifications carrying its request's id, each
    /// extending the last, before the reply; `session.transcript` gives the conversation.
    @Test func aStreamedPromptAndTheTranscript() throws {
        let server = try Server()
        try server.send(#"{"id": 1, "method": "session.open", "params": {"instructions": "You are Juno.", "seed": 3}}"#)
        #expect(try server.next()?["result"]?["session"] == GeneratedContent("s1"))
        try server.send(#"{"id": 2, "method": "session.prompt", "params": {"session": "s1", "prompt": "How is the coffee?", "stream": true}}"#)
        var snapshots: [String] = []
        var reply: GeneratedContent?
        while reply == nil, let message = try server.next() {
            if message["method"]?.stringValue == "session.snapshot" {
                #expect(message["id"] == nil && message["params"]?["request"] == GeneratedContent(2) && message["params"]?["session"] == GeneratedContent("s1"))
                snapshots.append(message["params"]?["content"]?.stringValue ?? "")
            } else {
                reply = message
            }
        }
        let text = try #require(reply?["result"]?["content"]?.stringValue)
        #expect(snapshots.count > 2 && snapshots.last == text)
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $1.hasPrefix($0) })
        try server.send(#"{"id": 3, "method": "session.transcript", "params": {"session": "s1"}}"#)
        let entries = try #require(try server.next()?["result"]?["transcript"]?["entries"]?.elements)
        #expect(entries.compactMap { $0["kind"]?.stringValue } == ["instructions", "prompt", "response"])
        try server.send(#"{"id": 4, "method": "session.prompt", "params": {"session": "s1", "prompt": "Hi", "stream": "yes"}}"#)
        #expect(try server.next()?["error"]?["code"] == GeneratedContent(-32602))
        try server.send(#"{"id": 5, "method": "session.transcript", "params": {"session": "s9"}}"#)
        #expect(try server.next()?["error"]?["code"] == GeneratedContent(-32602))
        try server.closeInput()
        server.process.waitUntilExit()
    }

    /// Schemas are compiled off the server's actor: requests sent while a large schema compiles
    /// are answered, each under its own id, and refusals still name what was refused.
    @Test func requestsAroundALargeSchemaAreAllAnswered() throws {
        let server = try Server()
        let properties = (0..<5_000).map { #""p\#($0)": {"type": "integer", "minimum": \#($0)}"# }.joined(separator: ", ")
        let large = #"{"type": "object", "properties": {\#(properties)}, "required": ["p4999"]}"#
        try server.send(#"{"id": "large", "method": "generate", "params": {"schema": \#(large), "seed": 3}}"#)
        try server.send(#"{"id": "open", "method": "session.open", "params": {}}"#)
        try server.send(##"{"id": "tool", "method": "session.open", "params": {"tools": [{"name": "t", "description": "x", "parameters": {"$ref": "#/nowhere"}}]}}"##)
        try server.send(#"{"id": "bad", "method": "generate", "params": {"schema": {"type": "integer", "minimum": 2, "maximum": 1}}}"#)
        var replies: [String: GeneratedContent] = [:]
        for _ in 0..<4 {
            let reply = try #require(try server.next())
            replies[try #require(reply["id"]?.stringValue)] = reply
        }
        let item = try #require(replies["large"]?["result"]?["items"]?.elements?.first)
        #expect((item["p4999"]?.numberValue ?? 0) >= 4999, "\(item["p4999"]?.jsonString ?? "missing")")
        #expect(replies["open"]?["result"]?["session"] != nil)
        let toolMessage = replies["tool"]?["error"]?["message"]?.stringValue ?? ""
        #expect(replies["tool"]?["error"]?["code"] == GeneratedContent(-32602) && toolMessage.hasPrefix("tools[0].parameters is refused"), "\(toolMessage)")
        let badMessage = replies["bad"]?["error"]?["message"]?.stringValue ?? ""
        #expect(replies["bad"]?["error"]?["code"] == GeneratedContent(-32602) && badMessage.hasPrefix("the schema is refused"), "\(badMessage)")
        try server.closeInput()
        server.process.waitUntilExit()
    }

    /// A line longer than 16 MiB is answered with a parse error and skipped without being held
    /// whole, and serving goes on (issue 43: it ended the server with status 1).
    @Test func aLineOverSixteenMebibytesIsAnsweredAndServingGoesOn() throws {
        let server = try Server()
        var long = Data(#"{"id": "long", "method": "generate", "params": {"kind": ""#.utf8)
        long.append(Data(repeating: UInt8(ascii: "a"), count: 16 << 20))
        // The long line and the next request in one write: the request's bytes follow at once.
        long.append(Data("\"}}\n{\"id\": 2, \"method\": \"generate\", \"params\": {\"kind\": \"npc\", \"seed\": 1}}\n".utf8))
        try server.send(bytes: long)
        let refusal = try #require(try server.next())
        #expect(refusal["id"] == .null)
        #expect(refusal["error"]?["code"] == GeneratedContent(-32700))
        #expect(refusal["error"]?["message"] == GeneratedContent("line longer than 16 MiB"))
        let answer = try #require(try server.next())
        #expect(answer["id"] == GeneratedContent(2) && answer["result"]?["items"]?.elements?.count == 1, "\(answer.jsonString)")
        // An over-long last line, cut by the end of input, is answered too.
        try server.send(bytes: Data(repeating: UInt8(ascii: "b"), count: (16 << 20) + 1))
        try server.closeInput()
        let last = try server.next()
        #expect(last?["error"]?["message"] == GeneratedContent("line longer than 16 MiB"), "\(last?.jsonString ?? "nothing")")
        #expect(try server.next() == nil)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }
}
