import Foundation
@testable import GuidedGeneration
@testable import ProceduralModel
import RegexAutomata
import Testing

/// The neutral fixture pack (a space station) under `Fixtures/procedural-pack/`.
private let fixturePack = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/procedural-pack")

@Suite("ProceduralContent: loading and layering packs")
struct ProceduralContentTests {
    @Test func builtInPackLoadsAndExpands() throws {
        let content = try ProceduralContent.builtIn
        for symbol in ["fullName", "attribute", "occupation", "greetingReply", "nameReply", "deflection"] {
            #expect(content.grammar.contains(symbol: symbol), "missing symbol \(symbol)")
        }
        #expect(Set(content.slots.map(\.symbol)).isSuperset(of: ["fullName", "firstName", "attribute", "occupation", "hometown"]))
        let riddles = try #require(content.recordCollections.first { $0.name == "riddles" })
        #expect(riddles.records.count >= 3)
        for riddle in riddles.records {
            let correct = riddle["answers"]?.elements?.filter { $0["isCorrect"]?.boolValue == true }
            #expect(correct?.count == 1)
        }
        #expect(content.intents.count >= 2)
        #expect(content.corpus.count >= 30)
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 3)
        let line = try content.grammar.expand("greetingReply", memory: &memory, random: &random)
        #expect(!line.isEmpty && !line.contains("#"))
    }

    @Test func documentedExampleIsAValidPack() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/procedural-content.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let content = try ProceduralContent(documents: [(name: "procedural-content.md", json: block)])
        #expect(content.slots.map(\.symbol) == ["fullName"])
        #expect(content.recordCollections.map(\.name) == ["riddles"])
        #expect(content.intents.map(\.name) == ["greeting", "events", "guestName"])
        #expect(content.speakers.map(\.name) == ["guest"])
        #expect(content.slotSymbol(for: SlotQuery(name: "customer_name")) == "fullName")
        #expect(content.lexicon.map(\.symbol) == ["fullName"])
        #expect(content.slotSymbol(for: SlotQuery(name: "visitorName")) == "fullName")
        #expect(content.slotSymbol(for: SlotQuery(name: "booking", promptKinds: ["fullName"])) == "fullName")
    }

    /// The model's own pack suits any game: nothing in it is about the coffee shop, whose pack
    /// NPCKit brings. (Drinks are everyday English, so the lexicon and its kinds know coffee.)
    @Test func builtInPackIsGenericEnglish() throws {
        for document in ProceduralContent.builtInDocuments {
            #expect(document.name.hasPrefix("content/english/"))
            let words = Set(document.json.lowercased().split { !$0.isLetter }.map(String.init))
            for word in ["barista", "café", "cafe", "wifi", "menu", "pixel", "manager"] {
                #expect(!words.contains(word), "\(document.name) mentions '\(word)'")
            }
        }
    }

    @Test func builtInPackIsTheRepositoryContentFolder() throws {
        let fromDisk = try ProceduralContent(directory: RepositoryContent.english)
        let builtIn = try ProceduralContent.builtIn
        #expect(builtIn.files.map { ($0.name as NSString).lastPathComponent } == fromDisk.files.map { ($0.name as NSString).lastPathComponent })
        #expect(builtIn.files.map(\.document) == fromDisk.files.map(\.document))
    }

    @Test func fixturePackMergesItsFilesInNameOrder() throws {
        let content = try ProceduralContent(directory: fixturePack)
        #expect(content.files.map { ($0.name as NSString).lastPathComponent }
                == ["10-grammar.json", "20-slots.json", "30-records.json", "40-intents.json", "50-corpus.json", "60-overrides.json"])
        // A later symbol replaces an earlier one.
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 1)
        #expect(try content.grammar.expand("signOff", memory: &memory, random: &random) == "Over and out.")
        #expect(content.slots.map(\.symbol) == ["crewName", "firstName", "callSign", "moduleName", "status"])
        #expect(content.slots[0] == ProceduralContent.Slot(
            symbol: "crewName", names: ["name", "crewName"], descriptions: ["full name", "name of a crew member"],
            types: ["CrewMember"], weight: 2))
        // Records are appended per collection name; collections keep their first-seen order.
        #expect(content.recordCollections.map(\.name) == ["puzzles", "codes"])
        #expect(content.recordCollections[0].records.count == 2)
        // An intent of the same name replaces the earlier one in place.
        #expect(content.intents.map(\.name) == ["hello", "bye", "docking"])
        #expect(content.intents[1].examples == ["over and out", "goodbye"])
        #expect(content.intents[2].tool == .init(capability: "schedule", keywords: ["docking", "arrival"]))
        #expect(content.intents[0].tool == nil)
        #expect(content.corpus.count == 4)
        #expect(content.corpus.last == "Supply ships arrive when the solar panels face away from the sun.")
        #expect(content.textModel.vocabulary.contains("solar"))
    }

    @Test func aUserPackExtendsTheBuiltInOne() throws {
        let directory = try TemporaryPack(files: [
            "mine.json": #"""
            {"grammar": {"symbols": {"baseDrink": ["matcha"], "regular": ["#fullName#, the regular"]}},
             "slots": [{"symbol": "regular", "names": ["regular"]}],
             "intents": [{"name": "greeting", "examples": ["yo"], "response": "greetingReply"}]}
            """#,
        ])
        // Alone, the pack references symbols it does not define and has no corpus.
        #expect(throws: ProceduralContentError.self) { try ProceduralContent(directory: directory.url) }
        let builtIn = try ProceduralContent.builtIn
        let content = try builtIn.extended(with: directory.url)
        #expect(content.slots.count == builtIn.slots.count + 1)
        #expect(content.intents.count == builtIn.intents.count)
        #expect(content.intents.first { $0.name == "greeting" }?.examples == ["yo"])
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 9)
        #expect(try content.grammar.expand("baseDrink", memory: &memory, random: &random) == "matcha")
    }

    @Test func mergingTwoValidPacksLayersTheSecondOnTop() throws {
        let fixture = try ProceduralContent(directory: fixturePack)
        let builtIn = try ProceduralContent.builtIn
        let merged = try builtIn.merged(with: fixture)
        #expect(merged.slots.count == builtIn.slots.count + fixture.slots.count)
        #expect(merged.recordCollections.map(\.name) == builtIn.recordCollections.map(\.name) + fixture.recordCollections.map(\.name))
        #expect(merged.corpus == builtIn.corpus + fixture.corpus)
        let layered = try ProceduralContent(directories: [RepositoryContent.english, fixturePack])
        #expect(layered.files.map(\.document) == merged.files.map(\.document))
    }
}

/// A directory of content files in the temporary folder, removed when the value is released.
final class TemporaryPack {
    let url: URL

    init(files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("procedural-pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
