@testable import GuidedGeneration
import RegexAutomata
import Testing

/// `SeededRandom.shuffled(_:)`, our own Fisher–Yates: the order a seed gives must not change with
/// the toolchain (the standard library's `shuffled(using:)` may), so one result is pinned here.
@Suite struct SeededShuffleTests {
    @Test func aShuffleIsAPermutationOfItsInput() {
        let input = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]
        for seed in 0..<50 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            let shuffled = random.shuffled(input)
            #expect(shuffled.sorted() == input.sorted(), "seed \(seed) keeps the same multiset")
        }
        var random = SeededRandom(seed: 1)
        #expect(random.shuffled([Int]()) == [])
        #expect(random.shuffled(["only"]) == ["only"])
    }

    @Test func theSeedFixesTheOrder() {
        var a = SeededRandom(seed: 42)
        var b = SeededRandom(seed: 42)
        for _ in 0..<20 { #expect(a.shuffled(0..<20) == b.shuffled(0..<20)) }
    }

    @Test func differentSeedsGiveDifferentOrders() {
        let orders = (0..<20 as Range<UInt64>).map { seed in
            var random = SeededRandom(seed: seed)
            return random.shuffled(0..<20)
        }
        #expect(Set(orders).count == orders.count, "twenty seeds, twenty different orders of 20 elements")
    }

    /// Pinned: a change of the algorithm (or of the draws it makes) changes every seeded
    /// shuffle the project ships, so it must be deliberate. Checked by an independent
    /// implementation of xoshiro256** (seeded through SplitMix64) with Lemire's bounded draw.
    @Test func aPinnedShuffle() {
        var random = SeededRandom(seed: 1)
        #expect(random.shuffled(0..<8) == [4, 7, 0, 2, 1, 6, 3, 5])
    }
}
