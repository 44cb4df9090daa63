import RegexAutomata

/// A position in a string language: the automaton state, the scalars and UTF-8 bytes read, and
/// the ranges of two finite lists of strings the string must not end up equal to — the table's
/// excluded values and a list of its context (earlier items of a unique array, keys already
/// used in an object) — that still share the bytes read so far.
package struct LanguageCursor: Hashable, Sendable {
    package var state: Int32 = 0
    package var length: Int32 = 0
    package var depth: Int32 = 0
    package var excludedRange: Range<Int32>
    package var otherRange: Range<Int32>

    package init(_ table: StringTable, other: SortedByteStrings?) {
        excludedRange = 0..<Int32(table.excluded.count)
        otherRange = 0..<Int32(other?.count ?? 0)
    }

    /// The cursor after one more scalar, or nil when the language has no such continuation.
    package func advanced(by scalar: Unicode.Scalar, _ table: StringTable, other: SortedByteStrings?) -> LanguageCursor? {
        guard let next = table.dfa.next(from: Int(state), on: scalar) else { return nil }
        var result = self
        result.state = Int32(next)
        result.length += 1
        var depth = Int(self.depth)
        var excluded = excludedRange.range
        var others = otherRange.range
        scalar.forEachUTF8Byte { byte in
            if !excluded.isEmpty { excluded = table.excluded.narrow(excluded, depth: depth, byte: byte) }
            if let other, !others.isEmpty { others = other.narrow(others, depth: depth, byte: byte) }
            depth += 1
        }
        result.depth = Int32(depth)
        result.excludedRange = excluded.range32
        result.otherRange = others.range32
        return result
    }

    /// The listed strings the string read so far is a proper or whole prefix of.
    package func pressing(_ table: StringTable, other: SortedByteStrings?) -> [ArraySlice<[UInt8]>] {
        var slices: [ArraySlice<[UInt8]>] = []
        if !excludedRange.isEmpty { slices.append(table.excluded.strings[excludedRange.range]) }
        if let other, !otherRange.isEmpty { slices.append(other.strings[otherRange.range]) }
        return slices
    }

    /// Whether no listed string shares the text read so far (exclusions no longer matter).
    package var isClearOfLists: Bool { excludedRange.isEmpty && otherRange.isEmpty }

    /// The same position with the lists set aside (for what the automaton alone allows).
    package var clearedOfLists: LanguageCursor {
        var cleared = self
        cleared.excludedRange = 0..<0
        cleared.otherRange = 0..<0
        return cleared
    }

    /// Whether the string can still end inside the language, differing from every listed string.
    package func isViable(_ table: StringTable, other: SortedByteStrings?) -> Bool {
        if isClearOfLists { return table.lengths.canFinish(Int(state), consumed: Int(length)) }
        return table.canFinish(Int(state), length: Int(length), pressing: pressing(table, other: other), depth: Int(depth))
    }

    /// Whether the string may end here.
    package func canEnd(_ table: StringTable, other: SortedByteStrings?) -> Bool {
        guard table.canEnd(Int(state), length: Int(length)) else { return false }
        if table.excluded.containsPrefix(excludedRange.range, depth: Int(depth)) { return false }
        if let other, other.containsPrefix(otherRange.range, depth: Int(depth)) { return false }
        return true
    }

    /// Whether some scalar in `ranges` continues the string viably.
    package func isViable(afterSomeOf ranges: [ClosedRange<UInt32>], _ table: StringTable, other: SortedByteStrings?) -> Bool {
        if isClearOfLists { return table.canTakeSomeOf(ranges, from: Int(state), consumed: Int(length)) }
        let candidates = ScalarSet(ranges: ranges)
        let listed = pressing(table, other: other)
        // The next scalar of every listed string: only those can lead back into a listed one.
        var risky = Set<UInt32>()
        for slice in listed {
            for string in slice where string.count > Int(depth) {
                if let scalar = string[Int(depth)...].firstScalar { risky.insert(scalar.value) }
            }
        }
        for transition in table.dfa.transitions[Int(state)] {
            let inside = transition.label.intersection(candidates)
            guard !inside.isEmpty else { continue }
            let riskyInside = risky.filter { inside.contains($0) }
            if inside.count > riskyInside.count, table.lengths.canFinish(transition.target, consumed: Int(length) + 1) {
                return true
            }
            for value in riskyInside {
                if let next = advanced(by: Unicode.Scalar(value)!, table, other: other), next.isViable(table, other: other) {
                    return true
                }
            }
        }
        return false
    }
}

extension Range where Bound == Int32 {
    package var range: Range<Int> { Int(lowerBound)..<Int(upperBound) }
}

extension Range where Bound == Int {
    package var range32: Range<Int32> { Int32(lowerBound)..<Int32(upperBound) }
}
