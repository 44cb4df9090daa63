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

    mutating func recordChoice(_ alternative: Int, of symbol: String) {
        lastChoices[symbol] = alternative
    }

    mutating func recordLine(_ line: String) {
        producedLines.insert(line)
    }
}
