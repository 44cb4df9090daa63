import GuidedGeneration

/// What a session remembers between grammar expansions, so it does not repeat itself: the
/// alternative each symbol chose last (never chosen again right away) and every line already
/// produced (avoided while an unused top-level alternative remains).
///
/// A value type: a session keeps one and passes it `inout` to each expansion; copying it forks
/// the memory. It is `Codable`, so it can be saved with the rest of a game.
///
/// ```swift
/// var memory = ExpansionMemory()
/// var random = SeededRandom(seed: 1)
/// let first = try grammar.expand("greeting", memory: &memory, random: &random)
/// let second = try grammar.expand("greeting", memory: &memory, random: &random)   // a different line
/// ```
public struct ExpansionMemory: Sendable, Equatable, Codable {
    /// The index of the alternative each symbol (by name) chose most recently.
    public private(set) var lastChoices: [String: Int] = [:]
    /// Every line a top-level expansion has returned.
    public private(set) var producedLines: Set<String> = []

    /// An empty memory: nothing chosen, nothing produced.
    public init() {}

    /// Whether a top-level expansion already returned `line`.
    public func hasProduced(_ line: String) -> Bool {
        producedLines.contains(line)
    }

    /// Forgets the produced lines (repeats become allowed again) but keeps the last choices.
    public mutating func forgetProducedLines() {
        producedLines.removeAll()
    }

    /// One overwritten last choice: the symbol and the value it had before (nil: none).
    typealias Change = (symbol: String, previous: Int?)

    /// Records `alternative` as the symbol's last choice and returns what it replaced.
    mutating func recordChoice(_ alternative: Int, of symbol: String) -> Change {
        // Room for a typical grammar's symbols up front, rather than growing one at a time.
        if lastChoices.isEmpty { lastChoices.reserveCapacity(32) }
        return (symbol, lastChoices.updateValue(alternative, forKey: symbol))
    }

    /// Sets each symbol of `changes` back to its recorded value, newest change first — rolling
    /// back changes returned by `recordChoice` (oldest first).
    mutating func restore(_ changes: [Change]) {
        for change in changes.reversed() { lastChoices[change.symbol] = change.previous }
    }

    /// The current last choices of the symbols `changes` touched, in a form `restore` reinstates
    /// after those changes were rolled back.
    func snapshot(of changes: [Change]) -> [Change] {
        changes.map { ($0.symbol, lastChoices[$0.symbol]) }
    }

    /// Records `line` as produced; false (and nothing changes) when it already was.
    mutating func recordLine(_ line: String) -> Bool {
        producedLines.insert(line).inserted
    }
}
