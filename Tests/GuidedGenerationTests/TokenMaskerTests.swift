import ConstrainedDecoding
@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// `TokenMasker` against byte-level stepping: on every state of seeded token walks, the mask
/// holds exactly the tokens whose bytes the matcher accepts one by one (and end-of-sequence
/// exactly when the text is complete), over a toy vocabulary of awkward multi-byte tokens.
@Suite struct TokenMaskerTests {
    /// Every printable ASCII byte alone, plus tokens that span a closing quote and a comma, open
    /// keys, hold escapes, or split a UTF-8 character (é = C3 A9, 😀 = F0 9F 98 80).
    static let vocabulary: TokenVocabulary = {
        var tokens: [[UInt8]] = (0x20...0x7E).map { [UInt8($0)] }
        let pieces = [
            "\",", "\":", "\"}", "\"},", "\"]", "\",\"", "{\"", "[\"", "[{", "}]", "},{", "],", "\":\"", "\":[", "\":{",
            "true", "false", "null", "tr", "ue", "nu", "ll", "12", "-1", "0.", ".5", "00", "10", "99", "1e",
            "name", "na", "me", "level", "mood", "tags", "ab", "abc", "the", " the", "  ", "é", "ée", "😀", "\\\"", "\\\\", "\\n", "\\u00", "\\u",
            "a\"", "x\",\"", "\n", "\t",
            // Tokens that close a key and reach into the next one.
            "\":1,\"b\"", "\":1,\"a", "\":null,\"",
        ]
        tokens += pieces.map { Array($0.utf8) }
        tokens += [[0xC3], [0xA9], [0xF0, 0x9F], [0x98, 0x80], [0xA9, 0x22], [0xFF], [0x80]]
        tokens.append([])    // end of sequence
        tokens.append(Array("<|im_end|>".utf8))    // a control token with text
        return TokenVocabulary(tokens: tokens, endOfSequence: [tokens.count - 2], control: [tokens.count - 1])
    }()

    /// The mask computed the slow way: each token's bytes stepped through the matcher.
    static func expectedMask(_ matcher: JSONMatcher, _ state: JSONMatcher.State) -> [Int] {
        var ids: [Int] = []
        for id in vocabulary.tokens.indices {
            if vocabulary.endOfSequence.contains(id) {
                if matcher.isComplete(state) { ids.append(id) }
                continue
            }
            guard vocabulary.isText(id) else { continue }
            var current: JSONMatcher.State? = state
            for byte in vocabulary.tokens[id] { current = current.flatMap { matcher.advanced($0, by: byte) } }
            if current != nil { ids.append(id) }
        }
        return ids
    }

    /// Walks `walks` seeded token paths, comparing every mask; returns the number of states checked.
    static func compare(_ schema: GenerationSchema, name: String, seed: UInt64, walks: Int, failures: inout [String]) -> Int {
        let masker = TokenMasker(matcher: schema.matcher, vocabulary: vocabulary)
        var states = 0
        for walk in 0..<walks {
            var random = SeededRandom.derived(seed: seed, index: UInt64(walk))
            var state = masker.matcher.start()
            for step in 0..<120 {
                let mask = masker.mask(for: state)
                let expected = expectedMask(masker.matcher, state)
                states += 1
                if mask.allowedIDs != expected {
                    if failures.count < 10 {
                        let extra = Set(mask.allowedIDs).subtracting(expected).map { String(decoding: vocabulary.tokens[$0], as: UTF8.self) }
                        let missing = Set(expected).subtracting(mask.allowedIDs).map { String(decoding: vocabulary.tokens[$0], as: UTF8.self) }
                        failures.append("\(name) walk \(walk) step \(step): extra \(extra), missing \(missing)")
                    }
                    return states
                }
                guard !expected.isEmpty else {
                    failures.append("\(name) walk \(walk): no token allowed at step \(step)")
                    return states
                }
                let eos = expected.first { vocabulary.endOfSequence.contains($0) }
                if let eos, random.chance(0.2 + Double(step) / 100) {
                    do { try masker.advance(&state, by: eos) } catch { failures.append("\(name): \(error)") }
                    break
                }
                let token = expected[random.int(in: 0..<expected.count)]
                if vocabulary.endOfSequence.contains(token) { break }
                do { try masker.advance(&state, by: token) } catch {
                    failures.append("\(name) walk \(walk): allowed token refused: \(error)")
                    return states
                }
            }
        }
        return states
    }

    @Test func masksAgreeWithByteSteppingOnHandPickedSchemas() throws {
        let schemas = [
            #"{"type": "object", "properties": {"name": {"type": "string", "maxLength": 6}, "level": {"type": "integer", "minimum": -5, "maximum": 120}, "mood": {"enum": ["é", "abc", "the"]}}, "required": ["name", "level"]}"#,
            #"{"type": "array", "items": {"type": "string", "pattern": "^[a-c]{1,3}$"}, "uniqueItems": true, "maxItems": 4}"#,
            #"{"type": "string", "minLength": 2, "maxLength": 5}"#,
            // "Any two or more characters": a chain of automaton states before one that takes all.
            #"{"type": "string", "pattern": "^[\\s\\S]{2,}$", "maxLength": 6}"#,
            // Every string can still be read on (only endings in "ab" are left out).
            #"{"type": "array", "items": {"type": "string", "not": {"pattern": "ab$"}}, "maxItems": 3}"#,
            // Automata that are single paths (bounded repetition) and one that only looks like one
            // (a cycle through two different characters).
            #"{"type": "array", "items": {"anyOf": [{"type": "string", "pattern": "^[a-e]{2,4}$"}, {"type": "string", "pattern": "^(ab)+c{0,2}$"}]}, "maxItems": 3}"#,
            #"{"type": "number", "minimum": 0.5, "maximum": 12, "multipleOf": 0.5}"#,
            #"{"anyOf": [{"type": "null"}, {"type": "boolean"}, {"type": "array", "items": {"type": "integer"}, "maxItems": 3}]}"#,
            #"{"type": "object", "additionalProperties": {"type": "string", "maxLength": 3}, "maxProperties": 3}"#,
            #"{"type": "string", "format": "date"}"#,
            #"{"type": "array", "items": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2}}}, "maxItems": 3}"#,
            // Keys whose extra-key language must avoid the declared names and the keys used so far.
            #"{"type": "object", "properties": {"name": {"type": "string"}, "nam": {"type": "integer"}}, "additionalProperties": {"type": "boolean"}, "maxProperties": 4}"#,
            #"{"type": "object", "propertyNames": {"pattern": "^[a-e]{1,3}$"}, "additionalProperties": {"type": "null"}, "maxProperties": 5}"#,
            // Strings that must differ from excluded values and from earlier items.
            #"{"type": "array", "items": {"type": "string", "maxLength": 3, "not": {"enum": ["ab", "abc", "the"]}}, "uniqueItems": true, "maxItems": 4}"#,
            // Listed strings and names that JSON writes with escapes.
            #"{"type": "array", "items": {"type": "string", "maxLength": 2, "not": {"enum": ["\"", "\n", "é", "\\n"]}}, "uniqueItems": true, "maxItems": 5}"#,
            #"{"type": "object", "properties": {"a\"b": {"type": "null"}, "\n": {"type": "null"}, "é😀": {"type": "null"}}, "additionalProperties": false}"#,
            // A finite set of extra keys: a token that closes one key and writes the next must
            // not repeat the key it closed.
            #"{"type": "object", "propertyNames": {"enum": ["a", "b", "ab"]}, "additionalProperties": {"type": "integer", "maximum": 1}}"#,
        ]
        var failures: [String] = []
        var states = 0
        for (index, json) in schemas.enumerated() {
            states += Self.compare(try GenerationSchema(jsonSchema: json), name: "schema \(index)", seed: UInt64(index), walks: 12, failures: &failures)
        }
        #expect(states > 1_000)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// 300 random schemas (150 in the fast tier: the 300 took 27 s of a core in a debug build).
    @Test func masksAgreeWithByteSteppingOnRandomSchemas() {
        var generator = RandomSchemaGenerator(seed: 77)
        var failures: [String] = []
        var schemas = 0
        var states = 0
        let count = TestTier.cases(fast: 150, full: 300)
        for index in 0..<count {
            guard let schema = try? GenerationSchema(jsonSchema: generator.document()) else { continue }
            schemas += 1
            states += Self.compare(schema, name: "random #\(index)", seed: UInt64(index), walks: 2, failures: &failures)
        }
        print("token masks, random schemas: \(schemas) schemas, \(states) states compared")
        #expect(schemas > count * 2 / 3)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func endOfSequenceOnlyWhenComplete() throws {
        let masker = TokenMasker(matcher: try GenerationSchema(jsonSchema: #"{"type": "integer", "maximum": 99}"#).matcher, vocabulary: Self.vocabulary)
        let eos = Self.vocabulary.endOfSequence.first!
        var state = masker.matcher.start()
        #expect(!masker.mask(for: state).contains(eos))
        #expect(throws: TokenMasker.Mismatch.self) { try masker.advance(&state, by: eos) }
        try masker.advance(&state, by: Self.vocabulary.tokens.firstIndex(of: Array("12".utf8))!)
        let mask = masker.mask(for: state)
        #expect(mask.contains(eos))
        #expect(mask.allowedCount == 1, "after 12 only the end may follow (99 is the maximum)")
        #expect(throws: TokenMasker.Mismatch.self) { try masker.advance(&state, by: Self.vocabulary.count - 1) }
    }
}
