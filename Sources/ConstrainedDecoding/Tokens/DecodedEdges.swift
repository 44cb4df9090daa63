/// What each edge of a trie of string content means, read from a character boundary (as every
/// in-string and closing-content token is): the character the edge's byte completes, or the
/// characters that byte may still become part of (inside a multi-byte character or an escape).
/// Decoded once per vocabulary, so walks step automata without decoding bytes again.
package struct DecodedEdges: Sendable {
    /// `scalars[edge]` for an edge that completes no character.
    package static let unfinished = UInt32.max

    package let scalars: [UInt32]
    /// For an unfinished edge, the index in `possible` of the characters it may become.
    package let possibleIndex: [Int32]
    package let possible: [[ClosedRange<UInt32>]]

    package init(_ trie: TokenTrie) {
        var scalars = [UInt32](repeating: Self.unfinished, count: trie.edgeBytes.count)
        var possibleIndex = [Int32](repeating: -1, count: trie.edgeBytes.count)
        var possible: [[ClosedRange<UInt32>]] = [[]]
        var numbers: [[ClosedRange<UInt32>]: Int32] = [[]: 0]
        var stack: [(node: Int, decoder: StringContentDecoder)] = [(0, StringContentDecoder())]
        while let (node, decoder) = stack.popLast() {
            for edge in trie.edges(of: node) {
                var next = decoder
                switch next.feed(trie.edgeBytes[edge]) {
                case .scalar(let scalar):
                    scalars[edge] = scalar.value
                case .partial:
                    let ranges = next.possibleScalars
                    let number = numbers[ranges] ?? Int32(possible.count)
                    if number == Int32(possible.count) {
                        numbers[ranges] = number
                        possible.append(ranges)
                    }
                    possibleIndex[edge] = number
                case .end, .invalid:
                    // Not content: no character can follow (the empty set of index 0).
                    possibleIndex[edge] = 0
                }
                stack.append((Int(trie.edgeTargets[edge]), next))
            }
        }
        self.scalars = scalars
        self.possibleIndex = possibleIndex
        self.possible = possible
    }
}
