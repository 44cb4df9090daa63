@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

struct DynamicGenerationSchemaTests {
    static let answer = DynamicGenerationSchema(name: "Answer", properties: [
        .init(name: "text", schema: .init(type: String.self, guides: [.pattern("[a-z]{3,12}")])),
        .init(name: "isCorrect", schema: .init(type: Bool.self)),
    ])
    static let riddle = DynamicGenerationSchema(name: "Riddle", description: "A riddle with answers", properties: [
        .init(name: "question", description: "The riddle", schema: .init(type: String.self)),
        .init(name: "answers", schema: .init(arrayOf: .init(referenceTo: "Answer"), minimumElements: 2, maximumElements: 4)),
        .init(name: "difficulty", schema: .init(name: "Difficulty", anyOf: ["easy", "hard"])),
        .init(name: "reward", schema: .init(name: "Reward", anyOf: [.init(type: Int.self, guides: [.range(1...5)]), .init(type: String.self, guides: [.constant("cookie")])])),
        .init(name: "hint", schema: .init(type: String.self), isOptional: true),
        .init(name: "followUp", schema: .init(referenceTo: "Riddle"), isOptional: true),
    ])

    @Test func everyKindGeneratesValidContent() throws {
        let schema = try GenerationSchema(root: Self.riddle, dependencies: [Self.answer])
        var random = SeededRandom(seed: 4)
        var sawHint = false, sawNoHint = false
        for _ in 0..<200 {
            let content = schema.generate(random: &random)
            try schema.validate(content)
            let answers = try #require(content["answers"]?.elements)
            #expect((2...4).contains(answers.count))
            #expect(["easy", "hard"].contains(content["difficulty"]?.stringValue ?? ""))
            if content["hint"] == nil { sawNoHint = true } else { sawHint = true }
            let reward = try #require(content["reward"])
            #expect(reward.stringValue == "cookie" || (1...5).contains(reward.numberValue ?? 0))
        }
        #expect(sawHint && sawNoHint)
        let exported = schema.jsonSchema
        #expect(exported["$defs"]?["Answer"] != nil && exported["$defs"]?["Riddle"] != nil)
        #expect(exported["$defs"]?["Riddle"]?["properties"]?.orderedKeys == ["question", "answers", "difficulty", "reward", "hint", "followUp"])
    }

    @Test func generableTypesCanBeReferencedByName() throws {
        let visit = DynamicGenerationSchema(name: "Visit", properties: [
            .init(name: "barista", schema: .init(referenceTo: "Barista")),
            .init(name: "count", schema: .init(type: Int.self, guides: [.range(1...3)])),
        ])
        let schema = try GenerationSchema(root: visit, dependencies: [.init(type: Barista.self)])
        var random = SeededRandom(seed: 8)
        for _ in 0..<50 {
            let content = schema.generate(random: &random)
            try schema.validate(content)
            _ = try content.value(Barista.self, forProperty: "barista")
        }
    }

    @Test func errors() {
        func expectError(_ build: () throws -> GenerationSchema, _ check: (GenerationSchema.SchemaError) -> Bool) {
            do {
                _ = try build()
                Issue.record("expected an error")
            } catch let error as GenerationSchema.SchemaError {
                #expect(check(error), "\(error)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        expectError({ try GenerationSchema(root: Self.riddle, dependencies: [Self.answer, Self.answer]) }) {
            if case .duplicateType(_, "Answer", _) = $0 { return true } else { return false }
        }
        expectError({
            try GenerationSchema(root: .init(name: "A", properties: [.init(name: "x", schema: .init(type: Int.self)), .init(name: "x", schema: .init(type: Int.self))]), dependencies: [])
        }) { if case .duplicateProperty("A", "x", _) = $0 { return true } else { return false } }
        expectError({ try GenerationSchema(root: .init(name: "Empty", anyOf: [String]()), dependencies: []) }) {
            if case .emptyTypeChoices("Empty", _) = $0 { return true } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(name: "None", anyOf: [DynamicGenerationSchema]()), dependencies: []) }) {
            if case .emptyTypeChoices("None", _) = $0 { return true } else { return false }
        }
        expectError({ try GenerationSchema(root: Self.riddle, dependencies: []) }) {
            if case .undefinedReferences("Riddle", ["Answer"], _) = $0 { return true } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(arrayOf: .init(type: Int.self), minimumElements: 5, maximumElements: 2), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("minimumElements 5 is above maximumElements 2") } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: Int.self, guides: [.range(5...9), .maximum(3)]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("minimum 5 is above the maximum 3") } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: String.self, guides: [.count(2)]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("count guide applies to arrays") } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: Int.self, guides: [.pattern("a+")]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("pattern guide applies to strings") } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: String.self, guides: [.pattern("(a)\\1")]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("not usable") } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: String.self, guides: [.pattern("a)(b")]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("at offset 1: unmatched ')'") } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: String.self, guides: [.anyOf(["a"]), .anyOf(["b"])]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return true } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: String.self, guides: [.anyOf([])]), dependencies: []) }) {
            if case .emptyTypeChoices = $0 { return true } else { return false }
        }
        expectError({ try GenerationSchema(root: .init(type: String.self, guides: [.anyOf(["a", "b"]).constant("c")]), dependencies: []) }) {
            if case .contradictoryGuides = $0 { return "\($0)".contains("not among the allowed values") } else { return false }
        }
    }
}

/// Every guide, alone, constrains what is generated.
struct GenerationGuideTests {
    func values(_ type: DynamicGenerationSchema, count: Int = 200) throws -> [GeneratedContent] {
        try GenerationSchema(root: type, dependencies: []).validInstances(count: count, seed: 21)
    }

    @Test func numericGuides() throws {
        #expect(try values(.init(type: Int.self, guides: [.range(3...6)])).allSatisfy { (3...6).contains($0.numberValue!) })
        #expect(try values(.init(type: Double.self, guides: [.range(0.5...0.75)])).allSatisfy { (0.5...0.75).contains($0.numberValue!) })
        #expect(try values(.init(type: Int.self, guides: [.minimum(100)])).allSatisfy { $0.numberValue! >= 100 })
        #expect(try values(.init(type: Int.self, guides: [.maximum(-100)])).allSatisfy { $0.numberValue! <= -100 })
        #expect(try values(.init(type: Double.self, guides: [.minimum(1.5).maximum(1.5)])).allSatisfy { $0.numberValue! == 1.5 })
    }

    @Test func countGuides() throws {
        let item = DynamicGenerationSchema(type: String.self)
        #expect(try values(.init(type: [String].self, guides: [.count(3)])).allSatisfy { $0.elements!.count == 3 })
        #expect(try values(.init(type: [String].self, guides: [.count(1...2)])).allSatisfy { (1...2).contains($0.elements!.count) })
        #expect(try values(.init(type: [String].self, guides: [.minimumCount(4)])).allSatisfy { $0.elements!.count >= 4 })
        #expect(try values(.init(type: [String].self, guides: [.maximumCount(1)])).allSatisfy { $0.elements!.count <= 1 })
        #expect(try values(.init(arrayOf: item, minimumElements: 2)).allSatisfy { $0.elements!.count >= 2 })
    }

    @Test func stringGuides() throws {
        let words = ["latte", "mocha"]
        #expect(try values(.init(type: String.self, guides: [.anyOf(words)])).allSatisfy { words.contains($0.stringValue!) })
        #expect(try values(.init(type: String.self, guides: [.constant("espresso")])).allSatisfy { $0.stringValue == "espresso" })
        let pattern = try RegexPattern("^(?:[A-Z][a-z]+ the (Bold|Meek))$")
        #expect(try values(.init(type: String.self, guides: [.pattern("[A-Z][a-z]+ the (Bold|Meek)")])).allSatisfy { pattern.matches($0.stringValue!) })
        let described = try GenerationSchema(root: .init(type: String.self, guides: [.description("A greeting")]), dependencies: [])
        #expect(described.jsonSchema["description"]?.stringValue == "A greeting")
    }

    @Test func elementGuides() throws {
        let guide = GenerationGuide.count(3).element(.range(1...2))
        #expect(try values(.init(type: [Int].self, guides: [guide])).allSatisfy { $0.elements!.count == 3 && $0.elements!.allSatisfy { (1...2).contains($0.numberValue!) } })
        let nested = GenerationGuide.element(.count(2).element(.anyOf(["x"])))
        #expect(try values(.init(type: [[String]].self, guides: [nested])).allSatisfy { $0.elements!.allSatisfy { $0.elements! == [GeneratedContent("x"), GeneratedContent("x")] } })
    }
}
