/// A JSON number held exactly: `coefficient × 10^exponent`, at any magnitude and precision.
///
/// JSON numbers are decimal text; a `Double` cannot carry `9007199254740993` or `0.1` exactly, so
/// bounds, `const` and `enum` numbers, `multipleOf` steps and generated values that must stay
/// exact go through this type. The form is canonical (no trailing zeros in the coefficient, zero
/// as `0 × 10^0`), so `==` is numeric equality: `1`, `1.0` and `10e-1` are the same value.
package struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let coefficient: BigInt
    package let exponent: Int

    package static let zero = ExactDecimal(coefficient: .zero, exponent: 0)

    package init(coefficient: BigInt, exponent: Int) {
        if coefficient.isZero {
            self.coefficient = .zero
            self.exponent = 0
            return
        }
        var c = coefficient
        var e = exponent
        let ten = BigInt(10)
        if case .small(var v) = c.storage {
            while v % 10 == 0 {
                v /= 10
                e += 1
            }
            c = BigInt(v)
        } else {
            while true {
                let (q, r) = c.quotientAndRemainder(dividingBy: ten)
                guard r.isZero else { break }
                c = q
                e += 1
            }
        }
        self.coefficient = c
        self.exponent = e
    }

    package init(_ integer: BigInt) { self.init(coefficient: integer, exponent: 0) }
    package init(_ integer: Int) { self.init(coefficient: BigInt(integer), exponent: 0) }

    /// Parses decimal number text — JSON's grammar, also with a leading `+` or digits on one
    /// side of the point only; nil for anything else.
    package init?<S: StringProtocol>(text: S) {
        let utf8 = Array(text.utf8)
        var i = 0
        var negative = false
        if i < utf8.count, utf8[i] == UInt8(ascii: "-") || utf8[i] == UInt8(ascii: "+") {
            negative = utf8[i] == UInt8(ascii: "-")
            i += 1
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var sawDigit = false
        while i < utf8.count, utf8[i] >= 48, utf8[i] <= 57 {
            digits.append(utf8[i])
            sawDigit = true
            i += 1
        }
        if i < utf8.count, utf8[i] == UInt8(ascii: ".") {
            i += 1
            while i < utf8.count, utf8[i] >= 48, utf8[i] <= 57 {
                digits.append(utf8[i])
                fractionDigits += 1
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if i < utf8.count, utf8[i] == UInt8(ascii: "e") || utf8[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < utf8.count, utf8[i] == UInt8(ascii: "-") || utf8[i] == UInt8(ascii: "+") {
                exponentNegative = utf8[i] == UInt8(ascii: "-")
                i += 1
            }
            var sawExponentDigit = false
            while i < utf8.count, utf8[i] >= 48, utf8[i] <= 57 {
                // Exponents this large describe values no JSON document can hold usefully;
                // saturating keeps the arithmetic finite.
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(utf8[i] - 48) }
                sawExponentDigit = true
                i += 1
            }
            guard sawExponentDigit else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard i == utf8.count else { return nil }
        var start = 0
        while start < digits.count - 1, digits[start] == 48 { start += 1 }
        let magnitude = BigInt(decimal: String(decoding: digits[start...], as: UTF8.self))!
        self.init(coefficient: negative ? magnitude.negated : magnitude, exponent: exponent - fractionDigits)
    }

    /// The exact value of a finite double's shortest round-tripping decimal form (the value
    /// JSON text written for it means).
    package init(_ value: Double) {
        precondition(value.isFinite, "JSON numbers are finite")
        if value == value.rounded(.towardZero), abs(value) < 9.2e18 {
            self.init(coefficient: BigInt(Int64(value)), exponent: 0)
        } else {
            self.init(text: "\(value)")!
        }
    }

    // MARK: - Views

    package var isZero: Bool { coefficient.isZero }
    package var isNegative: Bool { coefficient.isNegative }
    package var signum: Int { coefficient.signum }
    package var isInteger: Bool { exponent >= 0 }
    package var negated: ExactDecimal { ExactDecimal(coefficient: coefficient.negated, exponent: exponent) }

    /// The nearest `Double` (infinite beyond its range, zero below it).
    package var doubleValue: Double {
        if exponent == 0, let v = coefficient.int64 { return Double(v) }
        return Double(scientificText) ?? (isNegative ? -.infinity : .infinity)
    }

    /// The number of digits after the decimal point in plain notation (0 for integers).
    package var fractionDigits: Int { max(0, -exponent) }

    /// The integer value scaled by 10^scale, if that is an integer: `2.5` at scale 1 is 25.
    package func scaled(by scale: Int) -> BigInt? {
        let shift = exponent + scale
        if shift >= 0 { return coefficient.timesPower10(shift) }
        let (q, r) = coefficient.quotientAndRemainder(dividingBy: .power10(-shift))
        return r.isZero ? q : nil
    }

    /// `value × 10^scale` rounded toward negative (floor) or positive (ceiling) infinity.
    package func scaledRounding(by scale: Int, up: Bool) -> BigInt {
        let shift = exponent + scale
        if shift >= 0 { return coefficient.timesPower10(shift) }
        let divisor = BigInt.power10(-shift)
        return up ? coefficient.ceilDivided(by: divisor) : coefficient.floorDivided(by: divisor)
    }

    /// Whether this value is an integer multiple of `step` (> 0).
    package func isMultiple(of step: ExactDecimal) -> Bool {
        if isZero { return true }
        let scale = max(fractionDigits, step.fractionDigits)
        guard let a = scaled(by: scale), let s = step.scaled(by: scale) else { return false }
        return a.isMultiple(of: s)
    }

    // MARK: - Arithmetic

    package static func + (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal {
        let e = min(a.exponent, b.exponent)
        return ExactDecimal(coefficient: a.coefficient.timesPower10(a.exponent - e) + b.coefficient.timesPower10(b.exponent - e), exponent: e)
    }

    package static func - (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal { a + b.negated }

    package static func * (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal {
        ExactDecimal(coefficient: a.coefficient * b.coefficient, exponent: a.exponent + b.exponent)
    }

    // MARK: - Comparison

    package static func < (a: ExactDecimal, b: ExactDecimal) -> Bool { compare(a, b) < 0 }

    package static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.signum != b.signum { return a.signum < b.signum ? -1 : 1 }
        if a.signum == 0 { return 0 }
        // Order of magnitude first: avoids scaling by a huge power of ten.
        let magnitudeA = a.coefficient.decimalDigitCount + a.exponent
        let magnitudeB = b.coefficient.decimalDigitCount + b.exponent
        if magnitudeA != magnitudeB {
            let order = magnitudeA < magnitudeB ? -1 : 1
            return a.isNegative ? -order : order
        }
        let e = min(a.exponent, b.exponent)
        return BigInt.compare(a.coefficient.timesPower10(a.exponent - e), b.coefficient.timesPower10(b.exponent - e))
    }

    // MARK: - Text

    /// JSON text for the value in plain decimal notation (no exponent): integers with all their
    /// digits, fractions with every digit after the point.
    package var description: String {
        let digits = coefficient.absolute.description
        let sign = isNegative ? "-" : ""
        if exponent >= 0 {
            return sign + digits + String(repeating: "0", count: exponent)
        }
        let point = digits.count + exponent
        if point > 0 {
            let index = digits.index(digits.startIndex, offsetBy: point)
            return sign + digits[..<index] + "." + digits[index...]
        }
        return sign + "0." + String(repeating: "0", count: -point) + digits
    }

    /// `d.ddde±x` form.
    package var scientificText: String {
        let digits = coefficient.absolute.description
        let sign = isNegative ? "-" : ""
        let power = exponent + digits.count - 1
        let mantissa = digits.count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
        return sign + mantissa + "e" + String(power)
    }
}
