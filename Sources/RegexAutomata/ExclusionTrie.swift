/// The strings a sampler must not return, as a trie walked in step with the DFA.
///
/// Each node is the prefix it spells; it knows the DFA state that prefix leads to and whether a
/// different string can still be completed from it (`viable`). A walk that leaves the trie can
/// no longer produce an excluded string, so from then on only the length window matters.
package struct ExclusionTrie {
    package struct Node {
        /// The DFA state after the prefix, nil if the DFA rejects every extension of it.
        package var state: Int?
        package var depth: Int
        package var excluded = false
        /// Children sorted by scalar.
        package var children: [(scalar: Unicode.Scalar, node: Int)] = []
        package var viable = false
    }

    package private(set) var nodes: [Node]

    package init(_ strings: Set<String>, dfa: DFA, feasibility: LengthFeasibility) {
        nodes = [Node(state: dfa.start, depth: 0)]
        for string in strings { _ = addPath(string, dfa: dfa) }
        // Children always come after their parent, so a backward pass sees them first.
        for index in nodes.indices.reversed() {
            nodes[index].viable = isViable(nodes[index], dfa: dfa, feasibility: feasibility)
        }
    }

    /// Excludes one more string, in time proportional to its length: only the nodes on its
    /// path can change viability, so a generator avoiding 100,000 earlier keys one by one
    /// does not build a trie of them all for each new key.
    package mutating func insert(_ string: String, dfa: DFA, feasibility: LengthFeasibility) {
        for index in addPath(string, dfa: dfa).reversed() {
            nodes[index].viable = isViable(nodes[index], dfa: dfa, feasibility: feasibility)
        }
    }

    /// Marks `string` excluded, adding the nodes its prefixes lack (children kept sorted by
    /// scalar); the nodes of its path, the root first.
    private mutating func addPath(_ string: String, dfa: DFA) -> [Int] {
        var node = 0
        var path = [0]
        for scalar in string.unicodeScalars {
            let children = nodes[node].children
            var low = 0, high = children.count
            while low < high {
                let middle = (low + high) / 2
                if children[middle].scalar.value < scalar.value { low = middle + 1 } else { high = middle }
            }
            if low < children.count, children[low].scalar == scalar {
                node = children[low].node
            } else {
                let state = nodes[node].state.flatMap { dfa.next(from: $0, on: scalar) }
                nodes.append(Node(state: state, depth: nodes[node].depth + 1))
                nodes[node].children.insert((scalar, nodes.count - 1), at: low)
                node = nodes.count - 1
            }
            path.append(node)
        }
        nodes[node].excluded = true
        return path
    }

    private func isViable(_ node: Node, dfa: DFA, feasibility: LengthFeasibility) -> Bool {
        guard let state = node.state else { return false }
        if !node.excluded && feasibility.canEnd(dfa, state, consumed: node.depth) { return true }
        for transition in dfa.transitions[state] {
            let kids = children(of: node, in: transition.label)
            if kids.contains(where: { nodes[$0.node].viable }) { return true }
            if transition.label.count > kids.count
                && feasibility.canFinish(transition.target, consumed: node.depth + 1)
            {
                return true
            }
        }
        return false
    }

    /// The children of `node` whose scalar lies in `label`.
    package func children(of node: Node, in label: ScalarSet) -> [(scalar: Unicode.Scalar, node: Int)] {
        node.children.filter { label.contains($0.scalar) }
    }

    package func child(of node: Int, on scalar: Unicode.Scalar) -> Int? {
        nodes[node].children.first(where: { $0.scalar == scalar })?.node
    }
}
