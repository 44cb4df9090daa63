import GuidedGeneration
import NPCKit

/// The shift's helpers: waiting, hints at what to do next, one step of undo, the menu board
/// and what coins buy.
extension Game {
    func wait() -> String {
        spend(rules.minutes.wait)
        return "You wipe down the counter and wait."
    }

    /// What to do next: the most urgent thing in words, and the command that does it.
    package struct Hint: Sendable, Equatable {
        package var text: String
        package var command: String
    }

    /// The most urgent thing to do now, and the command to type (what `hint` shows first; an
    /// engine can play it). The first of `hints`.
    ///
    /// ```swift
    /// let next = game.hint
    /// print(next.text)                       // Hint: Rafi Mansour in The Patio gives up at 08:30 …
    /// _ = await game.handle(next.command)    // "go seating"
    /// ```
    package var hint: Hint { hints[0] }

    /// Everything worth doing now, most urgent first, each with the command to type: every
    /// customer waiting today, closest to giving up first — the way to them, or what they need
    /// aimed at them by name when others here wait for the same; then each upgrade the coins
    /// buy, cheapest first; and, when no one is waiting, waiting for the next customer. `hint`
    /// typed again and again goes through them in turn and starts over.
    var hints: [Hint] {
        let customers = waitingToday.sorted { state.met[$0].visit!.leaves < state.met[$1].visit!.leaves }.map(customerHint)
        var found = customers + upgradeHints(anyoneWaiting: !customers.isEmpty)
        if customers.isEmpty { found.append(waitHint) }
        guard found.count > 1 else { return found }
        return found.enumerated().map { Hint(text: $1.text + " (\($0 + 1) of \(found.count); 'hint' again for the next)", command: $1.command) }
    }

    /// Customer `index`, how long they still wait and what they need; the way to them, or the
    /// command that serves or settles exactly them.
    private func customerHint(_ index: Int) -> Hint {
        let met = state.met[index]
        let minutes = met.visit!.leaves - state.shift.minute
        let roomName = library.world.room(id: met.room)?.name ?? met.room
        let task: String
        let verb: String
        let want: Want
        switch met.npc.encounter {
        case .orderCoffee:
            (task, verb, want) = ("would like \(met.npc.order)", "make order", .drink)
        case .wantToTalkToManager(let complaint):
            let remedy = rules.remedy(for: complaint)
            (task, verb, want) = ("wants the manager (\"\(complaint)\"): that needs '\(remedy.verb)', to \(remedy.does)", remedy.verb, .manager)
        }
        let next = met.room == state.room ? aimed(verb, at: index, among: want) : "go " + (nextStep(to: met.room) ?? met.room)
        let at = rules.opening.adding(minutes: met.visit!.leaves)
        let urgency = state.shift.relaxed ? "is waiting" : "gives up at \(at) (in \(minutes) minutes)"
        return Hint(text: "Hint: \(met.npc.name) in \(roomName) \(urgency) and \(task). Next: '\(next)'.", command: next)
    }

    /// `verb` aimed at customer `index` here: alone when no one else here waits for `want`,
    /// else with `for` and the shortest of their names that picks them alone — as the command
    /// alone would reach whoever has waited longest.
    private func aimed(_ verb: String, at index: Int, among want: Want) -> String {
        let waiting = waiting(for: want)
        guard waiting.count > 1 else { return verb }
        let name = state.met[index].npc.name
        let candidates = waiting.map { NameResolver.Candidate(id: $0, name: state.met[$0].npc.name) }
        let handle = (name.split(separator: " ").map(String.init) + [name]).first { words in
            if case .one(let found) = NameResolver.resolve(words, among: candidates) { return found == index }
            return false
        } ?? name
        return "\(verb) for \(handle)"
    }

    /// The upgrades the coins buy, cheapest first.
    private func upgradeHints(anyoneWaiting: Bool) -> [Hint] {
        let affordable = rules.upgrades.filter { !state.shift.purchases.contains($0.id) && $0.price <= state.coins }
        let opening = anyoneWaiting ? "Hint: you have \(state.coins) coins" : "Hint: no one is waiting. You have \(state.coins) coins"
        return affordable.sorted { $0.price < $1.price }.map { upgrade in
            Hint(text: opening + ": 'buy \(upgrade.id)' gets \(upgrade.name) (\(upgrade.price) coins): \(upgrade.does).", command: "buy \(upgrade.id)")
        }
    }

    /// Waiting for the next customer, or for closing when everyone today has been seen to.
    private var waitHint: Hint {
        let schedule = arrivalMinutes()
        if state.shift.arrived < schedule.count {
            let at = rules.opening.adding(minutes: schedule[state.shift.arrived])
            return Hint(text: "Hint: no one is waiting; the next customer comes at \(at). Next: 'wait' (\(rules.minutes.wait) minutes).", command: "wait")
        }
        return Hint(text: "Hint: everyone today has been seen to. Next: 'wait' until closing at \(rules.closing).", command: "wait")
    }

    /// The hint `hint` shows now: the next of `hints` after those shown in a row just before.
    func nextHint() -> String {
        let all = hints
        defer { hintsShown += 1 }
        return all[hintsShown % all.count].text
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
        replaceState(with: previous)
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
                     "  Extras: " + list(menu.extras, extra: true)] + (menu.food.isEmpty ? [] : ["  Food: " + list(menu.food, extra: false)]) + [
                     "For the shop ('buy <name>'; you have \(state.coins) coins):"]
        for upgrade in rules.upgrades {
            let status = state.shift.purchases.contains(upgrade.id) ? " (bought)" : ""
            lines.append("  \(upgrade.id) — \(upgrade.name), \(upgrade.price) coins: \(upgrade.does)\(status)")
        }
        return lines.joined(separator: "\n")
    }

    /// The day's prices as the barista knows them, one "Menu price: …." sentence per item, for her
    /// instructions ("how much is a flat white?" is answered from the sentence naming it). The
    /// drinks come last, so a drink wins a tie with a size or a milk ("a large latte"). Then what
    /// each drink is ("Menu drink: …"), and the cheapest and the dearest drink.
    func priceSheet() -> String {
        let menu = shiftMenu
        func coins(_ price: Int) -> String { "\(price) \(price == 1 ? "coin" : menu.currency)" }
        func extra(_ item: Menu.Item, _ what: String) -> String {
            "\(item.name.prefix(1).uppercased() + item.name.dropFirst())\(what) is " + (item.price == 0 ? "free" : coins(item.price) + " extra")
        }
        let lines = menu.sizes.map { extra($0, " size") } + menu.milks.map { extra($0, " milk") } + menu.syrups.map { extra($0, " syrup") }
            + menu.extras.map { extra($0, "") } + (menu.food + menu.drinks).map { item in
                "The \(item.name)" + (item.alsoCalled.map { ", or \($0)," } ?? "") + " is \(coins(item.price))"
            }
        var sheet = lines.map { " Menu price: \($0)." }.joined()
        sheet += menu.drinks.compactMap { drink in
            drink.about.map { " Menu drink: \("aeiou".contains(drink.name.prefix(1)) ? "an" : "a") \(drink.name) is \($0)." }
        }.joined()
        let byPrice = menu.drinks.sorted { $0.price < $1.price }
        if let cheapest = byPrice.first, let dearest = byPrice.last {
            sheet += " Cheapest and dearest: the \(cheapest.name) is the cheapest drink at \(coins(cheapest.price)), and the \(dearest.name) the dearest at \(coins(dearest.price))."
        }
        return sheet
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
