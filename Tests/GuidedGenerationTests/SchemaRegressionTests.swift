@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// Inputs that once gave wrong answers, each kept as a test.
@Suite struct SchemaRegressionTests {
    @Test func deepInstancesOfRecursiveSchemasAreCheckedInFull() throws {
        let schema = try GenerationSchema(jsonSchema: ##"{"type": "array", "items": {"$ref": "#"}, "maxItems": 1}"##)
        var value = GeneratedContent(elements: [])
        for _ in 0..<300 { value = GeneratedContent(elements: [value]) }
        #expect(schema.violations(of: value).isEmpty)
        // References that loop without describing anything are refused when the schema is read.
        #expect(throws: GenerationSchema.SchemaError.self) {
            try GenerationSchema(jsonSchema: ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "type": "array", "items": {"$ref": "#/$defs/a"}}"##)
        }
    }

    /// `not: {format: "regex"}` was refused; it now generates strings that are not regexes (ones
    /// that open a group and never close it), within the other string constraints.
    @Test(arguments: [#"{"not": {"format": "regex"}}"#, #"{"type": "string", "not": {"format": "regex"}, "minLength": 4, "pattern": "x"}"#])
    func stringsThatAreNotRegexesAreGenerated(_ json: String) throws {
        let schema = try GenerationSchema(jsonSchema: json)
        var random = SeededRandom(seed: 9)
        for _ in 0..<100 {
            let value = schema.generate(random: &random)
            #expect(schema.violations(of: value).isEmpty, "\(value.jsonString)")
            let text = try #require(value.stringValue)
            #expect(throws: RegexError.self) { try RegexPattern(text) }
        }
    }

    @Test func datesFollowTheCalendarWhenMatched() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "string", "format": "date"}"#)
        func accepted(_ text: String) -> Bool {
            var state = schema.matcher.start()
            return (try? schema.matcher.advance(&state, by: Array("\"\(text)\"".utf8))) != nil && schema.matcher.isComplete(state)
        }
        for date in ["2022-12-31", "2024-02-29", "2000-02-29", "0000-02-29", "1999-04-30"] {
            #expect(accepted(date), "\(date)")
            #expect(schema.isValid(GeneratedContent(date)))
        }
        for date in ["2023-02-29", "1900-02-29", "1999-04-31", "2020-13-01", "2020-00-10"] {
            #expect(!accepted(date), "\(date)")
            #expect(!schema.isValid(GeneratedContent(date)))
        }
    }
}
