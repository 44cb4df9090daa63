import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// `contentpack serve --stdio` fed mutated and random request lines answers every line that is not
/// blank with a JSON-RPC result or error, and exits cleanly at the end of its input.
@Suite struct ServeFuzzTests {
    /// Request lines mutated structurally (a part replaced, a key added or removed): they stay JSON.
    static let structuralCount = TestTier.cases(fast: 500, full: 1_500)
    /// Request lines mutated as bytes, or random bytes and tokens.
    static let byteCount = TestTier.cases(fast: 500, full: 1_500)
    /// Lines asking for more items than this are left out, to keep the run short.
    static let itemLimit = 20

    static let requests = [
        #"{"id": 1, "method": "generate", "params": {"kind": "riddle", "count": 1, "seed": 7}}"#,
        #"{"id": "n", "method": "generate", "params": {"kind": "npc", "count": 2, "seed": 42}}"#,
        #"{"id": 3, "method": "generate", "params": {"kind": "dialog", "seed": 18446744073709551615}}"#,
        #"{"id": 4, "method": "generate", "params": {"schema": {"type": "object", "properties": {"a": {"type": "integer", "minimum": 1, "maximum": 9}, "b": {"type": "string", "pattern": "^[a-z]{2}$"}}, "required": ["a"]}, "count": 3}}"#,
        #"{"id": 5, "method": "session.open", "params": {"instructions": "You are Juno, a barista. Today is 2026-11-23.", "seed": 1}}"#,
        #"{"id": 6, "method": "session.open", "params": {"instructions": "You are a barista.", "seed": 3, "tools": [{"name": "getCalendarEvents", "description": "Looks up the events on the calendar for a day", "parameters": {"type": "object", "properties": {"day": {"type": "integer"}}, "required": ["day"]}}]}}"#,
        #"{"id": 7, "method": "session.prompt", "params": {"session": "s1", "prompt": "What is going on tomorrow?"}}"#,
        #"{"id": 8, "method": "session.prompt", "params": {"session": "s2", "prompt": "Hello!", "schema": {"type": "object", "properties": {"mood": {"enum": ["happy", "sad"]}}, "required": ["mood"]}}}"#,
        #"{"id": 9, "method": "session.close", "params": {"session": "s1"}}"#,
        #"{"id": "tool-1", "result": "19:00 Pottery night at The Kiln."}"#,
        #"{"id": "tool-2", "error": {"code": 1, "message": "no calendar"}}"#,
    ]
    static let keys = ["id", "method", "params", "kind", "schema", "count", "seed", "instructions", "tools", "name", "description",
                       "parameters", "session", "prompt", "result", "error", "code", "message", "type"]
    static let values: [GeneratedContent] = ([#""generate""#, #""session.open""#, #""session.prompt""#, #""session.close""#, #""tool.call""#, #""npc""#,
                         #""riddle""#, #""s1""#, #""s2""#, #""tool-1""#, #"{"type": "string"}"#, #"[{"name": "t"}, {"name": "t"}]"#]
        as [String]).map { try! GeneratedContent(json: $0) }

    /// Whether the server answers `line`: every line but a blank one (after a byte order mark)
    /// gets a response, as docs/protocol.md says.
    static func isAnswered(_ line: [UInt8]) -> Bool {
        let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
        guard var text = String(validating: bytes, as: UTF8.self) else { return true }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return !text.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// Whether `line` asks for more than `itemLimit` items.
    static func asksForMany(_ line: [UInt8]) -> Bool {
        guard let count = (try? GeneratedContent(jsonBytes: line))?["params"]?["count"]?.numberValue else { return false }
        return count > Double(itemLimit)
    }

    @Test func everyMutatedLineGetsAResponseAndTheServerExitsCleanly() throws {
        let documents = try Self.requests.map { try GeneratedContent(json: $0) }
        var mutator = JSONMutator(random: SeededRandom(seed: 7_000), keys: Self.keys, values: Self.values)
        var inputs = FuzzInputs(random: SeededRandom(seed: 7_001), seeds: Self.requests.map { Array($0.utf8) },
                                tokens: ["{", "}", "[", "]", ",", ":", "\"", "null", "\"id\"", "\"method\"", "\"params\"", "\u{FEFF}", " "],
                                nesting: [("[", "]"), ("{\"params\":", "}")])
        var lines: [[UInt8]] = []
        for index in 0..<(Self.structuralCount + Self.byteCount) {
            let line: [UInt8]
            if index < Self.structuralCount {
                var document = documents[index % documents.count]
                for _ in 0...mutator.random.below(3) { document = mutator.mutate(document) }
                line = Array(document.jsonString.utf8)
            } else {
                // One line each: a newline inside would split it in two.
                line = inputs.next().map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
            }
            if !Self.asksForMany(line) { lines.append(line) }
        }
        let result = try ContentPackProcess.run(["serve", "--stdio"], input: Data(lines.joined(separator: [UInt8(ascii: "\n")])))
        #expect(result.status == 0)
        #expect(result.errors.isEmpty, "\(result.errors)")

        var responses = 0, toolCalls = 0
        for output in result.outputLines {
            guard let message = try? GeneratedContent(json: output), message.typeName == "object" else {
                Issue.record("not a JSON object: \(output)")
                continue
            }
            if message["method"]?.stringValue == "tool.call" {
                toolCalls += 1
            } else if let error = message["error"] {
                #expect(message["result"] == nil && message["id"] != nil, "\(output)")
                #expect([-32700, -32600, -32601, -32602, 1].contains(error["code"]?.numberValue ?? 0), "\(output)")
                #expect(error["message"]?.stringValue != nil, "\(output)")
                responses += 1
            } else {
                #expect(message["result"] != nil && message["id"] != nil, "\(output)")
                responses += 1
            }
        }
        // The host's answers to the server's tool calls are the only lines not answered themselves.
        let answerable = lines.filter(Self.isAnswered).count
        #expect(responses <= answerable && responses >= answerable - toolCalls, "\(responses) responses to \(answerable) lines")
    }
}
