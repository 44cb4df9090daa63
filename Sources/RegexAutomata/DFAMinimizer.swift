/// Hopcroft's partition refinement for automata whose transitions carry scalar sets.
///
/// Labels are first split into the atoms of their alphabet partition, so the automaton becomes an
/// ordinary one over a finite alphabet. Missing transitions lead to an explicit dead state that
/// is never used as a splitter: the initial split by the accepting block implies the split by its
/// complement (the automaton being complete), and afterwards the half without the dead state is
/// always the one queued, which keeps the algorithm correct while only preimages of real states
/// are ever needed.
package enum DFAMinimizer {
    /// For each state, the id of its equivalence class among `states` (the useful ones), or -1
    /// for the others.
    package static func equivalenceClasses(
        accepting: [Bool], transitions: [[DFA.Transition]], useful: [Bool]
    ) -> [Int] {
        let count = accepting.count
        let dead = count
        var labels: [ScalarSet] = []
        var labelIndex: [ScalarSet: Int] = [:]
        for (state, outgoing) in transitions.enumerated() where useful[state] {
            for transition in outgoing where useful[transition.target] && labelIndex[transition.label] == nil {
                labelIndex[transition.label] = labels.count
                labels.append(transition.label)
            }
        }
        let partition = AlphabetPartition(labels)
        // incoming[target]: (atom, source) for every real transition.
        var incoming = Array(repeating: [(atom: Int, source: Int)](), count: count)
        for (state, outgoing) in transitions.enumerated() where useful[state] {
            for transition in outgoing where useful[transition.target] {
                for atom in partition.atomsOfSet[labelIndex[transition.label]!] {
                    incoming[transition.target].append((atom, state))
                }
            }
        }

        var refinement = Refinement(
            size: count + 1,
            initial: (0...count).map { $0 == dead || !useful[$0] ? 0 : (accepting[$0] ? 1 : 0) })
        var pending: [Int] = []
        var queued: [Bool] = Array(repeating: false, count: refinement.blockCount)
        if let acceptingBlock = (0..<refinement.blockCount).first(where: { !refinement.contains($0, dead) }) {
            pending.append(acceptingBlock)
            queued[acceptingBlock] = true
        }
        var sourcesByAtom: [Int: [Int]] = [:]
        while let splitter = pending.popLast() {
            queued[splitter] = false
            sourcesByAtom.removeAll(keepingCapacity: true)
            for target in refinement.members(of: splitter) {
                for edge in incoming[target] { sourcesByAtom[edge.atom, default: []].append(edge.source) }
            }
            for atom in sourcesByAtom.keys.sorted() {
                for (old, new) in refinement.split(by: sourcesByAtom[atom]!) {
                    queued.append(false)
                    let newHasDead = refinement.contains(new, dead)
                    let oldHasDead = refinement.contains(old, dead)
                    if queued[old] {
                        pending.append(new)
                        queued[new] = true
                    } else {
                        let smaller = refinement.size(of: new) <= refinement.size(of: old) ? new : old
                        let chosen = smaller == new ? (newHasDead ? old : new) : (oldHasDead ? new : old)
                        pending.append(chosen)
                        queued[chosen] = true
                    }
                }
            }
        }
        return (0..<count).map { useful[$0] ? refinement.block(of: $0) : -1 }
    }

    /// A partition of `0..<size` into blocks, each a contiguous slice of a permutation.
    private struct Refinement {
        private var elements: [Int]
        private var location: [Int]
        private var blockOfElement: [Int]
        private var starts: [Int] = []
        private var ends: [Int] = []
        private var marked: [Int] = []

        var blockCount: Int { starts.count }

        init(size: Int, initial: [Int]) {
            elements = (0..<size).sorted { initial[$0] < initial[$1] }
            location = Array(repeating: 0, count: size)
            blockOfElement = Array(repeating: 0, count: size)
            var position = 0
            while position < size {
                let group = initial[elements[position]]
                starts.append(position)
                while position < size && initial[elements[position]] == group {
                    blockOfElement[elements[position]] = starts.count - 1
                    position += 1
                }
                ends.append(position)
                marked.append(0)
            }
            for (index, element) in elements.enumerated() { location[element] = index }
        }

        func block(of element: Int) -> Int { blockOfElement[element] }
        func size(of block: Int) -> Int { ends[block] - starts[block] }
        func contains(_ block: Int, _ element: Int) -> Bool { blockOfElement[element] == block }
        func members(of block: Int) -> ArraySlice<Int> { elements[starts[block]..<ends[block]] }

        /// Splits every block partly inside `set`; returns (remaining block, new block) pairs,
        /// the new block holding the members inside `set`.
        mutating func split(by set: [Int]) -> [(Int, Int)] {
            var touched: [Int] = []
            for element in set {
                let block = blockOfElement[element]
                let firstUnmarked = starts[block] + marked[block]
                guard location[element] >= firstUnmarked else { continue }
                if marked[block] == 0 { touched.append(block) }
                let other = elements[firstUnmarked]
                elements.swapAt(location[element], firstUnmarked)
                location[other] = location[element]
                location[element] = firstUnmarked
                marked[block] += 1
            }
            var splits: [(Int, Int)] = []
            for block in touched {
                let cut = starts[block] + marked[block]
                marked[block] = 0
                guard cut < ends[block] else { continue }
                let new = starts.count
                starts.append(starts[block])
                ends.append(cut)
                marked.append(0)
                starts[block] = cut
                for index in starts[new]..<ends[new] { blockOfElement[elements[index]] = new }
                splits.append((block, new))
            }
            return splits
        }
    }
}
