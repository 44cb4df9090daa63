@testable import GuidedGeneration
import JSONSchema
import Testing

/// The strict RFC 8259 parser behind `GeneratedContent(json:)` and the compact writer behind
/// `jsonString`.
@Suite struct JSONParserTests {
    /// The error `text` raises, or nil if it parses.
    static func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try GeneratedContent(json: text)
            return nil
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    // MARK: - Valid documents

    @Test func parsesEveryKindOfValue() throws {
        #expect(try GeneratedContent(json: "null") == .null)
        #expect(try GeneratedContent(json: "true").boolValue == true)
        #expect(try GeneratedContent(json: "false").boolValue == false)
        #expect(try GeneratedContent(json: "42").numberValue == 42)
        #expect(try GeneratedContent(json: #""hi""#).stringValue == "hi")
        #expect(try GeneratedContent(json: "[]").elements == [])
        #expect(try GeneratedContent(json: "{}").orderedKeys == [])
        let nested = try GeneratedContent(json: #" { "a" : [1, {"b": null}, "c"], "d": {"e": [true, false]} } "#)
        #expect(nested["a"]?.elements?.count == 3)
        #expect(nested["a"]?.elements?[1]["b"] == .null)
        #expect(nested["d"]?["e"]?.elements == [GeneratedContent(true), GeneratedContent(false)])
    }

    @Test func acceptsAllFourWhitespaceCharacters() throws {
        #expect(try GeneratedContent(json: " \t\n\r[ 1 ,\n\t2 ]\r\n ").elements?.count == 2)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-12", -12), ("3.25", 3.25), ("1e3", 1000), ("1E3", 1000),
        ("1e+2", 100), ("2.5e-3", 0.0025), ("-1.5E-2", -0.015), ("0.1", 0.1), ("1e308", 1e308),
        ("12345678901234567890", 12_345_678_901_234_567_168), ("9007199254740993", 9_007_199_254_740_992),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        let value = try #require(try GeneratedContent(json: text).numberValue)
        #expect(value == expected)
        #expect(value.sign == expected.sign, "sign of \(text)")
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try GeneratedContent(json: #""\"\\\/\b\f\n\r\t""#).stringValue == "\"\\/\u{08}\u{0C}\n\r\t")
        #expect(try GeneratedContent(json: #""caf\u00e9 \u00E9""#).stringValue == "caf\u{E9} \u{E9}")
        #expect(try GeneratedContent(json: #""\uD83D\uDE00!""#).stringValue == "\u{1F600}!")
        #expect(try GeneratedContent(json: #""\u0000""#).stringValue == "\u{0}")
        #expect(try GeneratedContent(json: "\"raw \u{1F600} and \u{E9}\"").stringValue == "raw \u{1F600} and \u{E9}")
        #expect(try GeneratedContent(json: #""a\nb" "#).stringValue == "a\nb")
    }

    @Test func preservesKeyOrder() throws {
        let object = try GeneratedContent(json: #"{"zeta": 1, "alpha": 2, "mid": {"y": 0, "x": 0}}"#)
        #expect(object.orderedKeys == ["zeta", "alpha", "mid"])
        #expect(object["mid"]?.orderedKeys == ["y", "x"])
        #expect(object.jsonString == #"{"zeta":1,"alpha":2,"mid":{"y":0,"x":0}}"#)
    }

    @Test func repeatedKeyKeepsFirstPositionAndLastValue() throws {
        let object = try GeneratedContent(json: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(object.orderedKeys == ["a", "b"])
        #expect(object["a"]?.numberValue == 3)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(Self.syntaxError(text) == nil)
    }

    // MARK: - Malformed input

    @Test(arguments: [
        ("[1, 2,]", 1, 7, "trailing comma"),
        (#"{"a": 1,}"#, 1, 9, "trailing comma"),
        ("[01]", 1, 2, "leading zeros"),
        ("-012", 1, 2, "leading zeros"),
        (#"["\uD800"]"#, 1, 3, "unpaired high surrogate"),
        (#""\uDC00""#, 1, 2, "unpaired low surrogate"),
        (#""\uD800\u0041""#, 1, 2, "not followed by a low surrogate"),
        ("\"a\tb\"", 1, 3, "raw control character"),
        ("{\n  \"k\": \"a\nb\"}", 2, 10, "raw control character"),
        ("[tru]", 1, 2, "invalid literal"),
        ("nul", 1, 1, "invalid literal"),
        ("True", 1, 1, "expected a JSON value"),
        (#"{"a": "abc"#, 1, 7, "unterminated string"),
        ("\"abc", 1, 1, "unterminated string"),
        ("{} x", 1, 4, "after the JSON value"),
        ("1 2", 1, 3, "after the JSON value"),
        ("[1]\n\n  ]", 3, 3, "after the JSON value"),
        ("", 1, 1, "end of input"),
        ("  \n ", 2, 2, "end of input"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        (#"{"a" 1}"#, 1, 6, "expected ':'"),
        ("{a: 1}", 1, 2, "expected a string key"),
        ("[1,", 1, 4, "end of input"),
        ("-", 1, 2, "digit after '-'"),
        ("1.", 1, 3, "decimal point"),
        ("1e+", 1, 4, "exponent"),
        (".5", 1, 1, "expected a JSON value"),
        ("+1", 1, 1, "expected a JSON value"),
        ("1e400", 1, 1, "too large"),
        (#""\x""#, 1, 2, "invalid escape"),
        (#""\u12G4""#, 1, 2, "four hexadecimal digits"),
        ("[\"\u{E9}\", x]", 1, 7, "expected a JSON value"),
        ("// comment\n1", 1, 1, "expected a JSON value"),
        ("\u{FEFF}1", 1, 1, "byte order mark"),
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Self.syntaxError(text), "\(text.debugDescription) should not parse")
        #expect(error.line == line && error.column == column, "\(text.debugDescription): \(error)")
        #expect(error.message.contains(message), "\(text.debugDescription): \(error)")
        #expect(error.description.hasPrefix("line \(line), column \(column): "))
    }

    @Test func refusesExcessiveDepth() throws {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(Self.syntaxError(text))
        #expect(error.line == 1 && error.column == depth)
        #expect(error.message.contains("nesting deeper"))
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(Self.syntaxError(objects)?.message.contains("nesting deeper") == true)
    }

    @Test func refusesInvalidUTF8Bytes() throws {
        let bytes: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "a"), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")]
        #expect(throws: JSONSyntaxError(line: 1, column: 4, message: "invalid UTF-8 byte sequence")) {
            try GeneratedContent(jsonBytes: bytes)
        }
        #expect(try GeneratedContent(jsonBytes: Array(#"{"k": "\#u{1F600}"}"#.utf8))["k"]?.stringValue == "\u{1F600}")
    }

    // MARK: - Writing

    @Test(arguments: [
        #"{"b":[1,2.5,-3,1e+300,1e-07,0.1],"a":{"nested":[true,false,null]},"s":"q\"\\\/\n\t\u0001\u001f é 😀"}"#,
        #"[[],{},"",0,-1.5,12345678901234567890,9007199254740991]"#,
        #""\u2028 line separator""#,
        "-0",
    ])
    func jsonStringRoundTripsStably(text: String) throws {
        let value = try GeneratedContent(json: text)
        let written = value.jsonString
        let reparsed = try GeneratedContent(json: written)
        #expect(reparsed == value)
        #expect(reparsed.jsonString == written, "writing is not stable for \(text)")
        let pretty = try GeneratedContent(json: value.prettyJSONString)
        #expect(pretty == value)
        #expect(pretty.orderedKeys == value.orderedKeys)
    }

    @Test func writesCompactCanonicalText() throws {
        let value = try GeneratedContent(json: "{ \"n\" : 1.0 , \"e\" : 2E2, \"s\" : \"\\u0041\\u00e9\\b\" }")
        #expect(value.jsonString == #"{"n":1,"e":200,"s":"Aé\b"}"#)
    }
}
