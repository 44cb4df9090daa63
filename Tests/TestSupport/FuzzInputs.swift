import GuidedGeneration
import RegexAutomata

/// Hostile inputs for the fuzz suites, all drawn from one seeded generator so a failure replays
/// from its seed: mutations of valid samples (bit flips, truncation, duplicated or deleted
/// slices, spliced samples, deep nesting, huge numbers, invalid UTF-8, a format's own tokens in
/// odd places) and purely random bytes or token soup.
///
/// ```swift
/// var inputs = FuzzInputs(random: SeededRandom(seed: 1), seeds: [Array("[1, 2]".utf8)],
///                         tokens: ["[", "]", ",", "null"], nesting: [("[", "]")])
/// let bytes = inputs.next()   // e.g. "[1, 2\u{FF}]" or "[[[[…]]]]"
/// ```
public struct FuzzInputs {
    public var random: SeededRandom
    /// Valid samples of the format, mutated for most inputs.
    public let seeds: [[UInt8]]
    /// Pieces of the format's syntax, inserted by mutations and strung together for token soup.
    public let tokens: [[UInt8]]
    /// Opening and closing pieces that nest (`[`/`]`, `(`/`)`), inserted hundreds deep.
    public let nesting: [(open: [UInt8], close: [UInt8])]

    /// Numbers at and past every limit a parser might keep them in.
    static let hugeNumbers = ["1e999999", "-1e-999999", "18446744073709551616", "9223372036854775808", "-9223372036854775809",
                              String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1",
                              "4294967296", "2147483648", "99999999999999999999999999", "1e308", "-0", "0e0"]
    /// Byte sequences that are not UTF-8: lone continuation and lead bytes, an overlong form, a
    /// surrogate, a scalar past U+10FFFF.
    static let invalidUTF8: [[UInt8]] = [[0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0x80], [0xED, 0xA0, 0x80],
                                         [0xF4, 0x90, 0x80, 0x80], [0xFE], [0xFF]]
    /// Unusual but valid text: a byte order mark, NUL, controls, a combining mark, an emoji, a
    /// right-to-left mark, a line separator, a private-use scalar.
    static let oddText = ["\u{FEFF}", "\u{0}", "\u{7}", "\t", "\r", "\n", "\r\n", "\u{301}", "\u{1F600}", "\u{200F}", "\u{2028}",
                          "\u{10FFFD}", "é", "\\", "\"", "'"]

    public init(random: SeededRandom, seeds: [[UInt8]], tokens: [String], nesting: [(open: String, close: String)] = []) {
        precondition(!seeds.isEmpty && !tokens.isEmpty, "fuzzing needs a valid sample and a token")
        self.random = random
        self.seeds = seeds
        self.tokens = tokens.map { Array($0.utf8) }
        self.nesting = nesting.map { (Array($0.open.utf8), Array($0.close.utf8)) }
    }

    /// The next input: most are a valid sample with one to four mutations stacked, the rest
    /// random bytes or random tokens.
    public mutating func next() -> [UInt8] {
        switch below(10) {
        case 0: return randomBytes()
        case 1: return randomTokens()
        default:
            var bytes = seeds[below(seeds.count)]
            for _ in 0...below(4) { mutate(&bytes) }
            return bytes
        }
    }

    /// The next input as text (any invalid UTF-8 read as U+FFFD), for parsers that take a `String`.
    public mutating func nextText() -> String {
        String(decoding: next(), as: UTF8.self)
    }

    private mutating func below(_ bound: Int) -> Int {
        Int(random.below(UInt64(bound)))
    }

    private mutating func element<T>(_ array: [T]) -> T {
        array[below(array.count)]
    }

    /// Up to 256 bytes of anything.
    public mutating func randomBytes() -> [UInt8] {
        (0..<below(257)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// Up to 64 of the format's tokens, odd text and numbers, in any order.
    public mutating func randomTokens() -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<below(65) {
            switch below(8) {
            case 0: bytes += Array(element(Self.oddText).utf8)
            case 1: bytes += Array(String(Int64(bitPattern: random.next()) >> below(64)).utf8)
            default: bytes += element(tokens)
            }
        }
        return bytes
    }

    /// One mutation of `bytes`, chosen at random.
    public mutating func mutate(_ bytes: inout [UInt8]) {
        let position = below(bytes.count + 1)
        switch below(13) {
        case 0 where !bytes.isEmpty:
            bytes[below(bytes.count)] ^= 1 << UInt8(below(8))
        case 1 where !bytes.isEmpty:
            bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
        case 2:
            bytes.removeSubrange(position...)
        case 3:
            let end = min(bytes.count, position + below(32) + 1)
            bytes.removeSubrange(position..<end)
        case 4:
            let end = min(bytes.count, position + below(64) + 1)
            let slice = bytes[position..<end]
            bytes.insert(contentsOf: slice, at: below(bytes.count + 1))
        case 5:
            // A slice repeated into a long run (a length bomb).
            let end = min(bytes.count, position + below(8) + 1)
            let slice = Array(bytes[position..<end])
            bytes.insert(contentsOf: Array(repeating: slice, count: 100 + below(2_000)).joined(), at: position)
        case 6:
            bytes.insert(contentsOf: element(tokens), at: position)
        case 7 where !nesting.isEmpty:
            let pair = element(nesting)
            let depth = element([2, 30, 300, 600, 5_000])
            let close = position + below(bytes.count - position + 1)
            bytes.insert(contentsOf: Array(repeating: pair.close, count: random.chance(0.25) ? depth / 2 : depth).joined(), at: close)
            bytes.insert(contentsOf: Array(repeating: pair.open, count: depth).joined(), at: position)
        case 8:
            bytes.insert(contentsOf: Array(element(Self.hugeNumbers).utf8), at: position)
        case 9:
            // A run of digits (a number, a count, a year) replaced by a huge one.
            if let digit = bytes.indices.dropFirst(position).first(where: { (48...57).contains(bytes[$0]) }) {
                let end = bytes[digit...].firstIndex { !(48...57).contains($0) } ?? bytes.count
                bytes.replaceSubrange(digit..<end, with: Array(element(Self.hugeNumbers).utf8))
            }
        case 10:
            bytes.insert(contentsOf: element(Self.invalidUTF8), at: position)
        case 11:
            bytes.insert(contentsOf: Array(element(Self.oddText).utf8), at: position)
        default:
            // Spliced: this sample's head onto another sample's tail.
            let other = element(seeds)
            bytes = Array(bytes[..<position]) + Array(other[below(other.count + 1)...])
        }
    }
}
