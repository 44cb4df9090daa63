/// The coarsest partition of the scalars covered by some sets into classes ("atoms") that no set
/// splits: two scalars share an atom iff every set contains both or neither. A DFA built over the
/// atoms needs one transition computation per atom instead of per scalar.
package struct AlphabetPartition {
    package let atoms: [ScalarSet]
    /// For each input set, the atoms whose union it is, ascending.
    package let atomsOfSet: [[Int]]

    package init(_ sets: [ScalarSet]) {
        var points: [UInt32] = []
        for set in sets {
            for range in set.ranges {
                points.append(range.lowerBound)
                points.append(range.upperBound + 1)
            }
        }
        points.sort()
        var unique: [UInt32] = []
        for point in points where unique.last != point { unique.append(point) }
        // Elementary interval k is unique[k]..<unique[k + 1]; its signature lists the sets
        // covering it.
        var signatures = Array(repeating: [Int](), count: max(unique.count - 1, 0))
        for (index, set) in sets.enumerated() {
            for range in set.ranges {
                var k = AlphabetPartition.firstIndex(of: range.lowerBound, in: unique)
                while k < signatures.count && unique[k] <= range.upperBound {
                    signatures[k].append(index)
                    k += 1
                }
            }
        }
        var atomOfSignature: [[Int]: Int] = [:]
        var atomRanges: [[ClosedRange<UInt32>]] = []
        var atomsOfSet = Array(repeating: [Int](), count: sets.count)
        for (k, signature) in signatures.enumerated() where !signature.isEmpty {
            let interval = unique[k]...(unique[k + 1] - 1)
            if let atom = atomOfSignature[signature] {
                atomRanges[atom].append(interval)
            } else {
                let atom = atomRanges.count
                atomOfSignature[signature] = atom
                atomRanges.append([interval])
                for set in signature { atomsOfSet[set].append(atom) }
            }
        }
        atoms = atomRanges.map { ScalarSet(ranges: $0) }
        self.atomsOfSet = atomsOfSet
    }

    private static func firstIndex(of value: UInt32, in sorted: [UInt32]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
