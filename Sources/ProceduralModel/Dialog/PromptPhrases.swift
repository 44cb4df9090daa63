/// Phrases a reply may echo from the prompt, so a character answers the thing asked about:
/// `promptSubject`, what an opinion is asked of ("what do you think of pineapple on pizza?",
/// "pineapple on pizza, yes or no?" → "pineapple on pizza"); `promptChoice`, one side of an either-or question ("dogs or cats?" →
/// "cats"), chosen by the words themselves so the same question always gets the same side; and
/// `promptEcho`, the thing a question names after its first determiner, as a question to open a
/// reply with ("who won the football last night?" → "The football last night? "), so a
/// deflection shows what it heard — taken from the clause that asks ("sorry to bother you but
/// is there a post office near" → "A post office near? "), names keeping their capitals, and
/// absent for a statement; and `promptOrder`, what a request
/// asks for ("can I get a large oat latte pls" → "a large oat latte"). The player's "my" becomes
/// the speaker's "your" and the other way round.
enum PromptPhrases {
    static func variables(of prompt: String) -> [String: String] {
        let words = lowercaseWords(of: prompt)
        var variables: [String: String] = [:]
        if let subject = subject(in: words) ?? yesOrNoSubject(in: prompt.lowercased()) { variables["promptSubject"] = subject }
        if let choice = choice(in: words) { variables["promptChoice"] = choice }
        if let order = order(in: words) { variables["promptOrder"] = order }
        if let clause = askingClause(of: prompt), let topic = topic(in: clause) {
            let echo = caseRestored(topic, from: prompt)
            variables["promptEcho"] = echo.prefix(1).uppercased() + echo.dropFirst() + "? "
        }
        return variables
    }

    /// Words that end one clause and start another: a question often follows an apology or a
    /// remark ("sorry to bother u but is there a post office near", "these roadworks are
    /// driving me mad, how do you work with that drilling").
    private static let clauseJoins: Set<String> = ["but", "btw", "so"]
    /// Openings of a question asked without a question mark, besides `questionOpenings`.
    private static let askingOpenings: Set<String> = ["know", "anyone", "anybody", "anywhere"]

    /// The words of the clause that asks: the first one ending in a question mark, else the
    /// first that opens the way questions do ("any idea where …" included). Nil for a line
    /// that asks nothing, so a statement is not echoed.
    private static func askingClause(of prompt: String) -> [String]? {
        var clauses: [(words: [String], asks: Bool)] = []
        var current: [String] = []
        var word = ""
        func endWord() {
            if clauseJoins.contains(word) {
                if !current.isEmpty { clauses.append((current, false)) }
                current = []
            } else if !word.isEmpty {
                current.append(word)
            }
            word = ""
        }
        for character in prompt.lowercased().replacingOccurrences(of: "\u{2019}", with: "'") + " " {
            guard character.isWhitespace || clausePunctuation.contains(character) else {
                word.append(character)
                continue
            }
            endWord()
            if !character.isWhitespace {
                if !current.isEmpty { clauses.append((current, character == "?")) }
                current = []
            }
        }
        if !current.isEmpty { clauses.append((current, false)) }
        if let asked = clauses.first(where: \.asks) { return asked.words }
        return clauses.first { clause in
            clause.words.first.map { DialogWords.Person.questionOpenings.contains($0) || askingOpenings.contains($0) } == true
                || clause.words.starts(with: ["any", "idea"])
        }?.words
    }
    private static let clausePunctuation: Set<Character> = [",", ".", "!", "?", ";", ":", "(", ")", "\""]

    /// `phrase` with the capitals the prompt gave its words after the first ("the capital of
    /// Peru"), so a name is said back as a name.
    private static func caseRestored(_ phrase: String, from prompt: String) -> String {
        let names = prompt.split { $0.isWhitespace || clausePunctuation.contains($0) }.dropFirst().filter { (word: Substring) in
            word.count > 1 && word.first?.isUppercase == true && word.dropFirst().allSatisfy(\.isLowercase)
        }
        let capitalized = Dictionary(names.map { (word: Substring) in (word.lowercased(), String(word)) }) { first, _ in first }
        return phrase.split(separator: " ").map { capitalized[String($0)] ?? String($0) }.joined(separator: " ")
    }

    /// `text` in lowercase words, split at spaces and punctuation, with typographic apostrophes
    /// made plain.
    private static func lowercaseWords<Text: StringProtocol>(of text: Text) -> [String] {
        text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            .split { $0.isWhitespace || clausePunctuation.contains($0) }.map(String.init)
    }

    private static let opinionOpeners: [[String]] = [
        ["think", "of"], ["think", "about"], ["feel", "about"], ["opinion", "on"], ["opinion", "of"], ["opinion", "about"], ["take", "on"],
        ["thoughts", "on"], ["thoughts", "about"], ["views", "on"], ["reckon", "about"], ["reckon", "to"], ["verdict", "on"],
        ["believe", "in"],
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

    /// One of the two words around the first "or" or "vs" (articles left out, "a morning or a night
    /// person" reads as morning or night, "dog person or cat person?" as dog or cat).
    private static func choice(in words: [String]) -> String? {
        guard let or = words.firstIndex(where: { ["or", "vs", "versus"].contains($0) }), or > 0, or + 1 < words.count else { return nil }
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
