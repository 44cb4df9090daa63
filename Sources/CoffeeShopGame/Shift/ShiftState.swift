/// Where the shift stands: the day, the clock (minutes since opening), reputation, what was
/// bought, how many of today's customers have come, today's tally, and — once the game is
/// over — whether it was won. Part of `GameState`, so it is saved with the game.
///
/// ```swift
/// let shift = ShiftState(reputation: 5)
/// print(shift.day, shift.minute, shift.outcome == nil)   // 1 0 true
/// ```
package struct ShiftState: Sendable, Equatable, Codable {
    /// How the game ended.
    package enum Outcome: String, Sendable, Equatable, Codable {
        case won, lost
    }

    /// What happened today.
    package struct Tally: Sendable, Equatable, Codable {
        /// Coins earned today (prices and tips, less refunds; purchases do not count).
        package var coins = 0
        var right = 0
        package var close = 0
        package var delighted = 0
        /// Drinks a customer refused.
        package var refused = 0
        package var settled = 0
        package var left = 0

        package init() {}
    }

    /// 1 on the first day.
    package var day = 1
    /// Minutes since opening.
    package var minute = 0
    package var reputation: Int
    /// The ids of the upgrades bought, in the order bought.
    var purchases: [String] = []
    /// How many of today's customers have arrived.
    package var arrived = 0
    package var today = Tally()
    package var outcome: Outcome?
    /// Practice play: no one gives up, and days end without a goal, a win or a loss.
    var relaxed = false

    package init(reputation: Int, relaxed: Bool = false) {
        self.reputation = reputation
        self.relaxed = relaxed
    }
}

extension GameState {
    /// The state with the shift's numbers brought into the ranges play can reach, so a save
    /// edited by hand cannot send the clock past any bound (a day, a visit, a count).
    func withShiftInBounds(dayLength: Int) -> GameState {
        var bounded = self
        let limit = 1 << 40
        bounded.shift.day = min(max(shift.day, 1), 10_000)
        bounded.shift.minute = min(max(shift.minute, 0), dayLength)
        bounded.shift.arrived = min(max(shift.arrived, 0), 10_000)
        bounded.shift.reputation = min(max(shift.reputation, -limit), limit)
        bounded.shift.today.coins = min(max(shift.today.coins, -limit), limit)
        bounded.coins = min(max(coins, -limit), limit)
        bounded.score = min(max(score, -limit), limit)
        for index in bounded.met.indices {
            guard var visit = met[index].visit else { continue }
            visit.arrived = min(max(visit.arrived, -dayLength), 2 * dayLength)
            visit.leaves = min(max(visit.leaves, -dayLength), 2 * dayLength)
            bounded.met[index].visit = visit
        }
        return bounded
    }
}
