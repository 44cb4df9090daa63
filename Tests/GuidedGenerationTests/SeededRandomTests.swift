@testable import GuidedGeneration
import RegexAutomata
import Testing

@Suite struct SeededRandomTests {
    @Test func sameSeedSameStream() {
        var a = SeededRandom(seed: 7)
        var b = SeededRandom(seed: 7)
        for _ in 0..<1000 { #expect(a.next() == b.next()) }
    }

    @Test func boundedDrawsStayInRange() {
        var r = SeededRandom(seed: 1)
        var seen = Set<Int>()
        for _ in 0..<10_000 {
            let v = r.int(in: -3...3)
            #expect((-3...3).contains(v))
            seen.insert(v)
        }
        #expect(seen.count == 7)
    }

    @Test func weightedIndexRespectsZeroWeights() {
        var r = SeededRandom(seed: 3)
        for _ in 0..<1000 {
            let i = r.index(weights: [0, 2, 0, 1])
            #expect(i == 1 || i == 3)
        }
    }

    @Test func derivedStreamsDiffer() {
        var a = SeededRandom.derived(seed: 5, index: 0)
        var b = SeededRandom.derived(seed: 5, index: 1)
        #expect(a.next() != b.next())
    }
}
