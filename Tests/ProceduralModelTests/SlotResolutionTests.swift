import ConstrainedDecoding
import Foundation
@testable import GuidedGeneration
@testable import ProceduralModel
import Testing

@Suite("ProceduralContent: slot resolution and record matching")
struct SlotResolutionTests {
    static func fixture() throws -> ProceduralContent {
        try ProceduralContent(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/procedural-pack"))
    }

    private func symbol(_ name: String, description: String? = nil, parent: String? = nil, hints: [String] = [],
                        in content: ProceduralContent? = nil) throws -> String? {
        try (content ?? Self.fixture()).slotSymbol(for: SlotQuery(name: name, description: description, parentType: parent, hints: hints))
    }

    @Test func identifierWordsSplitEveryNamingStyle() {
        #expect(SlotWords.identifierWords("customerName") == ["customer", "name"])
        #expect(SlotWords.identifierWords("CustomerName") == ["customer", "name"])
        #expect(SlotWords.identifierWords("customer_name") == ["customer", "name"])
        #expect(SlotWords.identifierWords("customer-name") == ["customer", "name"])
        #expect(SlotWords.identifierWords("URLPath2go") == ["url", "path", "2", "go"])
        #expect(SlotWords.identifierWords("  ") == [])
        #expect(SlotWords.keywords("The customer's favourite drinks, glass and all") == ["customer", "favourite", "drink", "glass", "all"])
    }

    @Test func exactNameBeatsEverythingElse() throws {
        // "status" is the exact name of the status slot, though the description speaks of a module.
        #expect(try symbol("status", description: "which station module", parent: "Pilot") == "status")
        #expect(try symbol("firstName", description: "the crew member's full name") == "firstName")
    }

    @Test func nameMatchIgnoresCaseAndSeparators() throws {
        #expect(try symbol("first_name") == "firstName")
        #expect(try symbol("FirstName") == "firstName")
        #expect(try symbol("call-sign") == "callSign")
        // A normalised name match beats a better description match.
        #expect(try symbol("crew_name", description: "radio call sign") == "crewName")
    }

    @Test func descriptionPhrasesRankByConsecutiveWordsThenOverlap() throws {
        #expect(try symbol("who", description: "A full name") == "crewName")
        // "first name" occurs as consecutive words; the crew slot only shares the word "name".
        #expect(try symbol("who", description: "The pilot's first name") == "firstName")
        #expect(try symbol("where", description: "Where on the station it happened") == "moduleName")
        #expect(try symbol("sign", hints: ["Radio call sign of the ship"]) == "callSign")
        // A description beats the parent type.
        #expect(try symbol("notes", description: "a status report", parent: "Pilot") == "status")
    }

    @Test func parentTypeIsTheLastResort() throws {
        #expect(try symbol("anything", parent: "Pilot") == "callSign")
        #expect(try symbol("anything", parent: "crew_member") == "crewName")
        #expect(try symbol("anything", parent: "Cargo") == nil)
        #expect(try symbol("anything", description: "completely unrelated words") == nil)
    }

    @Test func tiesGoToTheHeavierSlotThenTheFirstDeclared() throws {
        // Both moduleName (weight 1) and status (weight 3) list the type Incident.
        #expect(try symbol("detail", parent: "Incident") == "status")
        let equal = try ProceduralContent(documents: [(name: "tie.json", json: #"""
            {"grammar": {"symbols": {"a": ["A"], "b": ["B"]}},
             "slots": [{"symbol": "a", "names": ["x"], "types": ["T"]}, {"symbol": "b", "names": ["x"], "types": ["T"]}],
             "corpus": ["Words here."]}
            """#)])
        #expect(try symbol("x", in: equal) == "a")
        #expect(try symbol("other", parent: "T", in: equal) == "a")
    }

    @Test func recordsAreMatchedByShapeCaseInsensitively() throws {
        let content = try Self.fixture()
        let puzzle = RecordShape(keys: ["Question", "CHOICES"], nested: ["choices": RecordShape(keys: ["label", "correct"])])
        #expect(content.recordCollection(matching: puzzle)?.name == "puzzles")
        #expect(content.recordCollection(matching: RecordShape(keys: ["meaning", "code"]))?.name == "codes")
        // Extra, missing or differently nested keys do not match.
        #expect(content.recordCollection(matching: RecordShape(keys: ["code", "meaning", "priority"])) == nil)
        #expect(content.recordCollection(matching: RecordShape(keys: ["code"])) == nil)
        #expect(content.recordCollection(matching: RecordShape(keys: ["question", "choices"])) == nil)
        #expect(content.recordCollection(matching: RecordShape(keys: ["question", "choices"], nested: ["choices": RecordShape(keys: ["label"])])) == nil)
        let builtIn = try ProceduralContent.builtIn
        let riddle = RecordShape(keys: ["question", "answers"], nested: ["answers": RecordShape(keys: ["text", "isCorrect"])])
        #expect((builtIn.recordCollection(matching: riddle)?.records.count ?? 0) >= 3)
    }

    @Test func builtInSlotsFillGenericCharacterFields() throws {
        let builtIn = try ProceduralContent.builtIn
        #expect(try symbol("name", description: "A full name", in: builtIn) == "fullName")
        #expect(try symbol("given_name", in: builtIn) == "firstName")
        #expect(try symbol("profession", in: builtIn) == "occupation")
        #expect(try symbol("traits", in: builtIn) == "attribute")
        #expect(try symbol("hometown", in: builtIn) == "hometown")
        // Names no slot lists are read through the lexicon.
        #expect(try symbol("favoriteColor", in: builtIn) == "colour")
        #expect(try symbol("rivalName", in: builtIn) == "fullName")
        #expect(try symbol("petName", in: builtIn) == "petName")
        #expect(try symbol("coffeeOrder", in: builtIn) == "coffee")
        // A cue names its kind only when the prompt does: `order` alone is no drink.
        #expect(try symbol("order", in: builtIn) == nil)
        #expect(try builtIn.slotSymbol(for: SlotQuery(name: "order", promptKinds: ["coffee"])) == "coffee")
        // A modifier alone names nothing; a description does.
        #expect(try symbol("petPeeve", in: builtIn) == nil)
        #expect(try symbol("detail", description: "Their favourite colour", in: builtIn) == "colour")
    }

    @Test func theCoffeeShopPackFillsItsOwnFields() throws {
        let shop = try RepositoryContent.coffeeShop()
        #expect(try symbol("name", description: "A full name", in: shop) == "fullName")
        #expect(try symbol("coffeeOrder", in: shop) == "drinkOrder")
        #expect(try symbol("drink", in: shop) == "drink")
        #expect(try symbol("given_name", in: shop) == "firstName")
        #expect(try symbol("complaint", in: shop) == "complaint")
    }

    @Test func aPositionalPayloadIsReadThroughItsEnumCase() throws {
        let shop = try RepositoryContent.coffeeShop()
        func payload(of caseType: String, name: String = "_0") -> String? {
            let field = FieldContext(propertyName: name, parentHints: FieldHints(typeName: caseType))
            return shop.slotSymbol(for: SlotQuery(field: field, name: name))
        }
        #expect(payload(of: "orderCoffeeCase") == "drinkOrder")
        #expect(payload(of: "complainCase") == "complaint")
        #expect(payload(of: "orderCoffeeCase", name: "_1") == "drinkOrder")
        // A named property does not borrow its parent's name as a description.
        #expect(payload(of: "orderCoffeeCase", name: "whisker") == nil)
    }
}
