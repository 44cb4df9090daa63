/// The set of token ids a model may sample next: a bit per vocabulary entry.
///
/// ```swift
/// let mask = masker.mask(for: state)
/// if mask.contains(tokenID) { … }
/// for id in mask.allowedIDs { logits[id] += 0 }   // the others get -infinity
/// ```
public struct TokenMask: Sendable, Hashable {
    public let count: Int
    package private(set) var words: [UInt64]

    package init(count: Int) {
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    package init(count: Int, words: [UInt64]) {
        self.count = count
        self.words = words
    }

    public func contains(_ id: Int) -> Bool {
        id >= 0 && id < count && words[id >> 6] >> UInt64(id & 63) & 1 != 0
    }

    package mutating func insert(_ id: Int) {
        words[id >> 6] |= 1 << UInt64(id & 63)
    }

    package mutating func remove(_ id: Int) {
        words[id >> 6] &= ~(1 << UInt64(id & 63))
    }

    package mutating func formUnion(_ other: TokenMask) {
        for i in words.indices { words[i] |= other.words[i] }
    }

    package mutating func formIntersection(_ other: TokenMask) {
        for i in words.indices { words[i] &= other.words[i] }
    }

    /// How many ids are allowed.
    public var allowedCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The allowed ids, ascending.
    public var allowedIDs: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(index << 6 + bit)
                bits &= bits - 1
            }
        }
        return result
    }
}
