/// A set of byte values (0–255), as four 64-bit words: what `JSONMatcher.allowedBytes(in:)`
/// answers.
///
/// ```swift
/// var digits = ByteSet()
/// for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { digits.insert(byte) }
/// digits.contains(UInt8(ascii: "7"))   // true
/// digits.count                          // 10
/// ```
public struct ByteSet: Sendable, Hashable, Sequence, CustomStringConvertible {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    public init() {}

    /// The set of the given bytes.
    public init<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for byte in bytes { insert(byte) }
    }

    /// Every byte in `range`.
    package init(range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    public func contains(_ byte: UInt8) -> Bool {
        word(byte >> 6) >> UInt64(byte & 63) & 1 != 0
    }

    public mutating func insert(_ byte: UInt8) {
        let bit: UInt64 = 1 << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    public mutating func formUnion(_ other: ByteSet) {
        words.0 |= other.words.0
        words.1 |= other.words.1
        words.2 |= other.words.2
        words.3 |= other.words.3
    }

    public func union(_ other: ByteSet) -> ByteSet {
        var result = self
        result.formUnion(other)
        return result
    }

    public var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    public var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// The only member, when there is exactly one.
    public var single: UInt8? {
        guard count == 1 else { return nil }
        return first(where: { _ in true })
    }

    private func word(_ index: UInt8) -> UInt64 {
        switch index {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        default: words.3
        }
    }

    public func makeIterator() -> AnyIterator<UInt8> {
        var next = 0
        let set = self
        return AnyIterator {
            while next < 256 {
                let byte = UInt8(next)
                next += 1
                if set.contains(byte) { return byte }
            }
            return nil
        }
    }

    public static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// The bytes in brackets, runs of three or more as ranges: `[- 0-9 }]`.
    public var description: String {
        func shown(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
        }
        var pieces: [String] = []
        var bytes = Array(self)[...]
        while let first = bytes.first {
            var last = first
            while last < 255, bytes.count > Int(last - first) + 1, bytes[bytes.startIndex + Int(last - first) + 1] == last + 1 { last += 1 }
            pieces.append(last - first >= 2 ? shown(first) + "-" + shown(last) : shown(first))
            if last - first == 1 { pieces.append(shown(last)) }
            bytes = bytes.dropFirst(Int(last - first) + 1)
        }
        return "[" + pieces.joined(separator: " ") + "]"
    }
}
