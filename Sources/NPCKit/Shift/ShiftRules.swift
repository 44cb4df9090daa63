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
public struct ShiftRules: Sendable, Equatable, Decodable {
    /// One day of the game: how many customers come, how long they wait, and what wins it.
    public struct Day: Sendable, Equatable, Decodable {
        public var customers: Int
        /// How many of the day's customers are regulars coming back: customers served on an
        /// earlier day, who order their usual (nil: none). Fewer come when fewer were served.
        public var regulars: Int?
        /// Minutes a customer waits before leaving (hurried ones half as long).
        public var patience: Int
        public var goal: Goal
    }

    /// What a day must end with: coins earned that day and reputation at closing.
    public struct Goal: Sendable, Equatable, Decodable {
        public var coins: Int
        public var reputation: Int
    }

    /// What each kind of action costs on the clock, in minutes.
    public struct Minutes: Sendable, Equatable, Decodable {
        public var move, make, settle, say, examine, riddle, create, wait: Int
    }

    /// How outcomes move reputation.
    public struct Reputation: Sendable, Equatable, Decodable {
        public var right, close, wrong, delighted, settled, wrongRemedy, left, riddle: Int
    }

    /// Tips, in coins, on top of the price.
    public struct Tips: Sendable, Equatable, Decodable {
        public var right, generous, delighted, waitedLong: Int
    }

    /// The attributes that carry each trait.
    public struct Traits: Sendable, Equatable, Decodable {
        /// A close drink counts as wrong; a different drink is refused.
        public var fussy: [String]
        /// A bigger tip.
        public var generous: [String]
        /// Half the patience.
        public var hurried: [String]
        /// A different drink from the menu delights them.
        public var curious: [String]
    }

    /// A way to settle a complaint, and the words of complaints it fits.
    public struct Remedy: Sendable, Equatable, Decodable {
        /// `apologize`, `refund` or `remake`: the command that applies it.
        public var verb: String
        /// What it does, for `help` and `hint`.
        public var does: String
        /// What a customer says when offered this remedy but needing another ("I don't want
        /// your money."), before what they need.
        public var refused: String
        /// What a customer who needs this remedy says they need when offered another.
        public var needs: String
        /// Words (lower case) that mark a complaint as needing it.
        public var words: [String]
    }

    /// Something the shop can buy, and what it changes.
    public struct Upgrade: Sendable, Equatable, Decodable {
        public var id: String
        public var name: String
        public var price: Int
        public var does: String
        /// Minutes a drink takes once bought.
        public var makeMinutes: Int?
        /// Coins added to every tip.
        public var tip: Int?
        /// Minutes added to every customer's patience.
        public var patience: Int?
        /// Menu items that are only served once bought, by menu section (`drinks`, `syrups`, …).
        public var adds: [String: [String]]?
    }

    /// What customers say; `{name}` and `{room}` are filled in. `regular` is how a regular
    /// comes back (needed when a day has regulars).
    public struct Lines: Sendable, Equatable, Decodable {
        public var arrive, restless, leave: [String]
        public var regular: [String]?
    }

    public var opening: TimeOfDay
    public var closing: TimeOfDay
    /// No customer arrives in the last this-many minutes of a day.
    public var lastArrivalBeforeClosing: Int
    public var startingReputation: Int
    public var days: [Day]
    public var minutes: Minutes
    public var reputation: Reputation
    public var tips: Tips
    /// A waiting customer gets restless this many minutes before leaving.
    public var warnMinutes: Int
    public var traits: Traits
    /// In the order they are tried against a complaint's words.
    public var remedies: [Remedy]
    /// The remedy of a complaint no remedy's words match.
    public var defaultRemedy: String
    public var upgrades: [Upgrade]
    public var lines: Lines

    /// The remedy commands the game knows.
    public static let remedyVerbs = ["apologize", "refund", "remake"]

    /// Minutes from opening to closing.
    public var length: Int { closing.minutesSinceMidnight - opening.minutesSinceMidnight }

    /// The remedy `complaint` needs: the first whose words it contains, else the default.
    public func remedy(for complaint: String) -> Remedy {
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
    public func refusal(of verb: String, needing needed: Remedy) -> String {
        [remedies.first { $0.verb == verb }?.refused, needed.needs].compactMap { $0 }.joined(separator: " ")
    }

    /// The menu the shop serves with `purchases` (upgrade ids) bought: everything an unbought
    /// upgrade adds is left out.
    public func menu(from full: Menu, purchases: [String]) -> Menu {
        let locked = upgrades.filter { !purchases.contains($0.id) }.compactMap(\.adds)
        return full.keeping { section, item in !locked.contains { $0[section]?.contains(item.name) ?? false } }
    }

    /// Whether `attributes` carry a trait listed in `words`.
    package static func has(_ words: [String], in attributes: [String]) -> Bool {
        attributes.contains { words.contains($0) }
    }
}
