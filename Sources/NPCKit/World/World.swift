/// The coffee shop's map: its rooms and the one a game starts in. Loaded and checked by
/// `ContentLibrary`: ids unique, exits leading to existing rooms and two-way, names and aliases
/// not shared between rooms, the start room present.
///
/// ```swift
/// let world = try ContentLibrary.builtIn().world
/// var here = world.startRoom
/// if let next = world.room(named: "patio"), here.exits.contains(next.id) { here = next }
/// ```
public struct World: Sendable, Equatable, Codable {
    public var start: String
    public var rooms: [Room]

    public init(start: String, rooms: [Room]) {
        self.start = start
        self.rooms = rooms
    }

    /// The room a game starts in.
    public var startRoom: Room { rooms.first { $0.id == start } ?? rooms[0] }

    /// The room with this id.
    public func room(id: String) -> Room? { rooms.first { $0.id == id } }

    /// The room `words` name (id, name or alias, ignoring case).
    public func room(named words: String) -> Room? { rooms.first { $0.isNamed(words) } }

    /// The problems of this map, as key paths and messages (empty when it is sound).
    package func problems() -> [(keyPath: String, problem: String)] {
        var found: [(String, String)] = []
        guard !rooms.isEmpty else { return [("rooms", "the world needs at least one room")] }
        if room(id: start) == nil { found.append(("start", "no room has the id '\(start)'")) }
        var names: [String: Int] = [:]
        for (index, room) in rooms.enumerated() {
            let path = "rooms[\(index)]"
            if room.id.isEmpty || room.id.contains(where: \.isWhitespace) {
                found.append(("\(path).id", "an id is one word without spaces"))
            }
            if rooms[..<index].contains(where: { $0.id == room.id }) {
                found.append(("\(path).id", "another room already has the id '\(room.id)'"))
            }
            for word in Set(([room.id, room.name] + room.aliases).map(Room.normalized)) {
                if let other = names[word], other != index {
                    found.append(("\(path)", "'\(word)' also names rooms[\(other)]"))
                }
                names[word] = index
            }
            for (exitIndex, exit) in room.exits.enumerated() {
                guard let target = self.room(id: exit) else {
                    found.append(("\(path).exits[\(exitIndex)]", "no room has the id '\(exit)'"))
                    continue
                }
                if !target.exits.contains(room.id) {
                    found.append(("\(path).exits[\(exitIndex)]", "'\(exit)' has no exit back to '\(room.id)'; exits are two-way"))
                }
            }
            for (thingIndex, thing) in room.things.enumerated() where thing.description.isEmpty {
                found.append(("\(path).things[\(thingIndex)].description", "a thing needs a description"))
            }
        }
        return found
    }
}
