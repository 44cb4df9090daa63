/// The numbers a numeric field may take, as a grid: every value is `k × 10^-scale` for an integer
/// `k = modulus × j`, with `j` in a range, avoiding multiples of some integers (negated
/// `multipleOf`, non-integers) and a finite set of excluded values. Counting by
/// inclusion–exclusion makes the domain's emptiness exact and its draws uniform. All arithmetic
/// is exact (`BigInt`), so bounds and steps of any magnitude — `1e21`, `9007199254740993`,
/// `1e-10` — are honoured as written.
struct NumberGrid: Sendable {
    let scale: Int
    let modulus: BigInt
    let low: BigInt
    let high: BigInt
    let avoid: [BigInt]
    let excluded: [BigInt]
    /// The part of `low...high` draws prefer (a readable window when the range is open).
    let sampleLow: BigInt
    let sampleHigh: BigInt
    /// The `multipleOf` steps as doubles: values are drawn so that floating-point validators,
    /// which divide doubles, also see whole quotients (0.3 / 0.1 is not whole in binary).
    let floatingDivisors: [Double]
    /// Inclusion–exclusion terms over `avoid`: the lcm of each subset and its sign.
    private let terms: [(divisor: BigInt, sign: Int)]

    /// How far an open side of the range reaches from the other side, in grid units (k).
    static let openReach = BigInt.power10(15)
    static let maximumAvoided = 12
    /// Draws that fail the floating-point reading are redrawn this many times, then the grid is
    /// scanned from the draw for this many values before an exactly valid value is accepted.
    static let floatingRedraws = 32
    static let floatingScan = 1000

    enum Failure: Error {
        case empty
        case tooComplex
    }

    /// Compiles the numeric constraints of an alternative; `.empty` when no number satisfies them.
    init(_ alt: Alternative) throws(Failure) {
        let isInteger = alt.type == .integer
        var scale = 0
        for m in alt.multiples + alt.nonMultiples { scale = max(scale, m.fractionDigits) }
        if !isInteger && alt.multiples.isEmpty { scale = max(scale, 2) }
        // A non-integer with no step needs a grid fine enough to fit between its bounds.
        // Readable scales first; one digit past the bounds' own finds a point between any two.
        var candidates = [scale]
        if !isInteger && alt.multiples.isEmpty {
            let boundDigits = [alt.lower, alt.upper].compactMap { $0?.value.fractionDigits }.max() ?? 0
            candidates = Array(scale...max(scale, 9)) + [boundDigits + 1].filter { $0 > max(scale, 9) }
        }
        var lastFailure = Failure.empty
        for candidate in candidates {
            do {
                self = try NumberGrid(alt, scale: candidate, isInteger: isInteger)
                return
            } catch {
                lastFailure = error
                if case .empty = error { continue }
                throw error
            }
        }
        throw lastFailure
    }

    private init(_ alt: Alternative, scale: Int, isInteger: Bool) throws(Failure) {
        self.scale = scale
        let unit = BigInt.power10(scale)
        var positive = alt.multiples.map { $0.scaled(by: scale)! }
        var negative = alt.nonMultiples.map { $0.scaled(by: scale)! }
        if isInteger { positive.append(unit) } else { negative.append(unit) }
        var modulus = BigInt.one
        for m in positive { modulus = BigInt.lcm(modulus, m) }
        self.modulus = modulus

        var kLow = alt.lower.map { Self.scaledBound($0, scale, roundingUp: true) }
        var kHigh = alt.upper.map { Self.scaledBound($0, scale, roundingUp: false) }
        switch (kLow, kHigh) {
        case (nil, nil): (kLow, kHigh) = (Self.openReach.negated, Self.openReach)
        case (let l?, nil): kHigh = l + Self.openReach
        case (nil, let h?): kLow = h - Self.openReach
        default: break
        }
        let low = kLow!.ceilDivided(by: modulus)
        let high = kHigh!.floorDivided(by: modulus)
        guard low <= high else { throw .empty }
        self.low = low
        self.high = high

        var avoid: [BigInt] = []
        for n in negative {
            let r = n.quotientAndRemainder(dividingBy: BigInt.gcd(modulus, n)).quotient
            guard r > .one else { throw .empty }
            avoid.append(r)
        }
        avoid = avoid.filter { r in !avoid.contains { $0 != r && r.isMultiple(of: $0) } }
        avoid = Array(Set(avoid)).sorted()
        guard avoid.count <= Self.maximumAvoided else { throw .tooComplex }
        self.avoid = avoid
        terms = Self.inclusionExclusionTerms(avoid)

        var excluded: [BigInt] = []
        for value in alt.excluded {
            guard let exact = value.exactNumber, let j = Self.index(of: exact, scale: scale, modulus: modulus),
                  j >= low, j <= high, !avoid.contains(where: { j.isMultiple(of: $0) }) else { continue }
            excluded.append(j)
        }
        self.excluded = Array(Set(excluded)).sorted()
        floatingDivisors = alt.multiples.map(\.doubleValue)

        var windowLow = low
        var windowHigh = high
        let span = unit * BigInt(100)
        switch (alt.lower, alt.upper) {
        case (nil, nil):
            windowLow = BigInt.zero.ceilDivided(by: modulus)
            windowHigh = span.floorDivided(by: modulus)
        case (.some, nil):
            windowHigh = (kLow! + span).floorDivided(by: modulus)
        case (nil, .some):
            windowLow = (kHigh! - span).ceilDivided(by: modulus)
        default:
            break
        }
        // A step coarser than the window (multipleOf 1e19) would leave one value in it.
        if windowHigh <= windowLow { windowHigh = windowLow + BigInt(99) }
        sampleLow = max(windowLow, low)
        sampleHigh = min(windowHigh, high)
        guard count(low, high, excluding: self.excluded) > .zero else { throw .empty }
    }

    /// Whether any value remains.
    var isEmpty: Bool { count(low, high, excluding: excluded) == .zero }

    /// How many distinct values there are, saturating at `cap`.
    func capacity(cap: Int) -> Int {
        let total = count(low, high, excluding: excluded)
        return total > BigInt(cap) ? cap : Int(total.int64!)
    }

    /// A uniform draw, preferring the sample window, avoiding `extra` values; nil only when
    /// every value is excluded.
    func sample(random: inout SeededRandom, excluding extra: [ExactDecimal] = []) -> GeneratedContent? {
        var allExcluded = excluded
        if !extra.isEmpty {
            for value in extra {
                guard let j = Self.index(of: value, scale: scale, modulus: modulus),
                      !avoid.contains(where: { j.isMultiple(of: $0) }), excluded.binarySearch(j) == nil else { continue }
                allExcluded.append(j)
            }
            allExcluded.sort()
        }
        for (lo, hi) in [(sampleLow, sampleHigh), (low, high)] where lo <= hi {
            let total = count(lo, hi, excluding: allExcluded)
            guard total > .zero else { continue }
            var j = draw(lo, hi, total: total, excluding: allExcluded, random: &random)
            if !floatingDivisors.isEmpty {
                j = floatingFriendly(from: j, lo, hi, total: total, excluding: allExcluded, random: &random)
            }
            return content(at: j)
        }
        return nil
    }

    /// A uniform index among the `total` good ones in `lo...hi`.
    private func draw(_ lo: BigInt, _ hi: BigInt, total: BigInt, excluding excluded: [BigInt],
                      random: inout SeededRandom) -> BigInt {
        let target = BigInt.random(below: total, using: &random)
        var a = lo
        var b = hi
        let two = BigInt(2)
        while a < b {
            let mid = a + (b - a).floorDivided(by: two)
            if count(lo, mid, excluding: excluded) > target { b = mid } else { a = mid + .one }
        }
        return a
    }

    /// `j` if its value passes the floating-point reading of every step, else another good index
    /// that does (redraws, then a scan upwards), else `j` (exactly valid all the same).
    private func floatingFriendly(from j: BigInt, _ lo: BigInt, _ hi: BigInt, total: BigInt, excluding excluded: [BigInt],
                                  random: inout SeededRandom) -> BigInt {
        if passesFloatingReading(j) { return j }
        for _ in 0..<Self.floatingRedraws {
            let other = draw(lo, hi, total: total, excluding: excluded, random: &random)
            if passesFloatingReading(other) { return other }
        }
        var candidate = j
        for _ in 0..<Self.floatingScan {
            candidate += .one
            if candidate > hi { candidate = lo }
            if isGood(candidate, excluding: excluded), passesFloatingReading(candidate) { return candidate }
        }
        return j
    }

    private func passesFloatingReading(_ j: BigInt) -> Bool {
        let value = self.value(at: j).doubleValue
        return floatingDivisors.allSatisfy { NumericMultiple.isFloatingMultiple(value, of: $0) }
    }

    private func isGood(_ j: BigInt, excluding excluded: [BigInt]) -> Bool {
        !avoid.contains { j.isMultiple(of: $0) } && excluded.binarySearch(j) == nil
    }

    /// The exact value of grid index `j`.
    func value(at j: BigInt) -> ExactDecimal {
        ExactDecimal(coefficient: j * modulus, exponent: -scale)
    }

    /// Grid index `j` as content: a plain double when one carries the value, exact text otherwise.
    func content(at j: BigInt) -> GeneratedContent {
        let k = j * modulus
        // Up to 15 significant digits a double carries a decimal exactly; integers up to 2^53.
        if let small = k.int64 {
            if scale == 0, small.magnitude < 1 << 53 { return GeneratedContent(Double(small)) }
            if scale <= 15, small.magnitude < 1_000_000_000_000_000 { return GeneratedContent(Double("\(small)e-\(scale)")!) }
        }
        return GeneratedContent(exact: value(at: j))
    }

    /// Good indexes in `lo...hi` not in `excluded` (sorted).
    private func count(_ lo: BigInt, _ hi: BigInt, excluding excluded: [BigInt]) -> BigInt {
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

    private static func inclusionExclusionTerms(_ avoid: [BigInt]) -> [(divisor: BigInt, sign: Int)] {
        var terms: [(divisor: BigInt, sign: Int)] = [(.one, 1)]
        for r in avoid {
            terms += terms.map { (BigInt.lcm($0.divisor, r), -$0.sign) }
        }
        return terms
    }

    // MARK: - Arithmetic

    /// A bound scaled to grid units, rounded inwards (up for a lower bound), stepping past an
    /// exclusive bound that lies on the grid.
    private static func scaledBound(_ bound: Alternative.Bound, _ scale: Int, roundingUp: Bool) -> BigInt {
        let k = bound.value.scaledRounding(by: scale, up: roundingUp)
        if bound.exclusive, bound.value.scaled(by: scale) == k { return roundingUp ? k + .one : k - .one }
        return k
    }

    /// The grid index of a value, if it lies on the grid.
    static func index(of value: ExactDecimal, scale: Int, modulus: BigInt) -> BigInt? {
        guard let k = value.scaled(by: scale) else { return nil }
        let (q, r) = k.quotientAndRemainder(dividingBy: modulus)
        return r.isZero ? q : nil
    }
}

extension Array where Element == BigInt {
    /// The index of the first element not less than `value` (the array is sorted).
    func lowerBound(of value: BigInt) -> Int {
        var a = 0
        var b = count
        while a < b {
            let mid = (a + b) / 2
            if self[mid] < value { a = mid + 1 } else { b = mid }
        }
        return a
    }

    func binarySearch(_ value: BigInt) -> Int? {
        let i = lowerBound(of: value)
        return i < count && self[i] == value ? i : nil
    }
}
