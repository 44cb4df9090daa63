import Foundation
@testable import GuidedGeneration
import JSONSchema

/// Valid samples and syntax tokens the engine's fuzz suites mutate: JSON texts (the repository's
/// content and fixtures), JSON Schemas (with the keywords and values to mutate them with), and
/// regex patterns.
enum FuzzSeeds {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The JSON files under `folders` of at most 6 KB (bigger ones only slow every mutation down).
    static func jsonFiles(in folders: [String]) -> [[UInt8]] {
        folders.flatMap { folder -> [URL] in
            let base = repository.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
            return names.sorted().filter { $0.hasSuffix(".json") }.map { base.appendingPathComponent($0) }
        }
        .compactMap { try? Data(contentsOf: $0) }.filter { $0.count <= 6_000 }.map { Array($0) }
    }

    static let json: [[UInt8]] = jsonFiles(in: ["Tests/ProceduralModelTests/Fixtures/procedural-pack", "content/game", "content/procedural"])
        + ([#"{"a": [1, -2.5e-3, true, false, null, "\u00e9\ud83d\ude00\n"], "b": {}}"#, "[]", "0", #""""#, "[[[{}]]]",
            #"{"big": 123456789012345678901234567890, "small": 1E-300, "neg": -0.0}"#] as [String]).map { Array($0.utf8) }
    static let jsonTokens = ["{", "}", "[", "]", ",", ":", "\"", "\"key\"", "true", "false", "null", "0", "-1", "1.5e3", "-0.0",
                             "\\u0000", "\\ud800", "\\udc00\\ud800", "\\\"", "\\", " ", "\n", "\u{0}", "01", "1.", ".5", "+1", "NaN"]
    static let jsonNesting: [(open: String, close: String)] = [("[", "]"), ("{\"a\":", "}"), ("[{\"b\":[", "]}]")]

    /// Schemas using most keywords the importer reads, and the repository's NPC schema.
    static let schemas: [String] = [
        (try? String(contentsOf: repository.appendingPathComponent("content/schemas/npc.json"), encoding: .utf8)) ?? "{}",
        #"{"type": "object", "properties": {"id": {"type": "integer", "minimum": -5, "maximum": 5, "multipleOf": 1}, "tags": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 4}, "minItems": 0, "maxItems": 3, "uniqueItems": true}}, "required": ["id"], "additionalProperties": false}"#,
        ##"{"$defs": {"node": {"type": "object", "properties": {"value": {"type": "number", "exclusiveMinimum": 0, "maximum": 1e3}, "next": {"$ref": "#/$defs/node"}}, "required": ["value"]}}, "$ref": "#/$defs/node"}"##,
        #"{"anyOf": [{"type": "string", "format": "email"}, {"type": "string", "format": "date-time"}, {"type": "null"}, {"const": 42}]}"#,
        #"{"oneOf": [{"type": "integer", "multipleOf": 3}, {"type": "integer", "multipleOf": 5}], "minimum": 0, "maximum": 30}"#,
        #"{"allOf": [{"type": "string", "pattern": "^[a-f0-9]{4,8}$"}, {"not": {"enum": ["abcd", "0000"]}}]}"#,
        #"{"type": "array", "prefixItems": [{"type": "boolean"}, {"enum": ["x", "y", 1, null]}], "items": false, "minItems": 1}"#,
        #"{"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "propertyNames": {"pattern": "^[a-z-]+$"}, "minProperties": 1, "maxProperties": 3}"#,
        #"{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["a"]}, "else": {"required": ["b"]}, "properties": {"kind": {"enum": ["a", "b"]}, "a": {"type": "integer"}, "b": {"type": "string"}}, "required": ["kind"]}"#,
        ##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"d": {"type": "string", "format": "ipv4"}}, "type": "array", "items": {"$ref": "#/definitions/d"}, "contains": {"const": "10.0.0.1"}, "maxItems": 4}"##,
        #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "number", "minimum": 0, "maximum": 10, "exclusiveMaximum": true, "multipleOf": 0.25}"#,
        #"{"type": "object", "properties": {"a": {"type": "string", "format": "uri"}, "b": {"type": ["integer", "null"]}}, "dependentRequired": {"a": ["b"]}, "unevaluatedProperties": false}"#,
        #"{"type": "string", "enum": ["latte", "mocha", "chai"], "default": "latte", "title": "Drink", "description": "a drink"}"#,
    ]
    /// Values a mutation puts in place of a schema's parts or under a new keyword (besides
    /// `JSONMutator.oddValues`).
    static let schemaValues: [GeneratedContent] = ([
        #""string""#, #""integer""#, #""number""#, #""object""#, #""array""#, #""boolean""#, #""null""#, #"["string", "integer"]"#,
        #""^a+$""#, #""(a|b)*c{2,5}""#, #""[""#, #""(?=x)""#, #""\\p{L}{3}""#, #""date-time""#, #""email""#, #""hostname""#,
        #""regex""#, ##""#""##, ##""#/$defs/x""##, ##""#/definitions/d/items""##, #""http://x/y""#, #"{"type": "string"}"#,
        ##"{"$ref": "#"}"##, #"{"not": {}}"#, #"[{}, true, false]"#, #"["a", "a"]"#, #"{"a": {}, "b": {"type": "integer"}}"#,
        #"{"x": ["y"]}"#,
    ] as [String]).map { try! GeneratedContent(json: $0) }
    static let schemaKeywords = [
        "type", "properties", "required", "items", "prefixItems", "additionalProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "enum", "const", "pattern", "format", "minLength", "maxLength", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "contains", "minContains",
        "maxContains", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "$ref", "$defs", "definitions", "$id", "$anchor",
        "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "dependentRequired", "dependentSchemas", "dependencies",
        "unevaluatedProperties", "unevaluatedItems", "$schema", "$vocabulary", "default", "title", "additionalItems",
        "contentEncoding",
    ]

    static let patterns = [
        "[A-Z][a-z]{2,8}", #"\d{3}-\d{4}"#, "(red|green|blue)", "[a-z]+( [a-z]+)?", "#[0-9a-f]{6}", #"v\d+\.\d+"#, "[/]x",
        #"^[A-Z][a-z]{2,9} [A-Z][a-z]{2,11}$"#, #"^(\([0-9]{3}\))?[0-9]{3}-[0-9]{4}$"#, #"^\p{Lu}\p{Ll}*$"#, #"[^\s\S]"#,
        #"\u{1F600}|\uD83D\uDE00|\x41\cJ\0"#, "(a|b)*abb(a|b){3}", "^$", ".*", "x{0,100}?y+?z*?", #"[\w.-]+@[\w-]+\.\w{2,}"#,
        "(?:ab|cd)+(?<name>ef)?", #"[\u0041-\u005A\d_]"#, "(?=a)b", #"\bword\b"#, #"(a)\1"#, "a{2}{3}", "[^-a-z]", #"\P{Greek}"#,
    ]
    static let regexTokens = ["(", ")", "[", "]", "{", "}", "*", "+", "?", "|", "^", "$", ".", "\\", "-", ",", "{2,}", "{99999}",
                              "{3,1}", "(?:", "(?=", "(?!", "(?<=", "(?<n>", "\\k<n>", "\\d", "\\w", "\\s", "\\b", "\\p{L}", "\\p{",
                              "\\u{", "\\uD800", "\\x", "\\c", "\\1", "[^", "a", "é", "0-9", "\u{1F600}"]
    static let regexNesting: [(open: String, close: String)] = [("(", ")"), ("(?:", ")*"), ("(a|", "){2}"), ("[", "]")]
}
