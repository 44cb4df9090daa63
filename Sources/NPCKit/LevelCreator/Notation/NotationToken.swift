/// One token of a notation line, with the column it starts at.
package struct NotationToken: Sendable {
    package enum Kind: Sendable, Equatable {
        /// A run of characters other than spaces and `: , | " / #`: names, keywords, numbers,
        /// ranges and bare choices.
        case word(String)
        /// A `"…"` string, unescaped.
        case quoted(String)
        /// A `/…/` regular expression, verbatim.
        case regex(String)
        case colon
        case comma
        case bar
    }

    package let kind: Kind
    package let column: Int
    /// The column just past the token.
    package let endColumn: Int

    /// The word's text, if this is a word.
    package var word: String? {
        if case .word(let text) = kind { return text }
        return nil
    }

    /// How the token reads in an error message.
    package var quotedForMessage: String {
        switch kind {
        case .word(let text): return "'\(text)'"
        case .quoted(let text): return "\"\(text)\""
        case .regex(let text): return "/\(text)/"
        case .colon: return "':'"
        case .comma: return "','"
        case .bar: return "'|'"
        }
    }
}
