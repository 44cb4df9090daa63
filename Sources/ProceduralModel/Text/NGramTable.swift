import GuidedGeneration

/// Counts of symbols seen after each context, frozen into distributions whose order does not
/// depend on hashing, so that draws from them are reproducible under a seed.
struct NGramTable<Context: Hashable & Sendable>: Sendable {
    private(set) var distributions: [Context: NGramDistribution] = [:]

    /// Freezes `counts` (context → symbol → count).
    init(counts: [Context: [Int: Double]]) {
        for (context, row) in counts {
            let sorted = row.sorted { $0.key < $1.key }
            distributions[context] = NGramDistribution(
                symbols: sorted.map(\.key), counts: sorted.map(\.value),
                total: sorted.reduce(0) { $0 + $1.value })
        }
    }

    subscript(context: Context) -> NGramDistribution? { distributions[context] }
}

/// The symbols seen after one context, in ascending symbol order, with their counts.
struct NGramDistribution: Sendable {
    let symbols: [Int]
    let counts: [Double]
    let total: Double
}
