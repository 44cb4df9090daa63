/// A byte trie over a set of tokens, flattened into arrays: node 0 is the root; each node lists
/// its children (sorted by byte) and the ids of the tokens that end at it (an empty token ends
/// at the root).
package struct TokenTrie: Sendable {
    /// For node n, its children are `edges[firstEdge[n] ..< firstEdge[n + 1]]`.
    package private(set) var firstEdge: [Int32] = []
    package private(set) var edgeBytes: [UInt8] = []
    package private(set) var edgeTargets: [Int32] = []
    /// For node n, the ids ending there are `ids[firstID[n] ..< firstID[n + 1]]`.
    package private(set) var firstID: [Int32] = []
    package private(set) var ids: [Int32] = []

    package var nodeCount: Int { firstEdge.count - 1 }

    package init(tokens: [(id: Int, bytes: [UInt8])]) {
        // Build with nested dictionaries, then flatten breadth-first.
        var children: [[UInt8: Int]] = [[:]]
        var ending: [[Int32]] = [[]]
        for token in tokens {
            var node = 0
            for byte in token.bytes {
                if let next = children[node][byte] {
                    node = next
                } else {
                    children.append([:])
                    ending.append([])
                    children[node][byte] = children.count - 1
                    node = children.count - 1
                }
            }
            ending[node].append(Int32(token.id))
        }
        var order = [0]
        var newIndex = [Int](repeating: -1, count: children.count)
        newIndex[0] = 0
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            for byte in children[node].keys.sorted() {
                let child = children[node][byte]!
                newIndex[child] = order.count
                order.append(child)
            }
        }
        for node in order {
            firstEdge.append(Int32(edgeBytes.count))
            for byte in children[node].keys.sorted() {
                edgeBytes.append(byte)
                edgeTargets.append(Int32(newIndex[children[node][byte]!]))
            }
            firstID.append(Int32(ids.count))
            ids.append(contentsOf: ending[node])
        }
        firstEdge.append(Int32(edgeBytes.count))
        firstID.append(Int32(ids.count))
    }

    package func edges(of node: Int) -> Range<Int> { Int(firstEdge[node])..<Int(firstEdge[node + 1]) }
    package func tokens(endingAt node: Int) -> ArraySlice<Int32> { ids[Int(firstID[node])..<Int(firstID[node + 1])] }

    /// The child of `node` along `byte`, if any.
    package func child(of node: Int, on byte: UInt8) -> Int? {
        var low = Int(firstEdge[node])
        var high = Int(firstEdge[node + 1])
        while low < high {
            let mid = (low + high) / 2
            if edgeBytes[mid] < byte { low = mid + 1 } else { high = mid }
        }
        return low < Int(firstEdge[node + 1]) && edgeBytes[low] == byte ? Int(edgeTargets[low]) : nil
    }
}
