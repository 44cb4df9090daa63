import JSONSchema

/// The numbers a numeric plan node accepts, answered for whole numbers and for prefixes: a number
/// may be read on only while some completion of its text still satisfies the constraints, so a
/// writer that follows the matcher never meets a dead end in a number.
///
/// A prefix stands for a union of intervals — `12` for [12, 13) ∪ [120, 130) ∪ … (more digits),
/// `12.3` for [12.3, 12.4) — and the question is whether the constraints leave a value in one of
/// them: counted exactly on the lattice of integers or `multipleOf` steps, and by interval
/// arithmetic for plain fractions.
package struct NumberLanguage: Sendable {
    package let constraints: NumericConstraints
    /// The lattice of the allowed values when they are discrete (integers, or `multipleOf`).
    package let lattice: NumberLattice?
    /// Draft 4: an integer is a number written without a fraction part.
    package let integersAreLexical: Bool

    /// Values beyond the largest finite double are left out: JSON readers, this library's
    /// among them, refuse them. The generator writes any value up to it (`minimum: 1e305`, a
    /// `multipleOf` of 1e300), so the matcher reads that far too.
    package static let ceiling = ExactDecimal(Double.greatestFiniteMagnitude)
    /// The digits of the ceiling's integer part: how many powers of ten a prefix may grow by.
    package static let maximumMagnitude = ceiling.coefficient.decimalDigitCount + ceiling.exponent
    /// How many lattice values are tried for one that also passes a floating-point `multipleOf`.
    package static let floatingWitnessTries = 64

    package init(grid: NumberGrid, integersAreLexical: Bool) {
        constraints = grid.constraints
        self.integersAreLexical = integersAreLexical
        // Integers and steps make the grid's lattice exactly the allowed values; plain
        // fractions are any decimals, finer than any grid.
        lattice = constraints.isInteger || !constraints.multiples.isEmpty ? grid.lattice : nil
    }

    /// Whether non-integers may be written (integers are written without a fraction part).
    package var allowsFractions: Bool { !constraints.isInteger }

    /// Whether a complete number is accepted, `excluding` values taken already (sorted).
    package func accepts(_ cursor: NumberCursor, excluding: [ExactDecimal]) -> Bool {
        guard let value = cursor.completeValue else { return false }
        if integersAreLexical, cursor.isLexicalInteger != constraints.isInteger { return false }
        return isAllowedPoint(value, excluding: excluding)
    }

    /// Whether a value is allowed — where integers are lexical, its type was settled by its text.
    private func isAllowedPoint(_ value: ExactDecimal, excluding: [ExactDecimal]) -> Bool {
        let allowed = integersAreLexical
            ? NumericConstraints(replacingType: constraints, isInteger: value.isInteger).contains(value)
            : constraints.contains(value)
        return allowed && excluding.binarySearch(value) == nil
    }

    /// Whether some completion of the cursor's text is accepted.
    package func canComplete(_ cursor: NumberCursor, excluding: [ExactDecimal]) -> Bool {
        let negative = cursor.isNegative
        switch cursor.phase {
        case .sign:
            // `-0` is zero, except in canonical text, which writes it `0`.
            return intersects(nil, .zero, upperClosed: !cursor.canonical, excluding: excluding)
        case .zero:
            if accepts(cursor, excluding: excluding) { return true }
            return allowsFractions && intersects(signed: negative, .zero, ExactDecimal(1), excluding: excluding)
        case .integer, .point, .fraction:
            if accepts(cursor, excluding: excluding) { return true }
            let magnitude = negative ? cursor.mantissa.negated : cursor.mantissa
            let unit = ExactDecimal(coefficient: .one, exponent: -cursor.fractionDigitCount)
            return anyPowerOfTen(magnitude, magnitude + unit, negative: negative, moreDigits: cursor.phase == .integer,
                                 excluding: excluding)
        }
    }

    /// Whether an allowed value lies in σ·[a·10^k, b·10^k) for some k: every k ≥ 0 while more
    /// integer digits may follow, k = 0 once the point is written.
    private func anyPowerOfTen(_ a: ExactDecimal, _ b: ExactDecimal, negative: Bool, moreDigits: Bool,
                               excluding: [ExactDecimal]) -> Bool {
        let high = max(0, moreDigits ? Self.maximumMagnitude - Self.integerDigits(a) : 0)
        // Powers whose interval ends short of the near bound are skipped unseen, since
        // b·10^k < 10^(digits(b) + k) ≤ the bound: a 300-digit number no longer tries 300 of them per byte.
        var first = 0
        if moreDigits, let near = negative ? constraints.upper.map({ $0.value.negated }) : constraints.lower?.value, near > .zero {
            first = max(0, Self.integerDigits(near) - 1 - Self.integerDigits(b))
        }
        guard first <= high else { return false }
        for k in first...high {
            let shift = ExactDecimal(coefficient: .one, exponent: k)
            let (start, end) = (a * shift, b * shift)
            // Intervals move away from zero as k grows: stop once past the far bound.
            if negative {
                if let bound = constraints.lower, start.negated < bound.value { return false }
                if let bound = constraints.upper, end.negated > bound.value { continue }
            } else {
                if let bound = constraints.upper, start > bound.value { return false }
                if let bound = constraints.lower, end < bound.value { continue }
            }
            if intersects(signed: negative, start, end, excluding: excluding) { return true }
        }
        return false
    }

    /// The digits before the point of a positive value's coefficient-and-exponent form, so that
    /// 10^(digits − 1) ≤ value < 10^digits.
    private static func integerDigits(_ value: ExactDecimal) -> Int {
        value.coefficient.decimalDigitCount + value.exponent
    }

    /// [a, b) for a positive number, (−b, −a] for a negative one (a ≥ 0; b nil: unbounded).
    private func intersects(signed negative: Bool, _ a: ExactDecimal, _ b: ExactDecimal?, excluding: [ExactDecimal]) -> Bool {
        if negative {
            return intersects(b?.negated, a.negated, lowerClosed: false, upperClosed: true, excluding: excluding)
        }
        return intersects(a, b, lowerClosed: true, upperClosed: false, excluding: excluding)
    }

    /// Whether an allowed value lies between `lower` and `upper` (nil: unbounded).
    private func intersects(_ lower: ExactDecimal?, _ upper: ExactDecimal?, lowerClosed: Bool = true, upperClosed: Bool,
                            excluding: [ExactDecimal]) -> Bool {
        // Clip to the constraints' bounds.
        var low = lower.map { (value: $0, exclusive: !lowerClosed) }
        var high = upper.map { (value: $0, exclusive: !upperClosed) }
        if let bound = constraints.lower {
            if low == nil || bound.value > low!.value || (bound.value == low!.value && bound.exclusive) {
                low = (bound.value, bound.exclusive)
            }
        }
        if let bound = constraints.upper {
            if high == nil || bound.value < high!.value || (bound.value == high!.value && bound.exclusive) {
                high = (bound.value, bound.exclusive)
            }
        }
        let ceiling = Self.ceiling
        if high == nil || high!.value > ceiling { high = (ceiling, false) }
        if low == nil || low!.value < ceiling.negated { low = (ceiling.negated, false) }
        let order = ExactDecimal.compare(low!.value, high!.value)
        if order > 0 || (order == 0 && (low!.exclusive || high!.exclusive)) { return false }
        if order == 0 { return isAllowedPoint(low!.value, excluding: excluding) }
        guard let lattice else {
            // Plain fractions: an interval with an interior holds infinitely many non-integers;
            // negated steps and excluded values remove only isolated points.
            return true
        }
        let first = lattice.firstIndex(atLeast: low!.value, exclusive: low!.exclusive)
        let last = lattice.lastIndex(atMost: high!.value, exclusive: high!.exclusive)
        guard first <= last else { return false }
        var excludedIndexes = (constraints.excluded + excluding).compactMap { lattice.index(of: $0) }
            .filter { $0 >= first && $0 <= last && lattice.isGood($0) }
        excludedIndexes = Array(Set(excludedIndexes)).sorted()
        guard lattice.count(first, last, excluding: excludedIndexes) > .zero else { return false }
        if constraints.multiples.isEmpty { return true }
        // A witness that also passes the floating-point reading of multipleOf, tried from the
        // value nearest zero outward: near the ceiling, value / step overflows a double.
        let zero = lattice.firstIndex(atLeast: .zero, exclusive: false)
        for downward in [false, true] {
            var j = downward ? min(last, zero - .one) : max(first, zero)
            var tries = 0
            while (downward ? j >= first : j <= last) && tries < Self.floatingWitnessTries {
                if lattice.isGood(j), excludedIndexes.binarySearch(j) == nil, isAllowedPoint(lattice.value(at: j), excluding: excluding) {
                    return true
                }
                j = downward ? j - .one : j + .one
                tries += 1
            }
        }
        return false
    }

}

extension NumericConstraints {
    /// The same constraints for the other numeric type (draft 4 reads the type off the text).
    package init(replacingType other: NumericConstraints, isInteger: Bool) {
        self.init(isInteger: isInteger, lower: other.lower, upper: other.upper, multiples: other.multiples,
                  nonMultiples: other.nonMultiples, excluded: other.excluded)
    }
}
