import Foundation
import GuidedGeneration

/// The text adventure: one command in, the game's answer out. Rooms come from the content;
/// customers are generated as the player moves (named after the player's contacts, never one
/// twice); the barista and every customer answer free text through their own conversation;
/// a customer asked "what's going on?" reads their plans from the calendar; the riddle corner
/// keeps score; `create` makes an encounter type in the level creator; saves go through a
/// `SaveStore`. With the same seed, date, content and commands the text is the same every run.
///
/// ```swift
/// let game = try Game(library: try .builtIn(), setup: .init(seed: 7, today: CalendarDate(year: 2026, month: 11, day: 23)!))
/// print(game.opening())
/// print(try await game.handle("go seating").text)
/// ```
public final class Game: @unchecked Sendable {
    /// What a game starts from besides the content: seed, date, the player's people and plans,
    /// the model, and where saves live.
    public struct Setup: Sendable {
        public var seed: UInt64
        public var today: CalendarDate
        /// Contacts NPCs are named after (the built-in fictional ones when nil).
        public var contacts: [Contact]?
        /// Events NPCs talk about (the built-in ones when nil).
        public var events: [CalendarEvent]?
        /// The model (the library's procedural model when nil).
        public var model: (any LanguageModel)?
        /// The save folder (no saving when nil).
        public var saves: SaveStore?

        public init(seed: UInt64, today: CalendarDate, contacts: [Contact]? = nil, events: [CalendarEvent]? = nil,
                    model: (any LanguageModel)? = nil, saves: SaveStore? = nil) {
            self.seed = seed
            self.today = today
            self.contacts = contacts
            self.events = events
            self.model = model
            self.saves = saves
        }
    }

    /// The answer to one command, and whether the game is over.
    public struct Reply: Sendable, Equatable {
        public var text: String
        public var isFinished = false
    }

    public let library: ContentLibrary
    let setup: Setup
    let model: any LanguageModel
    let contacts: [Contact]
    let events: [CalendarEvent]
    public internal(set) var state: GameState
    var generator: NPCGenerator
    var chats: [String: Conversation] = [:]
    /// Whether `autosave` holds this game (it wrote or loaded it), so saving there again keeps
    /// no earlier game's file to rotate.
    var autosaveIsThisGames = false
    /// What `resume(from:)` loaded last, for the opening.
    var resumed: String?

    /// A new game in the start room.
    public init(library: ContentLibrary, setup: Setup) throws {
        self.library = library
        self.setup = setup
        model = setup.model ?? library.model
        contacts = setup.contacts ?? library.contacts
        events = setup.events ?? library.events
        state = GameState(seed: setup.seed, today: setup.today, room: library.world.startRoom.id)
        generator = try NPCGenerator(library: library, model: model, contacts: contacts, contactSeed: setup.seed)
    }

    /// The welcome; the save the game was loaded from, or the offer to continue an earlier
    /// game's autosave when there is one; and the room.
    public func opening() -> String {
        let offer = openingNote().map { $0 + "\n\n" } ?? ""
        return "Welcome to the coffee shop. Type 'help' for what you can do.\n\n" + offer + describeRoom()
    }

    /// Plays one command.
    public func handle(_ line: String) async -> Reply {
        let input = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !input.isEmpty else { return Reply(text: "") }
        state.turn += 1
        do {
            if let conversation = state.conversation, !GameCommand.leavesConversation(input) {
                return Reply(text: try await talk(input, in: conversation))
            }
            return try await perform(GameCommand(parsing: input))
        } catch {
            return Reply(text: "Something went wrong: \(error)")
        }
    }

    /// Replaces the game with a loaded state (conversations resume from their transcripts).
    public func restore(_ loaded: GameState) throws {
        state = loaded
        chats = [:]
        let used = Set(loaded.usedNames)
        generator = try NPCGenerator(library: library, model: model, contacts: contacts.filter { !used.contains($0.name) },
                                     contactSeed: loaded.seed &+ UInt64(loaded.met.count))
    }

    private func perform(_ command: GameCommand) async throws -> Reply {
        switch command {
        case .help: return Reply(text: GameCommand.helpText)
        case .look: return Reply(text: describeRoom())
        case .go(let place): return Reply(text: try await go(to: place))
        case .examine(let thing): return Reply(text: examine(thing))
        case .talk(let who): return Reply(text: try await startTalking(to: who))
        case .bye: return Reply(text: endConversation())
        case .make: return Reply(text: serve(recommending: nil))
        case .recommend(let drink): return Reply(text: serve(recommending: drink))
        case .resolve: return Reply(text: resolveComplaint())
        case .riddle: return Reply(text: try await riddle())
        case .answer(let answer): return Reply(text: self.answer(answer))
        case .create(let source): return Reply(text: try await create(source))
        case .score: return Reply(text: scoreLine())
        case .inventory: return Reply(text: inventoryLine())
        case .save(let name): return Reply(text: save(as: name ?? "quicksave"))
        case .load(let name): return Reply(text: load(name))
        case .saves: return Reply(text: listSaves())
        case .continueGame: return Reply(text: load(Self.autosaveName))
        case .quit:
            let saved = setup.saves == nil ? "" : autosave() + "\n"
            return Reply(text: saved + "Thanks for visiting. " + scoreLine(), isFinished: true)
        case .unknown(let text):
            if library.world.room(named: text) != nil { return Reply(text: try await go(to: text)) }
            return Reply(text: "I don't know how to '\(text)'. Type 'help' for the commands.")
        }
    }

    // MARK: Rooms

    var room: Room { library.world.room(id: state.room) ?? library.world.startRoom }

    /// The names of the rooms this one leads to, in the content's order.
    private var exitNames: String {
        room.exits.compactMap { library.world.room(id: $0)?.name }.joined(separator: ", ")
    }

    func describeRoom() -> String {
        var lines = ["== \(room.name) ==", room.description]
        if !room.things.isEmpty { lines.append("You see: " + room.things.map(\.name).joined(separator: ", ") + ".") }
        lines.append("Exits: \(exitNames).")
        if room.features.contains(.barista) { lines.append("\(library.barista.name) is behind the counter ('talk barista').") }
        if room.features.contains(.riddles) { lines.append("A chalkboard offers riddles ('riddle').") }
        for (index, met) in state.met.enumerated() where met.room == state.room && !met.isResolved {
            lines.append(presence(of: state.met[index].npc))
        }
        return lines.joined(separator: "\n")
    }

    private func presence(of npc: NPC) -> String {
        let traits = npc.attributes.joined(separator: ", ")
        switch npc.encounter {
        case .orderCoffee:
            return "\(npc.name) (level \(npc.level); \(traits)) would like \(npc.order). ('make', or 'recommend <drink>')"
        case .wantToTalkToManager(let complaint):
            return "\(npc.name) (level \(npc.level); \(traits)) wants the manager: \"\(complaint)\" ('resolve')"
        }
    }

    private func go(to place: String) async throws -> String {
        guard let target = library.world.room(named: place) else {
            return "There is no '\(place)' here. Exits: \(exitNames)."
        }
        guard target.id != state.room else { return "You are already in \(target.name)." }
        guard room.exits.contains(target.id) else {
            return "You can't get to \(target.name) from here. Exits: \(exitNames)."
        }
        state.room = target.id
        state.conversation = nil
        var arrival = ""
        if target.features.contains(.npcs), !state.met.contains(where: { $0.room == target.id && !$0.isResolved }) {
            let npc = try await generator.npc(seed: NPCGenerator.itemSeed(state.seed, state.met.count))
            state.met.append(.init(npc: npc, room: target.id))
        }
        if target.features.contains(.npcs), !state.customEncounters.isEmpty {
            let custom = state.customEncounters.removeFirst()
            state.score += 1
            arrival += "\nOne of your own creations turns up here: \(custom) (+1 score)"
        }
        return describeRoom() + arrival
    }

    private func examine(_ thing: String) -> String {
        if let found = room.thing(named: thing) { return found.description }
        if let met = state.met.first(where: { $0.room == state.room && $0.npc.name.lowercased() == thing.lowercased() }) {
            return presence(of: met.npc)
        }
        return "You see no '\(thing)' here."
    }

    // MARK: Scores

    func scoreLine() -> String {
        "Score \(state.score), coins \(state.coins), riddles \(state.riddlesSolved)/\(state.riddlesTried), customers met \(state.met.count)."
    }

    private func inventoryLine() -> String {
        state.inventory.isEmpty ? "You carry nothing but good intentions." : "You carry: " + state.inventory.joined(separator: ", ") + "."
    }
}
