import GGUF

/// A model's own tokenizer, built from its GGUF file: byte-level BPE (`tokenizer.ggml.model =
/// gpt2`) with the file's merges and the pre-tokenizer its `tokenizer.ggml.pre` names, or
/// SentencePiece (`llama`: `SentencePieceEncoder`, with a space before text that starts the
/// input or follows a special token, as `tokenizer.ggml.add_space_prefix` asks); special tokens
/// written in the text recognised as themselves, and the beginning-of-sequence token added when
/// the file asks for it.
///
/// ```swift
/// let tokenizer = try Tokenizer(GGUFFile(contentsOf: url))
/// let ids = tokenizer.encode("Hello, barista!")   // [19556, 28, 1042, 6812, 17]
/// tokenizer.decode(ids)                          // "Hello, barista!"
/// ```
public struct Tokenizer: Sendable {
    public let vocabulary: GGUFVocabulary
    /// Whether `encode(_:addBeginning:)` puts the beginning-of-sequence token first by default.
    public let addsBeginning: Bool
    /// How plain text becomes tokens: byte-level BPE over the words a pre-tokenizer splits, or
    /// SentencePiece over the whole text.
    private enum Method: Sendable {
        case bytePairs(PreTokenizer)
        case pieces(SentencePieceEncoder, spacePrefix: Bool)
    }

    private let method: Method
    private let ids: [String: Int]
    /// Merge rank and result by the pair of token ids merged.
    private let merges: [UInt64: (rank: Int, result: Int)]
    /// Control and user-defined tokens by their text, longest first within each first byte.
    private let specials: [UInt8: [(bytes: [UInt8], id: Int)]]
    /// The token of each single byte (GPT-2's byte-to-character table).
    private let byteTokens: [Int]

    public init(_ file: GGUFFile) throws(NativeModelError) {
        let vocabulary: GGUFVocabulary
        do { vocabulary = try GGUFVocabulary(file) } catch { throw .file(error) }
        let sentencePiece = vocabulary.model == "llama"
        let preName = file.metadata["tokenizer.ggml.pre"]?.string ?? "default"
        let preTokenizer = PreTokenizer(name: preName)
        guard sentencePiece || preTokenizer != nil else {
            throw .unsupportedTokenizer("pre-tokenizer '\(preName)' is not supported (smollm, gpt-2, starcoder, llama-bpe and qwen2 families are)")
        }
        var ids: [String: Int] = [:]
        for (id, text) in vocabulary.texts.enumerated() where ids[text] == nil { ids[text] = id }
        var merges: [UInt64: (rank: Int, result: Int)] = [:]
        for (rank, value) in (file.metadata["tokenizer.ggml.merges"]?.array ?? []).enumerated() {
            guard let line = value.string, let space = line.firstIndex(of: " ") else { continue }
            let left = String(line[..<space]), right = String(line[line.index(after: space)...])
            guard let a = ids[left], let b = ids[right], let merged = ids[left + right] else { continue }
            let key = UInt64(a) << 32 | UInt64(b)
            if merges[key] == nil { merges[key] = (rank, merged) }
        }
        var specials: [UInt8: [(bytes: [UInt8], id: Int)]] = [:]
        for (id, kind) in vocabulary.kinds.enumerated() where kind == .control || kind == .userDefined {
            let bytes = Array(vocabulary.texts[id].utf8)
            guard let first = bytes.first else { continue }
            specials[first, default: []].append((bytes, id))
        }
        for key in specials.keys { specials[key]!.sort { $0.bytes.count > $1.bytes.count } }
        var byteTokens = [Int](repeating: -1, count: 256)
        for (id, bytes) in vocabulary.bytes.enumerated() where bytes.count == 1 && vocabulary.kinds[id] == .normal {
            if byteTokens[Int(bytes[0])] < 0 { byteTokens[Int(bytes[0])] = id }
        }
        self.vocabulary = vocabulary
        self.ids = ids
        self.merges = merges
        self.specials = specials
        self.byteTokens = byteTokens
        if let preTokenizer, !sentencePiece {
            method = .bytePairs(preTokenizer)
        } else {
            let scores = (file.metadata["tokenizer.ggml.scores"]?.array ?? []).map { Float($0.number ?? 0) }
            method = .pieces(SentencePieceEncoder(vocabulary: vocabulary, ids: ids, scores: scores),
                             spacePrefix: file.metadata["tokenizer.ggml.add_space_prefix"]?.bool ?? true)
        }
        addsBeginning = file.metadata["tokenizer.ggml.add_bos_token"]?.bool ?? (preTokenizer == .llama3 || sentencePiece)
    }

    /// The token ids of `text`. Special tokens written in the text (`<|im_start|>`) become their
    /// own ids unless `parseSpecial` is false. With `continuing`, the text goes on from tokens
    /// already in the context, so a SentencePiece vocabulary puts no space before it.
    public func encode(_ text: String, addBeginning: Bool? = nil, parseSpecial: Bool = true, continuing: Bool = false) -> [Int] {
        var tokens: [Int] = []
        var afterSpecial = !continuing
        if addBeginning ?? addsBeginning, let beginning = vocabulary.beginOfSequence { tokens.append(beginning) }
        let bytes = Array(text.utf8)
        var plainStart = 0, position = 0
        while position < bytes.count {
            if parseSpecial, let candidates = specials[bytes[position]],
               let match = candidates.first(where: { bytes.count - position >= $0.bytes.count && bytes[position..<position + $0.bytes.count].elementsEqual($0.bytes) }) {
                encodePlain(bytes[plainStart..<position], afterSpecial: afterSpecial, into: &tokens)
                tokens.append(match.id)
                afterSpecial = true
                position += match.bytes.count
                plainStart = position
            } else {
                position += 1
            }
        }
        encodePlain(bytes[plainStart..<bytes.count], afterSpecial: afterSpecial, into: &tokens)
        return tokens
    }

    /// The tokens of `text` as it continues a reply — no beginning token, special tokens' text
    /// read as plain text — checked to spell exactly its bytes: a vocabulary without a token for
    /// some byte (a damaged or toy model) throws `NativeModelError.unspellable` instead of
    /// leaving the byte out.
    ///
    /// ```swift
    /// let tokens = try tokenizer.spell("{\"name\": ")
    /// tokenizer.decode(tokens)                         // "{\"name\": "
    /// ```
    public func spell(_ text: String) throws(NativeModelError) -> [Int] {
        let tokens = encode(text, addBeginning: false, parseSpecial: false, continuing: true)
        guard tokens.flatMap({ bytes(of: $0, special: true) }).elementsEqual(text.utf8) else { throw .unspellable(text) }
        return tokens
    }

    private func encodePlain(_ bytes: ArraySlice<UInt8>, afterSpecial: Bool, into tokens: inout [Int]) {
        guard !bytes.isEmpty else { return }
        let preTokenizer: PreTokenizer
        switch method {
        case .bytePairs(let splitter):
            preTokenizer = splitter
        case .pieces(let pieces, let spacePrefix):
            return pieces.encode((spacePrefix && afterSpecial ? " " : "") + String(decoding: bytes, as: UTF8.self), into: &tokens)
        }
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        for word in preTokenizer.split(scalars) {
            var text = ""
            text.unicodeScalars.append(contentsOf: word)
            let wordBytes = Array(text.utf8)
            if preTokenizer == .llama3, let whole = ids[Self.byteLevel(wordBytes)] {
                tokens.append(whole)
                continue
            }
            tokens.append(contentsOf: mergeWord(wordBytes))
        }
    }

    /// Byte-pair merging of one word: start from its bytes' tokens and repeatedly merge the
    /// adjacent pair of lowest rank (the leftmost on a tie).
    private func mergeWord(_ bytes: [UInt8]) -> [Int] {
        var symbols = bytes.map { byteTokens[Int($0)] }
        guard !symbols.contains(-1) else { return symbols.filter { $0 >= 0 } }
        while symbols.count > 1 {
            var best: (rank: Int, index: Int, result: Int)?
            for index in 0..<symbols.count - 1 {
                if let merge = merges[UInt64(symbols[index]) << 32 | UInt64(symbols[index + 1])], merge.rank < (best?.rank ?? .max) {
                    best = (merge.rank, index, merge.result)
                }
            }
            guard let best else { break }
            symbols[best.index] = best.result
            symbols.remove(at: best.index + 1)
        }
        return symbols
    }

    /// A word's bytes spelled in GPT-2's byte-level characters, as vocabulary texts are.
    private static func byteLevel(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes { text.unicodeScalars.append(byteCharacter[Int(byte)]) }
        return text
    }

    private static let byteCharacter: [Unicode.Scalar] = {
        var table = [Unicode.Scalar](repeating: " ", count: 256)
        var next: UInt32 = 256
        for byte in 0...255 {
            let printable = (0x21...0x7E).contains(byte) || (0xA1...0xAC).contains(byte) || (0xAE...0xFF).contains(byte)
            if printable {
                table[byte] = Unicode.Scalar(UInt8(byte))
            } else {
                table[byte] = Unicode.Scalar(next)!
                next += 1
            }
        }
        return table
    }()

    /// The text of `tokens`; control tokens are left out unless `special` is true. Bytes that do
    /// not form valid UTF-8 become U+FFFD.
    public func decode(_ tokens: [Int], special: Bool = false) -> String {
        var decoder = TokenTextDecoder(tokenizer: self, special: special)
        var text = ""
        for token in tokens { text += decoder.append(token) }
        return text + decoder.finish()
    }

    /// The bytes a token stands for (empty for control tokens unless `special`).
    func bytes(of token: Int, special: Bool) -> [UInt8] {
        guard vocabulary.bytes.indices.contains(token) else { return [] }
        if !special, vocabulary.kinds[token] == .control { return [] }
        return vocabulary.bytes[token]
    }
}

/// Turns a stream of tokens into text as it comes, holding back the bytes of a UTF-8 character
/// that one token began and a later one completes.
public struct TokenTextDecoder: Sendable {
    let tokenizer: Tokenizer
    let special: Bool
    private var pending: [UInt8] = []

    public init(tokenizer: Tokenizer, special: Bool = false) {
        self.tokenizer = tokenizer
        self.special = special
    }

    /// The text that `token` completes.
    public mutating func append(_ token: Int) -> String {
        pending += tokenizer.bytes(of: token, special: special)
        let complete = Self.completePrefix(pending)
        let text = String(decoding: pending[..<complete], as: UTF8.self)
        pending.removeFirst(complete)
        return text
    }

    /// Whatever is held back, with incomplete characters as U+FFFD.
    public mutating func finish() -> String {
        defer { pending = [] }
        return String(decoding: pending, as: UTF8.self)
    }

    /// The length of `bytes` without a trailing, still incomplete UTF-8 sequence.
    static func completePrefix(_ bytes: [UInt8]) -> Int {
        var start = bytes.count
        var scanned = 0
        while start > 0, scanned < 4 {
            start -= 1
            scanned += 1
            let byte = bytes[start]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > bytes.count - start ? start : bytes.count
            }
        }
        return bytes.count
    }
}
