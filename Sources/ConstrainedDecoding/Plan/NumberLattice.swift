import JSONSchema

/// The discrete numbers of a numeric domain: `j × modulus × 10^-scale` for integers `j` that are
/// not multiples of any of `avoid`. Integers are the lattice of modulus 1 at scale 0; `multipleOf`
/// steps multiply the modulus; negated steps (and "not an integer") are avoided multiples.
/// Counting good indexes in a range is exact, by inclusion–exclusion over `avoid`.
package struct NumberLattice: Sendable {
    package let scale: Int
    package let modulus: BigInt
    package let avoid: [BigInt]
    /// Inclusion–exclusion terms over `avoid`: the lcm of each subset and its sign.
    private let terms: [(divisor: BigInt, sign: Int)]

    package static let maximumAvoided = 12

    /// The lattice of `type` values (integer or non-integer) that are multiples of every one of
    /// `multiples` and of none of `nonMultiples`, at a scale fine enough for all of them; nil when
    /// no value is left (a non-integer that must be a multiple of 1), `.tooComplex` past
    /// `maximumAvoided` avoided multiples.
    package init?(integer: Bool, multiples: [ExactDecimal], nonMultiples: [ExactDecimal], scale: Int) throws(NumberGrid.Failure) {
        self.scale = scale
        let unit = BigInt.power10(scale)
        var positive = multiples.map { $0.scaled(by: scale)! }
        var negative = nonMultiples.map { $0.scaled(by: scale)! }
        if integer { positive.append(unit) } else { negative.append(unit) }
        var modulus = BigInt.one
        for m in positive { modulus = BigInt.lcm(modulus, m) }
        self.modulus = modulus
        var avoid: [BigInt] = []
        for n in negative {
            let r = n.quotientAndRemainder(dividingBy: BigInt.gcd(modulus, n)).quotient
            guard r > .one else { return nil }
            avoid.append(r)
        }
        avoid = avoid.filter { r in !avoid.contains { $0 != r && r.isMultiple(of: $0) } }
        avoid = Array(Set(avoid)).sorted()
        guard avoid.count <= Self.maximumAvoided else { throw .tooComplex }
        self.avoid = avoid
        var terms: [(divisor: BigInt, sign: Int)] = [(.one, 1)]
        for r in avoid { terms += terms.map { (BigInt.lcm($0.divisor, r), -$0.sign) } }
        self.terms = terms
    }

    /// The smallest scale that holds every step exactly.
    package static func scale(for steps: [ExactDecimal]) -> Int {
        steps.map(\.fractionDigits).max() ?? 0
    }

    /// The exact value of index `j`.
    package func value(at j: BigInt) -> ExactDecimal {
        ExactDecimal(coefficient: j * modulus, exponent: -scale)
    }

    /// The index of a value, if it lies on the lattice (avoided or not).
    package func index(of value: ExactDecimal) -> BigInt? {
        guard let k = value.scaled(by: scale) else { return nil }
        let (q, r) = k.quotientAndRemainder(dividingBy: modulus)
        return r.isZero ? q : nil
    }

    /// Whether index `j` is a multiple of none of `avoid`.
    package func isGood(_ j: BigInt) -> Bool {
        !avoid.contains { j.isMultiple(of: $0) }
    }

    /// The first index whose value is at least `bound` (strictly above it when exclusive).
    package func firstIndex(atLeast bound: ExactDecimal, exclusive: Bool) -> BigInt {
        let k = bound.scaledRounding(by: scale, up: true)
        var j = k.ceilDivided(by: modulus)
        if exclusive, bound.scaled(by: scale).map({ $0 == j * modulus }) ?? false { j += .one }
        return j
    }

    /// The last index whose value is at most `bound` (strictly below it when exclusive).
    package func lastIndex(atMost bound: ExactDecimal, exclusive: Bool) -> BigInt {
        let k = bound.scaledRounding(by: scale, up: false)
        var j = k.floorDivided(by: modulus)
        if exclusive, bound.scaled(by: scale).map({ $0 == j * modulus }) ?? false { j -= .one }
        return j
    }

    /// Good indexes in `lo...hi` that are not in `excluded` (sorted).
    package func count(_ lo: BigInt, _ hi: BigInt, excluding excluded: [BigInt]) -> BigInt {
        guard lo <= hi else { return .zero }
        var total = BigInt.zero
        let below = lo - .one
        for term in terms {
            let multiples = hi.floorDivided(by: term.divisor) - below.floorDivided(by: term.divisor)
            total += term.sign > 0 ? multiples : multiples.negated
        }
        let excludedInside = excluded.lowerBound(of: hi + .one) - excluded.lowerBound(of: lo)
        return total - BigInt(excludedInside)
    }
}
