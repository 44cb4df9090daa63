import Foundation

/// A whitespace-separated token of a typed line, its word and the punctuation around it, as the
/// rewriters of a line (`LearnerWordOrder`, `TextingShorthand`) read and write it.
enum TypedToken {
    /// The token's word, lower-cased, its curly apostrophe made straight and its marks gone
    /// ("U??" → "u", "Where's" → "where's").
    static func bare(_ token: String) -> String {
        token.lowercased().replacingOccurrences(of: "\u{2019}", with: "'").trimmingCharacters(in: .punctuationCharacters)
    }

    /// Whether the token ends a sentence ("free?", "done.").
    static func endsSentence(_ token: String) -> Bool {
        token.hasSuffix("?") || token.hasSuffix("!") || token.hasSuffix(".")
    }

    /// The punctuation that ends `token` ("free?" → "?").
    static func trailingMarks(of token: String) -> String {
        String(token.reversed().prefix { $0.isPunctuation }.reversed())
    }

    /// `token` with its word replaced by `word`, the marks around it kept.
    static func word(_ token: String, replacedBy word: String) -> String {
        token.prefix { $0.isPunctuation } + word + trailingMarks(of: token)
    }

    /// `word` capitalised when `original` is.
    static func capitalizedLike(_ original: String, _ word: String) -> String {
        original.first?.isUppercase == true ? word.prefix(1).uppercased() + word.dropFirst() : word
    }
}
