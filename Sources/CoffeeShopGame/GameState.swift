import GuidedGeneration
import JSONSchema
import NPCKit
import ProceduralModel

/// Everything a save game holds: where the player is, their score, coins and inventory, the NPCs
/// met (with each one's conversation, so they remember), the contacts already used for names,
/// the barista's conversation, an open riddle, and the encounter types made in the level
/// creator, and the shift (day, clock, reputation, purchases). `Codable`; `SaveStore` writes it with a format version.
///
/// ```swift
/// var state = GameState(seed: 7, today: CalendarDate(year: 2026, month: 11, day: 23)!, room: "counter")
/// state.coins += 5
/// ```
package struct GameState: Sendable, Equatable, Codable {
    /// A customer met in the game and what became of them.
    package struct MetNPC: Sendable, Equatable, Codable {
        package var npc: NPC
        /// The room they were met in.
        package var room: String
        /// Whether their encounter is over (order served, complaint resolved).
        package var isResolved: Bool
        /// The conversation with them so far (nil before the first word).
        package var transcript: Transcript?
        /// When they came and how long they wait (nil for customers of a save made before shifts).
        package var visit: Visit?
        /// Their life outside the shop (nil in a save made before personas, or before a persona's
        /// newer facts: made when next talked to, the same from the same seed).
        package var persona: Persona?

        package init(npc: NPC, room: String, isResolved: Bool = false, transcript: Transcript? = nil, visit: Visit? = nil) {
            self.npc = npc
            self.room = room
            self.isResolved = isResolved
            self.transcript = transcript
            self.visit = visit
        }

        private enum CodingKeys: String, CodingKey {
            case npc, room, isResolved, transcript, visit, persona
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            npc = try container.decode(NPC.self, forKey: .npc)
            room = try container.decode(String.self, forKey: .room)
            isResolved = try container.decode(Bool.self, forKey: .isResolved)
            transcript = try container.decodeIfPresent(Transcript.self, forKey: .transcript)
            visit = try container.decodeIfPresent(Visit.self, forKey: .visit)
            do {
                persona = try container.decodeIfPresent(Persona.self, forKey: .persona)
            } catch DecodingError.keyNotFound {
                persona = nil
            }
        }
    }

    /// A customer's visit on the shift's clock.
    package struct Visit: Sendable, Equatable, Codable {
        package var day: Int
        /// Minutes since opening.
        var arrived: Int
        /// The minute they give up and leave, unless served or settled first.
        var leaves: Int
        /// Whether they have been heard getting restless.
        var warned = false
        /// Whether they have left the shop (gave up, or went home at closing).
        package var departed = false
        /// Which visit this is for a regular who came back on a later day (nil: the first).
        package var number: Int?

        package init(day: Int, arrived: Int, leaves: Int) {
            self.day = day
            self.arrived = arrived
            self.leaves = leaves
        }
    }

    /// Who the player is talking to.
    package enum Conversation: Sendable, Equatable, Codable {
        case barista
        case npc(index: Int)
        /// A character made in the level creator (an index into `creations`).
        case creation(index: Int)
    }

    var seed: UInt64
    var today: CalendarDate
    package var room: String
    /// Commands played so far; seeds what happens next.
    package var turn = 0
    package var coins = 0
    package var score = 0
    package var inventory: [String] = []
    package var met: [MetNPC] = []
    package var conversation: Conversation?
    var baristaTranscript: Transcript?
    package var openRiddle: Riddle?
    package var riddlesSolved = 0
    package var riddlesTried = 0
    /// Encounter types made with `create`, in the order made.
    package var encounterTypes: [EncounterType] = []
    /// Instances of those types, read for play, in the order made: waiting to be placed
    /// (no room yet), in a room, or played.
    package var creations: [Creation] = []
    /// The day, the clock, reputation and purchases.
    package var shift: ShiftState
    /// What the player has told each character about themselves, by character: `barista`,
    /// `npc-<index into met>`, `creation-<index into creations>` (see `memoryKey(of:)`).
    package var memories: [String: PlayerFacts] = [:]

    package init(seed: UInt64, today: CalendarDate, room: String, reputation: Int = 10, relaxed: Bool = false) {
        self.seed = seed
        self.today = today
        self.room = room
        shift = ShiftState(reputation: reputation, relaxed: relaxed)
    }

    /// The key of `conversation`'s character in `memories`.
    static func memoryKey(of conversation: Conversation) -> String {
        switch conversation {
        case .barista: "barista"
        case .npc(let index): "npc-\(index)"
        case .creation(let index): "creation-\(index)"
        }
    }

    /// The names of the contacts the NPCs were named after (so none is used twice after a load).
    var usedNames: [String] { met.map(\.npc.name) }

    /// Riddle answers given so far: to the riddle corner's riddles and to the player's own. An
    /// answer given is never taken back.
    var riddleAnswersGiven: Int { riddlesTried + creations.filter { $0.kind == .riddle && $0.isDone }.count }

    /// The state with each conversation's identifiers renumbered from its speaker (`barista-1`,
    /// `customer3-1`, …): the same game played twice is the same state, byte for byte.
    func withStableIdentifiers() -> GameState {
        var stable = self
        stable.baristaTranscript = baristaTranscript?.renumbered(prefix: "barista")
        for index in stable.met.indices {
            stable.met[index].transcript = met[index].transcript?.renumbered(prefix: "customer\(index)")
        }
        for index in stable.creations.indices {
            stable.creations[index].transcript = creations[index].transcript?.renumbered(prefix: "creation\(index)")
        }
        return stable
    }
}

extension GameState {
    private enum CodingKeys: String, CodingKey {
        case seed, today, room, turn, coins, score, inventory, met, conversation, baristaTranscript, openRiddle
        case riddlesSolved, riddlesTried, encounterTypes, creations, shift, memories
    }

    /// Keys only older saves have.
    private enum LegacyKeys: String, CodingKey {
        case customEncounters, player
    }

    /// Decodes a save; one written before shifts existed starts day 1 at opening.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seed = try container.decode(UInt64.self, forKey: .seed)
        today = try container.decode(CalendarDate.self, forKey: .today)
        room = try container.decode(String.self, forKey: .room)
        turn = try container.decode(Int.self, forKey: .turn)
        coins = try container.decode(Int.self, forKey: .coins)
        score = try container.decode(Int.self, forKey: .score)
        inventory = try container.decode([String].self, forKey: .inventory)
        met = try container.decode([MetNPC].self, forKey: .met)
        conversation = try container.decodeIfPresent(Conversation.self, forKey: .conversation)
        baristaTranscript = try container.decodeIfPresent(Transcript.self, forKey: .baristaTranscript)
        openRiddle = try container.decodeIfPresent(Riddle.self, forKey: .openRiddle)
        riddlesSolved = try container.decode(Int.self, forKey: .riddlesSolved)
        riddlesTried = try container.decode(Int.self, forKey: .riddlesTried)
        encounterTypes = try container.decode([EncounterType].self, forKey: .encounterTypes)
        let legacy = try decoder.container(keyedBy: LegacyKeys.self)
        if let creations = try container.decodeIfPresent([Creation].self, forKey: .creations) {
            self.creations = creations
        } else {
            // A save from before creations were read for play holds the instances as JSON text.
            let stored = try legacy.decodeIfPresent([String].self, forKey: .customEncounters) ?? []
            creations = stored.compactMap { json in (try? GeneratedContent(json: json)).flatMap { try? Creation(reading: $0, typeName: "creation") } }
        }
        shift = try container.decodeIfPresent(ShiftState.self, forKey: .shift) ?? ShiftState(reputation: 10)
        if let memories = try container.decodeIfPresent([String: PlayerFacts].self, forKey: .memories) {
            self.memories = memories
        } else if let shared = try legacy.decodeIfPresent(PlayerFacts.self, forKey: .player) {
            // A save from before memories were kept per character: the barista heard it all.
            self.memories = [Self.memoryKey(of: .barista): shared]
        }
    }
}
