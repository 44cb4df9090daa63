/// A place in the coffee shop (`content/game/rooms.json`): what it looks like, where you can go
/// from it, what you can examine in it, and who or what you meet there.
///
/// ```swift
/// let world = try ContentLibrary.builtIn().world
/// let counter = world.room(named: "bar")!        // by id, name or alias
/// print(counter.description, counter.exits)
/// ```
public struct Room: Sendable, Equatable, Codable {
    /// Something in a room that `examine` describes.
    public struct Thing: Sendable, Equatable, Codable {
        public var name: String
        public var aliases: [String]
        public var description: String

        public init(name: String, aliases: [String] = [], description: String) {
            self.name = name
            self.aliases = aliases
            self.description = description
        }
    }

    /// Who or what a room has: the barista, the riddle corner, the manager, passing NPCs.
    public enum Feature: String, Sendable, Equatable, Codable, CaseIterable {
        case barista, riddles, manager, npcs
    }

    public var id: String
    public var name: String
    public var aliases: [String]
    public var description: String
    /// The ids of the rooms one can go to from here (always two-way).
    public var exits: [String]
    public var things: [Thing]
    public var features: [Feature]

    public init(id: String, name: String, aliases: [String] = [], description: String, exits: [String],
                things: [Thing] = [], features: [Feature] = []) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.description = description
        self.exits = exits
        self.things = things
        self.features = features
    }

    /// Whether `words` name this room: its id, its name (with or without a leading "the") or an
    /// alias, ignoring case.
    public func isNamed(_ words: String) -> Bool {
        let wanted = Room.normalized(words)
        return ([id, name] + aliases).contains { Room.normalized($0) == wanted }
    }

    /// The thing `words` name (its name or an alias, ignoring case and a leading "the").
    public func thing(named words: String) -> Thing? {
        let wanted = Room.normalized(words)
        return things.first { thing in ([thing.name] + thing.aliases).contains { Room.normalized($0) == wanted } }
    }

    package static func normalized(_ words: String) -> String {
        let lowered = words.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return lowered.hasPrefix("the ") ? String(lowered.dropFirst(4)) : lowered
    }
}
