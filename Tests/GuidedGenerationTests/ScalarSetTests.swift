@testable import GuidedGeneration
import RegexAutomata
import Testing

@Suite struct ScalarSetTests {
    @Test func canonicalForm() {
        let set = ScalarSet(ranges: [5...9, 0...3, 4...4, 20...30, 25...26])
        #expect(set.ranges == [0...9, 20...30])
        #expect(set.count == 21)
        #expect(ScalarSet(ranges: [0xD000...0xE100]).ranges == [0xD000...0xD7FF, 0xE000...0xE100])
        #expect(ScalarSet(ranges: [0xD800...0xDFFF]).isEmpty)
        #expect(ScalarSet(ranges: [0x10FFF0...0x200000]).ranges == [0x10FFF0...0x10FFFF])
        #expect(ScalarSet.all.count == 0x110000 - 0x800)
        #expect(ScalarSet(scalarsOf: "cabba") == ScalarSet(ranges: [0x61...0x63]))
        #expect(ScalarSet.empty.count == 0 && ScalarSet.empty.isEmpty)
    }

    @Test func membershipAndIndexing() {
        let set = ScalarSet(ranges: [0x30...0x39, 0x61...0x7A, 0x1F600...0x1F64F])
        #expect(set.contains("5") && set.contains("q") && set.contains("\u{1F610}"))
        #expect(!set.contains("A") && !set.contains("/") && !set.contains("\u{1F650}"))
        var all: [Unicode.Scalar] = []
        for range in set.ranges {
            for value in range { all.append(Unicode.Scalar(value)!) }
        }
        #expect(all.count == set.count)
        for (index, scalar) in all.enumerated() {
            #expect(set.scalar(at: index) == scalar)
        }
        #expect(ScalarSet.all.scalar(at: 0xD800) == Unicode.Scalar(0xE000)!)
    }

    @Test func algebraMatchesAModel() {
        var random = SeededRandom(seed: 5)
        func randomSet() -> ScalarSet {
            ScalarSet(ranges: (0..<random.int(in: 0...4)).map { _ in
                let low = UInt32(random.int(in: 0...120))
                return low...(low + UInt32(random.int(in: 0...15)))
            })
        }
        for _ in 0..<300 {
            let a = randomSet()
            let b = randomSet()
            let union = a.union(b)
            let intersection = a.intersection(b)
            let difference = a.subtracting(b)
            let inverse = a.inverted()
            for value in UInt32(0)...140 {
                let inA = a.contains(value)
                let inB = b.contains(value)
                #expect(union.contains(value) == (inA || inB))
                #expect(intersection.contains(value) == (inA && inB))
                #expect(difference.contains(value) == (inA && !inB))
                #expect(inverse.contains(value) == !inA)
            }
            #expect(inverse.inverted() == a)
            #expect(inverse.count + a.count == ScalarSet.all.count)
            #expect(!inverse.contains(0xD900))
        }
    }
}
