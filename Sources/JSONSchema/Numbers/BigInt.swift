import RegexAutomata

/// A signed integer of any size, for the exact arithmetic JSON numbers need (bounds such as
/// 9007199254740993 or 1e300, `multipleOf` steps, grids of generated values).
///
/// Values that fit in an `Int64` are held inline and computed without allocation; larger ones
/// keep their magnitude as little-endian 32-bit limbs. The representation is canonical: a value
/// is `.small` whenever it fits, so `==` and hashing compare representations directly.
///
/// The small cases of the views and the arithmetic are inlinable, their large cases out of
/// line: the generation plan's number grids (another module) count and draw with them per value.
/// The type itself must be `@usableFromInline` too, or its inlinable members are silently
/// compiled as calls.
@usableFromInline
package struct BigInt: Sendable, Hashable, Comparable, CustomStringConvertible {
    @usableFromInline
    package enum Storage: Sendable, Hashable {
        case small(Int64)
        /// Magnitude limbs (little-endian, no leading zero limb, never fitting an `Int64` with
        /// the sign) and the sign.
        case large(negative: Bool, limbs: [UInt32])
    }

    @usableFromInline package let storage: Storage

    @inlinable package init(_ value: Int64) { storage = .small(value) }
    @inlinable package init(_ value: Int) { storage = .small(Int64(value)) }

    @inlinable package static var zero: BigInt { BigInt(0) }
    @inlinable package static var one: BigInt { BigInt(1) }

    /// Builds the canonical form of a sign and magnitude.
    @usableFromInline
    package init(negative: Bool, magnitude: [UInt32]) {
        var limbs = magnitude
        while limbs.last == 0 { limbs.removeLast() }
        if limbs.count <= 2 {
            let m = limbs.isEmpty ? 0 : (limbs.count == 1 ? UInt64(limbs[0]) : UInt64(limbs[0]) | UInt64(limbs[1]) << 32)
            if m <= UInt64(Int64.max) {
                storage = .small(negative ? -Int64(m) : Int64(m))
                return
            }
            if negative && m == UInt64(Int64.max) + 1 {
                storage = .small(Int64.min)
                return
            }
        }
        storage = .large(negative: negative, limbs: limbs)
    }

    /// Parses optional `-` and decimal digits; nil for anything else.
    package init?<S: StringProtocol>(decimal text: S) {
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" {
            negative = true
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        if digits.utf8.count <= 18 {
            let value = Int64(digits)!
            self.init(negative ? -value : value)
            return
        }
        var limbs: [UInt32] = []
        var chunk: UInt32 = 0
        var chunkLength = 0
        for byte in digits.utf8 {
            chunk = chunk * 10 + UInt32(byte - 48)
            chunkLength += 1
            if chunkLength == 9 {
                BigInt.multiplyAdd(&limbs, 1_000_000_000, chunk)
                chunk = 0
                chunkLength = 0
            }
        }
        if chunkLength > 0 { BigInt.multiplyAdd(&limbs, BigInt.smallPowers[chunkLength], chunk) }
        self.init(negative: negative, magnitude: limbs)
    }

    private static let smallPowers: [UInt32] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    // MARK: - Views

    @inlinable
    package var isZero: Bool {
        if case .small(let v) = storage { return v == 0 }
        return false
    }

    @inlinable
    package var isNegative: Bool {
        switch storage {
        case .small(let v): return v < 0
        case .large(let negative, _): return negative
        }
    }

    /// -1, 0 or 1.
    package var signum: Int {
        switch storage {
        case .small(let v): return v == 0 ? 0 : (v < 0 ? -1 : 1)
        case .large(let negative, _): return negative ? -1 : 1
        }
    }

    /// The value when it fits in an `Int64`.
    @inlinable
    package var int64: Int64? {
        if case .small(let v) = storage { return v }
        return nil
    }

    /// The magnitude as limbs (little-endian, no leading zeros).
    @usableFromInline
    package var magnitude: [UInt32] {
        switch storage {
        case .small(let v):
            let m = v.magnitude
            if m == 0 { return [] }
            return m >> 32 == 0 ? [UInt32(m)] : [UInt32(truncatingIfNeeded: m), UInt32(m >> 32)]
        case .large(_, let limbs): return limbs
        }
    }

    @inlinable
    package var negated: BigInt {
        if case .small(let v) = storage, v != Int64.min { return BigInt(-v) }
        return BigInt(negative: !isNegative && !isZero, magnitude: magnitude)
    }

    package var absolute: BigInt { isNegative ? negated : self }

    /// The number of decimal digits of the magnitude (1 for zero).
    package var decimalDigitCount: Int { absolute.description.utf8.count }

    /// The nearest `Double` (infinite past its range).
    package var doubleValue: Double {
        if case .small(let v) = storage { return Double(v) }
        return Double(description) ?? (isNegative ? -.infinity : .infinity)
    }

    @usableFromInline
    package var description: String {
        if case .small(let v) = storage { return String(v) }
        var limbs = magnitude
        var chunks: [UInt32] = []
        while !limbs.isEmpty { chunks.append(BigInt.divideInPlace(&limbs, by: 1_000_000_000)) }
        var text = isNegative ? "-" : ""
        text += String(chunks.last!)
        for chunk in chunks.dropLast().reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    // MARK: - Comparison

    @inlinable
    package static func < (a: BigInt, b: BigInt) -> Bool { compare(a, b) < 0 }

    @inlinable
    package static func compare(_ a: BigInt, _ b: BigInt) -> Int {
        if case .small(let x) = a.storage, case .small(let y) = b.storage { return x < y ? -1 : (x > y ? 1 : 0) }
        return compareLarge(a, b)
    }

    @usableFromInline
    static func compareLarge(_ a: BigInt, _ b: BigInt) -> Int {
        if a.isNegative != b.isNegative { return a.isNegative ? -1 : 1 }
        let order = compareMagnitudes(a.magnitude, b.magnitude)
        return a.isNegative ? -order : order
    }

    package static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for i in stride(from: a.count - 1, through: 0, by: -1) where a[i] != b[i] {
            return a[i] < b[i] ? -1 : 1
        }
        return 0
    }

    // MARK: - Arithmetic

    @inlinable
    package static func + (a: BigInt, b: BigInt) -> BigInt {
        if case .small(let x) = a.storage, case .small(let y) = b.storage {
            let (sum, overflow) = x.addingReportingOverflow(y)
            if !overflow { return BigInt(sum) }
        }
        return sumLarge(a, b)
    }

    @usableFromInline
    static func sumLarge(_ a: BigInt, _ b: BigInt) -> BigInt {
        if a.isNegative == b.isNegative {
            return BigInt(negative: a.isNegative, magnitude: addMagnitudes(a.magnitude, b.magnitude))
        }
        let order = compareMagnitudes(a.magnitude, b.magnitude)
        if order == 0 { return .zero }
        return order > 0
            ? BigInt(negative: a.isNegative, magnitude: subtractMagnitudes(a.magnitude, b.magnitude))
            : BigInt(negative: b.isNegative, magnitude: subtractMagnitudes(b.magnitude, a.magnitude))
    }

    @inlinable
    package static func - (a: BigInt, b: BigInt) -> BigInt { a + b.negated }

    @inlinable
    package static func * (a: BigInt, b: BigInt) -> BigInt {
        if case .small(let x) = a.storage, case .small(let y) = b.storage {
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            if !overflow { return BigInt(product) }
        }
        return productLarge(a, b)
    }

    @usableFromInline
    static func productLarge(_ a: BigInt, _ b: BigInt) -> BigInt {
        if a.isZero || b.isZero { return .zero }
        return BigInt(negative: a.isNegative != b.isNegative, magnitude: multiplyMagnitudes(a.magnitude, b.magnitude))
    }

    @inlinable package static func += (a: inout BigInt, b: BigInt) { a = a + b }
    @inlinable package static func -= (a: inout BigInt, b: BigInt) { a = a - b }
    @inlinable package static func *= (a: inout BigInt, b: BigInt) { a = a * b }

    /// Truncating division (quotient rounded toward zero, remainder with the dividend's sign).
    @inlinable
    package func quotientAndRemainder(dividingBy divisor: BigInt) -> (quotient: BigInt, remainder: BigInt) {
        precondition(!divisor.isZero, "division by zero")
        if case .small(let x) = storage, case .small(let y) = divisor.storage, !(x == Int64.min && y == -1) {
            return (BigInt(x / y), BigInt(x % y))
        }
        return quotientAndRemainderLarge(dividingBy: divisor)
    }

    @usableFromInline
    func quotientAndRemainderLarge(dividingBy divisor: BigInt) -> (quotient: BigInt, remainder: BigInt) {
        let (q, r) = BigInt.divideMagnitudes(magnitude, divisor.magnitude)
        return (BigInt(negative: isNegative != divisor.isNegative, magnitude: q), BigInt(negative: isNegative, magnitude: r))
    }

    /// The quotient rounded toward negative infinity.
    @inlinable
    package func floorDivided(by divisor: BigInt) -> BigInt {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return !r.isZero && (r.isNegative != divisor.isNegative) ? q - .one : q
    }

    /// The quotient rounded toward positive infinity.
    @inlinable
    package func ceilDivided(by divisor: BigInt) -> BigInt {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return !r.isZero && (r.isNegative == divisor.isNegative) ? q + .one : q
    }

    /// Whether `divisor` divides this value exactly.
    @inlinable
    package func isMultiple(of divisor: BigInt) -> Bool {
        quotientAndRemainder(dividingBy: divisor).remainder.isZero
    }

    /// 10^n for n ≥ 0.
    package static func power10(_ n: Int) -> BigInt {
        precondition(n >= 0, "negative power")
        if n < power10Table.count { return power10Table[n] }
        var result = power10Table[power10Table.count - 1]
        var remaining = n - (power10Table.count - 1)
        while remaining > 0 {
            let step = min(remaining, power10Table.count - 1)
            result = result * power10Table[step]
            remaining -= step
        }
        return result
    }

    private static let power10Table: [BigInt] = (0...18).map { n in
        var v: Int64 = 1
        for _ in 0..<n { v *= 10 }
        return BigInt(v)
    }

    /// This value times 10^n (n ≥ 0).
    package func timesPower10(_ n: Int) -> BigInt { n == 0 ? self : self * BigInt.power10(n) }

    package static func gcd(_ a: BigInt, _ b: BigInt) -> BigInt {
        var x = a.absolute
        var y = b.absolute
        while !y.isZero { (x, y) = (y, x.quotientAndRemainder(dividingBy: y).remainder) }
        return x
    }

    package static func lcm(_ a: BigInt, _ b: BigInt) -> BigInt {
        if a.isZero || b.isZero { return .zero }
        return (a.absolute.quotientAndRemainder(dividingBy: gcd(a, b)).quotient * b.absolute)
    }

    /// A uniform draw in `0..<bound` (bound > 0).
    package static func random(below bound: BigInt, using random: inout SeededRandom) -> BigInt {
        precondition(bound.signum > 0, "empty range")
        if case .small(let b) = bound.storage { return BigInt(Int64(random.below(UInt64(b)))) }
        let limbs = bound.magnitude
        let topBits = 32 - limbs[limbs.count - 1].leadingZeroBitCount
        while true {
            var draw: [UInt32] = []
            for i in 0..<limbs.count {
                let word = UInt32(truncatingIfNeeded: random.next())
                draw.append(i == limbs.count - 1 ? (topBits == 32 ? word : word & ((1 << UInt32(topBits)) - 1)) : word)
            }
            if compareMagnitudes(BigInt(negative: false, magnitude: draw).magnitude, limbs) < 0 {
                return BigInt(negative: false, magnitude: draw)
            }
        }
    }

    // MARK: - Magnitudes

    private static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        var result: [UInt32] = []
        result.reserveCapacity(long.count + 1)
        var carry: UInt64 = 0
        for i in 0..<long.count {
            let sum = UInt64(long[i]) + (i < short.count ? UInt64(short[i]) : 0) + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return result
    }

    /// a - b for a ≥ b.
    private static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(a.count)
        var borrow: Int64 = 0
        for i in 0..<a.count {
            var diff = Int64(a[i]) - (i < b.count ? Int64(b[i]) : 0) - borrow
            borrow = 0
            if diff < 0 {
                diff += 1 << 32
                borrow = 1
            }
            result.append(UInt32(diff))
        }
        while result.last == 0 { result.removeLast() }
        return result
    }

    private static func multiplyMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: a.count + b.count)
        for i in 0..<a.count {
            var carry: UInt64 = 0
            let x = UInt64(a[i])
            for j in 0..<b.count {
                let t = x * UInt64(b[j]) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
            }
            result[i + b.count] = UInt32(carry)
        }
        while result.last == 0 { result.removeLast() }
        return result
    }

    /// limbs = limbs × factor + addend.
    private static func multiplyAdd(_ limbs: inout [UInt32], _ factor: UInt32, _ addend: UInt32) {
        var carry = UInt64(addend)
        for i in 0..<limbs.count {
            let t = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: t)
            carry = t >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    /// Divides in place by a single limb, returning the remainder.
    private static func divideInPlace(_ limbs: inout [UInt32], by divisor: UInt32) -> UInt32 {
        var remainder: UInt64 = 0
        for i in stride(from: limbs.count - 1, through: 0, by: -1) {
            let current = remainder << 32 | UInt64(limbs[i])
            limbs[i] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
        while limbs.last == 0 { limbs.removeLast() }
        return UInt32(remainder)
    }

    /// Long division of magnitudes (Knuth's algorithm D).
    private static func divideMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> ([UInt32], [UInt32]) {
        if compareMagnitudes(a, b) < 0 { return ([], a) }
        if b.count == 1 {
            var q = a
            let r = divideInPlace(&q, by: b[0])
            return (q, r == 0 ? [] : [r])
        }
        let shift = UInt32(b[b.count - 1].leadingZeroBitCount)
        let v = shiftLeft(b, shift)
        var u = shiftLeft(a, shift)
        if u.count == a.count { u.append(0) }
        let n = v.count
        let m = u.count - n
        var q = [UInt32](repeating: 0, count: m)
        let vTop = UInt64(v[n - 1])
        let vNext = UInt64(v[n - 2])
        for j in stride(from: m - 1, through: 0, by: -1) {
            let numerator = UInt64(u[j + n]) << 32 | UInt64(u[j + n - 1])
            var qHat = numerator / vTop
            var rHat = numerator % vTop
            while qHat > 0xFFFF_FFFF || qHat * vNext > (rHat << 32 | UInt64(u[j + n - 2])) {
                qHat -= 1
                rHat += vTop
                if rHat > 0xFFFF_FFFF { break }
            }
            var borrow: Int64 = 0
            var carry: UInt64 = 0
            for i in 0..<n {
                let product = qHat * UInt64(v[i]) + carry
                carry = product >> 32
                let t = Int64(u[i + j]) - borrow - Int64(product & 0xFFFF_FFFF)
                u[i + j] = UInt32(truncatingIfNeeded: t)
                borrow = t < 0 ? 1 : 0
            }
            let t = Int64(u[j + n]) - borrow - Int64(carry)
            u[j + n] = UInt32(truncatingIfNeeded: t)
            if t < 0 {
                qHat -= 1
                var addCarry: UInt64 = 0
                for i in 0..<n {
                    let sum = UInt64(u[i + j]) + UInt64(v[i]) + addCarry
                    u[i + j] = UInt32(truncatingIfNeeded: sum)
                    addCarry = sum >> 32
                }
                u[j + n] = UInt32(truncatingIfNeeded: UInt64(u[j + n]) + addCarry)
            }
            q[j] = UInt32(qHat)
        }
        var r = shiftRight(Array(u[0..<n]), shift)
        while r.last == 0 { r.removeLast() }
        while q.last == 0 { q.removeLast() }
        return (q, r)
    }

    private static func shiftLeft(_ a: [UInt32], _ shift: UInt32) -> [UInt32] {
        guard shift > 0 else { return a }
        var result: [UInt32] = []
        result.reserveCapacity(a.count + 1)
        var carry: UInt32 = 0
        for limb in a {
            result.append(limb << shift | carry)
            carry = limb >> (32 - shift)
        }
        if carry > 0 { result.append(carry) }
        return result
    }

    private static func shiftRight(_ a: [UInt32], _ shift: UInt32) -> [UInt32] {
        guard shift > 0 else { return a }
        var result = a
        for i in 0..<a.count {
            result[i] = a[i] >> shift | (i + 1 < a.count ? a[i + 1] << (32 - shift) : 0)
        }
        return result
    }
}
