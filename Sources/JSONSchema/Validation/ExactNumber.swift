import Foundation

/// Exact comparison of JSON numbers whose text a `Double` cannot carry, such as
/// `9223372036854776001` against a maximum of `9223372036854776000` (equal as doubles).
/// A number without kept text stands for the decimal the writer prints for it.
package enum ExactNumber {
    /// The number as a Foundation `Decimal` (for `Decimal` properties of `Generable` types).
    package static func decimal(_ value: Double, literal: String?) -> Decimal? {
        Decimal(string: literal ?? JSONWriter.numberText(value), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The exact value of a number and the text it came from, if any.
    package static func exact(_ value: Double, literal: String?) -> ExactDecimal {
        literal.flatMap { ExactDecimal(text: $0) } ?? ExactDecimal(value)
    }

    /// Compares `value` with `bound`, exactly when either came with its text.
    package static func compare(_ value: Double, literal: String?, _ bound: Double, boundLiteral: String?) -> ComparisonResult {
        if literal != nil || boundLiteral != nil {
            let order = ExactDecimal.compare(exact(value, literal: literal), exact(bound, literal: boundLiteral))
            return order < 0 ? .orderedAscending : order > 0 ? .orderedDescending : .orderedSame
        }
        return value < bound ? .orderedAscending : value > bound ? .orderedDescending : .orderedSame
    }
}
