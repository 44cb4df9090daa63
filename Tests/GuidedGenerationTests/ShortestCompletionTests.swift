import ConstrainedDecoding
@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// `ShortestCompletions` and the budget's tokens: the least text that finishes a text read so
/// far, checked exactly on hand-picked states and, on seeded random walks of random schemas,
/// to be read whole by the matcher and no longer than the rest of the walk.
@Suite struct ShortestCompletionTests {
    /// The completion of `prefix` under `schema`, as text (nil when none is known).
    static func completion(_ schema: String, after prefix: String) throws -> String? {
        let matcher = try GenerationSchema(jsonSchema: schema).matcher
        var state = matcher.start()
        try matcher.advance(&state, by: Array(prefix.utf8))
        return ShortestCompletions(tables: matcher.tables).completion(of: state).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func openStringsCloseAndRequiredPropertiesGetTheirSmallestValues() throws {
        let person = #"{"type": "object", "properties": {"name": {"type": "string"}, "nick": {"type": "string"}, "age": {"type": "integer", "minimum": 18}}, "required": ["name", "age"]}"#
        #expect(try Self.completion(person, after: "") == #"{"name":"","age":18}"#)
        #expect(try Self.completion(person, after: #"{"name":"Ada Lovelace, who kept writing"#) == #"","age":18}"#)
        #expect(try Self.completion(person, after: #"{"name":"Ada","#) == #""age":18}"#)
        #expect(try Self.completion(person, after: #"{"name":"Ada","ni"#) == #"ck":"","age":18}"#)
        #expect(try Self.completion(person, after: #"{"name":"Ada","age":1"#) == "8}")
        #expect(try Self.completion(person, after: #"{"name":"Ada","age":20"#) == "}")
        #expect(try Self.completion(person, after: #"{"name":"Ada","age":20}"#) == "")
    }

    @Test func scalarsEndAtTheirNearestEnd() throws {
        #expect(try Self.completion(#"{"type": "string", "minLength": 3}"#, after: #""a"#) == #"  ""#)
        #expect(try Self.completion(#"{"type": "string", "pattern": "^[a-c]+-[0-9]{2}$"}"#, after: #""ab"#) == #"-00""#)
        #expect(try Self.completion(#"{"enum": ["espresso", "latte", "flat white"]}"#, after: #""#) == #""latte""#)
        #expect(try Self.completion(#"{"enum": ["espresso", "latte", "flat white"]}"#, after: #""f"#) == #"lat white""#)
        #expect(try Self.completion(#"{"type": "number", "minimum": 2.5, "maximum": 2.75}"#, after: "") == "2.5")
        #expect(try Self.completion(#"{"type": "boolean"}"#, after: "f") == "alse")
        // A string with a character begun: its continuation bytes come first (é is C3 A9).
        let matcher = try GenerationSchema(jsonSchema: #"{"type": "string"}"#).matcher
        var state = matcher.start()
        try matcher.advance(&state, by: [UInt8(ascii: "\""), 0xC3])
        #expect(ShortestCompletions(tables: matcher.tables).completion(of: state) == [0x80, UInt8(ascii: "\"")])
    }

    @Test func containersCloseWithWhatTheyStillRequire() throws {
        let list = #"{"type": "array", "items": {"type": "integer"}, "minItems": 2}"#
        #expect(try Self.completion(list, after: "[") == "0,0]")
        #expect(try Self.completion(list, after: "[7,") == "0]")
        #expect(try Self.completion(list, after: "[7,8") == "]")
        let tagged = #"{"type": "array", "items": {"type": "integer"}, "contains": {"const": 5}, "minContains": 2}"#
        #expect(try Self.completion(tagged, after: "[1") == ",5,5]")
        let several = #"{"type": "object", "properties": {"a": {"type": "string"}, "bb": {"type": "null"}, "c": {"type": "boolean"}}, "minProperties": 2, "additionalProperties": false}"#
        #expect(try Self.completion(several, after: "{") == #""a":"","c":true}"#)
        #expect(try Self.completion(several, after: #"{"a":"x","#) == #""c":true}"#)
        // After a comma any key may come: here the shortest extra key (never empty) with the
        // smallest value of all.
        let open = #"{"type": "object", "properties": {"a": {"type": "string"}, "c": {"type": "boolean"}}}"#
        #expect(try Self.completion(open, after: #"{"a":"x","#) == #"" ":0}"#)
        let tree = ##"{"$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}, "name": {"type": "string", "minLength": 1}}, "required": ["children", "name"]}}, "$ref": "#/$defs/node"}"##
        #expect(try Self.completion(tree, after: "") == #"{"children":[],"name":" "}"#)
        #expect(try Self.completion(tree, after: #"{"children":[{"children":["#) == #"],"name":" "}],"name":" "}"#)
    }

    /// `minProperties` beyond the required properties is met by the cheapest next key, extra
    /// keys among them: random walk #176 of the full tier (this schema, less unused `$defs`)
    /// wrote `"t":null` where the completion offered only the declared `"tags":null`, longer.
    /// (Its integer past 2^53 played no part.)
    @Test func minPropertiesTakesTheCheapestKeyExtraKeysAmongThem() throws {
        let walk176 = #"{"type": "object", "properties": {"id": {"type": "array", "items": {"type": "integer", "minimum": 0}, "maxItems": 1, "uniqueItems": true}, "tags": {"type": ["boolean", "null"]}}, "required": ["id"], "patternProperties": {"^x-[a-z]+$": {"type": "boolean"}}, "minProperties": 2}"#
        #expect(try Self.completion(walk176, after: "") == #"{"id":[],"x":0}"#)
        #expect(try Self.completion(walk176, after: #"{"id":[9949147939145777"#) == #"],"x":0}"#)
        #expect(try Self.completion(walk176, after: #"{"id":[994914793914577799]"#) == #","x":0}"#)
        #expect(try Self.completion(walk176, after: #"{"id":[994914793914577799],"t":null"#) == "}")
        // Extra keys are told apart, and after one only extra keys may come.
        let three = walk176.replacingOccurrences(of: #""minProperties": 2"#, with: #""minProperties": 3"#)
        #expect(try Self.completion(three, after: #"{"id":[1]"#) == #","x":0," ":0}"#)
        #expect(try Self.completion(three, after: #"{"id":[1],"t":null"#) == #","x":0}"#)
        // With no extra keys allowed, the declared property is the way.
        let closed = #"{"type": "object", "properties": {"id": {"type": "array"}, "tags": {"type": "null"}}, "required": ["id"], "minProperties": 2, "additionalProperties": false}"#
        #expect(try Self.completion(closed, after: #"{"id":[]"#) == #","tags":null}"#)
    }

    /// A unique array that would need a second item, whose smallest values are equal, has no
    /// known completion rather than an invalid one.
    @Test func aUniqueArrayNeedingMoreItemsHasNoKnownCompletion() throws {
        let unique = #"{"type": "array", "items": {"type": "string"}, "minItems": 2, "uniqueItems": true}"#
        #expect(try Self.completion(unique, after: "") == nil)
        #expect(try Self.completion(unique, after: #"["a""#) == nil)
        #expect(try Self.completion(unique, after: #"["a","b"#) == #""]"#)
        // An item being read avoids the earlier ones, as the matcher does.
        #expect(try Self.completion(#"{"type": "array", "items": {"enum": ["x", "yy"]}, "uniqueItems": true}"#, after: #"["x",""#) == #"yy"]"#)
    }

    @Test func theFewestTokensSpellTheBytes() {
        let vocabulary = TokenVocabulary(tokens: ["\"", "}", ",", "\"}", "\",\"", "a", "ab", "b", ""].map { Array($0.utf8) }, endOfSequence: [8])
        #expect(vocabulary.fewestTokens(spelling: Array(#""}"#.utf8)) == [3])
        #expect(vocabulary.fewestTokens(spelling: Array(#"ab","a"}"#.utf8)) == [6, 4, 5, 3])
        #expect(vocabulary.fewestTokens(spelling: []) == [])
        #expect(vocabulary.fewestTokens(spelling: Array("c".utf8)) == nil)
    }

    /// On seeded random walks of random schemas, every prefix's completion (when known) is
    /// read whole by the matcher, ends complete, and is no longer than the rest of the walk —
    /// one completion among others; and most prefixes have one.
    @Test func completionsOfRandomWalksAreValidAndNoLongerThanTheWalk() {
        var generator = RandomSchemaGenerator(seed: 4_242)
        var failures: [String] = []
        var prefixes = 0, known = 0
        for index in 0..<TestTier.cases(fast: 150, full: 400) {
            guard let schema = try? GenerationSchema(jsonSchema: generator.document()) else { continue }
            let matcher = schema.matcher
            let completions = ShortestCompletions(tables: matcher.tables)
            var random = SeededRandom.derived(seed: 0xB0D6E7, index: UInt64(index))
            guard case .complete(let text) = RandomWalker(matcher: matcher).walk(random: &random, limit: 400) else { continue }
            var state = matcher.start()
            for (offset, byte) in text.enumerated() {
                prefixes += 1
                if let completion = completions.completion(of: state) {
                    known += 1
                    var finished: JSONMatcher.State? = state
                    for next in completion { finished = finished.flatMap { matcher.advanced($0, by: next) } }
                    let shown = String(decoding: text.prefix(offset), as: UTF8.self) + " + " + String(decoding: completion, as: UTF8.self)
                    if !(finished.map(matcher.isComplete) ?? false) { failures.append("#\(index) not a whole instance: \(shown)") }
                    if completion.count > text.count - offset { failures.append("#\(index) longer than the walk's rest: \(shown)") }
                }
                state = matcher.advanced(state, by: byte)!
            }
        }
        print("shortest completions, random walks: \(known) of \(prefixes) prefixes with a known completion")
        #expect(known * 10 > prefixes * 9)
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
