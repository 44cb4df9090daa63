import Foundation

extension Game {
    func save(as name: String) -> String {
        guard let saves = setup.saves else { return "Saving is off in this game." }
        do {
            try saves.save(state, as: name)
            return "Saved as '\(name)'."
        } catch {
            return "Not saved: \(error)"
        }
    }

    func load(_ name: String) -> String {
        guard let saves = setup.saves else { return "Saving is off in this game." }
        do {
            try restore(try saves.load(name))
            return "Loaded '\(name)'.\n\n" + describeRoom()
        } catch {
            return "Not loaded: \(error)"
        }
    }

    func listSaves() -> String {
        guard let saves = setup.saves else { return "Saving is off in this game." }
        do {
            let entries = try saves.list()
            guard !entries.isEmpty else { return "No saves yet ('save [name]')." }
            let formatter = ISO8601DateFormatter()
            return entries.map { entry in
                let place = library.world.room(id: entry.room)?.name ?? entry.room
                return "  \(entry.name) — \(formatter.string(from: entry.savedAt)), \(place)"
            }.joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }
}
