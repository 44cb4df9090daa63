import Foundation
@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// A JSON value, decoded without Foundation's number/boolean ambiguity.
private indirect enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

private struct SuiteGroup: Decodable {
    struct Case: Decodable {
        let description: String
        let data: JSONValue
        let valid: Bool
    }
    let description: String
    let schema: JSONValue
    let tests: [Case]
}

/// The official JSON-Schema-Test-Suite cases about regular expressions (draft 2020-12: `pattern`,
/// `patternProperties`, `optional/ecmascript-regex`, `optional/non-bmp-regex`), checked with a
/// minimal evaluator that knows only the keywords those cases combine with the patterns.
@Suite struct RegexTestSuiteTests {
    static let files = [
        "pattern.json", "patternProperties.json", "optional/ecmascript-regex.json", "optional/non-bmp-regex.json",
    ]
    /// Cases this engine cannot pass, by "file: group: case" (none so far).
    static let skipped: Set<String> = []

    @Test(.enabled(if: RegexSharedData.exists("json-schema-test-suite"), "../shared/data/json-schema-test-suite not found: skipped"),
          arguments: files)
    func officialRegexCases(file: String) throws {
        let url = RegexSharedData.root.appendingPathComponent("json-schema-test-suite/tests/draft2020-12/" + file)
        let groups = try JSONDecoder().decode([SuiteGroup].self, from: Data(contentsOf: url))
        var checked = 0
        for group in groups {
            for test in group.tests where !Self.skipped.contains("\(file): \(group.description): \(test.description)") {
                let verdict = try Self.validate(test.data, against: group.schema)
                #expect(verdict == test.valid, "\(file): \(group.description): \(test.description)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    private static func validate(_ value: JSONValue, against schema: JSONValue) throws -> Bool {
        switch schema {
        case .bool(let allowed): return allowed
        case .object(let keywords):
            for (keyword, argument) in keywords {
                switch (keyword, argument) {
                case ("$schema", _):
                    continue
                case ("type", .string(let type)):
                    if !hasType(value, type) { return false }
                case ("maximum", .number(let maximum)):
                    if case .number(let number) = value, number > maximum { return false }
                case ("pattern", .string(let source)):
                    if case .string(let text) = value, !(try RegexPattern(source).matches(text)) { return false }
                case ("patternProperties", .object(let properties)):
                    guard case .object(let members) = value else { continue }
                    for (name, member) in members {
                        for (source, subschema) in properties where try RegexPattern(source).matches(name) {
                            if !(try validate(member, against: subschema)) { return false }
                        }
                    }
                case ("additionalProperties", .bool(false)):
                    guard case .object(let members) = value, let patterns = keywords["patternProperties"],
                          case .object(let properties) = patterns else { continue }
                    for name in members.keys {
                        let covered = try properties.keys.contains { try RegexPattern($0).matches(name) }
                        if !covered { return false }
                    }
                default:
                    Issue.record("the minimal evaluator does not know \(keyword)")
                }
            }
            return true
        default:
            Issue.record("unexpected schema")
            return false
        }
    }

    private static func hasType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
             ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let number)):
            return number.rounded() == number
        default:
            return false
        }
    }
}
