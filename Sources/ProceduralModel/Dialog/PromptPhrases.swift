/// Phrases a reply may echo from the prompt, so a character answers the thing asked about:
/// `promptSubject`, what an opinion is asked of ("what do you think of pineapple on pizza?",
/// "pineapple on pizza, yes or no?" → "pineapple on pizza"); `promptChoice`, one side of an either-or question ("dogs or cats?" →
/// "cats"), chosen by the words themselves so the same question always gets the same side; and
/// `promptEcho`, the thing a question names after its first article, as a question to open a
/// reply with ("who won the football last night?" → "The football last night? "), so a
/// deflection shows what it heard (absent for a statement); and `promptOrder`, what a request
/// asks for ("can I get a large oat latte pls" → "a large oat latte"). The player's "my" becomes
/// the speaker's "your" and the other way round.
enum PromptPhrases {
    static func variables(of prompt: String) -> [String: String] {
        let words = lowercaseWords(of: prompt)
        var variables: [String: String] = [:]
        if let subject = subject(in: words) ?? yesOrNoSubject(in: prompt.lowercased()) { variables["promptSubject"] = subject }
        if let choice = choice(in: words) { variables["promptChoice"] = choice }
        if let order = order(in: words) { variables["promptOrder"] = order }
        let isQuestion = prompt.contains("?") || DialogWords.words(prompt).first.map(DialogWords.Person.questionOpenings.contains) == true
        // The echo comes from the question itself, not from what follows it ("is there a
        // pharmacy near here? got a headache").
        if isQuestion, let topic = topic(in: questionWords(of: prompt) ?? words) {
            variables["promptEcho"] = topic.prefix(1).uppercased() + topic.dropFirst() + "? "
        }
        return variables
    }

    /// The words up to the first question mark, when the prompt goes on after it.
    private static func questionWords(of prompt: String) -> [String]? {
        guard let mark = prompt.firstIndex(of: "?"), prompt[prompt.index(after: mark)...].contains(where: \.isLetter) else { return nil }
        return lowercaseWords(of: prompt[...mark])
    }

    /// `text` in lowercase words, split at spaces and punctuation, with typographic apostrophes
    /// made plain.
    private static func lowercaseWords<Text: StringProtocol>(of text: Text) -> [String] {
        text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            .split { $0.isWhitespace || ",.!?;:()\"".contains($0) }.map(String.init)
    }

    private static let opinionOpeners: [[String]] = [
        ["think", "of"], ["think", "about"], ["feel", "about"], ["opinion", "on"], ["opinion", "of"], ["opinion", "about"], ["take", "on"],
        ["thoughts", "on"], ["thoughts", "about"], ["views", "on"], ["reckon", "about"], ["reckon", "to"], ["verdict", "on"],
    ]
    private static let clauseEnds: Set<String> = ["and", "but", "lol", "haha", "tbh", "then", "though", "honestly", "really", "anyway", "btw"]
    private static let swapped: [String: String] = ["my": "your", "your": "my", "i": "you", "me": "you", "mine": "yours", "yours": "mine", "ur": "my", "u": "me"]

    /// `words` as the speaker says them back: the player's "my" as "your" and the other way round.
    private static func spoken(_ words: ArraySlice<String>) -> String {
        words.map { swapped[$0] ?? $0 }.joined(separator: " ")
    }

    /// The words after the last opinion opener, up to the end of the clause (at most six). An
    /// opener after "I" asks the player's own opinion ("how do I feel about decaf again?"),
    /// which is theirs to have told.
    private static func subject(in words: [String]) -> String? {
        var start: Int?
        for opener in opinionOpeners where opener.count < words.count {
            for index in 0...(words.count - opener.count) where Array(words[index..<(index + opener.count)]) == opener
                && (index == 0 || words[index - 1] != "i") {
                start = max(start ?? 0, index + opener.count)
            }
        }
        guard let start else { return nil }
        let phrase = words[start...].prefix { !clauseEnds.contains($0) }.prefix(6)
        return phrase.isEmpty ? nil : spoken(phrase)
    }

    /// What a yes-or-no verdict is asked of: the clause before "yes or no" ("ok settle this:
    /// pineapple on pizza, yes or no?" → "pineapple on pizza"), at most six words.
    private static func yesOrNoSubject(in prompt: String) -> String? {
        guard let asked = prompt.range(of: "yes or no") else { return nil }
        let clause = prompt[..<asked.lowerBound].split { ":,.!?;".contains($0) }
            .last { $0.contains { $0.isLetter } }
        let words = clause.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
        return words.isEmpty || words.count > 6 ? nil : spoken(words[...])
    }

    private static let articles: Set<String> = ["a", "an", "the"]
    private static let amounts: Set<String> = ["a", "an", "one", "two", "three", "another"]
    private static let asking: Set<String> = ["have", "get", "like", "want", "order", "take"]
    private static let courtesies: Set<String> = ["please", "pls", "plz", "ta", "thanks", "thank", "cheers", "thx", "mate", "love"]

    /// The thing asked for: from its amount ("a", "one") or after the asking verb, to the end of
    /// the clause or a "please" (at most six words).
    private static func order(in words: [String]) -> String? {
        guard let start = words.firstIndex(where: amounts.contains) ?? words.firstIndex(where: asking.contains).map({ $0 + 1 }),
              start < words.count else { return nil }
        let phrase = words[start...].prefix { !courtesies.contains($0) && !clauseEnds.contains($0) }.prefix(6)
        guard !phrase.isEmpty, phrase.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "-" } }) else { return nil }
        return spoken(phrase)
    }
    private static let determiners: Set<String> = ["the", "a", "an", "any", "some", "this", "that", "my", "your"]

    /// The words from the first determiner after the question's opening word, to the end of the
    /// clause (at most six).
    private static func topic(in words: [String]) -> String? {
        guard words.count > 2, let start = words.dropFirst().firstIndex(where: determiners.contains) else { return nil }
        let phrase = words[start...].prefix { !clauseEnds.contains($0) }.prefix(6)
        guard phrase.count >= 2, phrase.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "'" || $0 == "-" } }) else { return nil }
        return spoken(phrase)
    }
    private static let trailing: Set<String> = ["person", "people", "type", "fan", "kind"]

    /// One of the two words around the first "or" (articles left out, "a morning or a night
    /// person" reads as morning or night, "dog person or cat person?" as dog or cat).
    private static func choice(in words: [String]) -> String? {
        guard let or = words.firstIndex(of: "or"), or > 0, or + 1 < words.count else { return nil }
        let left = words[..<or].last { !articles.contains($0) && !trailing.contains($0) }
        let right = words[(or + 1)...].first { !articles.contains($0) }
        guard let left, let right, !trailing.contains(right), left.allSatisfy(\.isLetter), right.allSatisfy(\.isLetter),
              !(left == "yes" && right == "no") else { return nil }
        // A fixed side for the same two words in either order: the sum of their letters' code
        // points, even or odd, picks the first or last in alphabetical order.
        let sides = [left, right].sorted()
        let sum = (left + right).unicodeScalars.reduce(0) { $0 + Int($1.value) }
        return sum % 2 == 0 ? sides[0] : sides[1]
    }
}
