import Foundation
@testable import GuidedGeneration
@testable import ProceduralModel
import Testing

/// Schemas nobody wrote content for, on the default model: a string property is read through the
/// built-in lexicon — the words of its name, its description and the prompt — and takes a value
/// of the kind they name (a drink, a colour, a place…), never the corpus's storytelling.
@Suite("The built-in lexicon: fields nobody wrote content for")
struct FieldKindTests {
    /// The seed example of issue 39: an NPC of an app's own, with a coffee order.
    struct NPC: Generable {
        let name: String
        let coffeeOrder: String
    }

    /// Several kinds at once, and a number beside them.
    struct Villager: Generable {
        let name: String
        let age: Int
        let hometown: String
        let favoriteColor: String
        let hobbies: [String]
        static let guides: [String: GenerationGuide] = ["age": .range(18...90), "hobbies": .count(2)]
    }

    /// A property, the prompt it is generated under, optionally its description, and the kind
    /// (a symbol of the built-in pack) its value must be; nil: no kind, the documented fallback.
    struct Case: CustomTestStringConvertible, Sendable {
        let property: String
        let prompt: String
        var description: String? = nil
        let kind: String?
        var testDescription: String { "\(property) under “\(prompt)”" }
    }

    static let cases: [Case] = [
        Case(property: "coffeeOrder", prompt: "Generate a character that orders a coffee.", kind: "drink"),
        Case(property: "order", prompt: "Generate a character that orders a coffee.", kind: "drink"),
        Case(property: "usualOrder", prompt: "A regular who drinks tea every morning.", kind: "drink"),
        Case(property: "favouriteDrink", prompt: "Invent a sailor on shore leave.", kind: "drink"),
        Case(property: "lunchOrder", prompt: "Make up a builder on a break.", kind: "food"),
        Case(property: "favorite_food", prompt: "Describe a picky eater.", kind: "food"),
        Case(property: "favouriteSnack", prompt: "Invent a hiker.", kind: "food"),
        Case(property: "favoriteColor", prompt: "Describe a painter.", kind: "colour"),
        Case(property: "eye_color", prompt: "Invent a detective.", kind: "colour"),
        Case(property: "hair-colour", prompt: "Invent a wizard.", kind: "colour"),
        Case(property: "hometown", prompt: "Invent a traveller.", kind: "hometown"),
        Case(property: "birthplace", prompt: "Invent a knight.", kind: "hometown"),
        Case(property: "home_city", prompt: "Invent a sailor.", kind: "hometown"),
        Case(property: "placeOfBirth", prompt: "Invent an explorer.", kind: "hometown"),
        Case(property: "workplace", prompt: "Invent a clerk.", kind: "place"),
        Case(property: "catchphrase", prompt: "Invent a pirate.", kind: "catchphrase"),
        Case(property: "motto", prompt: "Invent a knight.", kind: "catchphrase"),
        Case(property: "signatureQuip", prompt: "Invent a comedian.", kind: "catchphrase"),
        Case(property: "occupation", prompt: "Invent a villager.", kind: "occupation"),
        Case(property: "job", prompt: "Describe a neighbour.", kind: "occupation"),
        Case(property: "jobTitle", prompt: "Invent a commuter.", kind: "occupation"),
        Case(property: "petName", prompt: "Invent a family.", kind: "petName"),
        Case(property: "dogName", prompt: "Invent a farmer.", kind: "petName"),
        Case(property: "pet", prompt: "Invent a child.", kind: "animal"),
        Case(property: "spiritAnimal", prompt: "Invent a mystic.", kind: "animal"),
        Case(property: "mood", prompt: "Describe a shopkeeper.", kind: "mood"),
        Case(property: "currentMood", prompt: "Describe a guard at dawn.", kind: "mood"),
        Case(property: "hobby", prompt: "Invent a retiree.", kind: "hobby"),
        Case(property: "pastime", prompt: "Invent a librarian.", kind: "hobby"),
        Case(property: "bestFriend", prompt: "Invent a schoolchild.", kind: "fullName"),
        Case(property: "rivalName", prompt: "Invent a chess player.", kind: "fullName"),
        Case(property: "nickname", prompt: "Invent a boxer.", kind: "nickname"),
        Case(property: "luckyCharm", prompt: "Invent a gambler.", kind: "item"),
        Case(property: "personalityTrait", prompt: "Invent a cat burglar.", kind: "attribute"),
        Case(property: "age", prompt: "Invent a grandparent.", kind: "age"),
        // Descriptions (guides) name the kind when the name says nothing.
        Case(property: "detail", prompt: "Invent a tailor.", description: "Their favourite colour", kind: "colour"),
        Case(property: "note", prompt: "Invent a miner.", description: "What they like to drink after work", kind: "drink"),
        // "order" names a drink only when the prompt speaks of one; otherwise nothing matches.
        Case(property: "order", prompt: "Invent a knight.", kind: nil),
        Case(property: "secretFear", prompt: "Invent a spy.", kind: nil),
    ]

    static let options = (0..<3 as Range<UInt64>).map { GenerationOptions(samplingMode: .random(top: 40, seed: $0)) }

    @Test(arguments: cases)
    func aPropertyTakesAValueOfTheKindItsWordsName(_ test: Case) async throws {
        let description = test.description.map { #", "description": "\#($0)""# } ?? ""
        let schema = try GenerationSchema(jsonSchema: """
            {"type": "object", "properties": {"\(test.property)": {"type": "string"\(description)}}, "required": ["\(test.property)"]}
            """)
        for options in Self.options {
            let content = try await LanguageModelSession().respond(to: test.prompt, schema: schema, options: options).content
            let value = try content.value(String.self, forProperty: test.property)
            let again = try await LanguageModelSession().respond(to: test.prompt, schema: schema, options: options).content
            #expect(again == content, "seeded generation is deterministic")
            if let kind = test.kind {
                #expect(try Self.isOfKind(value, kind), "\(test.property): “\(value)” is not a value of \(kind)")
            } else {
                let kinds = Set(Self.cases.compactMap(\.kind))
                #expect(try !kinds.contains { try Self.isOfKind(value, $0) }, "\(test.property): “\(value)” should be the fallback")
                #expect(!value.isEmpty)
            }
        }
    }

    /// Issue 39, item 4: the coffee order of an app's own NPC is a drink, not corpus text.
    @Test func theSeedNPCOrdersADrink() async throws {
        let prompt = "Generate a character that orders a coffee."
        let plain = try await LanguageModelSession().respond(to: prompt, generating: NPC.self).content
        #expect(try Self.isOfKind(plain.coffeeOrder, "drink"), "\(plain.coffeeOrder)")
        for seed in 0..<10 as Range<UInt64> {
            let options = GenerationOptions(samplingMode: .random(top: 40, seed: seed))
            let npc = try await LanguageModelSession().respond(to: prompt, generating: NPC.self, options: options).content
            #expect(try Self.isOfKind(npc.coffeeOrder, "drink"), "seed \(seed): \(npc.coffeeOrder)")
            #expect(try Self.isOfKind(npc.name, "fullName"), "seed \(seed): \(npc.name)")
        }
    }

    @Test func aTypeMixesKindsAndNumbersStayNumbers() async throws {
        for seed in 0..<10 as Range<UInt64> {
            let options = GenerationOptions(samplingMode: .random(top: 40, seed: seed))
            let villager = try await LanguageModelSession().respond(to: "Invent a villager.", generating: Villager.self, options: options).content
            #expect((18...90).contains(villager.age))
            #expect(try Self.isOfKind(villager.hometown, "hometown"), "\(villager.hometown)")
            #expect(try Self.isOfKind(villager.favoriteColor, "colour"), "\(villager.favoriteColor)")
            #expect(villager.hobbies.count == 2)
            for hobby in villager.hobbies { #expect(try Self.isOfKind(hobby, "hobby"), "\(hobby)") }
        }
    }

    /// A game's pack layered on the built-in one adds kinds of its own.
    @Test func aPackAddsItsOwnKinds() async throws {
        let spells = #"""
            {"grammar": {"symbols": {"spell": ["Fireball", "Frost Nova", "Arcane Ward"]}},
             "lexicon": [{"symbol": "spell", "words": ["spell", "incantation"]}]}
            """#
        let content = try ProceduralContent(documents: ProceduralContent.builtInDocuments + [(name: "spells.json", json: spells)])
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"favouriteSpell": {"type": "string"}}, "required": ["favouriteSpell"]}"#)
        for options in Self.options {
            let session = LanguageModelSession(model: ProceduralModel(content: content))
            let spell = try await session.respond(to: "Invent a wizard.", schema: schema, options: options).content
            #expect(try ["Fireball", "Frost Nova", "Arcane Ward"].contains(spell.value(String.self, forProperty: "favouriteSpell")))
        }
    }

    // MARK: - Kinds, read from the built-in pack

    /// Whether `value` is one of the values `kind` (a symbol of the built-in pack) expands to:
    /// a full name is a first name and a last name; an age is a whole number of years; every
    /// other kind is a list of plain values and of other such kinds (a drink may be a coffee).
    static func isOfKind(_ value: String, _ kind: String) throws -> Bool {
        switch kind {
        case "fullName":
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return false }
            return try plainValues(of: "firstName").contains(parts[0]) && plainValues(of: "lastName").contains(parts[1])
        case "age":
            return Int(value).map { (16...99).contains($0) } ?? false
        default:
            return try plainValues(of: kind).contains(value)
        }
    }

    /// The values a symbol expands to when each alternative is plain text or a whole other
    /// such symbol (`#coffee#`).
    static func plainValues(of symbol: String) throws -> Set<String> {
        let alternatives = try #require(try ProceduralContent.builtIn.grammar.alternatives(of: symbol), "no symbol \(symbol)")
        var values = Set<String>()
        for text in alternatives.map(\.text) {
            if text.count > 2, text.hasPrefix("#"), text.hasSuffix("#"), !text.dropFirst().dropLast().contains("#") {
                values.formUnion(try plainValues(of: String(text.dropFirst().dropLast())))
            } else {
                #expect(!text.contains("#"), "\(symbol) is not a plain list: \(text)")
                values.insert(text)
            }
        }
        return values
    }
}
