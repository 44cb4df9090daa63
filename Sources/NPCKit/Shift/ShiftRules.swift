/// How a shift plays (`content/game/shift.json`): opening and closing time, each day's customers,
/// patience and goal, what every action costs on the clock, how serving and complaints move
/// reputation and tips, which attributes make a customer fussy, generous, hurried or curious, the
/// remedies complaints need, the upgrades coins buy, and the lines customers say when they come,
/// get restless and leave. `ContentLibrary` checks it against the menu and the attributes.
///
/// ```swift
/// let rules = try ContentLibrary.builtIn().shift
/// print(rules.days.count, rules.days[0].goal.coins)      // 3 30
/// print(rules.remedy(for: "My receipt is longer than my lunch break.").verb)   // refund
/// ```
package struct ShiftRules: Sendable, Equatable, Decodable {
    /// One day of the game: how many customers come, how long they wait, and what wins it.
    package struct Day: Sendable, Equatable, Decodable {
        package var customers: Int
        /// How many of the day's customers are regulars coming back: customers served on an
        /// earlier day, who order their usual (nil: none). Fewer come when fewer were served.
        package var regulars: Int?
        /// Minutes a customer waits before leaving (hurried ones half as long).
        package var patience: Int
        package var goal: Goal
    }

    /// What a day must end with: coins earned that day and reputation at closing.
    package struct Goal: Sendable, Equatable, Decodable {
        package var coins: Int
        package var reputation: Int
    }

    /// What each kind of action costs on the clock, in minutes.
    package struct Minutes: Sendable, Equatable, Decodable {
        package var move, make, settle, say, examine, riddle, create, wait: Int
    }

    /// How outcomes move reputation.
    package struct Reputation: Sendable, Equatable, Decodable {
        package var right, close, wrong, delighted, settled, wrongRemedy, left, riddle: Int
    }

    /// Tips, in coins, on top of the price.
    package struct Tips: Sendable, Equatable, Decodable {
        package var right, generous, delighted, waitedLong: Int
    }

    /// The attributes that carry each trait.
    package struct Traits: Sendable, Equatable, Decodable {
        /// A close drink counts as wrong; a different drink is refused.
        package var fussy: [String]
        /// A bigger tip.
        package var generous: [String]
        /// Half the patience.
        package var hurried: [String]
        /// A different drink from the menu delights them.
        package var curious: [String]
    }

    /// A way to settle a complaint, and the words of complaints it fits.
    package struct Remedy: Sendable, Equatable, Decodable {
        /// `apologize`, `refund` or `remake`: the command that applies it.
        package var verb: String
        /// What it does, for `help` and `hint`.
        package var does: String
        /// What a customer says when offered this remedy but needing another ("I don't want
        /// your money."), before what they need.
        var refused: String
        /// What a customer who needs this remedy says they need when offered another.
        var needs: String
        /// Words (lower case) that mark a complaint as needing it.
        var words: [String]
    }

    /// Something the shop can buy, and what it changes.
    package struct Upgrade: Sendable, Equatable, Decodable {
        package var id: String
        package var name: String
        package var price: Int
        package var does: String
        /// Minutes a drink takes once bought.
        package var makeMinutes: Int?
        /// Coins added to every tip.
        package var tip: Int?
        /// Minutes added to every customer's patience.
        package var patience: Int?
        /// Menu items that are only served once bought, by menu section (`drinks`, `syrups`, …).
        var adds: [String: [String]]?
    }

    /// What customers say; `{name}` and `{room}` are filled in. `regular` is how a regular
    /// comes back (needed when a day has regulars).
    package struct Lines: Sendable, Equatable, Decodable {
        package var arrive, restless, leave: [String]
        package var regular: [String]?
    }

    package var opening: TimeOfDay
    package var closing: TimeOfDay
    /// No customer arrives in the last this-many minutes of a day.
    package var lastArrivalBeforeClosing: Int
    package var startingReputation: Int
    package var days: [Day]
    package var minutes: Minutes
    package var reputation: Reputation
    package var tips: Tips
    /// A waiting customer gets restless this many minutes before leaving.
    package var warnMinutes: Int
    package var traits: Traits
    /// In the order they are tried against a complaint's words.
    package var remedies: [Remedy]
    /// The remedy of a complaint no remedy's words match.
    var defaultRemedy: String
    package var upgrades: [Upgrade]
    package var lines: Lines

    /// The remedy commands the game knows.
    static let remedyVerbs = ["apologize", "refund", "remake"]

    /// Minutes from opening to closing.
    package var length: Int { closing.minutesSinceMidnight - opening.minutesSinceMidnight }

    /// The remedy `complaint` needs: the first whose words it contains, else the default.
    package func remedy(for complaint: String) -> Remedy {
        let text = complaint.lowercased()
        let verb = remedies.first { $0.words.contains { text.contains($0) } }?.verb ?? defaultRemedy
        return remedies.first { $0.verb == verb }!
    }

    /// What a customer whose complaint needs `needed` says when offered `verb` instead: their
    /// answer to what was offered, then what they need.
    ///
    /// ```swift
    /// let needed = rules.remedy(for: "My receipt is longer than my lunch break.")
    /// print(rules.refusal(of: "remake", needing: needed))   // Another cup won't fix this. I want my money back.
    /// ```
    package func refusal(of verb: String, needing needed: Remedy) -> String {
        [remedies.first { $0.verb == verb }?.refused, needed.needs].compactMap { $0 }.joined(separator: " ")
    }

    /// The menu the shop serves with `purchases` (upgrade ids) bought: everything an unbought
    /// upgrade adds is left out.
    package func menu(from full: Menu, purchases: [String]) -> Menu {
        let locked = upgrades.filter { !purchases.contains($0.id) }.compactMap(\.adds)
        return full.keeping { section, item in !locked.contains { $0[section]?.contains(item.name) ?? false } }
    }

    /// Whether `attributes` carry a trait listed in `words`.
    package static func has(_ words: [String], in attributes: [String]) -> Bool {
        attributes.contains { words.contains($0) }
    }
}
