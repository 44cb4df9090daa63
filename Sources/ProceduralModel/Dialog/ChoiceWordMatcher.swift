import GuidedGeneration

/// Finds which of a field's allowed string values a piece of English text names, by words:
/// "someone from generation X" names `genX`, "a baby boomer" names `babyBoomers`,
/// "millennials" names `millennials`.
///
/// A value's words (`DialogWords.identifierWords`) are compared with the text's words: equal
/// stems match, and so do words of three letters or more when one is a prefix of the other
/// ("gen" / "generation"). A word of one or two letters ("x" in `genX`) counts only next to a
/// matched neighbour word of the same value, in the same order, or when it is the whole value —
/// so a stray "x" names nothing. A value written as one word in the text ("genx") matches whole.
/// A value's score is the share of its words matched; a branch description ("Generation X,
/// born 1965–1980") is scored the same way over its words that are neither stop words nor
/// numbers, at 0.9 of the weight. The best value wins when it scores at least one half and no
/// other value scores as much — an ambiguous text names nothing.
enum ChoiceWordMatcher {
    static let minimumScore = 0.5
    static let descriptionWeight = 0.9

    /// The index of the choice `text` names, or nil.
    static func choice(in text: String, values: [String], descriptions: [String?]) -> Int? {
        let words = DialogWords.words(text)
        guard !words.isEmpty else { return nil }
        let scores = values.indices.map { index in
            max(score(DialogWords.identifierWords(values[index]), in: words),
                descriptions[index].map { description in
                    let significant = DialogWords.words(description).filter {
                        !DialogWords.stopWords.contains($0) && !$0.allSatisfy(\.isNumber)
                    }
                    return descriptionWeight * score(significant, in: words)
                } ?? 0)
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] >= minimumScore,
              scores.filter({ $0 >= scores[best] }).count == 1
        else { return nil }
        return best
    }

    /// The share of `valueWords` that `words` name.
    static func score(_ valueWords: [String], in words: [String]) -> Double {
        guard !valueWords.isEmpty else { return 0 }
        let joined = valueWords.joined()
        if words.indices.contains(where: { words[$0] == joined || ($0 + 1 < words.count && words[$0] + words[$0 + 1] == joined) }) {
            return 1
        }
        let positions = valueWords.map { valueWord in
            Set(words.indices.filter { matches(valueWord, words[$0]) })
        }
        var matched = 0
        for (index, valueWord) in valueWords.enumerated() where !positions[index].isEmpty {
            if valueWord.count >= 3 || valueWords.count == 1 {
                matched += 1
                continue
            }
            let besidePrevious = index > 0 && positions[index].contains { positions[index - 1].contains($0 - 1) }
            let besideNext = index + 1 < valueWords.count && positions[index].contains { positions[index + 1].contains($0 + 1) }
            if besidePrevious || besideNext { matched += 1 }
        }
        return Double(matched) / Double(valueWords.count)
    }

    private static func matches(_ valueWord: String, _ word: String) -> Bool {
        if valueWord == word || DialogWords.stem(valueWord) == DialogWords.stem(word) { return true }
        guard valueWord.count >= 3, word.count >= 3 else { return false }
        return word.hasPrefix(valueWord) || valueWord.hasPrefix(word)
    }
}
