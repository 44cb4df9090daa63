@testable import CoffeeShopGame
import Foundation
@testable import NPCKit
import ProceduralModel
import Testing

@Suite struct GameTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 28)!

    /// A relaxed game (no one gives up, no day is lost), so a test can talk at length.
    static func newGame(saves: SaveStore? = nil, seed: UInt64 = 7, relaxed: Bool = true) throws -> Game {
        try Game(library: try .builtIn(), setup: .init(seed: seed, today: today, saves: saves, relaxed: relaxed))
    }

    /// Plays what the hints say until `done` holds or the game ends; the commands played.
    @discardableResult
    static func followHints(_ game: Game, limit: Int = 400, until done: (isolated Game) -> Bool = { _ in false }) async -> [String] {
        var played: [String] = []
        while played.count < limit, await !done(game) {
            let command = await game.hint.command
            played.append(command)
            if await game.handle(command).isFinished { break }
        }
        return played
    }


    static func play(_ game: Game, _ commands: [String]) async -> [String] {
        var replies: [String] = []
        for command in commands { replies.append(await game.handle(command).text) }
        return replies
    }

    /// Words typed when no one is listening — before a conversation, or after the one spoken to
    /// has gone home — are answered as such, not as an unknown command; other unknown lines are.
    @Test func wordsToNoOneSayThatNoOneIsListening() async throws {
        let game = try Self.newGame()
        for line in ["what's your name?", "I'm allergic to peanuts", "hey, how are you", "do u have oat milk"] {
            let reply = await game.handle(line).text
            #expect(reply.contains("You aren't talking to anyone."), "\(line) → \(reply)")
        }
        #expect(await game.handle("dance wildly").text.contains("I don't know how to 'dance wildly'."))
    }

    @Test func aLoadedGameIsTheSavedGameAndCustomersRememberTheirConversation() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("game-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try Self.newGame(saves: store)
        _ = await game.handle("look")
        await game.walk(to: try #require(game.state.met.first).room)
        _ = await Self.play(game, ["talk customer", "what's going on?", "Nice weather?", "bye"])
        await game.walk(to: "riddles")
        _ = await Self.play(game, ["riddle",
                                   "create Order: drink one of latte|mocha, shots integer 1...3", "talk barista", "Hello!"])
        #expect(await game.handle("save before").text == "Saved as 'before'.")
        let saved = await game.state
        let firstCustomer = try #require(saved.met.first)
        #expect(firstCustomer.transcript?.count ?? 0 >= 5)

        let loaded = try Self.newGame(saves: store, seed: 99)
        #expect(await loaded.handle("load before").text.hasPrefix("Loaded 'before', saved "))
        #expect(await loaded.state == saved.withStableIdentifiers(), "the save renumbers the conversations' identifiers, nothing else")

        // The customer's conversation carries on from the saved transcript (its instructions
        // end with what was talked about, so they grow with the conversation).
        _ = await loaded.handle("bye")
        await loaded.walk(to: firstCustomer.room)
        _ = await Self.play(loaded, ["talk \(firstCustomer.npc.name)", "And tomorrow?"])
        let resumed = try #require(await loaded.state.met.first?.transcript)
        #expect(Array(resumed.prefix(firstCustomer.transcript!.count).dropFirst()) == Array(firstCustomer.transcript!.renumbered(prefix: "customer0").dropFirst()))
        #expect(resumed.count > firstCustomer.transcript!.count)
    }

    @Test func customersNeverRepeatAContactEvenAcrossALoad() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("game-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try Self.newGame(saves: store)
        // Serve or settle each customer as the hints say, until enough have come.
        await Self.followHints(game) { $0.state.met.count >= 8 }
        _ = await game.handle("save walk")
        let loaded = try Self.newGame(saves: store)
        _ = await loaded.handle("load walk")
        await Self.followHints(loaded) { $0.state.met.count >= 16 }
        let contacts = Set(try ContentLibrary.builtIn().contacts.map(\.name))
        let named = await loaded.state.met.map(\.npc.name).filter(contacts.contains)
        #expect(named.count > 10)
        #expect(Set(named).count == named.count)
    }

    /// The clock moves with every line said, and the barista's instructions with it; the
    /// conversation goes on under them without forgetting what was said, so the same question
    /// asked again gets a different line while one is left.
    @Test func theBaristaDoesNotRepeatHerselfAsTheClockMoves() async throws {
        let game = try Self.newGame()
        _ = await game.handle("talk barista")
        let jokes = await Self.play(game, Array(repeating: "tell me a joke", count: 4))
        #expect(Set(jokes).count == jokes.count, "\(jokes)")
        let instructions = try #require(await game.state.baristaTranscript?.first?.plainText)
        #expect(instructions.hasPrefix("You are Juno") && !instructions.contains("The time now is"), "the clock is told after the history")
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
        #expect(made.text.contains("Created 'Pastry'. Three of them:"), "\(made.text)")
        let json = await game.handle(#"create {"title": "Tip", "type": "object", "properties": {"coins": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["coins"]}"#)
        #expect(json.text.hasPrefix("Created 'Tip'."), "\(json.text)")
        let broken = await game.handle("create Riddle: answers list of Answr")
        #expect(broken.text.hasPrefix("The level creator can't read that: "))
        #expect(await game.state.encounterTypes.map(\.name) == ["Pastry", "Tip"])
        let walk = await game.handle("go seating")
        #expect(walk.text.contains("One of your own creations has turned up here"))
        #expect(!walk.text.contains("{"), "described in prose, not JSON")
        #expect(await game.state.creations.count == 6)
        #expect(await game.state.creations.filter { $0.room == "seating" }.count == 1)
    }

    /// An answer given is never taken back: `undo` after a wrong answer — to the riddle corner's
    /// riddle or to one the player made — leaves it answered, and the right answer then scores
    /// nothing.
    @Test func undoNeverGivesASecondChanceAtARiddle() async throws {
        let game = try Self.newGame()
        await game.walk(to: "riddles")
        _ = await game.handle("riddle")
        let riddle = try #require(await game.state.openRiddle)
        let wrong = try #require(riddle.answers.indices.first { $0 != riddle.correctIndex })
        #expect(await game.handle("\(wrong + 1)").text.hasPrefix("Not quite"))
        #expect(await game.handle("undo").text.hasPrefix("There is nothing to undo"))
        #expect(await game.handle("\(riddle.correctIndex + 1)").text.hasPrefix("There is no riddle to answer"))
        let record = await (game.state.riddlesTried, game.state.riddlesSolved)
        #expect(record == (1, 0))

        _ = await game.handle("create Riddle: question text, answers list of 3 Answer; Answer: text text, isCorrect bool")
        await game.walk(to: "nook")
        let made = try #require(await game.state.creations.first { $0.room == "nook" })
        let correct = try #require(made.correctIndex)
        #expect(await game.handle("answer \((correct + 1) % 3 + 1)").text.hasPrefix("Not quite"))
        #expect(await game.handle("undo").text.hasPrefix("There is nothing to undo"))
        #expect(await !game.handle("answer \(correct + 1)").text.hasPrefix("Correct"))
        #expect(await game.state.score == 2, "one for the type made, one for the riddle turning up; none for answers")
    }

    /// Every command that names a character takes what `talk` takes: a first or last name, the
    /// full name in any case, or the start of a name that fits one character here; a start that
    /// fits two is asked about, not guessed.
    @Test(arguments: [("sam", "dev"), ("Sam", "Dev"), ("SAM TESTER", "dev malhotra"), ("tester", "Malhotra"), ("sa", "de"), ("Sam T", "Dev M")])
    func everyCommandThatNamesACharacterReadsNamesAlike(sam: String, dev: String) async throws {
        let customers = [(ShiftTests.customer(encounter: .wantToTalkToManager(complaint: "I waited ten minutes for one latte."), name: "Dev Malhotra"), 60),
                         (ShiftTests.customer(name: "Sam Tester"), 60)]
        let game = try await ShiftTests.gameWith(customers)
        #expect(await game.handle("examine \(sam)").text.hasPrefix("Sam Tester ("))
        #expect(await game.handle("x \(dev)").text.hasPrefix("Dev Malhotra ("))
        #expect(await game.handle("talk \(sam)").text.hasPrefix("Sam Tester turns to you."))
        _ = await game.handle("bye")
        #expect(await game.handle("recommend mocha for \(sam)").text.contains("Sam Tester"))
        #expect(await game.handle("apologize to \(dev)").text.contains("say sorry like you mean it"))
        let served = try await ShiftTests.gameWith(customers)
        #expect(await served.handle("make order for \(sam)").text.contains("Sam Tester takes a sip"))
    }

    @Test func aNameThatFitsTwoCharactersIsAskedAbout() async throws {
        let game = try await ShiftTests.gameWith([(ShiftTests.customer(name: "Sam Tester"), 60), (ShiftTests.customer(name: "Sally Other"), 60)])
        for command in ["examine sa", "talk sa", "make order for sa"] {
            let reply = await game.handle(command).text
            #expect(reply.contains("Sam Tester") && reply.contains("Sally Other") && reply.contains("Which"), "\(command): \(reply)")
        }
        #expect(await game.state.met.allSatisfy { !$0.isResolved })
        #expect(await game.state.conversation == nil)
        #expect(await game.handle("examine nobody").text == "You see no 'nobody' here.")
    }

    /// Autosaving never writes over another game's autosave: a game continued and then replaced
    /// by an older autosave (`continue`, `load autosave-2`, `quit`) moves the others along, and
    /// so does a game loaded from a named save, or saved as 'autosave' by hand.
    @Test func autosavingRotatesWheneverItWouldWriteOverAnotherGame() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("game-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        /// The earlier games, told apart by the room each was left in.
        func seed(_ games: [(String, String)]) throws {
            for (name, room) in games { try store.save(GameState(seed: 1, today: Self.today, room: room), as: name) }
        }
        func rooms() throws -> [String] { try ["autosave", "autosave-1", "autosave-2"].map { try store.load($0).room } }

        try seed([("autosave", "seating"), ("autosave-1", "patio"), ("autosave-2", "nook"), ("other", "window")])
        let continued = try Self.newGame(saves: store)
        _ = await Self.play(continued, ["continue", "load autosave-2", "quit"])
        #expect(try rooms() == ["nook", "seating", "patio"], "the continued game is kept, and the others move along")

        try seed([("autosave", "seating"), ("autosave-1", "patio"), ("autosave-2", "nook")])
        let second = try Self.newGame(saves: store)
        _ = await Self.play(second, ["load autosave-1", "quit"])
        #expect(try rooms() == ["patio", "seating", "nook"])

        try seed([("autosave", "seating"), ("autosave-1", "patio"), ("autosave-2", "nook")])
        let named = try Self.newGame(saves: store)
        _ = await Self.play(named, ["continue", "load other", "quit"])
        #expect(try rooms() == ["window", "seating", "patio"])

        try seed([("autosave", "seating"), ("autosave-1", "patio"), ("autosave-2", "nook")])
        let byHand = try Self.newGame(saves: store)
        #expect(await byHand.handle("save autosave").text.contains("kept as 'autosave-1'"))
        #expect(try rooms() == ["counter", "seating", "patio"])
        _ = await byHand.handle("quit")
        #expect(try rooms() == ["counter", "seating", "patio"], "its own autosave is written over")
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
        #expect(GameCommand(parsing: "make large iced latte for Sam") == .make("large iced latte for Sam"))
        #expect(GameCommand(parsing: "refund to Sam") == .remedy("refund", who: "Sam"))
        #expect(GameCommand(parsing: "apologise") == .remedy("apologize", who: ""))
        #expect(GameCommand(parsing: "z") == .wait)
        #expect(GameCommand(parsing: "buy grinder") == .buy("grinder"))
        #expect(GameCommand.leavesConversation("hint"))
        #expect(!GameCommand.leavesConversation("Go on, tell me more", isRoom: { $0 == "patio" }))
        #expect(GameCommand.leavesConversation("go to patio", isRoom: { $0 == "patio" }))
        #expect(!GameCommand.leavesConversation("save me a seat at the window"))
        #expect(GameCommand.leavesConversation("make order") && !GameCommand.leavesConversation("Make it snappy"))
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
