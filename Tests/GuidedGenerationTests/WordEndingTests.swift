import GuidedGeneration
import JSONSchema
import Testing

/// `GenerationSchema.endingAtWords`: free text a model ran up to its maximum length ends at a
/// sentence or a word; everything else, and anything the cut would make invalid, is left alone.
@Suite struct WordEndingTests {
    static func schema(_ json: String) throws -> GenerationSchema { try GenerationSchema(jsonSchema: json) }

    @Test func textCutByItsLimitEndsAtAWord() throws {
        let limited = try Self.schema(#"{"type": "string", "maxLength": 24}"#)
        #expect(limited.endingAtWords(GeneratedContent("The milk was cold and so")).stringValue == "The milk was cold and")
        #expect(limited.endingAtWords(GeneratedContent("The milk was cold, and t")).stringValue == "The milk was cold, and")
        #expect(limited.endingAtWords(GeneratedContent("The milk, was it cold? W")).stringValue == "The milk, was it cold?", "a sentence end in the second half")
        #expect(limited.endingAtWords(GeneratedContent("The milk was cold today.")).stringValue == "The milk was cold today.", "a sentence already ended")
        #expect(limited.endingAtWords(GeneratedContent("The milk was cold")).stringValue == "The milk was cold", "under the limit")
        #expect(limited.endingAtWords(GeneratedContent("Milk cold, sour, awfully")).stringValue == "Milk cold, sour,"
                || limited.endingAtWords(GeneratedContent("Milk cold, sour, awfully")).stringValue == "Milk cold, sour", "a hanging comma goes")
        #expect(limited.endingAtWords(GeneratedContent("Three words only here!!")).stringValue == "Three words only here!!")
    }

    @Test func aCutThatWouldBreakTheSchemaIsNotMade() throws {
        let floor = try Self.schema(#"{"type": "string", "minLength": 22, "maxLength": 24}"#)
        #expect(floor.endingAtWords(GeneratedContent("The milk was cold and so")).stringValue == "The milk was cold and so", "minLength")
        let choice = try Self.schema(#"{"enum": ["one two three four five"]}"#)
        #expect(choice.endingAtWords(GeneratedContent("one two three four five")).stringValue == "one two three four five", "an enum")
        let invalid = GeneratedContent("this text is far too long for the limit")
        #expect(try Self.schema(#"{"type": "string", "maxLength": 10}"#).endingAtWords(invalid) == invalid, "invalid content is left alone")
    }

    @Test func stringsInsideObjectsArraysAndBranchesAreEnded() throws {
        let schema = try Self.schema(#"""
            {"type": "object", "properties": {
               "name": {"type": "string", "maxLength": 12},
               "lines": {"type": "array", "items": {"type": "string", "maxLength": 20}},
               "encounter": {"oneOf": [
                  {"type": "object", "properties": {"kind": {"const": "order"}}, "required": ["kind"], "additionalProperties": false},
                  {"type": "object", "properties": {"kind": {"const": "complain"}, "complaint": {"type": "string", "minLength": 5, "maxLength": 30}},
                   "required": ["kind", "complaint"], "additionalProperties": false}]}},
             "required": ["name", "lines", "encounter"]}
            """#)
        let content = try GeneratedContent(json: #"""
            {"name": "Daisy McBrid", "lines": ["Hello there, my dear", "Hi"],
             "encounter": {"kind": "complain", "complaint": "The milk was cold and the bari"}}
            """#)
        let ended = schema.endingAtWords(content)
        #expect(ended["name"]?.stringValue == "Daisy McBrid", "two words: a name, not free text")
        #expect(ended["lines"]?.elements?.map { $0.stringValue } == ["Hello there, my", "Hi"])
        #expect(ended["encounter"]?["complaint"]?.stringValue == "The milk was cold and the")
        #expect(schema.isValid(ended))
        #expect(ended.orderedKeys == content.orderedKeys)
    }
}
