/// A model's vocabulary as its GGUF file stores it (`tokenizer.ggml.*`), with every token turned
/// back into the exact bytes it stands for: byte-level BPE tokens (`gpt2`) through GPT-2's
/// byte-to-character table, SentencePiece tokens (`llama`) with `▁` as a space and `<0xNN>`
/// byte tokens as their byte.
///
/// ```swift
/// let vocabulary = try GGUFVocabulary(GGUFFile(contentsOf: modelURL))
/// vocabulary.tokens.count          // 49152 for SmolLM2
/// vocabulary.bytes[vocabulary.endOfSequence.first!]  // "<|im_end|>" as UTF-8
/// ```
public struct GGUFVocabulary: Sendable {
    /// How the GGUF classifies a token (`tokenizer.ggml.token_type`).
    public enum Kind: Int32, Sendable {
        case normal = 1, unknown = 2, control = 3, userDefined = 4, unused = 5, byte = 6
    }

    /// `tokenizer.ggml.model`: "gpt2" (byte-level BPE) or "llama" (SentencePiece).
    public let model: String
    /// The token texts as stored.
    public let texts: [String]
    /// The bytes each token stands for.
    public let bytes: [[UInt8]]
    public let kinds: [Kind]
    /// Ids that end a reply: `eos`, `eot` and `eom` when the file names them.
    public let endOfSequence: [Int]
    public let beginOfSequence: Int?

    public init(_ file: GGUFFile) throws(GGUFError) {
        let model = try file.required("tokenizer.ggml.model", as: "a string") { $0.string }
        guard model == "gpt2" || model == "llama" else {
            throw .missingKey("tokenizer.ggml.model", expected: "\"gpt2\" or \"llama\" (found \"\(model)\")", file: file.name)
        }
        let texts = try file.required("tokenizer.ggml.tokens", as: "an array of strings") { value in
            value.array.flatMap { items in
                let strings = items.compactMap(\.string)
                return strings.count == items.count ? strings : nil
            }
        }
        let rawKinds = file.metadata["tokenizer.ggml.token_type"]?.array?.compactMap(\.integer) ?? []
        let kinds = texts.indices.map { index in
            index < rawKinds.count ? Kind(rawValue: Int32(clamping: rawKinds[index])) ?? .normal : .normal
        }
        self.model = model
        self.texts = texts
        self.kinds = kinds
        bytes = zip(texts, kinds).map { text, kind in Self.bytes(of: text, kind: kind, model: model) }
        let ends = ["tokenizer.ggml.eos_token_id", "tokenizer.ggml.eot_token_id", "tokenizer.ggml.eom_token_id"]
            .compactMap { file.metadata[$0]?.integer }.filter { texts.indices.contains($0) }
        var seen = Set<Int>()
        endOfSequence = ends.filter { seen.insert($0).inserted }
        beginOfSequence = file.metadata["tokenizer.ggml.bos_token_id"]?.integer.flatMap { texts.indices.contains($0) ? $0 : nil }
    }

    /// Ids that never stand for text inside a reply (control, unknown and unused tokens).
    public var controlTokens: [Int] {
        kinds.indices.filter { [.control, .unknown, .unused].contains(kinds[$0]) }
    }

    private static func bytes(of text: String, kind: Kind, model: String) -> [UInt8] {
        switch kind {
        case .control, .userDefined, .unknown, .unused:
            return Array(text.utf8)
        case .byte:
            if text.hasPrefix("<0x"), text.hasSuffix(">"), let value = UInt8(text.dropFirst(3).dropLast(), radix: 16) { return [value] }
            return Array(text.utf8)
        case .normal:
            if model == "llama" { return Array(text.replacingOccurrences(of: "\u{2581}", with: " ").utf8) }
            var result: [UInt8] = []
            for scalar in text.unicodeScalars {
                guard let byte = byteOfCharacter[scalar.value] else { return Array(text.utf8) }
                result.append(byte)
            }
            return result
        }
    }

    /// GPT-2's byte-level table, reversed: the printable bytes stand for themselves and the other
    /// 68 bytes for the characters from U+0100 on, in byte order.
    private static let byteOfCharacter: [UInt32: UInt8] = {
        var table: [UInt32: UInt8] = [:]
        var next: UInt32 = 256
        for byte in 0...255 {
            let printable = (0x21...0x7E).contains(byte) || (0xA1...0xAC).contains(byte) || (0xAE...0xFF).contains(byte)
            if printable {
                table[UInt32(byte)] = UInt8(byte)
            } else {
                table[next] = UInt8(byte)
                next += 1
            }
        }
        return table
    }()
}
