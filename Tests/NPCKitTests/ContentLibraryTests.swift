import Foundation
import Testing
@testable import NPCKit

@Suite struct ContentLibraryTests {
    @Test func builtInContentLoadsAndHoldsEverything() throws {
        let library = try ContentLibrary.builtIn()
        #expect(library.riddles.count >= 80)
        #expect(library.attributes.count >= 40)
        #expect(library.contacts.count >= 30)
        #expect(library.events.count >= 60)
        #expect(library.procedural.intents.count >= 40)
        #expect(library.world.rooms.count >= 7)
        #expect(!library.barista.instructions.isEmpty)
        for riddle in library.riddles { #expect(throws: Never.self) { try riddle.check() } }
        for generation in AgeGeneration.allCases {
            #expect(library.contacts.filter { $0.generation == generation }.count >= 8, "generation \(generation)")
        }
    }

    @Test func environmentVariableNamesAnOverlay() throws {
        let pack = try OverlayPack()
        try pack.write("game/barista.json", #"{"barista": {"name": "Rook", "instructions": "You are Rook, a night-shift barista."}}"#)
        let library = try ContentLibrary.fromEnvironment([ContentLibrary.environmentVariable: pack.url.path])
        #expect(library.barista.name == "Rook")
        #expect(try ContentLibrary.fromEnvironment([:]).barista.name == ContentLibrary.builtIn().barista.name)
    }

    @Test func overlayExtendsTheProceduralPack() throws {
        let pack = try OverlayPack()
        try pack.write("procedural/more-riddles.json", """
            {"records": {"riddles": [{"question": "What has keys but opens no locks?",
              "answers": [{"text": "A piano", "isCorrect": true}, {"text": "A jailer", "isCorrect": false}, {"text": "A map", "isCorrect": false}]}]}}
            """)
        let library = try ContentLibrary(overlay: pack.url)
        #expect(library.riddles.count == (try ContentLibrary.builtIn().riddles.count) + 1)
        #expect(library.riddles.last?.question == "What has keys but opens no locks?")
    }

    /// Each broken file gives an error naming the file and the key path.
    @Test(arguments: [
        ("game/rooms.json", #"{"start": "counter", "rooms": [{"id": "counter", "name": "Counter", "aliases": [], "description": "Here.", "exits": ["cellar"], "things": [], "features": []}]}"#,
         "rooms.json", "rooms[0].exits[0]"),
        ("game/rooms.json", #"{"start": "attic", "rooms": [{"id": "counter", "name": "Counter", "aliases": [], "description": "Here.", "exits": [], "things": [], "features": []}]}"#,
         "rooms.json", "start"),
        ("game/rooms.json", #"{"start": "a", "rooms": [{"id": "a", "name": "A", "aliases": [], "description": "x", "exits": ["b"], "things": [], "features": []}, {"id": "b", "name": "B", "aliases": [], "description": "y", "exits": [], "things": [], "features": []}]}"#,
         "rooms.json", "rooms[0].exits[0]"),
        ("game/contacts.json", #"{"contacts": [{"name": "Ann Lee", "birthday": "1990-02-30"}]}"#, "contacts.json", "contacts[0]"),
        ("game/events.json", #"{"events": [{"title": "Tea", "date": "2026-12-01", "contacts": ["Nobody Known"]}]}"#, "events.json", "events[0].contacts[0]"),
        ("game/menu.json", #"{"currency": "coins", "drinks": [{"name": "unicorn frappe", "price": 9}], "sizes": [], "milks": [], "syrups": [], "extras": [], "temperatures": []}"#,
         "menu.json", "drinks[0].name"),
        ("game/barista.json", #"{"barista": {"name": "Rook"}}"#, "barista.json", "barista"),
        ("game/writing.json", #"{"writing": {"npc": {"instructions": "Invent people.", "prompt": ""}, "riddle": {"instructions": "Riddles.", "prompt": "One."}}}"#,
         "writing.json", "writing.npc.prompt"),
        ("game/writing.json", #"{"writing": {"npc": {"instructions": "Invent people.", "prompt": "One."}}}"#, "writing.json", "writing.riddle"),
        ("procedural/bad-riddle.json", #"{"records": {"riddles": [{"question": "Two right?", "answers": [{"text": "a", "isCorrect": true}, {"text": "b", "isCorrect": true}, {"text": "c", "isCorrect": false}]}]}}"#,
         "bad-riddle.json", "records.riddles[0]"),
    ])
    func brokenFilesNameTheFileAndKeyPath(file: String, json: String, fileName: String, keyPath: String) throws {
        let pack = try OverlayPack()
        try pack.write(file, json)
        do {
            _ = try ContentLibrary(overlay: pack.url)
            Issue.record("\(file) loaded")
        } catch {
            #expect(error.description.contains(fileName), "\(error)")
            #expect(error.description.contains(keyPath), "\(error)")
            if case .invalid(_, let path, _) = error { #expect(path.hasPrefix(keyPath)) } else { Issue.record("\(error)") }
        }
    }

    /// The built-in menu with one change: food priced below zero or listed twice, or a drink
    /// said to be two sentences, is refused at its key path.
    @Test(arguments: [(#""food": ["#, #""food": [{"name": "toast", "price": -1}, "#, "food[0].price"),
                      (#""food": ["#, #""food": [{"name": "toast", "price": 2}, "#, "food[13].name"),
                      (#""about": "a double shot"#, #""about": "a shot. Then milk"#, "drinks[0].about")])
    func aBrokenMenuNamesItsItem(original: String, replacement: String, keyPath: String) throws {
        let builtIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../content/game/menu.json")
        let text = try String(contentsOf: builtIn, encoding: .utf8)
        #expect(text.contains(original))
        let pack = try OverlayPack()
        try pack.write("game/menu.json", text.replacingOccurrences(of: original, with: replacement))
        #expect(throws: ContentLibraryError.self) { try ContentLibrary(overlay: pack.url) }
        do {
            _ = try ContentLibrary(overlay: pack.url)
        } catch {
            if case .invalid(_, let path, _) = error { #expect(path == keyPath, "\(error)") } else { Issue.record("\(error)") }
        }
    }

    @Test func anIndependentCopyHoldsTheSameContentAndMakesTheSameNPCs() async throws {
        let pack = try OverlayPack()
        try pack.write("game/barista.json", #"{"barista": {"name": "Remy", "instructions": "You are Remy, a barista."}}"#)
        let library = try ContentLibrary(overlay: pack.url)
        let copy = try library.independentCopy()
        #expect(copy.documents == library.documents)
        #expect(copy.barista.name == "Remy")
        let original = try await NPCGenerator(library: library).npcs(count: 20, seed: 4)
        #expect(try await NPCGenerator(library: copy).npcs(count: 20, seed: 4) == original)
    }

    @Test func malformedJSONNamesTheLine() throws {
        let pack = try OverlayPack()
        try pack.write("game/menu.json", "{\n  \"currency\": \"coins\",\n  \"drinks\": [,]\n}")
        do {
            _ = try ContentLibrary(overlay: pack.url)
            Issue.record("a malformed file loaded")
        } catch {
            guard case .malformedJSON(let file, let line, _, _) = error else { Issue.record("\(error)"); return }
            #expect(file.hasSuffix("game/menu.json"))
            #expect(line == 3)
            #expect(error.description == "\(file): line 3, column 14: expected a JSON value, found ','")
        }
    }

    @Test func unknownGameFilesAndMissingDirectoriesAreRefused() throws {
        let pack = try OverlayPack()
        try pack.write("game/dragons.json", "{}")
        #expect(throws: ContentLibraryError.self) { _ = try ContentLibrary(overlay: pack.url) }
        do { _ = try ContentLibrary(overlay: pack.url) } catch {
            #expect(error.description.contains("dragons.json: not a game content file"))
        }
        #expect(throws: ContentLibraryError.self) { _ = try ContentLibrary(overlay: pack.url.appendingPathComponent("nowhere")) }
    }
}

/// A temporary overlay directory, removed when the value goes away.
final class OverlayPack {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("npckit-overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, _ text: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
