import Foundation

extension Game {
    /// The save a game writes when it ends; another game's autosave is moved to `autosave-1`
    /// (and that one's to `autosave-2`) instead of being written over.
    static let autosaveName = "autosave"
    /// How many earlier games' autosaves are kept beside the current one.
    static let keptAutosaves = 2

    /// The autosave slot a save name stands for: 0 for `autosave`, k for `autosave-k` (k up to
    /// the kept count), nil for any other name.
    static func autosaveSlot(named name: String) -> Int? {
        if name == autosaveName { return 0 }
        let prefix = autosaveName + "-"
        guard name.hasPrefix(prefix), let slot = Int(name.dropFirst(prefix.count)), prefix + String(slot) == name,
              (1...keptAutosaves).contains(slot) else { return nil }
        return slot
    }

    func save(as name: String) -> String {
        guard let saves = setup.saves else { return "Saving is off in this game." }
        do {
            try saves.save(state, as: name)
            if let slot = Self.autosaveSlot(named: name) { autosaveSlot = slot }
            return "Saved as '\(name)'."
        } catch {
            return "Not saved: \(error)"
        }
    }

    /// Saves the game as `autosave`, never over another game: unless `autosave` holds this game
    /// already, the autosaves move along one slot first (`autosave` to `autosave-1` …) up to the
    /// slot this game was loaded from, whose older copy of it is the one replaced — or, for a
    /// game from no autosave, up to the last kept slot.
    func autosave() -> String {
        guard let saves = setup.saves else { return "Saving is off in this game." }
        var kept = ""
        if autosaveSlot != 0 {
            do {
                if try saves.rotate(Self.autosaveName, keeping: autosaveSlot ?? Self.keptAutosaves) {
                    kept = " (the previous game's is kept as '\(Self.autosaveName)-1')"
                }
            } catch {
                return "Not saved: \(error)"
            }
        }
        let saved = save(as: Self.autosaveName)
        return kept.isEmpty ? saved : String(saved.dropLast()) + kept + "."
    }

    /// Loads the save `name` into this game and says which save it was: when it was written and
    /// where the player stood. It starts once the turns that arrived before it have finished.
    package func resume(from name: String) async throws -> String {
        await beginTurn()
        defer { endTurn() }
        return try loadSave(name)
    }

    private func loadSave(_ name: String) throws -> String {
        guard let saves = setup.saves else { throw SaveError.unreadableFolder("(none)", reason: "saving is off in this game") }
        let (saved, entry) = try saves.open(name)
        replaceState(with: saved)
        autosaveSlot = Self.autosaveSlot(named: name)
        let line = "Loaded '\(name)', saved \(Self.stamp(entry.savedAt)) in \(roomName(entry.room)) (turn \(state.turn))."
        resumed = line
        return line
    }

    func load(_ name: String) -> String {
        do {
            return try loadSave(name) + "\n\n" + describeRoom()
        } catch {
            return "Not loaded: \(error)"
        }
    }

    /// A line for the opening: which save the game was loaded from, or when an earlier game's
    /// autosave is waiting, the offer to continue it; nil otherwise.
    func openingNote() -> String? {
        if let resumed { return resumed }
        guard autosaveSlot != 0, let entry = try? setup.saves?.open(Self.autosaveName).entry else { return nil }
        return "Your last game is saved as '\(Self.autosaveName)' (\(roomName(entry.room)), \(Self.stamp(entry.savedAt))). "
            + "Type 'continue' to pick it up; if you play on instead, it is kept as '\(Self.autosaveName)-1'."
    }

    func listSaves() -> String {
        guard let saves = setup.saves else { return "Saving is off in this game." }
        do {
            let (entries, damaged) = try saves.catalogue()
            guard !entries.isEmpty || !damaged.isEmpty else { return "No saves yet ('save [name]')." }
            let good = entries.map { "  \($0.name) — \(Self.stamp($0.savedAt)), \(roomName($0.room))" }
            let bad = damaged.map { "  \($0.name) — damaged, left as it is: \(Self.reason($0.problem))" }
            return (good + bad).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    private func roomName(_ id: String) -> String {
        library.world.room(id: id)?.name ?? id
    }

    /// A save time as `2026-11-26 13:52 UTC`.
    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// Why a save does not read, without the save's name (the list names it).
    private static func reason(_ problem: SaveError) -> String {
        switch problem {
        case .corrupt(_, let reason), .unreadable(_, let reason): reason
        case .unknownVersion(_, let version, let supported): "format version \(version); this game reads version \(supported)"
        default: "\(problem)"
        }
    }
}
