import GuidedGeneration
import NPCKit
import RegexAutomata

/// The shift's clock: actions spend minutes; as the clock passes them, customers arrive, get
/// restless and give up; at closing the day is summed up against its goal, and the next, harder
/// day begins — or the game is won or lost.
extension Game {
    var rules: ShiftRules { library.shift }

    /// What the shop serves with what has been bought.
    var shiftMenu: Menu { rules.menu(from: library.menu, purchases: state.shift.purchases) }

    /// The rules of the current day (the last day's for any day past them).
    var dayRules: ShiftRules.Day { rules.days[min(max(state.shift.day, 1), rules.days.count) - 1] }

    /// The upgrades bought.
    var bought: [ShiftRules.Upgrade] { rules.upgrades.filter { state.shift.purchases.contains($0.id) } }

    /// Minutes a drink takes (a bought upgrade may shorten it).
    var makeMinutes: Int { bought.compactMap(\.makeMinutes).min() ?? rules.minutes.make }

    /// The clock as `HH:MM`.
    var clock: String { rules.opening.adding(minutes: state.shift.minute).description }

    /// Charges `minutes` to the command being played; the clock moves after it.
    func spend(_ minutes: Int) {
        pendingMinutes += minutes
    }

    /// The minutes after opening at which today's customers arrive: the first at opening, and
    /// one at a seeded minute in each equal stretch of the day up to the last arrival time, so
    /// the shop never empties for long nor fills at once.
    func arrivalMinutes() -> [Int] {
        var random = SeededRandom.derived(seed: state.seed, index: 10_000 + UInt64(state.shift.day))
        let count = max(1, dayRules.customers)
        let window = max(1, rules.length - rules.lastArrivalBeforeClosing)
        return (0..<count).map { slot in
            let start = slot * window / count
            let end = max(start, (slot + 1) * window / count - 1)
            return slot == 0 ? 0 : random.int(in: start...end)
        }
    }

    /// The customers of today who are still waiting, by index in `state.met`.
    var waitingToday: [Int] {
        state.met.indices.filter { index in
            guard let visit = state.met[index].visit else { return false }
            return visit.day == state.shift.day && !state.met[index].isResolved && !visit.departed
        }
    }

    /// Moves the clock by the minutes the command spent and tells what happened meanwhile.
    func advanceClock() async -> [String] {
        let minutes = pendingMinutes
        pendingMinutes = 0
        guard state.shift.outcome == nil else { return [] }
        let end = min(state.shift.minute + minutes, rules.length)
        var lines = await runEvents(until: end)
        if state.shift.outcome == nil, end >= rules.length {
            lines.append(closeDay())
            if state.shift.outcome == nil { lines += await runEvents(until: 0) }
        }
        return lines
    }

    private enum Event { case leave(Int), warn(Int), arrive }

    /// Plays every arrival, warning and departure due by minute `end`, in time order.
    private func runEvents(until end: Int) async -> [String] {
        var lines: [String] = []
        let schedule = arrivalMinutes()
        while state.shift.outcome == nil {
            var next: (minute: Int, event: Event)?
            func consider(_ minute: Int, _ event: Event) {
                if minute <= end, next == nil || minute < next!.minute { next = (minute, event) }
            }
            for index in waitingToday where !state.shift.relaxed {
                let visit = state.met[index].visit!
                consider(visit.leaves, .leave(index))
                if !visit.warned { consider(visit.leaves - rules.warnMinutes, .warn(index)) }
            }
            if state.shift.arrived < schedule.count { consider(schedule[state.shift.arrived], .arrive) }
            guard let (minute, event) = next else { break }
            state.shift.minute = max(state.shift.minute, minute)
            switch event {
            case .arrive:
                do {
                    lines.append(try await arrive())
                } catch {
                    // A model that cannot make a customer costs the customer, not the game.
                    state.shift.arrived += 1
                    lines.append("A customer was due, but the model could not make one (\(error)); the day goes on without them.")
                }
            case .warn(let index):
                state.met[index].visit!.warned = true
                lines.append(line(from: rules.lines.restless, for: index))
            case .leave(let index): lines.append(leave(index))
            }
        }
        state.shift.minute = max(state.shift.minute, end)
        return lines
    }

    /// The next customer of the day comes in and sits in a room that has customers: a regular
    /// coming back, while the day's `regulars` are not all in, else someone new.
    private func arrive() async throws -> String {
        var random = SeededRandom.derived(seed: state.seed, index: 20_000 + UInt64(state.met.count))
        let rooms = library.world.rooms.filter { $0.features.contains(.npcs) }
        let room = rooms.isEmpty ? state.room : rooms[random.int(in: 0..<rooms.count)].id
        let minute = state.shift.minute
        func visit(_ npc: NPC, number: Int?) -> GameState.Visit {
            var patience = dayRules.patience + bought.compactMap(\.patience).reduce(0, +)
            if ShiftRules.has(rules.traits.hurried, in: npc.attributes) { patience = (patience + 1) / 2 }
            var visit = GameState.Visit(day: state.shift.day, arrived: minute, leaves: minute + max(1, patience))
            visit.number = number
            return visit
        }
        state.shift.arrived += 1
        if let index = returningRegular(&random), let lines = rules.lines.regular {
            state.met[index].room = room
            state.met[index].isResolved = false
            state.met[index].npc.encounter = .orderCoffee
            state.met[index].visit = visit(state.met[index].npc, number: (state.met[index].visit?.number ?? 1) + 1)
            return line(from: lines, for: index)
        }
        let npc = try await nextGenerator().npc(seed: NPCGenerator.itemSeed(state.seed, state.met.count))
        state.met.append(.init(npc: npc, room: room, visit: visit(npc, number: nil)))
        try await givePersona(to: state.met.count - 1)
        return line(from: rules.lines.arrive, for: state.met.count - 1)
    }

    /// Which customer served on an earlier day comes back now, if one does: of the arrivals
    /// left today (this one included), as many as the regulars still due are regulars, so the
    /// day gets all its `regulars` when enough customers were served before.
    private func returningRegular(_ random: inout SeededRandom) -> Int? {
        let today = state.shift.day
        let due = (dayRules.regulars ?? 0) - state.met.filter { $0.visit?.day == today && ($0.visit?.number ?? 1) > 1 }.count
        let left = dayRules.customers - state.shift.arrived + 1
        let candidates = state.met.indices.filter { state.met[$0].isResolved && (state.met[$0].visit?.day ?? today) < today }
        guard due > 0, left > 0, !candidates.isEmpty, random.int(in: 0..<left) < due else { return nil }
        return candidates[random.int(in: 0..<candidates.count)]
    }

    /// A waiting customer gives up: they leave, say so, and reputation drops.
    private func leave(_ index: Int) -> String {
        state.met[index].visit!.departed = true
        seeOff(index)
        state.shift.today.left += 1
        let text = line(from: rules.lines.leave, for: index) + " (reputation \(signed(rules.reputation.left)))"
        return text + changeReputation(by: rules.reputation.left)
    }

    /// Adds to reputation; at 0 or below the owner closes the shop and the game is lost (the
    /// returned text says so).
    func changeReputation(by change: Int) -> String {
        state.shift.reputation += change
        guard state.shift.reputation <= 0, state.shift.outcome == nil, !state.shift.relaxed else { return "" }
        state.shift.outcome = .lost
        return "\n\nYour reputation has hit \(state.shift.reputation). The owner turns the sign to CLOSED at \(clock) on day \(state.shift.day): "
            + "\"We'll talk about this tomorrow.\" You lose. " + scoreLine()
    }

    /// A customer line with `{name}` and `{room}` filled in, picked by the seed.
    private func line(from lines: [String], for index: Int) -> String {
        var random = SeededRandom.derived(seed: state.seed, index: 30_000 + UInt64(index) &* 7 &+ UInt64(state.turn))
        let roomName = library.world.room(id: state.met[index].room)?.name ?? state.met[index].room
        return lines[random.int(in: 0..<lines.count)]
            .replacingOccurrences(of: "{name}", with: state.met[index].npc.name)
            .replacingOccurrences(of: "{room}", with: roomName)
    }

    /// Closing time: who is still waiting goes home, the day is summed up against its goal,
    /// and the next day begins — or the game ends.
    private func closeDay() -> String {
        for index in state.met.indices where state.met[index].visit?.day == state.shift.day { state.met[index].visit!.departed = true }
        if case .npc = state.conversation { state.conversation = nil }
        let tally = state.shift.today
        let goal = dayRules.goal
        let day = state.shift.day
        let served = tally.right + tally.close + tally.delighted
        var lines = ["== Closing time, \(dayName) ==",
                     "Served \(served) (\(tally.right) right, \(tally.delighted) delighted, \(tally.close) close); \(tally.refused) drinks refused; "
                        + "\(tally.settled) complaints settled; \(tally.left) customers gave up waiting.",
                     "Coins earned today: \(tally.coins) of \(goal.coins). Reputation: \(state.shift.reputation) of \(goal.reputation)."]
        let won = tally.coins >= goal.coins && state.shift.reputation >= goal.reputation
        if state.shift.relaxed {
            lines[2] = "Coins earned today: \(tally.coins). Reputation: \(state.shift.reputation)."
            startNextDay()
            lines.append("== Day \(state.shift.day): the shop opens at \(rules.opening) ==")
        } else if !won {
            state.shift.outcome = .lost
            lines.append("Day \(day) is lost. The owner counts the till twice and takes the keys back. You lose. " + scoreLine())
        } else if day >= rules.days.count {
            state.shift.outcome = .won
            lines.append("Day \(day) is won — and with it the week: the owner hands you the keys to the Pixel Bean for good. You win! " + scoreLine())
        } else {
            startNextDay()
            let next = dayRules
            lines.append("Day \(day) is won! Tomorrow opens at \(rules.opening): \(next.customers) customers, less patience, "
                         + "and a goal of \(next.goal.coins) coins and a reputation of \(next.goal.reputation).")
            lines.append("== Day \(state.shift.day) of \(rules.days.count): the shop opens at \(rules.opening) ==")
        }
        return lines.joined(separator: "\n")
    }

    private func startNextDay() {
        state.shift.day += 1
        state.shift.minute = 0
        state.shift.arrived = 0
        state.shift.today = .init()
    }

    /// "day 2 of 3" (or "day 2" in relaxed play).
    var dayName: String { state.shift.relaxed ? "day \(state.shift.day)" : "day \(state.shift.day) of \(rules.days.count)" }

    /// Where the shift stands, for `look` and `score`.
    func shiftLine() -> String {
        let goal = dayRules.goal
        let progress = state.shift.relaxed
            ? "Today: \(state.shift.today.coins) coins, reputation \(state.shift.reputation)."
            : "Today: \(state.shift.today.coins) of \(goal.coins) coins, reputation \(state.shift.reputation) of \(goal.reputation)."
        return "It is \(clock) on \(dayName) (closing at \(rules.closing)). " + progress
    }

    /// The clock and the day's progress in one short line, after every command that took time.
    func clockLine() -> String {
        let goal = dayRules.goal
        let progress = state.shift.relaxed
            ? "today \(state.shift.today.coins) coins · reputation \(state.shift.reputation)"
            : "today \(state.shift.today.coins)/\(goal.coins) coins · reputation \(state.shift.reputation)/\(goal.reputation)"
        return "[\(clock), \(dayName) · " + progress + "]"
    }

    func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }
}
