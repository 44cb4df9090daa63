import GuidedGeneration

/// The tokens date expressions are read from: lowercase words as `DialogWords.words` makes
/// them, except that a numeric date written with separators ("2026-11-24", "24/11/2026",
/// "24.11.2026") stays one token so its separators are kept.
enum DateToken: Equatable {
    case word(String)
    /// The digit groups of a numeric date and the separator between them.
    case numericDate([String], separator: Character)

    static func tokens(_ text: String) -> [DateToken] {
        var result: [DateToken] = []
        for chunk in text.split(whereSeparator: \.isWhitespace) {
            let isAlphanumeric = { (character: Character) in character.isLetter || character.isNumber }
            let core = chunk.drop { !isAlphanumeric($0) }.reversed().drop { !isAlphanumeric($0) }.reversed()
            if let date = numericDate(String(core)) {
                result.append(date)
            } else {
                result += DialogWords.words(String(chunk)).map(DateToken.word)
            }
        }
        return result
    }

    /// Three groups of ASCII digits joined by one repeated separator (`-`, `/` or `.`).
    private static func numericDate(_ text: String) -> DateToken? {
        for separator: Character in ["-", "/", "."] {
            let groups = text.split(separator: separator, omittingEmptySubsequences: false)
            if groups.count == 3,
               groups.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { ("0"..."9").contains($0) } }) {
                return .numericDate(groups.map(String.init), separator: separator)
            }
        }
        return nil
    }

    var word: String? {
        if case .word(let word) = self { return word }
        return nil
    }
}
