import Foundation
@testable import GuidedGeneration
import JSONSchema
@testable import ProceduralModel
import RegexAutomata
import Testing

/// The examples of docs/api-guide.md ("The library by example"; README shows the `Generable` one), kept compiling and true.
struct ReadmeExamplesTests {
    struct NPC: Generable {
        enum Drink: String, Codable, CaseIterable { case latte, mocha, espresso, chai }
        let name: String
        let order: Drink
        let level: Int
        let attributes: [String]
        let nickname: String?
        static let guides: [String: GenerationGuide] = [
            "name": .description("A full name").pattern("[A-Z][a-z]{2,8} [A-Z][a-z]{2,10}"),
            "level": .range(1...10),
            "attributes": .count(3).element(.anyOf(["sassy", "tired", "hungry", "chatty"])),
        ]
        static let generationDescription: String? = "A customer of the coffee shop"
    }

    enum Encounter: Generable {
        case orderCoffee(String)
        case wantToTalkToManager(complaint: String)

        static var generationSchema: GenerationSchema {
            get throws {
                func single(_ name: String, _ field: String) -> DynamicGenerationSchema {
                    .init(name: name, properties: [.init(name: name, schema: .init(name: name + "Case",
                          properties: [.init(name: field, schema: .init(type: String.self))]))])
                }
                return try GenerationSchema(root: .init(name: "Encounter", anyOf: [
                    single("orderCoffee", "_0"), single("wantToTalkToManager", "complaint")]), dependencies: [])
            }
        }
    }

    /// README's and the API guide's session on the embedded model, with its generic pack.
    @Test func sessionExample() async throws {
        let session = LanguageModelSession(instructions: "You are Mira, a lighthouse keeper on a windy coast.")
        let reply = try await session.respond(to: "What's your name?")
        #expect(reply.content.contains("Mira"), "\(reply.content)")
        let npc = try await session.respond(to: "Invent a visitor to the lighthouse.", generating: NPC.self,
                                            options: GenerationOptions(samplingMode: .random(top: 40, seed: 7))).content
        #expect(npc.name == "Tamsin Yilmaz" && npc.order == .chai && npc.level == 9)
        #expect(npc.attributes == ["sassy", "tired", "sassy"] && npc.nickname == nil)
    }

    /// README's type whose fields no content names, read through the lexicon.
    struct Regular: Generable {
        let name: String
        let coffeeOrder: String
        let favoriteColor: String
        let hometown: String
    }

    @Test func lexiconExample() async throws {
        let regular = try await LanguageModelSession().respond(to: "Generate a character that orders a coffee.", generating: Regular.self,
                                                               options: GenerationOptions(samplingMode: .random(top: 40, seed: 7))).content
        #expect(regular.name == "Elowen Stroud" && regular.coffeeOrder == "a long black")
        #expect(regular.favoriteColor == "ivory" && regular.hometown == "Merrowby")
    }

    @Test func generableExamples() throws {
        var random = SeededRandom(seed: 42)
        let npc = try NPC.generate(random: &random)
        #expect((1...10).contains(npc.level) && npc.attributes.count == 3)
        let content = try npc.generatedContent
        #expect(content.orderedKeys.prefix(4) == ["name", "order", "level", "attributes"])
        for _ in 0..<20 { _ = try Encounter.generate(random: &random) }
    }

    @Test func jsonExamples() throws {
        #expect(throws: JSONSyntaxError.self) { try GeneratedContent(json: "[1, 2,]") }
        do { _ = try GeneratedContent(json: "[1, 2,]") } catch { #expect("\(error)" == "line 1, column 7: trailing comma before ']'") }
        let schema = try GenerationSchema(jsonSchema: """
            {"type": "object", "required": ["name", "level"],
             "properties": {"name": {"type": "string", "pattern": "^[A-Z][a-z]+$"},
                            "level": {"type": "integer", "minimum": 1, "maximum": 10},
                            "title": {"not": {"enum": ["Boss"]}}},
             "additionalProperties": false}
            """)
        var random = SeededRandom(seed: 1)
        try schema.validate(schema.generate(random: &random))
        do {
            try schema.validate(try GeneratedContent(json: #"{"name": "bob", "level": 11}"#))
            Issue.record("expected a validation error")
        } catch {
            #expect("\(error)" == #"/name: "bob" does not match the pattern ^[A-Z][a-z]+$; /level: 11 is greater than the maximum 10"#)
        }
    }

    @Test func transcriptExample() throws {
        let transcript = Transcript(entries: [
            .instructions(.init(segments: [.text(.init(content: "You are a friendly barista."))], toolDefinitions: [])),
            .prompt(.init(segments: [.text(.init(content: "How long have you worked here?"))],
                          options: GenerationOptions(samplingMode: .greedy))),
            .response(.init(assetIDs: [], segments: [.text(.init(content: "Three years, give or take a latte."))])),
        ])
        let data = try JSONEncoder().encode(transcript)
        let restored = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(restored == transcript)
        #expect(restored.condensed(keepingLast: 3).count == 3)
        _ = GenerationOptions(samplingMode: .random(top: 40, seed: 7), temperature: 0.5)
    }

    @Test func grammarExample() throws {
        let grammar = try Grammar(json: """
            {"symbols": {
                "greeting": ["Hi #name#!", {"text": "Welcome back, #name.capitalize#.", "weight": 3}],
                "order": ["[drink:#menu#]#drink.a.capitalize#? One #drink# for #customer#, coming up."],
                "menu": ["latte", "espresso", {"text": "oat flat white", "weight": 2}],
                "name": ["ada", "grace", "alan"]
            },
             "variables": {"customer": "you"}}
            """)
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 7)
        let line = try grammar.expand("order", variables: ["customer": "Ada"], memory: &memory, random: &random)
        #expect(line.hasSuffix("for Ada, coming up."))
    }
}
