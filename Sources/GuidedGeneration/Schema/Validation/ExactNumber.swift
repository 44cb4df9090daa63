import Foundation

/// Exact comparison of JSON numbers whose text a `Double` cannot carry, such as
/// `9223372036854776001` against a maximum of `9223372036854776000` (equal as doubles).
/// A number without kept text stands for the decimal the writer prints for it.
enum ExactNumber {
    static func decimal(_ value: Double, literal: String?) -> Decimal? {
        Decimal(string: literal ?? JSONWriter.numberText(value), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Compares `value` with `bound`, exactly when either came with its text.
    static func compare(_ value: Double, literal: String?, _ bound: Double, boundLiteral: String?) -> ComparisonResult {
        if literal != nil || boundLiteral != nil,
           let a = decimal(value, literal: literal), let b = decimal(bound, literal: boundLiteral) {
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        return value < bound ? .orderedAscending : value > bound ? .orderedDescending : .orderedSame
    }

    /// The double to generate against for a bound written as `literal`: the closest one on the
    /// inner side, so every generated number also honours the exact bound.
    static func inwardBound(_ value: Double, literal: String?, isUpper: Bool) -> Double {
        guard literal != nil, let exact = decimal(value, literal: literal), let printed = decimal(value, literal: nil) else { return value }
        if isUpper, printed > exact { return value.nextDown }
        if !isUpper, printed < exact { return value.nextUp }
        return value
    }
}
