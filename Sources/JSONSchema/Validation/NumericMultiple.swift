/// `multipleOf` arithmetic. JSON numbers are decimal, so `0.07` is a multiple of `0.01` even
/// though the binary doubles disagree: the check is exact, on the decimals the texts stand for.
package enum NumericMultiple {
    /// Whether `value` is an integer multiple of `divisor` (> 0), exactly.
    package static func isMultiple(_ value: ExactDecimal, of divisor: ExactDecimal) -> Bool {
        guard divisor.signum > 0 else { return false }
        return value.isMultiple(of: divisor)
    }

    /// Whether `value` is an integer multiple of `divisor` (> 0), reading both as the decimals
    /// their shortest forms print.
    package static func isMultiple(_ value: Double, of divisor: Double) -> Bool {
        guard value.isFinite, divisor.isFinite, divisor > 0 else { return false }
        if value == 0 { return true }
        if divisor == divisor.rounded(), value == value.rounded(), abs(value) < 9e15, divisor < 9e15 {
            return value.truncatingRemainder(dividingBy: divisor) == 0
        }
        return ExactDecimal(value).isMultiple(of: ExactDecimal(divisor))
    }

    /// Whether the floating-point division that simple validators use also sees an integer —
    /// generated numbers satisfy both readings so every validator agrees they are valid.
    package static func isFloatingMultiple(_ value: Double, of divisor: Double) -> Bool {
        let quotient = value / divisor
        return quotient.isFinite && quotient == quotient.rounded()
    }
}
