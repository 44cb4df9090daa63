/// Draws a scalar from a set, preferring ones that read well: lowercase ASCII letters (weight 6),
/// ASCII digits (2) and other printable ASCII including space (1), among the tiers the set
/// meets; a set without printable ASCII yields a uniform draw among its readable scalars (letters,
/// numbers, punctuation, symbols, space separators), and failing those, among all of its members. So `.*` and `[^"]+` produce readable text rather than arbitrary code points.
package struct ReadableScalarChoice: Sendable {
    package static let lowercase = ScalarSet(range: 0x61...0x7A)
    package static let digits = ScalarSet(range: 0x30...0x39)
    package static let otherPrintableASCII = ScalarSet(range: 0x20...0x7E).subtracting(lowercase).subtracting(digits)

    private let tiers: [ScalarSet]
    private let weights: [Double]

    /// `set` must not be empty.
    package init(_ set: ScalarSet) {
        precondition(!set.isEmpty, "cannot draw from an empty set")
        var tiers: [ScalarSet] = []
        var weights: [Double] = []
        for (tier, weight) in [(Self.lowercase, 6.0), (Self.digits, 2.0), (Self.otherPrintableASCII, 1.0)] {
            let part = set.intersection(tier)
            if !part.isEmpty {
                tiers.append(part)
                weights.append(weight)
            }
        }
        if tiers.isEmpty {
            let readable = set.intersection(UnicodeProperties.readable)
            tiers = [readable.isEmpty ? set : readable]
            weights = [1]
        }
        self.tiers = tiers
        self.weights = weights
    }

    package func draw(_ random: inout SeededRandom) -> Unicode.Scalar {
        let tier = tiers.count == 1 ? 0 : random.index(weights: weights)
        return tiers[tier].scalar(at: Int(random.below(UInt64(tiers[tier].count))))
    }
}
