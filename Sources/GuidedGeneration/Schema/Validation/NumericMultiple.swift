import Foundation

/// Exact `multipleOf` arithmetic. JSON numbers are decimal, so `0.07` is a multiple of `0.01`
/// even though the binary doubles disagree; values are compared through their shortest decimal
/// forms, which round-trip exactly.
enum NumericMultiple {
    /// Whether `value` is an integer multiple of `divisor` (> 0).
    static func isMultiple(_ value: Double, of divisor: Double) -> Bool {
        guard value.isFinite, divisor.isFinite, divisor > 0 else { return false }
        if value == 0 { return true }
        if divisor == divisor.rounded(), value == value.rounded(), abs(value) < 9e15, divisor < 9e15 {
            return value.truncatingRemainder(dividingBy: divisor) == 0
        }
        let quotient = value / divisor
        guard quotient.isFinite else { return value == value.rounded() && dividesOne(divisor) }
        guard let exact = decimal(value), let step = decimal(divisor) else { return false }
        var result = exact / step
        var rounded = Decimal()
        NSDecimalRound(&rounded, &result, 0, .plain)
        return rounded == result
    }

    /// Whether every integer is a multiple of `divisor` (1 / divisor is a whole number, as for 0.5
    /// or 0.01): decides huge integers whose quotient overflows.
    private static func dividesOne(_ divisor: Double) -> Bool {
        guard let step = decimal(divisor) else { return false }
        var reciprocal = Decimal(1) / step
        var rounded = Decimal()
        NSDecimalRound(&rounded, &reciprocal, 0, .plain)
        return rounded == reciprocal
    }

    /// The exact decimal a double prints as.
    static func decimal(_ value: Double) -> Decimal? {
        Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Whether the floating-point division that simple validators use also sees an integer —
    /// generated numbers satisfy both readings so every validator agrees they are valid.
    static func isFloatingMultiple(_ value: Double, of divisor: Double) -> Bool {
        let quotient = value / divisor
        return quotient.isFinite && quotient == quotient.rounded()
    }
}
