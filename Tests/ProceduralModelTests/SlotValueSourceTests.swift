import Foundation
@testable import GuidedGeneration
import JSONSchema
@testable import ProceduralModel
import RegexAutomata
import Testing

struct SlotValueSourceTests {
    static let grammar = try! Grammar(json: #"""
        {"symbols": {"fullName": ["#title# #last#"], "title": ["Mr.", "Mrs.", "Dr."], "last": ["Bean", "Crema", "Roast", "Foam"],
                     "drink": ["latte", "mocha", "flat white"]}}
        """#)
    static let corpus = ["The espresso machine hums all morning.", "Regulars come in before the rain.",
                         "A cat sleeps by the window of the shop.", "Milk foam makes the best clouds."]

    func source(sampling: GenerationOptions = GenerationOptions(samplingMode: .random(top: 10, seed: 1)),
                record: GeneratedContent? = nil) throws -> SlotValueSource {
        SlotValueSource(grammar: Self.grammar, textModel: try WordNGramModel(corpus: Self.corpus),
                        sampling: ResolvedSampling(sampling), variables: [:], conversation: ConversationState(),
                        resolveSlot: { field, _ in ["name": "fullName", "order": "drink"][field.propertyName ?? ""].map { ProceduralContent.Slot(symbol: $0) } },
                        findRecord: { $0.propertyName == "riddle" ? record : nil })
    }

    @Test func slotsCorpusAndPatterns() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "required": ["name", "order", "note", "formal"],
             "properties": {"name": {"type": "string"}, "order": {"type": "string"},
                            "note": {"type": "string", "minLength": 10, "maxLength": 40},
                            "formal": {"type": "string", "pattern": "^Mrs\\. [A-Z][a-z]+$"}}}
            """#)
        let formal = try SlotValueSource(grammar: Self.grammar, textModel: WordNGramModel(corpus: Self.corpus),
                                          sampling: ResolvedSampling(GenerationOptions(samplingMode: .random(top: 10, seed: 1))),
                                          variables: [:], conversation: ConversationState(),
                                          resolveSlot: { field, _ in ["name": "fullName", "order": "drink", "formal": "fullName"][field.propertyName ?? ""].map { ProceduralContent.Slot(symbol: $0) } },
                                          findRecord: { _ in nil })
        var random = SeededRandom(seed: 5)
        var formalFromSlot = 0
        for _ in 0..<100 {
            let value = schema.generate(random: &random, source: formal)
            try schema.validate(value)
            let name = try #require(value["name"]?.stringValue)
            #expect(["Mr.", "Mrs.", "Dr."].contains(name.components(separatedBy: " ")[0]))
            #expect(["latte", "mocha", "flat white"].contains(value["order"]?.stringValue ?? ""))
            let note = try #require(value["note"]?.stringValue)
            #expect(note.split(separator: " ").allSatisfy { word in Self.corpus.joined(separator: " ").contains(word.trimmingCharacters(in: .punctuationCharacters)) })
            if ["Bean", "Crema", "Roast", "Foam"].contains(String(value["formal"]!.stringValue!.dropFirst(5))) { formalFromSlot += 1 }
        }
        #expect(formalFromSlot > 70, "a matching slot line is preferred to the automaton walk (4 candidates, each Mrs. with p = 1/3)")
    }

    @Test func greedyIsDeterministicAndRecordsComeWhole() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}"#)
        let greedy = try source(sampling: GenerationOptions(samplingMode: .greedy))
        var a = SeededRandom(seed: 1), b = SeededRandom(seed: 99)
        #expect(schema.generate(random: &a, source: greedy)["name"] != nil)
        let again = try source(sampling: GenerationOptions(samplingMode: .greedy))
        var c = SeededRandom(seed: 1)
        #expect(schema.generate(random: &c, source: again) == schema.generate(random: &b, source: try source(sampling: GenerationOptions(samplingMode: .greedy))))
        let riddle = GeneratedContent(properties: [("question", GeneratedContent("What has a head but no hair?")), ("answer", GeneratedContent("A coffee bean"))])
        let withRecord = try GenerationSchema(jsonSchema: #"{"type": "object", "required": ["riddle"], "properties": {"riddle": {"type": "object", "required": ["question", "answer"], "properties": {"question": {"type": "string"}, "answer": {"type": "string"}}}}}"#)
        var random = SeededRandom(seed: 3)
        #expect(withRecord.generate(random: &random, source: try source(record: riddle))["riddle"] == riddle)
    }
}
