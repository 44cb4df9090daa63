import ConstrainedDecoding
@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// A value source steers what is generated but can never make it invalid.
struct GenerationValueSourceTests {
    struct Names: GenerationValueSource {
        func proposeStrings(for field: FieldContext, random: inout SeededRandom) -> [String] {
            if field.propertyName == "note" {
                precondition(field.isFreeForm)
                return [String(repeating: "n", count: field.maximumLength ?? 0)]
            }
            guard field.propertyName == "name" else { return [] }
            precondition(!field.isFreeForm)
            return ["lowercase ada", "Mr. Ada", "Mrs. Grace"]
        }
        func includeOptional(_ propertyName: String, in parent: FieldHints, random: inout SeededRandom) -> Bool? { true }
        func choose(among values: [GeneratedContent], for field: FieldContext, random: inout SeededRandom) -> Int? {
            values.firstIndex(of: GeneratedContent("mocha"))
        }
    }

    struct Liar: GenerationValueSource {
        func proposeString(for field: FieldContext, random: inout SeededRandom) -> String? { String(repeating: "x", count: 500) }
        func proposeValue(for field: FieldContext, random: inout SeededRandom) -> GeneratedContent? { GeneratedContent(42) }
    }

    let schema = try! GenerationSchema(jsonSchema: #"""
        {"type": "object", "required": ["name", "drink"],
         "properties": {"name": {"type": "string", "pattern": "^(Mr|Mrs)\\. \\w+$"},
                        "drink": {"enum": ["latte", "mocha"]},
                        "note": {"type": "string", "maxLength": 12}}}
        """#)

    @Test func theFirstFittingCandidateIsUsed() throws {
        var random = SeededRandom(seed: 1)
        for _ in 0..<50 {
            let value = schema.generate(random: &random, source: Names())
            try schema.validate(value)
            #expect(value["name"]?.stringValue == "Mr. Ada")
            #expect(value["drink"]?.stringValue == "mocha")
            #expect(value["note"]?.stringValue == String(repeating: "n", count: 12))
        }
    }

    @Test func proposalsThatDoNotFitAreIgnored() throws {
        var random = SeededRandom(seed: 2)
        for _ in 0..<200 {
            try schema.validate(schema.generate(random: &random, source: Liar()))
        }
    }

    /// Enough once the name is there; offers nothing for `note`, so a draft past the name ends in it.
    struct NameDrafter: DraftingValueSource {
        func proposeStrings(for field: FieldContext, random: inout SeededRandom) -> [String] {
            field.propertyName == "name" ? ["Mrs. Grace"] : []
        }
        func hasEnough(rootFields: [GeneratedContent.Field]) -> Bool { rootFields.contains { $0.key == "name" } }
    }

    /// Drafting is the source's capability, honoured only by `draft`: `generate` under the same
    /// source still makes whole, valid content.
    @Test func onlyADraftStopsWhereTheSourceHasEnough() throws {
        var random = SeededRandom(seed: 3)
        for _ in 0..<50 {
            let draft = schema.draft(random: &random, source: NameDrafter())
            #expect(draft.orderedKeys == ["name"] && draft["name"]?.stringValue == "Mrs. Grace")
            let whole = schema.generate(random: &random, source: NameDrafter())
            try schema.validate(whole)
            #expect(whole["drink"] != nil)
        }
    }
}
