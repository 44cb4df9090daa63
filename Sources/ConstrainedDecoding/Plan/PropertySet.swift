/// A set of one object's declared properties, by their index in `ObjectPlan.properties`, as
/// bits: the generator asks "is this property in?" for every property of every object it makes,
/// and a bit test costs nothing where hashing the names cost a tenth of an NPC's generation.
/// The first 64 properties live inline; larger objects spill into an array.
package struct PropertySet {
    private var low: UInt64 = 0
    private var high: [UInt64] = []
    /// How many properties are in the set.
    package private(set) var count = 0

    package func contains(_ index: Int) -> Bool {
        if index < 64 { return low & (1 << UInt64(index)) != 0 }
        let word = index / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(index % 64)) != 0
    }

    package mutating func insert(_ index: Int) {
        guard !contains(index) else { return }
        count += 1
        if index < 64 {
            low |= 1 << UInt64(index)
            return
        }
        let word = index / 64 - 1
        if word >= high.count { high += repeatElement(0, count: word + 1 - high.count) }
        high[word] |= 1 << UInt64(index % 64)
    }

    package mutating func formUnion(_ other: PropertySet) {
        guard other.count > 0 else { return }
        low |= other.low
        if other.high.count > high.count { high += repeatElement(0, count: other.high.count - high.count) }
        for (word, bits) in other.high.enumerated() { high[word] |= bits }
        count = low.nonzeroBitCount + high.reduce(0) { $0 + $1.nonzeroBitCount }
    }
}
