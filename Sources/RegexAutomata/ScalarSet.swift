/// An immutable set of Unicode scalar values, stored as sorted, disjoint, non-adjacent closed
/// ranges of code points.
///
/// The surrogate block D800–DFFF is never a member: every initializer and operation removes it, so
/// `all` is exactly the set of valid `Unicode.Scalar` values and `inverted()` stays within it. The
/// representation is canonical, so two sets are equal iff they hold the same scalars. Membership
/// and `scalar(at:)` (the k-th member, for uniform draws) are binary searches.
package struct ScalarSet: Sendable, Hashable, CustomStringConvertible {
    /// The member ranges: sorted, disjoint, non-adjacent, none touching the surrogate block.
    package let ranges: [ClosedRange<UInt32>]
    /// `cumulative[i]` is the number of scalars in `ranges[0...i]`.
    private let cumulative: [Int]

    package static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF
    package static let maxScalar: UInt32 = 0x10FFFF

    package static let empty = ScalarSet(canonical: [])
    package static let all = ScalarSet(canonical: [0...0xD7FF, 0xE000...0x10FFFF])

    /// Builds a set from arbitrary ranges (any order, overlapping or not); parts outside the
    /// scalar space, including the surrogates, are dropped.
    package init<S: Sequence>(ranges input: S) where S.Element == ClosedRange<UInt32> {
        var sorted = input.filter { $0.lowerBound <= ScalarSet.maxScalar }
            .map { $0.lowerBound...min($0.upperBound, ScalarSet.maxScalar) }
        sorted.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                if range.upperBound > last.upperBound {
                    merged[merged.count - 1] = last.lowerBound...range.upperBound
                }
            } else {
                merged.append(range)
            }
        }
        self.init(canonical: ScalarSet.removingSurrogates(merged))
    }

    package init(range: ClosedRange<UInt32>) {
        self.init(ranges: [range])
    }

    package init(_ scalar: Unicode.Scalar) {
        self.init(canonical: [scalar.value...scalar.value])
    }

    /// The set of the scalars of `string`.
    package init(scalarsOf string: String) {
        self.init(ranges: string.unicodeScalars.map { $0.value...$0.value })
    }

    /// Trusts `ranges` to be canonical already.
    private init(canonical ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
        var running = 0
        cumulative = ranges.map { range in
            running += Int(range.upperBound - range.lowerBound) + 1
            return running
        }
    }

    private static func removingSurrogates(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        guard ranges.contains(where: { $0.overlaps(surrogates) }) else { return ranges }
        var result: [ClosedRange<UInt32>] = []
        for range in ranges {
            if !range.overlaps(surrogates) {
                result.append(range)
                continue
            }
            if range.lowerBound < surrogates.lowerBound {
                result.append(range.lowerBound...(surrogates.lowerBound - 1))
            }
            if range.upperBound > surrogates.upperBound {
                result.append((surrogates.upperBound + 1)...range.upperBound)
            }
        }
        return result
    }

    package static func == (lhs: ScalarSet, rhs: ScalarSet) -> Bool { lhs.ranges == rhs.ranges }
    package func hash(into hasher: inout Hasher) { hasher.combine(ranges) }

    package var isEmpty: Bool { ranges.isEmpty }

    /// The number of scalars in the set.
    package var count: Int { cumulative.last ?? 0 }

    /// The smallest member, if any.
    package var first: Unicode.Scalar? { ranges.first.flatMap { Unicode.Scalar($0.lowerBound) } }

    package func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

    package func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return low < ranges.count && ranges[low].lowerBound <= value
    }

    /// The `index`-th member in increasing order; `index` must be in `0..<count`.
    package func scalar(at index: Int) -> Unicode.Scalar {
        precondition(index >= 0 && index < count, "scalar index out of range")
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] <= index {
                low = mid + 1
            } else {
                high = mid
            }
        }
        let before = low == 0 ? 0 : cumulative[low - 1]
        return Unicode.Scalar(ranges[low].lowerBound + UInt32(index - before))!
    }

    package func union(_ other: ScalarSet) -> ScalarSet {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return ScalarSet(ranges: ranges + other.ranges)
    }

    package func intersection(_ other: ScalarSet) -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var i = 0
        var j = 0
        while i < ranges.count && j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            let low = max(a.lowerBound, b.lowerBound)
            let high = min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return ScalarSet(canonical: result)
    }

    package func subtracting(_ other: ScalarSet) -> ScalarSet {
        if isEmpty || other.isEmpty { return self }
        return intersection(other.inverted())
    }

    package func isDisjoint(with other: ScalarSet) -> Bool { intersection(other).isEmpty }

    /// Whether some scalar of `others` (ranges of valid scalars) is in the set, without building
    /// a set of them.
    package func overlaps(_ others: [ClosedRange<UInt32>]) -> Bool {
        others.contains { other in ranges.contains { $0.overlaps(other) } }
    }

    package func isSubset(of other: ScalarSet) -> Bool { subtracting(other).isEmpty }

    /// Every valid scalar not in the set.
    package func inverted() -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= ScalarSet.maxScalar { result.append(next...ScalarSet.maxScalar) }
        return ScalarSet(canonical: ScalarSet.removingSurrogates(result))
    }

    package var description: String {
        let parts = ranges.map { range in
            range.lowerBound == range.upperBound
                ? String(range.lowerBound, radix: 16, uppercase: true)
                : String(range.lowerBound, radix: 16, uppercase: true) + "-"
                    + String(range.upperBound, radix: 16, uppercase: true)
        }
        return "[" + parts.joined(separator: " ") + "]"
    }
}
