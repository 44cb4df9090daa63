@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// Numbers whose text a `Double` cannot carry are judged by their text.
struct ExactNumberTests {
    @Test func boundsBeyondDoublePrecisionCompareExactly() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "integer", "minimum": 0, "maximum": 9223372036854776000}"#)
        #expect(schema.isValid(try GeneratedContent(json: "9223372036854776000")))
        #expect(!schema.isValid(try GeneratedContent(json: "9223372036854776001")))
        #expect(!schema.isValid(try GeneratedContent(json: "-1")))
        let violation = try #require(schema.violations(of: try GeneratedContent(json: "9223372036854776001")).first)
        #expect(violation.message == "9223372036854776001 is greater than the maximum 9223372036854776000")
    }

    @Test func generationStaysInsideAnImpreciseBound() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "number", "minimum": 0.29, "maximum": 0.29999999999999999}"#)
        #expect(!schema.isValid(try GeneratedContent(json: "0.3")))
        var random = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let value = schema.generate(random: &random)
            #expect(schema.isValid(try GeneratedContent(json: value.jsonString)), "\(value.jsonString)")
        }
    }

    @Test func draft4IntegersAreWrittenWithoutAFraction() throws {
        let draft4 = try GenerationSchema(jsonSchema: #"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#)
        #expect(!draft4.isValid(try GeneratedContent(json: "12345.0")))
        #expect(draft4.isValid(try GeneratedContent(json: "12345")))
        let current = try GenerationSchema(jsonSchema: #"{"type": "integer"}"#)
        #expect(current.isValid(try GeneratedContent(json: "12345.0")))
    }
}
