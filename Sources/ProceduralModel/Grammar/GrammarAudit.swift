import GuidedGeneration
import Synchronization

/// Counts what a procedural model's grammar produced — how often each alternative of each
/// symbol was drawn, and how often each whole line came out — for repetition reports such as a
/// content pack's `audit.json`. Thread-safe; give one to `ProceduralModel.auditing(_:)`.
/// Lines are counted for the first `lineLimit` distinct lines; later new lines are only tallied,
/// so a huge batch keeps a bounded memory.
///
/// ```swift
/// let audit = GrammarAudit()
/// let model = ProceduralModel().auditing(audit)
/// _ = try await LanguageModelSession(model: model).respond(to: "Hello!")
/// print(audit.report().mostRepeatedLines.first ?? ("", 0))
/// ```
package final class GrammarAudit: Sendable {
    private struct Counts {
        var choices: [String: [Int: Int]] = [:]
        var lines: [String: Int] = [:]
        var uncountedLines = 0
    }

    private let counts = Mutex(Counts())
    let lineLimit: Int

    package init(lineLimit: Int = 50_000) {
        self.lineLimit = lineLimit
    }

    func record(symbol: String, alternative: Int) {
        counts.withLock { $0.choices[symbol, default: [:]][alternative, default: 0] += 1 }
    }

    func record(line: String) {
        counts.withLock { counts in
            if let count = counts.lines[line] {
                counts.lines[line] = count + 1
            } else if counts.lines.count < lineLimit {
                counts.lines[line] = 1
            } else {
                counts.uncountedLines += 1
            }
        }
    }

    /// The counts so far.
    package struct Report: Sendable {
        /// Per symbol (by name, sorted), the draws of each alternative (by index, sorted).
        package var draws: [(symbol: String, alternatives: [(index: Int, count: Int)])]
        /// Lines that came out more than once, most repeated first (ties by text).
        package var mostRepeatedLines: [(line: String, count: Int)]
        /// Distinct lines counted, and lines past `lineLimit` that were not.
        package var distinctLines: Int
        package var uncountedLines: Int
    }

    /// The counts, in a stable order; `top` bounds the repeated lines listed.
    package func report(top: Int = 100) -> Report {
        counts.withLock { counts in
            let draws = counts.choices.keys.sorted().map { symbol in
                (symbol, counts.choices[symbol]!.sorted { $0.key < $1.key }.map { (index: $0.key, count: $0.value) })
            }
            let repeated = counts.lines.filter { $0.value > 1 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(top)
            return Report(draws: draws, mostRepeatedLines: repeated.map { (line: $0.key, count: $0.value) },
                          distinctLines: counts.lines.count, uncountedLines: counts.uncountedLines)
        }
    }
}
