@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// Numeric schemas that crashed, were wrongly refused, or lost digits (issue "Schema engine and
/// files"): each now compiles, and every generated instance is valid — exactly, and under the
/// floating-point reading simple validators use for `multipleOf`.
@Suite struct NumberRegressionTests {
    private func generated(_ json: String, count: Int = 40) throws -> [GeneratedContent] {
        let schema = try GenerationSchema(jsonSchema: json)
        var random = SeededRandom(seed: 9)
        return try (0..<count).map { _ in
            let value = schema.generate(random: &random)
            try schema.validate(value)
            return try GeneratedContent(json: value.jsonString)
        }
    }

    @Test(arguments: [
        #"{"type": "number", "minimum": 1e20, "maximum": 1e21}"#,
        #"{"type": "number", "exclusiveMinimum": 0, "maximum": 1e-10}"#,
        #"{"type": "integer", "multipleOf": 1e19}"#,
        #"{"type": "integer", "minimum": 9007199254740993}"#,
        #"{"multipleOf": 1e21}"#,
        #"{"type": "integer", "minimum": 1, "maximum": 3, "not": {"const": 1}}"#,
        #"{"type": "integer", "maximum": -1e30}"#,
        #"{"type": "number", "minimum": 1e-300, "maximum": 2e-300}"#,
    ])
    func compilesAndGeneratesValidNumbers(json: String) throws {
        let values = try generated(json)
        #expect(values.count == 40)
    }

    @Test func anEmptyTinyRangeIsRefusedNotCrashed() {
        #expect(throws: GenerationSchema.SchemaError.self) {
            try GenerationSchema(jsonSchema: #"{"type": "integer", "minimum": 1, "maximum": 1, "not": {"const": 1}}"#)
        }
    }

    @Test func bigIntegersKeepTheirDigits() throws {
        let values = try generated(#"{"const": 9007199254740993}"#, count: 3)
        #expect(values.allSatisfy { $0.jsonString == "9007199254740993" })
        let big = try generated(#"{"type": "integer", "minimum": 9007199254740993, "maximum": 9007199254740995}"#)
        #expect(Set(big.map(\.jsonString)).isSubset(of: ["9007199254740993", "9007199254740994", "9007199254740995"]))
        #expect(try GeneratedContent(json: "9007199254740993") != GeneratedContent(json: "9007199254740992"))
        #expect(try GeneratedContent(json: "1.0") == GeneratedContent(json: "1"))
    }

    @Test func fractionalStepsPassTheFloatingPointReading() throws {
        for json in [#"{"type": "number", "multipleOf": 0.1, "minimum": 0, "maximum": 100}"#,
                     #"{"type": "number", "multipleOf": 0.01}"#,
                     #"{"type": "array", "items": {"type": "number", "multipleOf": 0.7}, "minItems": 30, "maxItems": 30}"#] {
            for value in try generated(json) {
                let numbers = value.elements ?? [value]
                let step = json.contains("0.7") ? 0.7 : (json.contains("0.01") ? 0.01 : 0.1)
                for number in numbers {
                    #expect(NumericMultiple.isFloatingMultiple(number.numberValue!, of: step), "\(number) / \(step)")
                }
            }
        }
    }
}
