import Foundation
import GuidedGeneration
import NPCKit
import ProceduralModel

/// The text adventure: one command in, the game's answer out. A shift runs from opening to
/// closing on a clock that moves with the player's actions (`content/game/shift.json`);
/// customers arrive on a seeded schedule (named after the player's contacts, never one twice),
/// each with patience that runs out; drinks are judged against their orders and traits,
/// complaints need the right remedy, and each day ends with a summary against its goal — the
/// next day harder, until the game is won or lost. Rooms come from the content; the barista and
/// every customer answer free text through their own conversation;
/// a customer asked "what's going on?" reads their plans from the calendar; the riddle corner
/// keeps score; `create` makes an encounter type in the level creator; saves go through a
/// `SaveStore`. With the same seed, date, content and commands the text is the same every run.
/// The game is an actor, so its state is only ever touched on it and is read with `await`. A
/// command may wait on the model; a command (or a `restore` or `resume`) that arrives
/// meanwhile waits for it to finish, and those waiting run in the order they arrived, so
/// commands from several places (an input loop, a Ctrl-C handler) never interleave.
///
/// ```swift
/// let game = try Game(library: try .builtIn(), setup: .init(seed: 7, today: CalendarDate(year: 2026, month: 11, day: 23)!))
/// print(await game.opening())
/// print(try await game.handle("go seating").text)
/// ```
package actor Game {
    /// What a game starts from besides the content: seed, date, the player's people and plans,
    /// the model, and where saves live.
    package struct Setup: Sendable {
        var seed: UInt64
        var today: CalendarDate
        /// Contacts NPCs are named after (the built-in fictional ones when nil).
        var contacts: [Contact]?
        /// Events NPCs talk about (the built-in ones when nil).
        var events: [CalendarEvent]?
        /// The model (the library's procedural model when nil).
        var model: (any LanguageModel)?
        /// The save folder (no saving when nil).
        var saves: SaveStore?
        /// Practice play: customers never give up, and days pass without a goal, a win or a loss.
        var relaxed: Bool

        package init(seed: UInt64, today: CalendarDate, contacts: [Contact]? = nil, events: [CalendarEvent]? = nil,
                     model: (any LanguageModel)? = nil, saves: SaveStore? = nil, relaxed: Bool = false) {
            self.relaxed = relaxed
            self.seed = seed
            self.today = today
            self.contacts = contacts
            self.events = events
            self.model = model
            self.saves = saves
        }
    }

    /// The answer to one command, and whether the game is over.
    package struct Reply: Sendable, Equatable {
        package var text: String
        package var isFinished = false
    }

    let library: ContentLibrary
    let setup: Setup
    let model: any LanguageModel
    let contacts: [Contact]
    let events: [CalendarEvent]
    package internal(set) var state: GameState
    /// The NPC schema for each set of purchases (the menu it draws orders from).
    var npcSchemas: [[String]: GenerationSchema] = [:]
    var chats: [String: Conversation] = [:]
    /// The instructions each of `chats` runs on.
    var chatInstructions: [String: String] = [:]
    /// Which autosave holds this game, because it was loaded from there or saved there: 0 for
    /// `autosave`, k for `autosave-k`, nil for none. Autosaving rotates the others' out of the
    /// way and writes over this game's own copy only.
    var autosaveSlot: Int?
    /// What `resume(from:)` loaded last, for the opening.
    var resumed: String?
    /// Minutes the command being played has spent so far.
    var pendingMinutes = 0
    /// How many hints `hint` has shown in a row; any other command starts them over.
    var hintsShown = 0
    /// The state before the last command that changed it (`undo`); none after a riddle answer.
    var undoState: GameState?
    /// Whether a turn (a command, a restore or a resume) is being played.
    private var turnInProgress = false
    /// The turns that arrived while one was in progress, in order of arrival.
    private var waitingTurns: [CheckedContinuation<Void, Never>] = []

    /// A new game in the start room.
    package init(library: ContentLibrary, setup: Setup) throws {
        self.library = library
        self.setup = setup
        model = setup.model ?? library.model
        contacts = setup.contacts ?? library.contacts
        events = setup.events ?? library.events
        state = GameState(seed: setup.seed, today: setup.today, room: library.world.startRoom.id,
                          reputation: library.shift.startingReputation, relaxed: setup.relaxed)
        npcSchemas[[]] = try NPC.schema(for: library, menu: library.shift.menu(from: library.menu, purchases: []))
    }

    /// The NPC generator for the next customer: the contacts not yet used, picked by the seed
    /// and the number met so far, and the menu with what was bought — so the same state always
    /// brings the same customer, also after `undo` or a load.
    func nextGenerator() throws -> NPCGenerator {
        let used = Set(state.usedNames)
        let key = state.shift.purchases.sorted()
        let schema = try npcSchemas[key] ?? NPC.schema(for: library, menu: shiftMenu)
        npcSchemas[key] = schema
        return NPCGenerator(library: library, model: model, contacts: contacts.filter { !used.contains($0.name) },
                            contactSeed: state.seed &+ UInt64(state.met.count), schema: schema)
    }

    /// The welcome; the save the game was loaded from, or the offer to continue an earlier
    /// game's autosave when there is one; the day's goal; and the room.
    package func opening() -> String {
        let offer = openingNote().map { $0 + "\n\n" } ?? ""
        let goal = dayRules.goal
        let intro = state.shift.relaxed
            ? "A relaxed shift: customers wait as long as it takes, and days pass without a goal.\n\n"
            : state.shift.minute == 0 && state.shift.day == 1
            ? "You run the Pixel Bean for \(rules.days.count) days. Each day has a goal: today, earn \(goal.coins) coins and end with a reputation "
                + "of \(goal.reputation) (you have \(state.shift.reputation)); later days ask more. Serve customers what they ordered before they "
                + "give up, and settle complaints with the right remedy. Every action takes time on the clock; 'hint' says what is most urgent.\n\n"
            : ""
        return "Welcome to the coffee shop. Type 'help' for what you can do.\n\n" + offer + intro + describeRoom() + "\n" + shiftLine()
    }

    /// Plays one command; the clock moves by what it took, and what happened meanwhile follows
    /// its answer. It starts once the turns that arrived before it have finished. `speaking`,
    /// when given, receives the reply's beginning as a character's line is written — what came
    /// before the line and the line so far — for a player who reads it word by word.
    ///
    /// ```swift
    /// let reply = await game.handle("what time do you close?", speaking: { print($0) })   // "Juno: We", "Juno: We close", …
    /// ```
    package func handle(_ line: String, speaking: (@Sendable (String) -> Void)? = nil) async -> Reply {
        await beginTurn()
        defer { endTurn() }
        return await play(line, speaking: speaking)
    }

    /// Waits until no other turn is in progress (behind those that arrived earlier), then
    /// starts this one.
    func beginTurn() async {
        guard turnInProgress else {
            turnInProgress = true
            return
        }
        await withCheckedContinuation { waitingTurns.append($0) }
    }

    /// Ends the turn in progress, handing the game to the turn that has waited longest.
    func endTurn() {
        if waitingTurns.isEmpty {
            turnInProgress = false
        } else {
            waitingTurns.removeFirst().resume()
        }
    }

    /// How many turns wait for the one in progress (for tests).
    var turnsWaiting: Int { waitingTurns.count }

    private func play(_ line: String, speaking: (@Sendable (String) -> Void)?) async -> Reply {
        let input = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !input.isEmpty else { return Reply(text: "") }
        if let outcome = state.shift.outcome {
            return Reply(text: "This game is over: you \(outcome.rawValue) on day \(state.shift.day). \(scoreLine()) Start a new one with 'coffeeshop'.",
                         isFinished: true)
        }
        let before = state
        state.turn += 1
        pendingMinutes = 0
        do {
            // What is due at this minute (the customers of the opening) comes before the command.
            let due = await advanceClock()
            if state.shift.outcome != nil { return Reply(text: due.joined(separator: "\n"), isFinished: true) }
            var reply: Reply
            if let conversation = state.conversation,
               !GameCommand.leavesConversation(input, isRoom: { self.library.world.room(named: $0) != nil }) {
                hintsShown = 0
                let lead = due.isEmpty ? "" : due.joined(separator: "\n") + "\n\n"
                let leading = speaking.map { speak -> @Sendable (String) -> Void in { speak(lead + $0) } }
                reply = Reply(text: try await talk(input, in: conversation, speaking: leading))
            } else {
                let command = GameCommand(parsing: input)
                if command != .hint { hintsShown = 0 }
                reply = try await perform(command)
                // Neither an undo nor a load is itself undone, nor moves the clock.
                if command.loadsAGame { undoState = nil }
                if command == .undo || command.loadsAGame { return reply }
            }
            if !due.isEmpty { reply.text = due.joined(separator: "\n") + (reply.text.isEmpty ? "" : "\n\n") + reply.text }
            guard !reply.isFinished else { return reply }
            let minutes = pendingMinutes
            let events = await advanceClock()
            if !events.isEmpty { reply.text += (reply.text.isEmpty ? "" : "\n\n") + events.joined(separator: "\n") }
            if minutes > 0 || !events.isEmpty, state.shift.outcome == nil { reply.text += "\n" + clockLine() }
            keepUndoStep(from: before, minutes: minutes)
            if state.shift.outcome != nil {
                if setup.saves != nil { reply.text += "\n" + autosave() }
                reply.isFinished = true
            }
            return reply
        } catch {
            return Reply(text: "Something went wrong: \(error)")
        }
    }

    /// Keeps what `undo` goes back to after a command played from `before`: that state when the
    /// command took time or bought something — but nothing once it answered a riddle, since an
    /// answer given is never taken back (undo would give a second try at the same riddle).
    private func keepUndoStep(from before: GameState, minutes: Int) {
        if state.riddleAnswersGiven != before.riddleAnswersGiven {
            undoState = nil
        } else if minutes > 0 || state.shift.purchases != before.shift.purchases {
            undoState = before
        }
    }

    /// Replaces the game with a loaded state (conversations resume from their transcripts),
    /// once the turns that arrived before have finished.
    package func restore(_ loaded: GameState) async {
        await beginTurn()
        defer { endTurn() }
        replaceState(with: loaded)
    }

    func replaceState(with loaded: GameState) {
        state = loaded.withShiftInBounds(dayLength: rules.length)
        chats = [:]
        chatInstructions = [:]
    }

    private func perform(_ command: GameCommand) async throws -> Reply {
        switch command {
        case .help: return Reply(text: GameCommand.helpText)
        case .look: return Reply(text: describeRoom() + "\n" + shiftLine())
        case .go(let place): return Reply(text: try await go(to: place))
        case .examine(let thing): return Reply(text: examine(thing))
        case .talk(let who): return Reply(text: try await startTalking(to: who))
        case .bye: return Reply(text: endConversation())
        case .make(let request): return Reply(text: make(request))
        case .recommend(let request): return Reply(text: recommend(request))
        case .resolve: return Reply(text: remedies())
        case .remedy(let verb, let who): return Reply(text: settle(with: verb, named: who))
        case .wait: return Reply(text: wait())
        case .hint: return Reply(text: nextHint())
        case .menu: return Reply(text: menuBoard())
        case .buy(let what): return Reply(text: buy(what))
        case .undo: return Reply(text: undo())
        case .riddle: return Reply(text: try await riddle())
        case .answer(let answer): return Reply(text: self.answer(answer))
        case .take(let thing): return Reply(text: take(thing))
        case .use(let thing): return Reply(text: use(thing))
        case .create(let source): return Reply(text: try await create(source))
        case .score: return Reply(text: scoreLine() + "\n" + shiftLine())
        case .inventory: return Reply(text: inventoryLine())
        case .save(let name): return Reply(text: name == Self.autosaveName ? autosave() : save(as: name ?? "quicksave"))
        case .load(let name): return Reply(text: load(name))
        case .saves: return Reply(text: listSaves())
        case .continueGame: return Reply(text: load(Self.autosaveName))
        case .quit:
            let saved = setup.saves == nil ? "" : autosave() + "\n"
            return Reply(text: saved + "Thanks for visiting. " + scoreLine(), isFinished: true)
        case .unknown(let text):
            if library.world.room(named: text) != nil { return Reply(text: try await go(to: text)) }
            if GameCommand.readsAsSpeech(text) {
                return Reply(text: "You aren't talking to anyone. 'talk barista' or 'talk <name>' starts a conversation; 'look' shows who is here.")
            }
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
        for met in state.met where met.room == state.room && !met.isResolved && met.visit?.departed != true {
            lines.append(presence(of: met))
        }
        lines += creationsHere
        return lines.joined(separator: "\n")
    }

    private func presence(of met: GameState.MetNPC) -> String {
        let npc = met.npc
        let traits = npc.attributes.joined(separator: ", ")
        let patience = state.shift.relaxed ? "" : met.visit.map { " They give up at \(rules.opening.adding(minutes: $0.leaves))." } ?? ""
        switch npc.encounter {
        case .orderCoffee:
            return "\(npc.name) (\(traits)) would like \(npc.order).\(patience) ('make order', 'make <drink>', 'recommend <drink>')"
        case .wantToTalkToManager(let complaint):
            return "\(npc.name) (\(traits)) wants the manager: \"\(complaint)\"\(patience) (\(remedyCommands))"
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
        spend(rules.minutes.move)
        let placed = placeCreation()
        return describeRoom() + (placed.map { "\n" + $0 } ?? "")
    }

    private func examine(_ thing: String) -> String {
        if let found = room.thing(named: thing) {
            spend(rules.minutes.examine)
            return found.description
        }
        if ["menu", "board", "menu board"].contains(thing.lowercased()) { return menuBoard() }
        switch NameResolver.resolve(thing, among: namedHere(creations: nil)) {
        case .one(.customer(let index)): return presence(of: state.met[index])
        case .one(.creation(let index)): return state.creations[index].prose
        case .several(let names): return NameResolver.question(names)
        case .none: return "You see no '\(thing)' here."
        }
    }

    // MARK: Who is here

    /// Someone or something here a command can name: a customer (an index into `state.met`) or
    /// one of the player's creations (an index into `state.creations`).
    enum Named: Equatable {
        case customer(Int)
        case creation(Int)
    }

    /// The customers in this room who have not left, in the order they came.
    var customersHere: [Int] {
        state.met.indices.filter { state.met[$0].room == state.room && state.met[$0].visit?.departed != true }
    }

    /// What a command may name here, for `NameResolver`: the customers, then the creations not
    /// yet played — of `kind`, or of every kind when it is nil — each also named by its type.
    func namedHere(creations kind: Creation.Kind?) -> [NameResolver.Candidate<Named>] {
        customersHere.map { NameResolver.Candidate(id: Named.customer($0), name: state.met[$0].npc.name) }
            + playableCreations(kind).map { NameResolver.Candidate(id: Named.creation($0), name: state.creations[$0].name, kind: state.creations[$0].typeName) }
    }

    // MARK: Scores

    func scoreLine() -> String {
        "Score \(state.score), coins \(state.coins), reputation \(state.shift.reputation), riddles \(state.riddlesSolved)/\(state.riddlesTried), customers met \(state.met.count)."
    }

    private func inventoryLine() -> String {
        state.inventory.isEmpty ? "You carry nothing but good intentions." : "You carry: " + state.inventory.joined(separator: ", ") + "."
    }
}
