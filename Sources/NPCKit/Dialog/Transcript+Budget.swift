import GuidedGeneration

extension Transcript {
    /// The transcript unchanged while its exchanges take at most `budget` tokens (by `count`);
    /// past it, the instructions and the newest exchanges that fit in half the budget. Trimming
    /// to half, not to just under the budget, means the next trims are many lines away — and a
    /// model that caches the computed prefix of the transcript keeps it until then.
    package func trimmed(toTokens budget: Int, counting count: (String) -> Int) -> Transcript {
        var exchanges: [Int] = []
        var tokens = 0
        for entry in self {
            if case .prompt = entry { exchanges.append(0) }
            guard !exchanges.isEmpty else { continue }
            let entryTokens = count(entry.plainText)
            exchanges[exchanges.count - 1] += entryTokens
            tokens += entryTokens
        }
        guard tokens > budget else { return self }
        var kept = 0
        var keptTokens = 0
        for exchange in exchanges.reversed() {
            keptTokens += exchange
            guard keptTokens <= budget / 2 else { break }
            kept += 1
        }
        return condensed(keepingLast: kept)
    }
}
