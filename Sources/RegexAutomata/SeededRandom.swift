/// A fast, seedable random number generator (xoshiro256**, seeded through SplitMix64).
///
/// Every sampler in the library draws from this type rather than from the standard library's
/// `Int.random(in:)`, whose algorithm is an implementation detail of the toolchain: with our own
/// bounded draws, the same seed gives byte-identical output on every platform and Swift version.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let level = random.int(in: 1...10)
/// let coin = random.chance(0.5)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        var mixer = seed
        s0 = SeededRandom.splitMix(&mixer)
        s1 = SeededRandom.splitMix(&mixer)
        s2 = SeededRandom.splitMix(&mixer)
        s3 = SeededRandom.splitMix(&mixer)
    }

    /// Creates a generator seeded from the system's entropy, for unseeded (varied) runs.
    public init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: system.next())
    }

    /// Derives an independent stream for item `index` of a batch seeded with `seed`, so any
    /// item can be regenerated alone.
    public static func derived(seed: UInt64, index: UInt64) -> SeededRandom {
        var mixer = seed ^ (index &* 0xD1B5_4A32_D192_ED03)
        return SeededRandom(seed: splitMix(&mixer) ^ index)
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }

    /// A uniform draw from `0..<bound` (Lemire's multiply-and-reject); `bound` must be positive.
    public mutating func below(_ bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        if span == UInt64.max { return Int(bitPattern: UInt(next())) }
        return range.lowerBound &+ Int(bitPattern: UInt(below(span &+ 1)))
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: Range<Int>) -> Int {
        int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// A uniform double in `[0, 1)` with 53 bits of precision.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// The elements in a random order (Fisher–Yates with this generator's draws, so the order
    /// depends only on the seed, never on the standard library's shuffling algorithm).
    public mutating func shuffled<C: Collection>(_ elements: C) -> [C.Element] {
        var result = Array(elements)
        var index = result.count - 1
        while index > 0 {
            let other = Int(below(UInt64(index + 1)))
            result.swapAt(index, other)
            index -= 1
        }
        return result
    }

    /// An index drawn in proportion to `weights` (non-negative; at least one positive).
    public mutating func index(weights: [Double]) -> Int {
        var total = 0.0
        for w in weights { total += w }
        precondition(total > 0, "at least one weight must be positive")
        var target = unit() * total
        for (i, w) in weights.enumerated() where w > 0 {
            if target < w { return i }
            target -= w
        }
        return weights.lastIndex(where: { $0 > 0 })!
    }
}
