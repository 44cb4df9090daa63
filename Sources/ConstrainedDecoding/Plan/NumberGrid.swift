import JSONSchema
import RegexAutomata

/// The numbers a numeric field may take, as a grid: every value is `k × 10^-scale` for an integer
/// `k = modulus × j`, with `j` in a range, avoiding multiples of some integers (negated
/// `multipleOf`, non-integers) and a finite set of excluded values. Counting by
/// inclusion–exclusion makes the domain's emptiness exact and its draws uniform. All arithmetic
/// is exact (`BigInt`), so bounds and steps of any magnitude — `1e21`, `9007199254740993`,
/// `1e-10` — are honoured as written.
package struct NumberGrid: Sendable {
    /// The exact constraints the grid was made from (the matcher reads numbers against them).
    package let constraints: NumericConstraints
    package let lattice: NumberLattice
    package let low: BigInt
    package let high: BigInt
    package let excluded: [BigInt]
    /// The part of `low...high` draws prefer (a readable window when a side of the range is
    /// open, or bounded only beyond `openReach`, as an `Int`'s width is).
    package let sampleLow: BigInt
    package let sampleHigh: BigInt
    /// The `multipleOf` steps as doubles: values are drawn so that floating-point validators,
    /// which divide doubles, also see whole quotients (0.3 / 0.1 is not whole in binary).
    package let floatingDivisors: [Double]

    package var scale: Int { lattice.scale }
    package var modulus: BigInt { lattice.modulus }

    /// How far an open side of the range reaches from the other side, in grid units (k).
    package static let openReach = BigInt.power10(15)
    /// Draws that fail the floating-point reading are redrawn this many times, then the grid is
    /// scanned from the draw for this many values before an exactly valid value is accepted.
    package static let floatingRedraws = 32
    package static let floatingScan = 1000

    package enum Failure: Error {
        case empty
        case tooComplex
    }

    /// Compiles the numeric constraints of an alternative; `.empty` when no number satisfies them.
    package init(_ alt: Alternative) throws(Failure) {
        let constraints = NumericConstraints(alt)
        let isInteger = constraints.isInteger
        let scale = NumberLattice.scale(for: alt.multiples + alt.nonMultiples)
        // Readable scales first; one digit past the bounds' own finds a point between any two.
        var candidates = [isInteger || !alt.multiples.isEmpty ? scale : max(scale, 2)]
        if !isInteger && alt.multiples.isEmpty {
            let boundDigits = [alt.lower, alt.upper].compactMap { $0?.value.fractionDigits }.max() ?? 0
            candidates = Array(candidates[0]...max(candidates[0], 9)) + [boundDigits + 1].filter { $0 > max(candidates[0], 9) }
        }
        var lastFailure = Failure.empty
        for candidate in candidates {
            do throws(Failure) {
                guard let lattice = try NumberLattice(integer: isInteger, multiples: alt.multiples,
                                                      nonMultiples: alt.nonMultiples, scale: candidate) else { throw Failure.empty }
                self = try NumberGrid(constraints, lattice: lattice)
                return
            } catch {
                lastFailure = error
                if case .empty = error { continue }
                throw error
            }
        }
        throw lastFailure
    }

    private init(_ constraints: NumericConstraints, lattice: NumberLattice) throws(Failure) {
        self.constraints = constraints
        self.lattice = lattice
        let modulus = lattice.modulus
        let unit = BigInt.power10(lattice.scale)
        var low = constraints.lower.map { lattice.firstIndex(atLeast: $0.value, exclusive: $0.exclusive) }
        var high = constraints.upper.map { lattice.lastIndex(atMost: $0.value, exclusive: $0.exclusive) }
        let reach = Self.openReach.ceilDivided(by: modulus)
        switch (low, high) {
        case (nil, nil): (low, high) = (reach.negated, reach)
        case (let l?, nil): high = l + reach
        case (nil, let h?): low = h - reach
        default: break
        }
        guard low! <= high! else { throw .empty }
        self.low = low!
        self.high = high!

        var excluded: [BigInt] = []
        for value in constraints.excluded {
            guard let j = lattice.index(of: value), j >= low!, j <= high!, lattice.isGood(j) else { continue }
            excluded.append(j)
        }
        self.excluded = Array(Set(excluded)).sorted()
        floatingDivisors = constraints.multiples.map(\.doubleValue)

        var windowLow = self.low
        var windowHigh = self.high
        let span = unit * BigInt(100)
        // A bound farther out than an open side reaches (±9.2e18 for an `Int`) says how wide a
        // type is, not which numbers are meant: draws read it as open.
        let readableLower = low!.absolute <= reach ? constraints.lower : nil
        let readableUpper = high!.absolute <= reach ? constraints.upper : nil
        switch (readableLower, readableUpper) {
        case (nil, nil):
            windowLow = BigInt.zero.ceilDivided(by: modulus)
            windowHigh = span.floorDivided(by: modulus)
        case (let lower?, nil):
            windowHigh = (lower.value.scaledRounding(by: lattice.scale, up: true) + span).floorDivided(by: modulus)
        case (nil, let upper?):
            windowLow = (upper.value.scaledRounding(by: lattice.scale, up: false) - span).ceilDivided(by: modulus)
        default:
            break
        }
        // A step coarser than the window (multipleOf 1e19) would leave one value in it.
        if windowHigh <= windowLow { windowHigh = windowLow + BigInt(99) }
        sampleLow = max(windowLow, self.low)
        sampleHigh = min(windowHigh, self.high)
        guard lattice.count(self.low, self.high, excluding: self.excluded) > .zero else { throw .empty }
    }

    /// Whether any value remains.
    package var isEmpty: Bool { count(low, high, excluding: excluded) == .zero }

    private func count(_ lo: BigInt, _ hi: BigInt, excluding excluded: [BigInt]) -> BigInt {
        lattice.count(lo, hi, excluding: excluded)
    }

    /// How many distinct values there are, saturating at `cap`.
    package func capacity(cap: Int) -> Int {
        let total = count(low, high, excluding: excluded)
        return total > BigInt(cap) ? cap : Int(total.int64!)
    }

    /// A uniform draw, preferring the sample window, avoiding `extra` values; nil only when
    /// every value is excluded.
    package func sample(random: inout SeededRandom, excluding extra: [ExactDecimal] = []) -> GeneratedContent? {
        var allExcluded = excluded
        if !extra.isEmpty {
            for value in extra {
                guard let j = lattice.index(of: value), lattice.isGood(j), excluded.binarySearch(j) == nil else { continue }
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
        lattice.isGood(j) && excluded.binarySearch(j) == nil
    }

    /// The exact value of grid index `j`.
    package func value(at j: BigInt) -> ExactDecimal { lattice.value(at: j) }

    /// Grid index `j` as content: a plain double when one carries the value, exact text otherwise.
    package func content(at j: BigInt) -> GeneratedContent {
        let k = j * modulus
        // Up to 15 significant digits a double carries a decimal exactly; integers up to 2^53.
        if let small = k.int64 {
            if scale == 0, small.magnitude < 1 << 53 { return GeneratedContent(Double(small)) }
            if scale <= 15, small.magnitude < 1_000_000_000_000_000 { return GeneratedContent(Double("\(small)e-\(scale)")!) }
        }
        return GeneratedContent(exact: value(at: j))
    }
}

/// The numeric constraints of one normalised alternative, exactly: what a number must satisfy.
package struct NumericConstraints: Sendable {
    package let isInteger: Bool
    package let lower: Alternative.Bound?
    package let upper: Alternative.Bound?
    package let multiples: [ExactDecimal]
    package let nonMultiples: [ExactDecimal]
    /// Excluded values, sorted.
    package let excluded: [ExactDecimal]

    package init(isInteger: Bool, lower: Alternative.Bound?, upper: Alternative.Bound?, multiples: [ExactDecimal],
         nonMultiples: [ExactDecimal], excluded: [ExactDecimal]) {
        self.isInteger = isInteger
        self.lower = lower
        self.upper = upper
        self.multiples = multiples
        self.nonMultiples = nonMultiples
        self.excluded = excluded
    }

    package init(_ alt: Alternative) {
        isInteger = alt.type == .integer
        lower = alt.lower
        upper = alt.upper
        multiples = alt.multiples
        nonMultiples = alt.nonMultiples
        excluded = Array(Set(alt.excluded.compactMap(\.exactNumber))).sorted()
    }

    /// Whether `value` satisfies the constraints exactly, and — for `multipleOf` — also when a
    /// validator divides doubles.
    package func contains(_ value: ExactDecimal) -> Bool {
        if value.isInteger != isInteger { return false }
        if let lower {
            let order = ExactDecimal.compare(value, lower.value)
            if order < 0 || (order == 0 && lower.exclusive) { return false }
        }
        if let upper {
            let order = ExactDecimal.compare(value, upper.value)
            if order > 0 || (order == 0 && upper.exclusive) { return false }
        }
        for m in multiples where !value.isMultiple(of: m) || !NumericMultiple.isFloatingMultiple(value.doubleValue, of: m.doubleValue) {
            return false
        }
        for n in nonMultiples where value.isMultiple(of: n) { return false }
        return excluded.binarySearch(value) == nil
    }
}
