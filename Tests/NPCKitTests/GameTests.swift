import Foundation
import Testing
@testable import NPCKit

@Suite struct GameTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 28)!

    static func newGame(saves: SaveStore? = nil, seed: UInt64 = 7) throws -> Game {
        try Game(library: try .builtIn(), setup: .init(seed: seed, today: today, saves: saves))
    }

    static func play(_ game: Game, _ commands: [String]) async -> [String] {
        var replies: [String] = []
        for command in commands { replies.append(await game.handle(command).text) }
        return replies
    }

    @Test func aLoadedGameIsTheSavedGameAndCustomersRememberTheirConversation() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("game-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try Self.newGame(saves: store)
        _ = await Self.play(game, ["go seating", "talk customer", "what's going on?", "Nice weather?", "bye", "nook", "riddles", "riddle",
                                   "create Order: drink one of latte|mocha, shots integer 1...3", "talk barista", "Hello!"])
        #expect(await game.handle("save before").text == "Saved as 'before'.")
        let saved = game.state
        let firstCustomer = try #require(saved.met.first)
        #expect(firstCustomer.transcript?.count ?? 0 >= 5)

        let loaded = try Self.newGame(saves: store, seed: 99)
        #expect(await loaded.handle("load before").text.hasPrefix("Loaded 'before', saved "))
        #expect(loaded.state == saved.withStableIdentifiers(), "the save renumbers the conversations' identifiers, nothing else")

        // The customer's conversation carries on from the saved transcript.
        _ = await Self.play(loaded, ["bye", "nook", "seating", "talk \(firstCustomer.npc.name)", "And tomorrow?"])
        let resumed = try #require(loaded.state.met.first?.transcript)
        #expect(Array(resumed.prefix(firstCustomer.transcript!.count)) == Array(firstCustomer.transcript!.renumbered(prefix: "customer0")))
        #expect(resumed.count > firstCustomer.transcript!.count)
    }

    @Test func customersNeverRepeatAContactEvenAcrossALoad() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("game-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try Self.newGame(saves: store)
        // Serve or settle each customer, then walk on so a new one turns up.
        let round = ["seating", "make", "resolve", "window", "make", "resolve", "seating", "patio", "make", "resolve", "seating"]
        _ = await Self.play(game, round + round)
        _ = await game.handle("save walk")
        let loaded = try Self.newGame(saves: store)
        _ = await loaded.handle("load walk")
        _ = await Self.play(loaded, round + round)
        let contacts = Set(try ContentLibrary.builtIn().contacts.map(\.name))
        let named = loaded.state.met.map(\.npc.name).filter(contacts.contains)
        #expect(named.count > 10)
        #expect(Set(named).count == named.count)
    }

    @Test func aLongConversationIsCondensedNotFatal() async throws {
        let game = try Self.newGame()
        _ = await game.handle("talk barista")
        for turn in 0..<300 {
            let reply = await game.handle("Tell me about the espresso machine and the milk steamer, please (\(turn)).")
            #expect(reply.text.hasPrefix("Juno: "), "\(reply.text)")
        }
    }

    @Test func theLevelCreatorTakesNotationOrJSONSchemaAndItsInstancesTurnUp() async throws {
        let game = try Self.newGame()
        let made = await game.handle("create Pastry: name text, flaky bool")
        #expect(made.text.hasPrefix("Created 'Pastry'. Three of them:"))
        let json = await game.handle(#"create {"title": "Tip", "type": "object", "properties": {"coins": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["coins"]}"#)
        #expect(json.text.hasPrefix("Created 'Tip'."), "\(json.text)")
        let broken = await game.handle("create Riddle: answers list of Answr")
        #expect(broken.text.hasPrefix("The level creator can't read that: "))
        #expect(game.state.encounterTypes.map(\.name) == ["Pastry", "Tip"])
        let walk = await game.handle("go seating")
        #expect(walk.text.contains("One of your own creations turns up here: {"))
        #expect(game.state.customEncounters.count == 5)
    }

    @Test func commandsAreReadWithTheirShortForms() {
        #expect(GameCommand(parsing: "x tip jar") == .examine("tip jar"))
        #expect(GameCommand(parsing: "look at the fern") == .examine("the fern"))
        #expect(GameCommand(parsing: "go to patio") == .go("patio"))
        #expect(GameCommand(parsing: "talk to Juno") == .talk("Juno"))
        #expect(GameCommand(parsing: "2") == .answer("2"))
        #expect(GameCommand(parsing: "save") == .save(nil))
        #expect(GameCommand(parsing: "patio") == .unknown("patio"))
        #expect(GameCommand.leavesConversation("bye"))
        #expect(!GameCommand.leavesConversation("Make me laugh"))
        #expect(GameCommand.leavesConversation("make"))
    }
}

@Suite struct SaveStoreTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("save-store-\(UUID().uuidString)")
    }

    @Test func namesThatCouldLeaveTheFolderAreRefused() throws {
        let store = try SaveStore(directory: Self.folder())
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let state = GameState(seed: 1, today: GameTests.today, room: "counter")
        for name in ["../x", "a/b", "", ".hidden", "x..y", "trailing.", String(repeating: "a", count: 65), "tab\tname", "~root"] {
            #expect(throws: SaveError.badName(name)) { try store.save(state, as: name) }
        }
        try store.save(state, as: "ok-name_2.v1")
        #expect(try store.load("ok-name_2.v1") == state)
    }

    @Test func savingKeepsTheLastSaveAsABackupAndListsNewestFirst() throws {
        let store = try SaveStore(directory: Self.folder())
        defer { try? FileManager.default.removeItem(at: store.directory) }
        var state = GameState(seed: 1, today: GameTests.today, room: "counter")
        try store.save(state, as: "one", at: Date(timeIntervalSince1970: 1_000))
        state.room = "patio"
        try store.save(state, as: "one", at: Date(timeIntervalSince1970: 2_000))
        try store.save(state, as: "two", at: Date(timeIntervalSince1970: 1_500))
        let backup = try Data(contentsOf: store.directory.appendingPathComponent("one.json.bak"))
        #expect(String(decoding: backup, as: UTF8.self).contains("\"room\" : \"counter\""))
        #expect(try store.list().map(\.name) == ["one", "two"])
        #expect(try store.list().first?.room == "patio")
        #expect(throws: SaveError.notFound("three")) { try store.load("three") }
    }
}
