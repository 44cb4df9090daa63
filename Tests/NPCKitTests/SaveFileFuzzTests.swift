@testable import CoffeeShopGame
import Foundation
import JSONSchema
@testable import NPCKit
import RegexAutomata
import TestSupport
import Testing

/// Every mutated save file loads as a game state that a game restores and plays on, or is
/// refused with a `SaveError`; none crashes or hangs the loader or the game.
@Suite struct SaveFileFuzzTests {
    /// Saves mutated structurally (a part replaced, a key added or removed): they stay JSON.
    static let structuralCount = 150
    /// Saves mutated as bytes, or random bytes and tokens.
    static let byteCount = 150
    /// Commands played on each restored game, touching the conversation, the riddle, the inventory.
    static let commands = ["look", "Hello there", "answer 2", "bye", "make", "resolve", "score", "inventory", "saves"]

    /// A save of a game with a customer met and talked to, a riddle open, an encounter type made
    /// and the barista greeted.
    private static func validSave(in store: SaveStore) async throws -> [UInt8] {
        let game = try GameTests.newGame(saves: store)
        _ = await GameTests.play(game, ["go seating", "talk customer", "what's going on?", "bye", "nook", "riddles", "riddle",
                                        "create Order: drink one of latte|mocha, shots integer 1...3", "talk barista", "Hello!", "save seed"])
        return Array(try Data(contentsOf: try store.url(of: "seed")))
    }

    /// Every key the save holds, to add elsewhere with odd values.
    private static func keys(of value: GeneratedContent) -> [String] {
        switch value.kind {
        case .structure(let properties, let keys): keys + keys.flatMap { Self.keys(of: properties[$0]!) }
        case .array(let elements): elements.flatMap(keys(of:))
        default: []
        }
    }

    @Test func mutatedSavesLoadAndPlayOrAreRefusedWithASaveError() async throws {
        let store = try SaveStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("save-fuzz-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let seed = try await Self.validSave(in: store)
        let document = try GeneratedContent(jsonBytes: seed)
        let values: [String] = [
            "\"counter\"", "\"nowhere\"", "\"2026-11-28T00:00:00Z\"", "\"not a date\"", #"{"npc": {"index": 99}}"#, #"{"barista": {}}"#,
            #"{"name": "X", "source": "X: a b c"}"#, #"{"name": "X", "source": "{\"type\": \"integer\", \"minimum\": 2, \"maximum\": 1}"}"#,
            #"{"year": 2026, "month": 2, "day": 30}"#,
        ]
        var mutator = JSONMutator(random: SeededRandom(seed: 6_000), keys: Array(Set(Self.keys(of: document))).sorted(),
                                  values: try values.map { try GeneratedContent(json: $0) })
        var inputs = FuzzInputs(random: SeededRandom(seed: 6_001), seeds: [seed],
                                tokens: ["{", "}", "[", "]", ",", ":", "\"", "null", "-1", "\"formatVersion\": 1", "\"formatVersion\": 2"],
                                nesting: [("[", "]"), ("{\"a\":", "}")])
        let file = try store.url(of: "fuzz")
        let game = try GameTests.newGame()
        var loaded = 0
        for index in 0..<(Self.structuralCount + Self.byteCount) {
            let bytes: [UInt8]
            if index < Self.structuralCount {
                var mutated = document
                for _ in 0...mutator.random.below(3) { mutated = mutator.mutate(mutated) }
                bytes = Array(mutated.jsonString.utf8)
            } else {
                bytes = inputs.next()
            }
            try Data(bytes).write(to: file)
            // `load` throws only `SaveError` (typed throws).
            guard let state = try? store.load("fuzz") else { continue }
            loaded += 1
            await game.restore(state)
            _ = await GameTests.play(game, Self.commands)
        }
        #expect(loaded > Self.structuralCount / 10)
        #expect(throws: Never.self) { try store.list() }
    }
}
