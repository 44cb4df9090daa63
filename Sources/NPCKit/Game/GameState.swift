import GuidedGeneration

/// Everything a save game holds: where the player is, their score, coins and inventory, the NPCs
/// met (with each one's conversation, so they remember), the contacts already used for names,
/// the barista's conversation, an open riddle, and the encounter types made in the level
/// creator. `Codable`; `SaveStore` writes it with a format version.
///
/// ```swift
/// var state = GameState(seed: 7, today: CalendarDate(year: 2026, month: 11, day: 23)!, room: "counter")
/// state.coins += 5
/// ```
public struct GameState: Sendable, Equatable, Codable {
    /// A customer met in the game and what became of them.
    public struct MetNPC: Sendable, Equatable, Codable {
        public var npc: NPC
        /// The room they were met in.
        public var room: String
        /// Whether their encounter is over (order served, complaint resolved).
        public var isResolved: Bool
        /// The conversation with them so far (nil before the first word).
        public var transcript: Transcript?

        public init(npc: NPC, room: String, isResolved: Bool = false, transcript: Transcript? = nil) {
            self.npc = npc
            self.room = room
            self.isResolved = isResolved
            self.transcript = transcript
        }
    }

    /// Who the player is talking to.
    public enum Conversation: Sendable, Equatable, Codable {
        case barista
        case npc(index: Int)
    }

    public var seed: UInt64
    public var today: CalendarDate
    public var room: String
    /// Commands played so far; seeds what happens next.
    public var turn = 0
    public var coins = 0
    public var score = 0
    public var inventory: [String] = []
    public var met: [MetNPC] = []
    public var conversation: Conversation?
    public var baristaTranscript: Transcript?
    public var openRiddle: Riddle?
    public var riddlesSolved = 0
    public var riddlesTried = 0
    /// Encounter types made with `create`, in the order made.
    public var encounterTypes: [EncounterType] = []
    /// Instances of those types met so far, as JSON text.
    public var customEncounters: [String] = []

    public init(seed: UInt64, today: CalendarDate, room: String) {
        self.seed = seed
        self.today = today
        self.room = room
    }

    /// The names of the contacts the NPCs were named after (so none is used twice after a load).
    public var usedNames: [String] { met.map(\.npc.name) }

    /// The state with each conversation's identifiers renumbered from its speaker (`barista-1`,
    /// `customer3-1`, …): the same game played twice is the same state, byte for byte.
    func withStableIdentifiers() -> GameState {
        var stable = self
        stable.baristaTranscript = baristaTranscript?.renumbered(prefix: "barista")
        for index in stable.met.indices {
            stable.met[index].transcript = met[index].transcript?.renumbered(prefix: "customer\(index)")
        }
        return stable
    }
}
