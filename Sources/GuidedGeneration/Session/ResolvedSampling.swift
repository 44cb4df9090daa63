import Foundation
import RegexAutomata

/// The sampling a model actually applies, resolved from `GenerationOptions`: every weighted
/// choice a model makes goes through `choose(weights:random:)`.
package struct ResolvedSampling: Sendable, Equatable {
    /// Always take the heaviest choice: `.greedy`, or a temperature of `0`.
    var greedy: Bool
    /// Keep only the `topK` heaviest choices.
    var topK: Int?
    /// Keep only the fewest heaviest choices whose probability mass reaches `topP`.
    var topP: Double?
    /// Weights are raised to `1 / temperature` before drawing.
    var temperature: Double
    var seed: UInt64?

    /// Resolves `options`, using `defaultTemperature` when they leave the temperature to the model.
    package init(_ options: GenerationOptions, defaultTemperature: Double = 1) {
        temperature = options.temperature ?? defaultTemperature
        seed = options.samplingMode?.seed
        switch options.samplingMode?.kind {
        case .greedy?: greedy = true
        case .top(let k)?: greedy = false; topK = k
        case .probabilityThreshold(let p)?: greedy = false; topP = p
        case nil: greedy = false
        }
        if temperature == 0 { greedy = true }
    }

    /// The generator for one response: seeded when a seed was given; greedy sampling with no seed
    /// gets a fixed one, so everything else the model draws is repeatable too.
    package func makeRandom() -> SeededRandom {
        if let seed { return SeededRandom(seed: seed) }
        return greedy ? SeededRandom(seed: 0) : SeededRandom()
    }

    /// `choose(weights:random:)` for `count` equal weights, without the weights: the first when
    /// greedy, else a uniform draw (temperature, top-k and top-p leave equal weights equal).
    package func chooseUniform(count: Int, random: inout SeededRandom) -> Int {
        greedy ? 0 : random.int(in: 0..<count)
    }

    /// Picks an index of `weights` (which need not sum to 1; negative and non-finite weights
    /// count as zero). Greedy takes the heaviest (the first on ties) and draws nothing; otherwise
    /// the weights are sharpened or flattened by the temperature, cut to top-k or top-p, and one
    /// is drawn in proportion. When no weight is positive every index is equally likely.
    /// `weights` must not be empty.
    package func choose(weights: [Double], random: inout SeededRandom) -> Int {
        precondition(!weights.isEmpty, "choose(weights:) needs at least one weight")
        // The common case — plain weights drawn as they are — needs no rescaled copy. Top-k keeps
        // every weight tied with the k-th, so equal weights (a uniform choice) are never cut.
        if !greedy, temperature == 1, topP == nil {
            let shape = Self.shape(of: weights)
            if shape.isPlain, shape.hasPositive, shape.isUniform || topK.map({ $0 >= weights.count }) ?? true {
                return random.index(weights: weights)
            }
        }
        var scaled = weights.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        guard let heaviest = scaled.max(), heaviest > 0 else {
            return greedy ? 0 : random.int(in: 0..<weights.count)
        }
        if greedy { return scaled.firstIndex(of: heaviest)! }
        if temperature != 1 {
            // Relative to the heaviest in log space, so tiny temperatures underflow to 0 rather
            // than overflow to infinity.
            let logHeaviest = log(heaviest)
            scaled = scaled.map { $0 > 0 ? exp((log($0) - logHeaviest) / temperature) : 0 }
        }
        if topP != nil || topK.map({ $0 < scaled.count }) == true { truncate(&scaled) }
        return random.index(weights: scaled)
    }

    /// In one pass: whether every weight is finite and not negative, whether one is positive,
    /// and whether every positive weight is the same.
    private static func shape(of weights: [Double]) -> (isPlain: Bool, hasPositive: Bool, isUniform: Bool) {
        var positive: Double?
        var isUniform = true
        for weight in weights {
            guard weight.isFinite, weight >= 0 else { return (false, false, false) }
            guard weight > 0 else { continue }
            if let positive, positive != weight { isUniform = false }
            positive = weight
        }
        return (true, positive != nil, isUniform)
    }

    /// Zeroes every weight outside the top-k / top-p set (at least the heaviest stays). Weights
    /// tied with the last one kept stay too: the cut ranks choices, and equally weighted choices
    /// have no rank — a uniform choice among 200 names must not shrink to the first 40.
    private func truncate(_ weights: inout [Double]) {
        let order = weights.indices.filter { weights[$0] > 0 }.sorted {
            weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1
        }
        var kept = order.count
        if let topK { kept = min(kept, topK) }
        if let topP {
            let target = topP * order.reduce(0) { $0 + weights[$1] }
            var mass = 0.0
            var count = 0
            for index in order {
                mass += weights[index]
                count += 1
                if mass >= target { break }
            }
            kept = min(kept, count)
        }
        let lightestKept = weights[order[max(1, kept) - 1]]
        for index in order.dropFirst(max(1, kept)) where weights[index] < lightestKept { weights[index] = 0 }
    }
}
