import Foundation

/// The numbers a numeric field may take, as a grid: every value is `k × 10^-scale` for an integer
/// `k = modulus × j`, with `j` in a range, avoiding multiples of some integers (negated
/// `multipleOf`, non-integers) and a finite set of excluded values. Counting by
/// inclusion–exclusion makes the domain's emptiness exact and its draws uniform.
struct NumberGrid: Sendable {
    let scale: Int
    let modulus: Int64
    let low: Int64
    let high: Int64
    let avoid: [Int64]
    let excluded: [Int64]
    /// The part of `low...high` draws prefer (a readable window when the range is open).
    let sampleLow: Int64
    let sampleHigh: Int64

    /// Scaled values stay within ±10^15 so their decimal form round-trips through a double.
    static let magnitudeLimit: Int64 = 1_000_000_000_000_000
    static let maximumAvoided = 12

    enum Failure: Error {
        case empty
        case tooPrecise(Double)
        case tooComplex
    }

    /// Compiles the numeric constraints of an alternative; `.empty` when no number satisfies them.
    init(_ alt: Alternative) throws(Failure) {
        let isInteger = alt.type == .integer
        var scale = 0
        for m in alt.multiples + alt.nonMultiples {
            guard let d = Self.decimals(of: m) else { throw .tooPrecise(m) }
            scale = max(scale, d)
        }
        if !isInteger && alt.multiples.isEmpty { scale = max(scale, 2) }
        var lastFailure = Failure.empty
        // A non-integer with no step needs a grid fine enough to fit between its bounds.
        for candidate in scale...max(scale, isInteger || !alt.multiples.isEmpty ? scale : 9) {
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
        let unit = Self.power10(scale)
        var positive = alt.multiples.map { Self.scaled($0, scale) }
        var negative = alt.nonMultiples.map { Self.scaled($0, scale) }
        if isInteger { positive.append(unit) } else { negative.append(unit) }
        var modulus: Int64 = 1
        for m in positive { modulus = Self.lcm(modulus, m) ?? Int64.max }
        self.modulus = modulus

        let kLow = alt.lower.map { Self.scaledBound($0.value, scale, exclusive: $0.exclusive, roundingUp: true) } ?? -Self.magnitudeLimit
        let kHigh = alt.upper.map { Self.scaledBound($0.value, scale, exclusive: $0.exclusive, roundingUp: false) } ?? Self.magnitudeLimit
        let low = Self.ceilDiv(max(kLow, -Self.magnitudeLimit), modulus)
        let high = Self.floorDiv(min(kHigh, Self.magnitudeLimit), modulus)
        guard low <= high else { throw .empty }
        self.low = low
        self.high = high

        var avoid: [Int64] = []
        for n in negative {
            let r = n / Self.gcd(modulus, n)
            guard r > 1 else { throw .empty }
            avoid.append(r)
        }
        avoid = avoid.filter { r in !avoid.contains { $0 != r && r % $0 == 0 } }
        avoid = Array(Set(avoid)).sorted()
        guard avoid.count <= Self.maximumAvoided else { throw .tooComplex }
        self.avoid = avoid

        var excluded: [Int64] = []
        for value in alt.excluded {
            guard let number = value.numberValue,
                  let j = Self.index(of: number, scale: scale, modulus: modulus),
                  j >= low, j <= high, !avoid.contains(where: { j % $0 == 0 }) else { continue }
            excluded.append(j)
        }
        self.excluded = Array(Set(excluded)).sorted()

        var windowLow = low
        var windowHigh = high
        let span = 100 * unit
        switch (alt.lower, alt.upper) {
        case (nil, nil):
            windowLow = Self.ceilDiv(0, modulus)
            windowHigh = Self.floorDiv(span, modulus)
        case (.some, nil):
            windowHigh = Self.floorDiv(min(kLow + span, Self.magnitudeLimit), modulus)
        case (nil, .some):
            windowLow = Self.ceilDiv(max(kHigh - span, -Self.magnitudeLimit), modulus)
        default:
            break
        }
        windowLow = max(windowLow, low)
        windowHigh = min(windowHigh, high)
        self.sampleLow = windowLow
        self.sampleHigh = windowHigh
        guard count(low, high, excluding: []) > 0 else { throw .empty }
    }

    /// Whether any value remains.
    var isEmpty: Bool { count(low, high, excluding: []) == 0 }

    /// How many distinct values there are, saturating at `cap`.
    func capacity(cap: Int) -> Int {
        Int(min(count(low, high, excluding: []), Int64(cap)))
    }

    /// A uniform draw, preferring the sample window; nil only when every value is excluded.
    func sample(random: inout SeededRandom, excluding extra: [Double] = []) -> Double? {
        let extraIndexes = extra.compactMap { Self.index(of: $0, scale: scale, modulus: modulus) }
            .filter { j in !avoid.contains { j % $0 == 0 } && excluded.binarySearch(j) == nil }
        let allExcluded = (excluded + extraIndexes).sorted()
        for (lo, hi) in [(sampleLow, sampleHigh), (low, high)] where lo <= hi {
            let total = count(lo, hi, excluding: allExcluded)
            guard total > 0 else { continue }
            let target = Int64(random.below(UInt64(total)))
            var a = lo
            var b = hi
            while a < b {
                let mid = a + (b - a) / 2
                if count(lo, mid, excluding: allExcluded) > target { b = mid } else { a = mid + 1 }
            }
            return value(at: a)
        }
        return nil
    }

    /// The value of grid index `j`.
    func value(at j: Int64) -> Double {
        let k = j.multipliedReportingOverflow(by: modulus).partialValue
        return scale == 0 ? Double(k) : Double("\(k)e-\(scale)")!
    }

    /// Good indexes in `lo...hi` not in `excluded` (sorted).
    private func count(_ lo: Int64, _ hi: Int64, excluding excluded: [Int64]) -> Int64 {
        guard lo <= hi else { return 0 }
        var total: Int64 = 0
        let n = avoid.count
        for subset in 0..<(1 << n) {
            var l: Int64? = 1
            var bits = 0
            for i in 0..<n where subset & (1 << i) != 0 {
                bits += 1
                l = l.flatMap { Self.lcm($0, avoid[i]) }
            }
            let multiples: Int64
            if let l { multiples = Self.floorDiv(hi, l) - Self.floorDiv(lo - 1, l) } else { multiples = (lo <= 0 && 0 <= hi) ? 1 : 0 }
            total += bits % 2 == 0 ? multiples : -multiples
        }
        let excludedInside = excluded.lowerBound(of: hi + 1) - excluded.lowerBound(of: lo)
        return total - Int64(excludedInside)
    }

    // MARK: - Arithmetic

    static func power10(_ n: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<n { result *= 10 }
        return result
    }

    /// The number of decimals of a finite number (nil beyond 15).
    static func decimals(of value: Double) -> Int? {
        guard let decimal = NumericMultiple.decimal(value) else { return nil }
        for d in 0...15 {
            var scaled = decimal * Decimal(sign: .plus, exponent: d, significand: 1)
            var rounded = Decimal()
            NSDecimalRound(&rounded, &scaled, 0, .plain)
            if rounded == scaled { return d }
        }
        return nil
    }

    private static func scaled(_ value: Double, _ scale: Int) -> Int64 {
        let decimal = NumericMultiple.decimal(value)! * Decimal(sign: .plus, exponent: scale, significand: 1)
        return Int64(truncating: NSDecimalNumber(decimal: decimal))
    }

    private static func scaledBound(_ value: Double, _ scale: Int, exclusive: Bool, roundingUp: Bool) -> Int64 {
        let limit = Double(magnitudeLimit) * 2
        if value * pow(10, Double(scale)) > limit { return roundingUp ? magnitudeLimit + 1 : magnitudeLimit }
        if value * pow(10, Double(scale)) < -limit { return roundingUp ? -magnitudeLimit : -magnitudeLimit - 1 }
        guard let decimal = NumericMultiple.decimal(value) else {
            // Too small for Decimal (below 1e-128): the bound lies strictly between 0 and the
            // grid point next to it on its side.
            return value > 0 ? (roundingUp ? 1 : 0) : (roundingUp ? 0 : -1)
        }
        var exact = decimal * Decimal(sign: .plus, exponent: scale, significand: 1)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, roundingUp ? .up : .down)
        var k = Int64(truncating: NSDecimalNumber(decimal: rounded))
        if exclusive && rounded == exact { k += roundingUp ? 1 : -1 }
        return k
    }

    /// The grid index of a value, if it lies on the grid.
    static func index(of value: Double, scale: Int, modulus: Int64) -> Int64? {
        guard value.isFinite, abs(value) <= Double(magnitudeLimit) else { return nil }
        guard let decimal = NumericMultiple.decimal(value) else { return nil }
        var scaled = decimal * Decimal(sign: .plus, exponent: scale, significand: 1)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return nil }
        let k = Int64(truncating: NSDecimalNumber(decimal: rounded))
        guard k % modulus == 0 else { return nil }
        return k / modulus
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (abs(a), abs(b))
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    static func lcm(_ a: Int64, _ b: Int64) -> Int64? {
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q
    }
}

extension Array where Element == Int64 {
    /// The index of the first element not less than `value` (the array is sorted).
    func lowerBound(of value: Int64) -> Int {
        var a = 0
        var b = count
        while a < b {
            let mid = (a + b) / 2
            if self[mid] < value { a = mid + 1 } else { b = mid }
        }
        return a
    }

    func binarySearch(_ value: Int64) -> Int? {
        let i = lowerBound(of: value)
        return i < count && self[i] == value ? i : nil
    }
}
