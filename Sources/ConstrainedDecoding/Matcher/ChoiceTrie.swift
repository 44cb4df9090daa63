import JSONSchema

/// The finite values of a choice (`enum`, `const`, `true`/`false`, `null`) as a byte trie of
/// their compact JSON texts, as the library writes them. Node 0 is the root; a node is
/// terminal where a value's text ends, and knows how many values lie at or below it.
package struct ChoiceTrie: Sendable {
    package struct Node: Sendable {
        package var children: [(byte: UInt8, node: Int32)] = []
        package var terminal = false
        package var valuesBelow = 0
        /// The depth (bytes from the root).
        package var depth = 0
    }

    package private(set) var nodes: [Node] = [Node()]
    /// Every value's text, sorted (the values of the `terminal` nodes).
    package let texts: SortedByteStrings

    package init(_ values: [GeneratedContent]) {
        let texts = values.map { Array($0.jsonString.utf8) }
        self.texts = SortedByteStrings(texts)
        for text in self.texts.strings {
            var node = 0
            nodes[0].valuesBelow += 1
            for byte in text {
                if let child = nodes[node].children.first(where: { $0.byte == byte })?.node {
                    node = Int(child)
                } else {
                    nodes.append(Node(depth: nodes[node].depth + 1))
                    nodes[node].children.append((byte, Int32(nodes.count - 1)))
                    node = nodes.count - 1
                }
                nodes[node].valuesBelow += 1
            }
            nodes[node].terminal = true
        }
    }

    package func child(of node: Int, on byte: UInt8) -> Int? {
        for child in nodes[node].children where child.byte == byte { return Int(child.node) }
        return nil
    }

    package static let booleans = ChoiceTrie([GeneratedContent(false), GeneratedContent(true)])
    package static let null = ChoiceTrie([.null])
}
