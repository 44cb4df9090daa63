import GuidedGeneration

/// The modifiers a reference can chain (`#animal.s.capitalize#`), applied left to right to the
/// expanded text.
enum GrammarModifier: String, Sendable, CaseIterable {
    case capitalize
    case capitalizeAll
    case a
    case s
    case plural
    case possessive
    case lowercase
    case uppercase

    func apply(to text: String) -> String {
        switch self {
        case .capitalize: return Self.capitalizingFirstLetter(of: text)
        case .capitalizeAll: return Self.capitalizingEveryWord(of: text)
        case .a: return EnglishMorphology.withIndefiniteArticle(text)
        case .s, .plural: return EnglishMorphology.plural(of: text)
        case .possessive: return EnglishMorphology.possessive(of: text)
        case .lowercase: return text.lowercased()
        case .uppercase: return text.uppercased()
        }
    }

    /// Upper-cases the first letter, past any leading quote or bracket: `"'tis"` → `"'Tis"`.
    private static func capitalizingFirstLetter(of text: String) -> String {
        guard let first = text.firstIndex(where: \.isLetter) else { return text }
        return text[..<first] + text[first].uppercased() + text[text.index(after: first)...]
    }

    /// Upper-cases the first letter of every white-space separated word.
    private static func capitalizingEveryWord(of text: String) -> String {
        var result = ""
        var atWordStart = true
        for character in text {
            if character.isWhitespace {
                atWordStart = true
                result.append(character)
            } else if atWordStart && character.isLetter {
                atWordStart = false
                result += character.uppercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
