/// An immutable, sorted list of byte strings, walked by prefix: a cursor is the range of strings
/// that share the bytes read so far. Shorter strings sort before their extensions, so the string
/// equal to the prefix read so far, if any, is the first of the range.
///
/// The matcher keeps its finite sets of strings this way — declared property names, excluded
/// values, earlier items of a unique array — so that a cursor is two integers and a depth, and a
/// shared list is compared by identity.
package final class SortedByteStrings: Sendable, Hashable {
    package let strings: [[UInt8]]

    package init<S: Sequence>(_ strings: S) where S.Element == [UInt8] {
        var sorted = Array(strings)
        sorted.sort { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        unique.reserveCapacity(sorted.count)
        for string in sorted where unique.last != string { unique.append(string) }
        self.strings = unique
    }

    private init(sorted: [[UInt8]]) {
        strings = sorted
    }

    /// The list with `string` added (the receiver is unchanged).
    package func inserting(_ string: [UInt8]) -> SortedByteStrings {
        var low = 0
        var high = strings.count
        while low < high {
            let mid = (low + high) / 2
            if strings[mid].lexicographicallyPrecedes(string) { low = mid + 1 } else { high = mid }
        }
        if low < strings.count && strings[low] == string { return self }
        var copy = strings
        copy.insert(string, at: low)
        return SortedByteStrings(sorted: copy)
    }

    package static let empty = SortedByteStrings([])

    package var count: Int { strings.count }
    package var isEmpty: Bool { strings.isEmpty }

    /// The strings of `range` whose byte at `depth` is `byte` (all of `range` share the bytes
    /// before `depth`).
    package func narrow(_ range: Range<Int>, depth: Int, byte: UInt8) -> Range<Int> {
        var low = range.lowerBound
        var high = range.upperBound
        // First index whose byte at depth is >= byte (strings ending before depth come first).
        while low < high {
            let mid = (low + high) / 2
            let s = strings[mid]
            if s.count <= depth || s[depth] < byte { low = mid + 1 } else { high = mid }
        }
        let start = low
        high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            if strings[mid][depth] <= byte { low = mid + 1 } else { high = mid }
        }
        return start..<low
    }

    /// The strings of `range` extended by `bytes`, starting at `depth`.
    package func narrow(_ range: Range<Int>, depth: Int, bytes: some Sequence<UInt8>) -> Range<Int> {
        var range = range
        var depth = depth
        for byte in bytes where !range.isEmpty {
            range = narrow(range, depth: depth, byte: byte)
            depth += 1
        }
        return range
    }

    /// Whether the range holds a string exactly `depth` bytes long (the prefix itself).
    package func containsPrefix(_ range: Range<Int>, depth: Int) -> Bool {
        !range.isEmpty && strings[range.lowerBound].count == depth
    }

    /// The index of `string`, if present.
    package func index(of string: [UInt8]) -> Int? {
        let range = narrow(0..<strings.count, depth: 0, bytes: string)
        return containsPrefix(range, depth: string.count) ? range.lowerBound : nil
    }

    package static func == (a: SortedByteStrings, b: SortedByteStrings) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
