import GuidedGeneration

/// The shift's helpers: waiting, a hint at what to do next, one step of undo, the menu board
/// and what coins buy.
extension Game {
    func wait() -> String {
        spend(rules.minutes.wait)
        return "You wipe down the counter and wait."
    }

    /// What to do next: the most urgent thing in words, and the command that does it.
    public struct Hint: Sendable, Equatable {
        public var text: String
        public var command: String
    }

    /// The most urgent thing to do now — the customer closest to giving up, the way to them
    /// and what they need; else something to buy, or waiting for the next customer — and the
    /// command to type (what `hint` shows; an engine can play it).
    ///
    /// ```swift
    /// let next = game.hint
    /// print(next.text)                       // Hint: Rafi Mansour in The Patio gives up at 08:30 …
    /// _ = await game.handle(next.command)    // "go seating"
    /// ```
    public var hint: Hint {
        let waiting = waitingToday.sorted { state.met[$0].visit!.leaves < state.met[$1].visit!.leaves }
        if let index = waiting.first {
            let met = state.met[index]
            let minutes = met.visit!.leaves - state.shift.minute
            let roomName = library.world.room(id: met.room)?.name ?? met.room
            let task: String
            let action: String
            switch met.npc.encounter {
            case .orderCoffee:
                task = "would like \(met.npc.order)"
                action = "make order"
            case .wantToTalkToManager(let complaint):
                let remedy = rules.remedy(for: complaint)
                task = "wants the manager (\"\(complaint)\"): that needs '\(remedy.verb)', to \(remedy.does)"
                action = remedy.verb
            }
            let next = met.room == state.room ? action : "go " + (nextStep(to: met.room) ?? met.room)
            let at = rules.opening.adding(minutes: met.visit!.leaves)
            let urgency = state.shift.relaxed ? "is waiting" : "gives up at \(at) (in \(minutes) minutes)"
            return Hint(text: "Hint: \(met.npc.name) in \(roomName) \(urgency) and \(task). Next: '\(next)'.", command: next)
        }
        let affordable = rules.upgrades.filter { !state.shift.purchases.contains($0.id) && $0.price <= state.coins }
        if let upgrade = affordable.min(by: { $0.price < $1.price }) {
            return Hint(text: "Hint: no one is waiting. You have \(state.coins) coins: 'buy \(upgrade.id)' gets \(upgrade.name) "
                        + "(\(upgrade.price) coins): \(upgrade.does).", command: "buy \(upgrade.id)")
        }
        let schedule = arrivalMinutes()
        if state.shift.arrived < schedule.count {
            let at = rules.opening.adding(minutes: schedule[state.shift.arrived])
            return Hint(text: "Hint: no one is waiting; the next customer comes at \(at). Next: 'wait' (\(rules.minutes.wait) minutes).", command: "wait")
        }
        return Hint(text: "Hint: everyone today has been seen to. Next: 'wait' until closing at \(rules.closing).", command: "wait")
    }

    /// The id of the first room on the shortest way from here to `target`.
    func nextStep(to target: String) -> String? {
        var cameFrom: [String: String] = [state.room: state.room]
        var queue = [state.room]
        while !queue.isEmpty {
            let here = queue.removeFirst()
            if here == target { break }
            for exit in library.world.room(id: here)?.exits ?? [] where cameFrom[exit] == nil {
                cameFrom[exit] = here
                queue.append(exit)
            }
        }
        guard cameFrom[target] != nil, target != state.room else { return nil }
        var step = target
        while let previous = cameFrom[step], previous != state.room { step = previous }
        return step
    }

    /// Walks room by room to `room`, by the shortest way.
    func walk(to room: String) async {
        while state.room != room, let step = nextStep(to: room) { _ = await handle("go \(step)") }
    }

    /// Goes back to the state before the last command that took time or bought something —
    /// never to before a riddle answer.
    func undo() -> String {
        guard let previous = undoState else { return "There is nothing to undo (one step is kept, and a riddle answer is never taken back)." }
        restore(previous)
        undoState = nil
        var talking = ""
        switch state.conversation {
        case .barista: talking = " You are talking to \(library.barista.name)."
        case .npc(let index) where state.met.indices.contains(index): talking = " You are talking to \(state.met[index].npc.name)."
        default: break
        }
        return "Undone: it is \(clock) again.\(talking)\n\n" + describeRoom()
    }

    /// The board: what the shop serves today, with prices, and what it can buy.
    func menuBoard() -> String {
        let menu = shiftMenu
        func list(_ items: [Menu.Item], extra: Bool) -> String {
            items.map { "\($0.name) \(extra && $0.price > 0 ? "+" : "")\($0.price)" }.joined(separator: ", ")
        }
        var lines = ["The board reads (prices in \(menu.currency)):",
                     "  Drinks: " + list(menu.drinks, extra: false),
                     "  Sizes: " + list(menu.sizes, extra: true),
                     "  Served: " + list(menu.temperatures, extra: true),
                     "  Milks: " + list(menu.milks, extra: true),
                     "  Syrups: " + list(menu.syrups, extra: true),
                     "  Extras: " + list(menu.extras, extra: true),
                     "For the shop ('buy <name>'; you have \(state.coins) coins):"]
        for upgrade in rules.upgrades {
            let status = state.shift.purchases.contains(upgrade.id) ? " (bought)" : ""
            lines.append("  \(upgrade.id) — \(upgrade.name), \(upgrade.price) coins: \(upgrade.does)\(status)")
        }
        return lines.joined(separator: "\n")
    }

    /// Buys an upgrade by its id or name.
    func buy(_ words: String) -> String {
        let wanted = Room.normalized(words)
        guard let upgrade = rules.upgrades.first(where: { Room.normalized($0.id) == wanted || Room.normalized($0.name) == wanted
            || Room.normalized($0.name).hasSuffix(" " + wanted) })
        else {
            return "The shop can't buy '\(words)'. For sale: " + rules.upgrades.map(\.id).joined(separator: ", ") + " ('menu' says what each does)."
        }
        if state.shift.purchases.contains(upgrade.id) { return "You already have \(upgrade.name)." }
        guard state.coins >= upgrade.price else { return "\(upgrade.name.prefix(1).uppercased() + upgrade.name.dropFirst()) costs \(upgrade.price) coins; you have \(state.coins)." }
        state.coins -= upgrade.price
        state.shift.purchases.append(upgrade.id)
        return "You buy \(upgrade.name): \(upgrade.does). (-\(upgrade.price) coins)"
    }
}
