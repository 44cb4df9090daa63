import GGUF

/// SentencePiece's byte-pair encoding for `tokenizer.ggml.model = llama` vocabularies (Llama 2,
/// Mistral 7B, TinyLlama …), as llama.cpp runs it: spaces become `▁`, the text starts as one
/// symbol per character, and the adjacent pair whose joined text is a token of the highest score
/// (`tokenizer.ggml.scores`; the leftmost on a tie) is merged until no pair is a token. A symbol
/// that is no token is spelled with the `<0xNN>` byte tokens.
struct SentencePieceEncoder: Sendable {
    private let ids: [String: Int]
    private let scores: [Float]
    private let byteTokens: [Int]
    private let unknown: Int?

    /// `ids` maps each token text to its first id (the tokenizer's own map).
    init(vocabulary: GGUFVocabulary, ids: [String: Int], scores: [Float]) {
        var byteTokens = [Int](repeating: -1, count: 256)
        for (id, kind) in vocabulary.kinds.enumerated() where kind == .byte && vocabulary.bytes[id].count == 1 {
            byteTokens[Int(vocabulary.bytes[id][0])] = id
        }
        self.ids = ids
        self.scores = scores
        self.byteTokens = byteTokens
        unknown = vocabulary.kinds.firstIndex(of: .unknown)
    }

    /// A joinable pair of neighbouring symbols, ordered for the heap: the higher score first,
    /// then the leftmost.
    private struct Pair {
        let left: Int, right: Int, length: Int
        let score: Float
        func precedes(_ other: Pair) -> Bool { score > other.score || (score == other.score && left < other.left) }
    }

    /// Appends the tokens of `text`, whose spaces are not yet escaped.
    func encode(_ text: String, into tokens: inout [Int]) {
        let escaped = text.replacingOccurrences(of: " ", with: "\u{2581}")
        let bytes = Array(escaped.utf8)
        guard !bytes.isEmpty else { return }
        // Symbols are byte ranges of the text, one character each to begin with, linked to their
        // neighbours; a merged-away symbol has length 0.
        var start: [Int] = [], length: [Int] = []
        var index = 0
        for scalar in escaped.unicodeScalars {
            start.append(index)
            length.append(UTF8.width(scalar))
            index += UTF8.width(scalar)
        }
        var previous = Array(-1..<(start.count - 1)), next = Array(1...start.count)
        next[start.count - 1] = -1
        var heap = PairHeap()
        func consider(_ left: Int, _ right: Int) {
            guard left >= 0, right >= 0 else { return }
            let joined = bytes[start[left]..<(start[right] + length[right])]
            guard let id = ids[String(decoding: joined, as: UTF8.self)] else { return }
            heap.push(Pair(left: left, right: right, length: joined.count, score: scores.indices.contains(id) ? scores[id] : 0))
        }
        for symbol in 0..<(start.count - 1) { consider(symbol, symbol + 1) }
        while let pair = heap.pop() {
            // Skip pairs one of whose symbols has since changed.
            guard length[pair.left] > 0, length[pair.right] > 0, length[pair.left] + length[pair.right] == pair.length else { continue }
            length[pair.left] += length[pair.right]
            length[pair.right] = 0
            next[pair.left] = next[pair.right]
            if next[pair.right] >= 0 { previous[next[pair.right]] = pair.left }
            consider(previous[pair.left], pair.left)
            consider(pair.left, next[pair.left])
        }
        var symbol = 0
        while symbol >= 0 {
            let piece = bytes[start[symbol]..<(start[symbol] + length[symbol])]
            if let id = ids[String(decoding: piece, as: UTF8.self)] {
                tokens.append(id)
            } else {
                for byte in piece {
                    if byteTokens[Int(byte)] >= 0 { tokens.append(byteTokens[Int(byte)]) } else if let unknown { tokens.append(unknown) }
                }
            }
            symbol = next[symbol]
        }
    }

    /// A binary max-heap of pairs by `Pair.precedes`.
    private struct PairHeap {
        private var items: [Pair] = []

        mutating func push(_ pair: Pair) {
            items.append(pair)
            var child = items.count - 1
            while child > 0, items[child].precedes(items[(child - 1) / 2]) {
                items.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }

        mutating func pop() -> Pair? {
            guard let top = items.first else { return nil }
            let last = items.removeLast()
            guard !items.isEmpty else { return top }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < items.count, items[left].precedes(items[best]) { best = left }
                if right < items.count, items[right].precedes(items[best]) { best = right }
                guard best != parent else { return top }
                items.swapAt(parent, best)
                parent = best
            }
        }
    }
}
