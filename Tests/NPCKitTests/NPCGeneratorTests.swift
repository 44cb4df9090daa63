import Foundation
import GuidedGeneration
import JSONSchema
@testable import NPCKit
import RegexAutomata
import Testing

@Suite struct NPCGeneratorTests {
    /// Examples go to a model that declares `followsExamples` (a language model, or a fallback
    /// led by one) and never to the procedural model, which writes from the content itself.
    @Test func examplesGoToModelsThatFollowThem() throws {
        struct Language: LanguageModel {
            func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn { .text("") }
        }
        let library = try ContentLibrary.builtIn()
        #expect(try !NPCGenerator(library: library).showsExamples)
        #expect(try NPCGenerator(library: library, model: Language()).showsExamples)
        #expect(try NPCGenerator(library: library, model: FallbackModel(primary: Language(), fallback: library.model)).showsExamples)
        #expect(RiddleGenerator(library: library).examples.isEmpty)
        #expect(RiddleGenerator(library: library, model: Language()).examples.count == library.riddles.count)
    }

    /// A model that copies its example's complaint word for word is asked again with another
    /// example; the reply that copies nothing is kept.
    @Test func aCopiedExampleIsAskedAgain() async throws {
        let library = try ContentLibrary.builtIn()
        let procedural = try NPCGenerator(library: library)
        var seed: UInt64 = 1
        var example = try await procedural.npcContent(seed: NPCGenerator.itemSeed(seed, 1))
        while example["encounter"]?["complaint"] == nil {
            seed += 1
            example = try await procedural.npcContent(seed: NPCGenerator.itemSeed(seed, 1))
        }
        let complaint = try #require(example["encounter"]?["complaint"]?.stringValue)
        // Copies the example it was shown, then writes its own complaint.
        let model = ScriptedWriter { turn, shown in
            let example = shown.last ?? ""
            guard turn > 1, let complaint = (try? GeneratedContent(json: example))?["encounter"]?["complaint"]?.stringValue else { return example }
            return example.replacingOccurrences(of: complaint, with: "My own words, thank you.")
        }
        let npc = try await NPCGenerator(library: library, model: model).npcContent(seed: seed)
        #expect(npc["encounter"]?["complaint"]?.stringValue != complaint)
        #expect(model.asked.withLock { $0 } >= 2)
    }

    @Test func tenThousandNPCsAreValidVariedAndFromTheMenu() async throws {
        let library = try ContentLibrary.builtIn()
        let generator = try NPCGenerator(library: library)
        let menu = library.menu
        func names(_ items: [Menu.Item]) -> Set<String> { Set(items.map(\.name)) }
        var fullNames: Set<String> = []
        let count = 10_000
        for index in 0..<count {
            let npc = try await generator.npc(seed: NPCGenerator.itemSeed(99, index))
            fullNames.insert(npc.name)
            #expect((1...10).contains(npc.level))
            #expect(npc.attributes.count == 3 && Set(npc.attributes).count == 3)
            #expect(npc.attributes.allSatisfy(library.attributes.contains))
            #expect(names(menu.drinks).contains(npc.order.drink))
            #expect(names(menu.sizes).contains(npc.order.size))
            #expect(names(menu.temperatures).contains(npc.order.temperature))
            #expect(npc.order.milk.map(names(menu.milks).contains) ?? true)
            #expect(npc.order.syrup.map(names(menu.syrups).contains) ?? true)
            #expect(npc.order.extras.allSatisfy(names(menu.extras).contains) && npc.order.extras.count <= 2)
            #expect(menu.price(of: npc.order) > 0)
            if case .wantToTalkToManager(let complaint) = npc.encounter { #expect((5...60).contains(complaint.count)) }
        }
        #expect(Double(fullNames.count) >= 0.95 * Double(count), "\(fullNames.count) distinct names")
    }

    @Test func theSameSeedGivesTheSameNPC() async throws {
        let generator = try NPCGenerator(library: try .builtIn())
        let first = try await generator.npcs(count: 20, seed: 5)
        let again = try await generator.npcs(count: 20, seed: 5)
        #expect(first == again)
        #expect(try await generator.npc(seed: NPCGenerator.itemSeed(5, 7)) == first[7])
        #expect(Set(first).count > 15)
    }

    /// Names are words without a sentence's punctuation, read alike by the library's own regex
    /// (which steers generation) and Foundation's.
    @Test func namesCarryNoSentencePunctuation() throws {
        let pattern = try RegexPattern("^(?:" + NPC.namePattern + ")$")
        for name in ["Daisy McBride", "Mary-Jane O'Brien", "J. R. Tolkien", "Martin Luther King Jr.", "Zoë Åberg", "Ngozi Okonjo-Iweala", "李 小龙"] {
            #expect(pattern.matches(name), "\(name)")
            #expect(name.range(of: "^(?:" + NPC.namePattern + ")$", options: .regularExpression) != nil, "\(name)")
        }
        for name in ["Daisy McBride,", "Daisy McBride.", "Daisy: McBride", "daisy", "Ana-", "Ana O'", "\"Ana\"", "Daisy  McBride", "no one left", "Ana (Bea)"] {
            #expect(!pattern.matches(name), "\(name)")
            #expect(name.range(of: "^(?:" + NPC.namePattern + ")$", options: .regularExpression) == nil, "\(name)")
        }
    }

    @Test func contactsNameNPCsOnceEachThenNamesAreGenerated() async throws {
        let library = try ContentLibrary.builtIn()
        let contacts = library.contacts.filter { $0.generation != nil }
        let generator = try NPCGenerator(library: library, contacts: contacts, contactSeed: 3)
        let npcs = try await generator.npcs(count: contacts.count + 40, seed: 11)
        let contactNames = Set(contacts.map(\.name))
        let named = npcs.filter { contactNames.contains($0.name) }
        #expect(Set(named.map(\.name)).count == named.count, "a contact was used twice")
        #expect(named.count >= contacts.count / 2)
        for npc in npcs {
            #expect(!npc.name.lowercased().contains("no one"))
            #expect(npc.name.range(of: "^(?:" + NPC.namePattern + ")$", options: .regularExpression) != nil, "\(npc.name)")
        }
        let byName = Dictionary(uniqueKeysWithValues: contacts.map { ($0.name, $0) })
        for npc in named { #expect(byName[npc.name]?.generation == npc.generation) }
    }

    /// The direct reader and the `Decodable` route agree on every NPC-shaped content: seeded
    /// instances of the schema (with and without the model's slots) and a few broken ones.
    @Test func theDirectReaderAgreesWithDecodable() throws {
        let library = try ContentLibrary.builtIn()
        let schema = try NPC.schema(for: library)
        for seed in 0..<2_000 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            let content = schema.generate(random: &random)
            #expect(try NPC(generated: content) == GeneratedContentDecoder().decode(NPC.self, from: content))
        }
        let validJSON = """
            {"generation": "genZ", "name": "Ada Lovelace", "order": {"size": "small", "temperature": "hot", "drink": "latte",
             "milk": null, "extras": []}, "level": 3, "attributes": ["tired"], "encounter": {"kind": "orderCoffee"}}
            """
        let valid = try GeneratedContent(json: validJSON)
        #expect(try NPC(generated: valid).order.milk == nil)
        let broken: [(String, String)] = [
            (#""level": 3"#, #""level": 3.5"#), (#""drink": "latte""#, #""drink": 7"#),
            (#""kind": "orderCoffee""#, #""kind": "dance""#), (#""attributes": ["tired"]"#, #""attributes": [1]"#),
        ]
        for (from, to) in broken {
            #expect(validJSON.contains(from))
            let content = try GeneratedContent(json: validJSON.replacingOccurrences(of: from, with: to))
            #expect(throws: NPC.ShapeError.self) { try NPC(generated: content) }
            #expect(throws: DecodingError.self) { try GeneratedContentDecoder().decode(NPC.self, from: content) }
        }
    }

    /// `NPC`'s schema is derived from the type; the content arrives as guides by path.
    @Test func theNPCSchemaIsTheTypesWithTheContentsChoices() throws {
        let library = try ContentLibrary.builtIn()
        let menu = library.menu.keeping { section, item in section != "drinks" || item.name == "mocha" }
        let schema = try NPC.schema(for: library, menu: menu)
        let root = schema.root
        #expect(root.properties.map(\.name) == ["generation", "name", "order", "level", "attributes", "encounter"])
        #expect(root.required == ["generation", "name", "order", "level", "attributes", "encounter"])
        #expect(root.description == "A customer of the coffee shop")
        func property(_ name: String, of node: GenerationSchema.Node) throws -> GenerationSchema.Node {
            try #require(node.properties.first { $0.name == name }?.node)
        }
        func words(_ node: GenerationSchema.Node) -> [String] { node.choices.compactMap { $0.value.stringValue } }
        let order = try property("order", of: root)
        #expect(order.required == ["size", "temperature", "drink", "extras"])
        #expect(words(try property("drink", of: order)) == ["mocha"])
        #expect(words(try property("size", of: order)) == menu.sizes.map(\.name))
        let attributes = try #require(try property("attributes", of: root).items)
        #expect(words(attributes) == library.attributes)
        #expect(try property("encounter", of: root).choices.isEmpty)
        // The type's own schema holds no content: any words, and the type's static guides.
        let plain = try NPC.generationSchema
        var random = SeededRandom(seed: 8)
        for _ in 0..<200 {
            let content = schema.generate(random: &random)
            let npc = try NPC(content)
            #expect(npc.order.drink == "mocha" && npc.order.extras.count <= 2)
            #expect(plain.isValid(try npc.generatedContent))
        }
        #expect(!plain.isValid(try GeneratedContent(json: """
            {"generation": "genZ", "name": "ada", "order": {"size": "s", "temperature": "t", "drink": "d", "extras": []},
             "level": 3, "attributes": ["a", "b", "c"], "encounter": {"kind": "orderCoffee"}}
            """)), "a lower-case name breaks the type's own pattern guide")
        #expect(throws: GenerationSchema.SchemaError.self) { try NPC.schema(for: library, menu: library.menu.keeping { section, _ in section != "sizes" }) }
    }

    @Test func ordersAndEncountersReadWell() {
        let order = CoffeeOrder(size: "large", temperature: "iced", drink: "latte", milk: "oat", syrup: "vanilla", extras: ["an extra shot"])
        #expect(order.description == "a large iced oat latte with vanilla syrup and an extra shot")
        #expect(CoffeeOrder(size: "extra large", temperature: "hot", drink: "mocha").description == "an extra large hot mocha")
    }
}
