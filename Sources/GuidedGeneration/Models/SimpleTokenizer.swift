/// The documented tokenizer every model counts with unless it has its own (the procedural model
/// has no other), used to measure prompts and transcripts against a context size.
///
/// The rule, applied to the text's `Character`s (extended grapheme clusters) in one pass:
/// - whitespace separates tokens and costs nothing;
/// - a run of letters and digits (with any combining marks) is a word; a word longer than
///   `wordPieceLength` characters is cut every `wordPieceLength` characters, roughly as a subword
///   tokenizer would split a rare word;
/// - a CJK ideograph, kana or Hangul syllable is one token on its own (those scripts write no
///   spaces, and subword tokenizers spend about one token per such character);
/// - every other character — punctuation, symbol, emoji — is one token.
///
/// So `"Hello, world!"` is `Hell` `o` `,` `worl` `d` `!`: six tokens.
package enum SimpleTokenizer {
    /// The longest piece a word is cut into.
    static let wordPieceLength = 4

    /// The number of tokens in `text`.
    package static func count(_ text: String) -> Int {
        // Sessions count every prompt and instruction, so the all-ASCII case reads the bytes in
        // place where it can (a native string's storage) rather than through the view's iterator.
        if let total = text.utf8.withContiguousStorageIfAvailable({ asciiCount($0) }) ?? asciiCount(text.utf8) { return total }
        var total = 0
        forEachToken(in: text) { _ in total += 1 }
        return total
    }

    /// The count for all-ASCII text (each byte a character), read byte by byte; nil as soon as a
    /// byte is not ASCII — the `Character` walk handles the rest of Unicode.
    private static func asciiCount(_ bytes: some Sequence<UInt8>) -> Int? {
        var total = 0
        var wordLength = 0
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            switch kind(ofASCII: byte) {
            case .space:
                wordLength = 0
            case .single:
                wordLength = 0
                total += 1
            case .word:
                if wordLength == 0 || wordLength == wordPieceLength {
                    total += 1
                    wordLength = 0
                }
                wordLength += 1
            }
        }
        return total
    }

    /// The tokens of `text`, in order, as slices of it.
    static func tokens(_ text: String) -> [Substring] {
        var result: [Substring] = []
        forEachToken(in: text) { result.append(text[$0]) }
        return result
    }

    private enum Kind { case space, word, single }

    private static func kind(of character: Character) -> Kind {
        // ASCII first: the Unicode property lookups below dominate the cost of English text.
        if let ascii = character.asciiValue { return kind(ofASCII: ascii) }
        if character.isWhitespace { return .space }
        if isSingleCharacterScript(character) { return .single }
        if character.isLetter || character.isNumber { return .word }
        return .single
    }

    private static func kind(ofASCII byte: UInt8) -> Kind {
        switch byte {
        case 0x09...0x0D, 0x20: return .space
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .word
        default: return .single
        }
    }

    /// Ideographs (Han), Hiragana, Katakana and Hangul syllables or jamo.
    private static func isSingleCharacterScript(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true // kana
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true // Hangul
        default: return false
        }
    }

    private static func forEachToken(in text: String, _ body: (Range<String.Index>) -> Void) {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            switch kind(of: character) {
            case .space:
                index = next
            case .single:
                body(index..<next)
                index = next
            case .word:
                var end = next
                var length = 1
                while end < text.endIndex, length < wordPieceLength, kind(of: text[end]) == .word {
                    end = text.index(after: end)
                    length += 1
                }
                body(index..<end)
                index = end
            }
        }
    }
}
