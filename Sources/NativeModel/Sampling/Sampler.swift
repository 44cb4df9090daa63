import Foundation
import GuidedGeneration
import RegexAutomata

/// How the next token is chosen from the logits: the most likely one (greedy, the default), or
/// a draw from the distribution sharpened by `temperature` and cut to the `topK` most likely
/// tokens and then to the smallest set whose probability reaches `topP`. Draws come from the
/// project's `SeededRandom`, so a seed fixes the tokens.
///
/// ```swift
/// var sampler = Sampler(.sampled(temperature: 0.8, topK: 40, topP: 0.95, seed: 7))
/// let token = sampler.next(logits)
/// ```
public struct Sampler: Sendable {
    public enum Mode: Sendable, Equatable {
        case greedy
        case sampled(temperature: Float, topK: Int, topP: Float, seed: UInt64)
    }

    public let mode: Mode
    private var random: SeededRandom

    public init(_ mode: Mode) {
        self.mode = mode
        if case .sampled(_, _, _, let seed) = mode { random = SeededRandom(seed: seed) } else { random = SeededRandom(seed: 0) }
    }

    /// The chosen token; `allowed`, when given, limits the choice (a guided-decoding mask).
    public mutating func next(_ logits: [Float], allowed: ((Int) -> Bool)? = nil) -> Int {
        let candidates = logits.indices.filter { allowed?($0) ?? true }
        guard let first = candidates.first else { return 0 }
        switch mode {
        case .greedy:
            var best = first
            for index in candidates where logits[index] > logits[best] { best = index }
            return best
        case .sampled(let temperature, let topK, let topP, _):
            if temperature <= 0 {
                var greedy = Sampler(.greedy)
                return greedy.next(logits, allowed: allowed)
            }
            // Ranked by logit, the lower id first among equals, so the order never depends on the sort.
            let before = { (a: Int, b: Int) in logits[a] > logits[b] || (logits[a] == logits[b] && a < b) }
            var ranked = topK > 0 && candidates.count > topK ? Self.best(topK, of: candidates, by: before) : candidates.sorted(by: before)
            let largest = logits[ranked[0]]
            var weights = ranked.map { Double(expf((logits[$0] - largest) / temperature)) }
            let total = weights.reduce(0, +)
            if topP < 1 {
                var cumulative = 0.0
                var keep = weights.count
                for (index, weight) in weights.enumerated() {
                    cumulative += weight / total
                    if cumulative >= Double(topP) { keep = index + 1; break }
                }
                ranked.removeSubrange(keep...)
                weights.removeSubrange(keep...)
            }
            let target = random.unit() * weights.reduce(0, +)
            var cumulative = 0.0
            for (index, weight) in weights.enumerated() {
                cumulative += weight
                if target < cumulative { return ranked[index] }
            }
            return ranked[ranked.count - 1]
        }
    }

    /// The first `count` of `candidates` in the order `before` defines, without sorting them
    /// all: a whole vocabulary's sort cost a third of a sampled token's time.
    private static func best(_ count: Int, of candidates: [Int], by before: (Int, Int) -> Bool) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(count + 1)
        for candidate in candidates {
            if kept.count == count, !before(candidate, kept[count - 1]) { continue }
            var low = 0, high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if before(kept[middle], candidate) { low = middle + 1 } else { high = middle }
            }
            kept.insert(candidate, at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }
}
