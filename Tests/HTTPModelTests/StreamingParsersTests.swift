import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema
import RegexAutomata
import Testing

/// The two parsers behind streamed replies: server-sent events read from chunks of any size, and
/// the partial JSON a structured reply shows while it is still arriving.
@Suite struct ServerSentEventParserTests {
    static func events(_ text: String) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return parser.feed(Array(text.utf8)) + parser.finish()
    }

    @Test func fieldsCommentsAndLineEndings() {
        let stream = "\u{FEFF}: a comment\ndata: one\r\ndata:two\r\rid: 7\nevent: delta\ndata\n\nretry: 10\nunknown: x\n\n"
        #expect(Self.events(stream) == [
            ServerSentEvent(type: "message", data: "one\ntwo", id: nil),
            ServerSentEvent(type: "delta", data: "", id: "7"),
        ])
    }

    @Test func onlyOneSpaceAfterTheColonIsDroppedAndAnUnendedEventIsNotDispatched() {
        #expect(Self.events("data:  two spaces\n\ndata: never ended\n") == [ServerSentEvent(data: " two spaces")])
        #expect(Self.events("event: x\n\n").isEmpty, "an event without data is not dispatched")
        #expect(Self.events("data: a\n\nid: 3\ndata: b\n\ndata: c\n\n").map(\.id) == [nil, "3", "3"], "the last id carries on")
    }

    @Test func anyChunkingGivesTheSameEvents() {
        let stream = "data: {\"delta\": \"caf\u{E9} \u{2615}\"}\r\n\r\n: keep-alive\n\nevent: done\ndata: [DONE]\r\rdata: x\ndata: y\n\n"
        let whole = Self.events(stream)
        #expect(whole.count == 3)
        var random = SeededRandom(seed: 11)
        let bytes = Array(stream.utf8)
        for _ in 0..<300 {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...9, using: &random))
                events += parser.feed(bytes[start..<end])
                start = end
            }
            events += parser.finish()
            #expect(events == whole)
        }
    }
}

@Suite struct PartialJSONTests {
    @Test func prefixesAreClosedWhereTheyStand() throws {
        let cases: [(String, String?)] = [
            ("", nil), ("  ", nil), ("{", "{}"), (#"{"na"#, "{}"), (#"{"name""#, "{}"), (#"{"name": "#, "{}"),
            (#"{"name": "Ju"#, #"{"name": "Ju"}"#), (#"{"name": "Juno", "lev"#, #"{"name": "Juno"}"#),
            (#"{"level": 1"#, "{}"), (#"{"level": 12,"#, #"{"level": 12}"#), (#"{"ok": tr"#, "{}"), (#"{"ok": true}"#, #"{"ok": true}"#),
            (#"["a", "b"#, #"["a", "b"]"#), (#"[1, [2, {"x": ["#, #"[1, [2, {"x": []}]]"#), (#""caf\"#, #""caf""#),
            (#""a\u00"#, #""a""#), (#""a\u00e9"#, #""aé""#), (#"{"a": "x"}}"#, nil), ("nonsense", nil),
        ]
        for (prefix, expected) in cases {
            #expect(PartialJSON.content(ofPrefix: prefix) == (try expected.map { try GeneratedContent(json: $0) }), "\(prefix)")
        }
    }

    /// Every prefix of a random document reads as a partial form of the whole, and the whole as
    /// itself. (A bare number or literal at the top is never settled: more digits may follow.)
    @Test func everyPrefixOfRandomDocumentsIsAPartialOfTheWhole() throws {
        var random = SeededRandom(seed: 5)
        for round in 0..<300 {
            let items = (0..<Int.random(in: 0...4, using: &random)).map { index in ("field\(index)", Self.randomValue(depth: 1, using: &random)) }
            let value = round % 2 == 0 ? GeneratedContent(properties: items) : GeneratedContent(elements: items.map(\.1))
            let text = value.jsonString
            #expect(PartialJSON.content(ofPrefix: text) == value)
            var index = text.startIndex
            while index < text.endIndex {
                if let partial = PartialJSON.content(ofPrefix: String(text[..<index])) {
                    #expect(Self.isPartial(partial, of: value), "\(text[..<index]) → \(partial.jsonString)")
                }
                index = text.index(after: index)
            }
        }
    }

    static func isPartial(_ partial: GeneratedContent, of whole: GeneratedContent) -> Bool {
        if let text = partial.stringValue, let full = whole.stringValue { return full.hasPrefix(text) }
        if let items = partial.elements, let all = whole.elements {
            guard items.count <= all.count else { return false }
            return zip(items, all).dropLast().allSatisfy { $0 == $1 } && (items.last.map { isPartial($0, of: all[items.count - 1]) } ?? true)
        }
        let keys = partial.orderedKeys
        if case .structure = partial.kind, case .structure = whole.kind {
            guard Array(whole.orderedKeys.prefix(keys.count)) == keys else { return false }
            return keys.dropLast().allSatisfy { partial[$0] == whole[$0] } && (keys.last.map { isPartial(partial[$0]!, of: whole[$0]!) } ?? true)
        }
        return partial == whole
    }

    static func randomValue(depth: Int, using random: inout SeededRandom) -> GeneratedContent {
        let words = ["espresso", "caf\u{E9}", "a \"quoted\" word", "line\nbreak", "\u{1F375} tea", "back\\slash", ""]
        switch Int.random(in: depth > 2 ? 0...3 : 0...5, using: &random) {
        case 0: return GeneratedContent(words.randomElement(using: &random)!)
        case 1: return GeneratedContent(Int.random(in: -500...500, using: &random))
        case 2: return GeneratedContent(Bool.random(using: &random))
        case 3: return Bool.random(using: &random) ? .null : GeneratedContent(Double(Int.random(in: 0...999, using: &random)) / 8)
        case 4: return GeneratedContent(elements: (0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            return GeneratedContent(properties: (0..<Int.random(in: 0...3, using: &random)).map { index in
                ("key\(index)", randomValue(depth: depth + 1, using: &random))
            })
        }
    }
}
