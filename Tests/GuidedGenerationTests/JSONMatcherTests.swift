import ConstrainedDecoding
@testable import GuidedGeneration
import Testing

/// `JSONMatcher` on hand-picked schemas: what it allows, forces, completes and refuses.
@Suite struct JSONMatcherTests {
    private func matcher(_ json: String) throws -> JSONMatcher {
        try GenerationSchema(jsonSchema: json).matcher
    }

    private func accepts(_ matcher: JSONMatcher, _ text: String) -> Bool {
        var state = matcher.start()
        do { try matcher.advance(&state, by: Array(text.utf8)) } catch { return false }
        return matcher.isComplete(state)
    }

    private func allowed(_ matcher: JSONMatcher, after text: String) throws -> String {
        var state = matcher.start()
        try matcher.advance(&state, by: Array(text.utf8))
        return String(decoding: Array(matcher.allowedBytes(in: state)), as: UTF8.self)
    }

    @Test func readmeExample() throws {
        let m = try matcher(#"{"type": "object", "properties": {"level": {"type": "integer", "maximum": 5}}, "required": ["level"], "additionalProperties": false}"#)
        var state = m.start()
        try m.advance(&state, by: Array(#"{"level":"#.utf8))
        #expect(String(decoding: Array(m.allowedBytes(in: state)), as: UTF8.self) == "-012345")
        try m.advance(&state, by: UInt8(ascii: "3"))
        #expect(m.allowedBytes(in: state) == ByteSet(Array("}".utf8)), "\(m.allowedBytes(in: state))")
        #expect(m.forcedBytes(in: state) == Array("}".utf8))
        #expect(accepts(m, #"{"level":3}"#))
        #expect(accepts(m, #"{"level":-12}"#))
        #expect(!accepts(m, #"{"level":3.0}"#))
        #expect(!accepts(m, #"{"level":6}"#))
        #expect(!accepts(m, #"{"level":3.5}"#))
        #expect(!accepts(m, #"{}"#))
        #expect(m.forcedBytes(in: m.start()) == Array(#"{"level":"#.utf8))
    }

    @Test func uniqueItemsNeverRepeat() throws {
        let m = try matcher(#"{"type": "array", "items": {"enum": ["a", "b", "c"]}, "uniqueItems": true, "minItems": 3}"#)
        #expect(accepts(m, #"["a","c","b"]"#))
        #expect(!accepts(m, #"["a","a","b"]"#))
        #expect(try allowed(m, after: #"["a","c","#) == "\"")
        #expect(m.forcedBytes(in: { var s = m.start(); try? m.advance(&s, by: Array(#"["a","c","#.utf8)); return s }()) == Array(#""b"]"#.utf8))
        let strings = try matcher(#"{"type": "array", "items": {"type": "string", "maxLength": 1, "pattern": "^[xy]$"}, "uniqueItems": true}"#)
        #expect(accepts(strings, #"["x","y"]"#))
        #expect(!accepts(strings, #"["x","x"]"#))
        #expect(try allowed(strings, after: #"["x",""#) == "y")
    }

    @Test func numbersFollowBoundsAndSteps() throws {
        let m = try matcher(#"{"type": "number", "minimum": 1.5, "exclusiveMaximum": 3, "multipleOf": 0.5}"#)
        #expect(accepts(m, "1.5"))
        #expect(accepts(m, "2"))
        #expect(accepts(m, "2.5"))
        #expect(!accepts(m, "3"))
        #expect(!accepts(m, "1"))
        #expect(!accepts(m, "2.25"))
        #expect(try allowed(m, after: "") == "12")
        let big = try matcher(#"{"type": "integer", "minimum": 9007199254740993}"#)
        #expect(accepts(big, "9007199254740993"))
        #expect(!accepts(big, "9007199254740992"))
    }

    @Test func oneOfKeepsBranchesApart() throws {
        let m = try matcher(#"{"oneOf": [{"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 3}], "minimum": 0, "maximum": 12}"#)
        #expect(accepts(m, "2"))
        #expect(accepts(m, "9"))
        #expect(!accepts(m, "6"))
        #expect(!accepts(m, "7"))
        #expect(!accepts(m, "12"))
    }

    @Test func objectsTakeDeclaredKeysInOrderThenExtras() throws {
        let m = try matcher(#"{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}, "required": ["b"], "additionalProperties": {"type": "boolean"}}"#)
        #expect(accepts(m, #"{"a":1,"b":"x"}"#))
        #expect(accepts(m, #"{"b":"x","z":true}"#))
        #expect(!accepts(m, #"{"b":"x","a":1}"#))
        #expect(!accepts(m, #"{"a":1}"#))
        #expect(!accepts(m, #"{"b":"x","z":true,"z":false}"#))
        #expect(!accepts(m, #"{"b":"x","z":1}"#))
    }

    @Test func stringsUseCanonicalEscapes() throws {
        let m = try matcher(#"{"type": "string"}"#)
        #expect(accepts(m, #""a\"b\\c\n\u0001é😀""#))
        #expect(!accepts(m, #""\u0041""#))
        #expect(!accepts(m, #""\/""#))
        #expect(!accepts(m, "\"\u{1}\""))
    }

    @Test func mismatchNamesOffsetAndPointer() throws {
        let m = try matcher(#"{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "integer"}}}}"#)
        var state = m.start()
        do {
            try m.advance(&state, by: Array(#"{"tags":[1,"x"]}"#.utf8))
            Issue.record("expected a mismatch")
        } catch {
            #expect(error.offset == 11)
            #expect(error.pointer == "/tags/1")
        }
    }
}
