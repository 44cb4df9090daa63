extension TokenVocabulary {
    /// The fewest text tokens whose bytes, one after another, are exactly `bytes` (a shortest
    /// path over the token trie); nil when some byte has no token to spell it. Any tail of the
    /// answer is a fewest-token spelling of the bytes it covers.
    ///
    /// ```swift
    /// let vocabulary = TokenVocabulary(tokens: [Array("\"".utf8), Array("}".utf8), Array("\"}".utf8)], endOfSequence: [])
    /// vocabulary.fewestTokens(spelling: Array("\"}".utf8))   // [2]
    /// ```
    package func fewestTokens(spelling bytes: [UInt8]) -> [Int]? {
        let trie = index.all
        // fewest[i]: the fewest tokens spelling bytes[i...]; first[i]: the first of them.
        var fewest = [Int](repeating: Int.max, count: bytes.count + 1)
        var first = [Int](repeating: -1, count: bytes.count)
        fewest[bytes.count] = 0
        for start in bytes.indices.reversed() {
            var node = 0
            var end = start
            while end < bytes.count, let child = trie.child(of: node, on: bytes[end]) {
                node = child
                end += 1
                if fewest[end] < fewest[start] - 1, let token = trie.tokens(endingAt: node).first {
                    fewest[start] = fewest[end] + 1
                    first[start] = Int(token)
                }
            }
        }
        guard fewest[0] != Int.max else { return nil }
        var spelled: [Int] = []
        var position = 0
        while position < bytes.count {
            spelled.append(first[position])
            position += tokens[first[position]].count
        }
        return spelled
    }
}
