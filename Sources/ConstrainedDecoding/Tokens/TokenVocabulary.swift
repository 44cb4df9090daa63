/// A language model's vocabulary as guided decoding needs it: the exact bytes each token id
/// stands for, which ids end a reply, and which are control tokens that never appear inside
/// structured text.
///
/// ```swift
/// let vocabulary = TokenVocabulary(tokens: [Array("{".utf8), Array("\"".utf8), Array("}".utf8), []],
///                                  endOfSequence: [3], control: [3])
/// vocabulary.count        // 4
/// vocabulary.bytes(of: 1) // [34]
/// ```
public struct TokenVocabulary: Sendable {
    /// The bytes of every token, by id (control tokens may be empty).
    public let tokens: [[UInt8]]
    /// Ids that end a reply (end-of-sequence, end-of-turn).
    public let endOfSequence: Set<Int>
    /// Ids that never stand for text (end-of-sequence ones included).
    public let control: Set<Int>

    /// The tokens as byte tries, built once and shared by every masker over this vocabulary.
    package let index: TokenIndex

    public init(tokens: [[UInt8]], endOfSequence: [Int], control: [Int] = []) {
        self.tokens = tokens
        self.endOfSequence = Set(endOfSequence.filter { tokens.indices.contains($0) })
        let control = Set(control.filter { tokens.indices.contains($0) }).union(self.endOfSequence)
        self.control = control
        index = TokenIndex(tokens: tokens, isText: { !control.contains($0) && !tokens[$0].isEmpty })
    }

    public var count: Int { tokens.count }

    public func bytes(of id: Int) -> [UInt8] { tokens[id] }

    /// Whether a token stands for text a matcher can read (not control, not empty).
    package func isText(_ id: Int) -> Bool { !control.contains(id) && !tokens[id].isEmpty }
}
