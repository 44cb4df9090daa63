import Foundation
@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

struct Barista: Generable {
    enum Mood: String, Codable, CaseIterable { case cheerful, tired, sassy }
    let name: String
    let mood: Mood
    let level: Int
    let shifts: [String]
    let nickname: String?
    let tips: Decimal
    let rating: Float
    let age: UInt8
    static let guides: [String: GenerationGuide] = [
        "name": .description("A first name").pattern("[A-Z][a-z]{2,8}"),
        "level": .range(1...10),
        "shifts": .count(2...3).element(.anyOf(["morning", "evening", "night"])),
    ]
    static let generationDescription: String? = "Someone behind the counter"
}

struct Shop: Generable {
    let owner: Barista
    let staff: [Barista]
    let regulars: [String: Int]
}

/// Recursive through an optional: a chain of riddles.
struct RiddleChain: Generable {
    let question: String
    let next: [RiddleChain]
}

enum Encounter: Generable {
    case orderCoffee(String)
    case wantToTalkToManager(complaint: String)

    static var generationSchema: GenerationSchema {
        get throws {
            let order = DynamicGenerationSchema(name: "OrderCoffee", properties: [
                .init(name: "orderCoffee", schema: .init(name: "OrderCoffeeCase", properties: [.init(name: "_0", schema: .init(type: String.self))])),
            ])
            let manager = DynamicGenerationSchema(name: "WantToTalkToManager", properties: [
                .init(name: "wantToTalkToManager", schema: .init(name: "ComplaintCase", properties: [.init(name: "complaint", schema: .init(type: String.self))])),
            ])
            return try GenerationSchema(root: .init(name: "Encounter", anyOf: [order, manager]), dependencies: [])
        }
    }
}

struct Visit: Generable {
    let encounter: Encounter
    let minutes: Int
}

struct Typo: Generable {
    let name: String
    static let guides: [String: GenerationGuide] = ["nmae": .description("oops")]
}

struct Contradiction: Generable {
    let level: Int
    static let guides: [String: GenerationGuide] = ["level": .minimum(10).maximum(5)]
}

struct CountOnString: Generable {
    let name: String
    static let guides: [String: GenerationGuide] = ["name": .count(3)]
}

struct SelfContaining: Generable {
    let name: String
    let inner: [SelfContaining]
}

struct GenerableTests {
    @Test func schemaFollowsDeclarationOrderAndGuides() throws {
        let schema = try Barista.generationSchema.jsonSchema
        #expect(schema["properties"]?.orderedKeys == ["name", "mood", "level", "shifts", "nickname", "tips", "rating", "age"])
        #expect(schema["required"] == GeneratedContent(elements: ["name", "mood", "level", "shifts", "tips", "rating", "age"].map { GeneratedContent($0) }))
        #expect(schema["description"]?.stringValue == "Someone behind the counter")
        #expect(schema["properties"]?["level"]?["minimum"]?.numberValue == 1)
        #expect(schema["properties"]?["level"]?["maximum"]?.numberValue == 10)
        #expect(schema["properties"]?["age"]?["maximum"]?.numberValue == 255)
        #expect(schema["properties"]?["mood"]?["enum"]?.elements?.compactMap(\.stringValue) == ["cheerful", "tired", "sassy"])
        #expect(schema["properties"]?["shifts"]?["minItems"]?.numberValue == 2)
        #expect(schema["properties"]?["name"]?["description"]?.stringValue == "A first name")
    }

    @Test func generatedValuesHonourEveryGuide() throws {
        let schema = try Barista.generationSchema
        var random = SeededRandom(seed: 11)
        for _ in 0..<300 {
            let content = schema.generate(random: &random)
            try schema.validate(content)
            let barista = try Barista(content)
            #expect((1...10).contains(barista.level))
            #expect((2...3).contains(barista.shifts.count))
            #expect(barista.shifts.allSatisfy { ["morning", "evening", "night"].contains($0) })
            #expect(barista.name.first!.isUppercase && (3...9).contains(barista.name.count))
            // Float and Decimal may round once; after that the conversion is stable and still valid.
            let encoded = try barista.generatedContent
            try schema.validate(encoded)
            #expect(try Barista(encoded).generatedContent == encoded)
            #expect(encoded["name"] == content["name"] && encoded["shifts"] == content["shifts"] && encoded["level"] == content["level"])
        }
    }

    @Test func nestedArraysDictionariesAndRecursion() throws {
        var random = SeededRandom(seed: 5)
        for _ in 0..<100 {
            let shop = try Shop.generate(random: &random)
            #expect((1...10).contains(shop.owner.level))
            try Shop.generationSchema.validate(try shop.generatedContent)
            let chain = try RiddleChain.generate(random: &random)
            try RiddleChain.generationSchema.validate(try chain.generatedContent)
        }
        let exported = try RiddleChain.generationSchema.jsonSchema
        #expect(exported["$ref"]?.stringValue == "#/$defs/RiddleChain")
        #expect(try Shop.generationSchema.jsonSchema["$defs"]?["Barista"] != nil)
    }

    @Test func enumsWithAssociatedValuesDeclareTheirSchema() throws {
        var random = SeededRandom(seed: 9)
        var kinds: Set<String> = []
        for _ in 0..<60 {
            let visit = try Visit.generate(random: &random)
            switch visit.encounter {
            case .orderCoffee: kinds.insert("order")
            case .wantToTalkToManager: kinds.insert("manager")
            }
            try Visit.generationSchema.validate(try visit.generatedContent)
        }
        #expect(kinds == ["order", "manager"])
    }

    @Test func leafTypesAreGenerable() throws {
        var random = SeededRandom(seed: 2)
        for _ in 0..<200 {
            _ = try Int8.generate(random: &random)
            _ = try UInt64.generate(random: &random)
            _ = try Int.generate(random: &random)
            _ = try [Bool].generate(random: &random)
            _ = try Decimal.generate(random: &random)
        }
        #expect(try Int8.generationSchema.jsonSchema["minimum"]?.numberValue == -128)
    }

    @Test func badDeclarationsAreTypedErrors() {
        #expect { _ = try Typo.generationSchema } throws: { error in
            guard case GenerationSchema.SchemaError.unknownGuideProperty(let type, let property, _) = error else { return false }
            return type == "Typo" && property == "nmae"
        }
        #expect { _ = try Contradiction.generationSchema } throws: { error in
            guard case GenerationSchema.SchemaError.contradictoryGuides(_, let property, _) = error else { return false }
            return property == "level" && "\(error)".contains("minimum 10 is above the maximum 5")
        }
        #expect { _ = try CountOnString.generationSchema } throws: { error in
            guard case GenerationSchema.SchemaError.contradictoryGuides = error else { return false }
            return "\(error)".contains("count guide applies to arrays")
        }
        #expect(throws: Never.self) { _ = try SelfContaining.generationSchema }
        #expect { _ = try GenerationSchema(root: .init(type: URLRequestLike.self), dependencies: []) } throws: { error in
            guard case GenerationSchema.SchemaError.underivableType = error else { return false }
            return true
        }
    }

    @Test func contentConversions() throws {
        let content = try GeneratedContent(json: #"{"name": "Ada", "level": 3, "tags": ["a", "b"], "big": 9007199254740993}"#)
        #expect(try content.value(String.self, forProperty: "name") == "Ada")
        #expect(try content.value(Int.self, forProperty: "level") == 3)
        #expect(try content.value([String].self, forProperty: "tags") == ["a", "b"])
        #expect(try content.value(Int64.self, forProperty: "big") == 9007199254740993)
        #expect(throws: DecodingError.self) { try content.value(String.self, forProperty: "level") }
        #expect(throws: DecodingError.self) { try content.value(String.self, forProperty: "missing") }
        #expect(throws: DecodingError.self) { try content.value(Int8.self, forProperty: "big") }
        #expect(throws: EncodingError.self) { try GeneratedContent(encoding: Double.nan) }
        let encoded = try JSONEncoder().encode(content)
        #expect(String(decoding: encoded, as: UTF8.self).contains("9007199254740993"))
        #expect(try JSONDecoder().decode(GeneratedContent.self, from: encoded) == content)
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"a": {"type": "integer"}}}"#)
        let roundTripped = try JSONDecoder().decode(GenerationSchema.self, from: try JSONEncoder().encode(schema))
        #expect(roundTripped.jsonSchema == schema.jsonSchema)
    }
}

/// A `Codable` type that is not `Generable`.
struct URLRequestLike: Generable {
    let url: URL
}
