/// Phrases a reply may echo from the prompt, so a character answers the thing asked about:
/// `promptSubject`, what an opinion is asked of ("what do you think of pineapple on pizza?",
/// "pineapple on pizza, yes or no?" → "pineapple on pizza"); `promptChoice`, one side of an either-or question ("dogs or cats?" →
/// "cats"), chosen by the words themselves so the same question always gets the same side; and
/// `promptEcho`, the thing a question names after its first determiner, as a question to open a
/// reply with ("who won the football last night?" → "The football last night? "), so a
/// deflection shows what it heard — taken from the clause that asks ("sorry to bother you but
/// is there a post office near" → "A post office near? "), names keeping their capitals, and
/// absent for a statement; and `promptOrder`, what a request
/// asks for ("can I get a large oat latte pls" → "a large oat latte"); and `promptRequest`, what a
/// request asks to be done, as a question to open a reply with ("could you take a photo of me and
/// my friend?" → "Take a photo of you and your friend? "); and `promptVerdict`, the praise a
/// yes-or-no question asks of a thing ("is the park nice?", "would you say the town is
/// friendly?" → "nice", "friendly", with `promptSubject` "the park", "the town"). The player's
/// "my" becomes the speaker's "your" and the other way round.
enum PromptPhrases {
    static func variables(of prompt: String) -> [String: String] {
        let marked = markedWords(of: prompt)
        let words = marked.filter { $0 != "," }
        var variables: [String: String] = [:]
        if let subject = subject(in: marked) ?? yesOrNoSubject(in: prompt.lowercased()) {
            variables["promptSubject"] = subject
        } else if let verdict = verdict(in: words) {
            variables["promptSubject"] = caseRestored(verdict.subject, from: prompt)
            variables["promptVerdict"] = verdict.praise
        }
        if let choice = choice(in: marked) { variables["promptChoice"] = choice }
        if let order = order(in: words) { variables["promptOrder"] = order }
        if let request = prompt.split(whereSeparator: { "?.!;".contains($0) }).lazy.compactMap({ request(in: lowercaseWords(of: $0)) }).first {
            variables["promptRequest"] = saidBack(request)
        }
        if let clause = askingClause(of: prompt), let topic = topic(in: clause) {
            variables["promptEcho"] = saidBack(caseRestored(topic, from: prompt))
        }
        return variables
    }

    /// `phrase` as a question to open a reply with: "take a photo" → "Take a photo? ".
    private static func saidBack(_ phrase: String) -> String {
        phrase.prefix(1).uppercased() + phrase.dropFirst() + "? "
    }

    /// Words that end one clause and start another: a question often follows an apology or a
    /// remark ("sorry to bother u but is there a post office near", "these roadworks are
    /// driving me mad, how do you work with that drilling").
    private static let clauseJoins: Set<String> = ["but", "btw", "so"]

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
            clause.words.first.map { DialogWords.Person.questionOpenings.contains($0) || DialogWords.Person.askingOpenings.contains($0) } == true
        }?.words
    }
    private static let clausePunctuation: Set<Character> = [",", ".", "!", "?", ";", ":", "(", ")", "\"", "\u{2014}", "\u{2013}"]

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

    /// `text` in lowercase words with each mark between them kept as a "," ("between a muffin and
    /// a croissant, help" ends a side at "croissant"); without the commas, `lowercaseWords`.
    private static func markedWords(of text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'") + " " {
            if character.isWhitespace || clausePunctuation.contains(character) {
                if !word.isEmpty { words.append(word) }
                word = ""
                if clausePunctuation.contains(character), words.last != "," { words.append(",") }
            } else {
                word.append(character)
            }
        }
        return words
    }

    private static let opinionOpeners: [[String]] = [
        ["think", "of"], ["think", "about"], ["feel", "about"], ["opinion", "on"], ["opinion", "of"], ["opinion", "about"], ["take", "on"],
        ["thoughts", "on"], ["thoughts", "about"], ["views", "on"], ["reckon", "about"], ["reckon", "to"], ["verdict", "on"],
        ["believe", "in"],
    ]
    private static let clauseEnds: Set<String> = [",", "and", "but", "lol", "haha", "tbh", "then", "though", "honestly", "really", "anyway", "btw"]
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

    /// Praise a yes-or-no question may ask of a thing, as a reply says it back.
    private static let praise: [String: String] = [
        "nice": "nice", "good": "good", "great": "great", "decent": "decent", "lovely": "lovely", "friendly": "friendly",
        "safe": "safe", "fun": "fun", "better": "better", "worth": "worth it", "pretty": "pretty", "beautiful": "beautiful", "tasty": "tasty",
        "welcoming": "welcoming", "cosy": "cosy", "cozy": "cosy", "popular": "popular", "fresh": "fresh", "reliable": "reliable",
        "nicer": "nicer", "prettier": "prettier", "friendlier": "friendlier", "safer": "safer", "livelier": "livelier", "busier": "busier",
    ]
    private static let copulas: Set<String> = ["is", "are", "was", "were", "s"]
    /// Words that open a verdict asked of the one spoken to ("would you say the town is friendly?").
    private static let verdictOpenings: [[String]] = [
        ["would", "you", "say"], ["do", "you", "think"], ["do", "you", "reckon"], ["would", "you", "call"], ["do", "you", "find"],
        ["would", "u", "say"], ["do", "u", "think"], ["do", "u", "reckon"],
    ]
    /// Words that ask whether a thing is worth having ("would you recommend the fish and chips
    /// place?"), the thing named with "the", "that" or "this" after them.
    private static let recommendOpenings: [[String]] = [["would", "you", "recommend"], ["do", "you", "recommend"], ["would", "u", "recommend"], ["do", "u", "recommend"]]
    /// What is not a thing to praise: the one asked, the player, and words that point at nothing
    /// said ("is it nice?", "is there a good gym?").
    private static let notThings: Set<String> = ["you", "u", "i", "your", "ur", "my", "it", "that", "this", "there", "he", "she", "they", "we", "what", "who", "which", "how", "where"]

    /// The thing a yes-or-no question asks praise of, and the praise: "is the park nice?",
    /// "are the muffins any good?", "is the museum worth a visit?", "do you think the beach is
    /// nice in winter?". The thing is one to five words after the verb, ending before the
    /// praise ("any" and "really" between them are left out).
    private static func verdict(in words: [String]) -> (subject: String, praise: String)? {
        // "would you recommend the fish and chips place?" asks whether it is worth it.
        if let opening = recommendOpenings.first(where: { words.starts(with: $0) }) {
            let thing = words.dropFirst(opening.count).prefix { !clauseEnds.contains($0) || $0 == "and" }
            guard let first = thing.first, ["the", "that", "this"].contains(first), (2...6).contains(thing.count),
                  thing.allSatisfy(isPlainWord) else { return nil }
            return (spoken(thing), "worth it")
        }
        let opening = verdictOpenings.first { opening in words.starts(with: opening) }
        let rest = words.dropFirst(opening?.count ?? 0).drop { $0 == "that" && opening != nil }
        guard let praiseAt = rest.firstIndex(where: { praise[$0] != nil }), let said = praise[rest[praiseAt]] else { return nil }
        var thing: ArraySlice<String>
        if opening != nil {
            guard let verb = rest[..<praiseAt].lastIndex(where: copulas.contains) else { return nil }
            thing = rest[rest.startIndex..<verb]
        } else {
            guard let verb = rest.first, copulas.contains(verb) else { return nil }
            thing = rest[(rest.startIndex + 1)..<praiseAt]
        }
        while let last = thing.last, ["any", "really", "actually", "very", "so", "that", "still"].contains(last) { thing = thing.dropLast() }
        // "is that a good laptop?" praises the laptop: the thing is named after the praise.
        if let last = thing.last, ["a", "an"].contains(last) {
            let named = rest[(praiseAt + 1)...].prefix { isPlainWord($0) && !DialogWords.stopWords.contains($0) }.prefix(2)
            guard !named.isEmpty else { return nil }
            thing = thing.dropLast() + named
        }
        // "is that book any good?" asks of the book; "is that good?" of nothing said.
        guard (1...5).contains(thing.count), let first = thing.first, !notThings.contains(first) || ["that", "this"].contains(first) && thing.count > 1,
              thing.allSatisfy({ isPlainWord($0) && !["or", "and", "but", "than"].contains($0) }) else { return nil }
        return (spoken(thing), said)
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
    /// How a request opens, after any greeting or apology: "could you …", "any chance I could …",
    /// "would you mind …".
    private static let requestOpenings: [[String]] = [
        ["any", "chance", "you", "could"], ["any", "chance", "i", "could"], ["any", "chance", "u", "could"], ["would", "you", "mind"],
        ["do", "you", "mind", "if", "i"], ["mind", "if", "i"], ["is", "it", "ok", "if", "i"], ["is", "it", "okay", "if", "i"],
        ["is", "it", "alright", "if", "i"], ["could", "you"], ["can", "you"], ["would", "you"], ["will", "you"], ["could", "u"],
        ["can", "u"], ["can", "i"], ["could", "i"], ["may", "i"], ["can", "we"], ["could", "we"], ["any", "chance"],
    ]
    private static let requestOpeners: Set<String> = ["sorry", "excuse", "me", "hi", "hey", "hello", "um", "so", "ok", "okay", "please", "pardon"]
    /// Verbs after a request's opening that ask for an answer or an order, not a favour: "can
    /// you tell me …", "could you recommend …", "could I have two espressos".
    private static let notFavours: Set<String> = ["tell", "recommend", "suggest", "explain", "say", "remember", "guess", "describe", "have", "get", "order", "grab", "try"]
    private static let requestEnds: Set<String> = ["but", "lol", "haha", "tbh", "then", "though", "btw", "please", "pls", "plz", "thanks", "cheers"]

    /// What a request asks to be done: the words after its opening, to the end of the clause
    /// (at most eight); nil when the line opens as no request does, or asks after a fact
    /// ("can you tell me …" and "could you recommend …" ask for an answer, not a favour).
    private static func request(in words: [String]) -> String? {
        let line = words.drop { requestOpeners.contains($0) }
        guard let opening = requestOpenings.first(where: { line.starts(with: $0) }) else { return nil }
        let rest = line.dropFirst(opening.count)
        guard let verb = rest.first, !notFavours.contains(verb) else { return nil }
        let phrase = rest.prefix { !requestEnds.contains($0) }.prefix(8)
        guard phrase.count >= 2, phrase.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "'" } }) else { return nil }
        return spoken(phrase)
    }

    private static let determiners: Set<String> = ["the", "a", "an", "any", "some", "this", "that", "my", "your"]

    /// The words from the first determiner after the question's opening word, to the end of the
    /// clause (at most six); without a determiner, the thing a "which …" question names before
    /// its verb ("which football team do you support?" → "football team"), or the thing had or
    /// sold at the clause's end ("do u have straws" → "straws").
    private static func topic(in words: [String]) -> String? {
        if words.count > 2, var start = words.dropFirst().firstIndex(where: determiners.contains) {
            // "the best way to get to the station" is said back as "The station?"
            if let way = words[start...].prefix(4).firstIndex(of: "way"), let next = words[(way + 1)...].firstIndex(where: determiners.contains) {
                start = next
            }
            var phrase = Array(words[start...].prefix { !clauseEnds.contains($0) }.prefix(6))
            // "a pharmacy anywhere around here" is said back as "A pharmacy?", "the beach from here
            // without a car" as "The beach?"
            if let cut = (2..<max(2, phrase.count)).first(where: { at in placeTails.contains { phrase[at...].starts(with: $0) } }) {
                phrase.removeLast(phrase.count - cut)
            }
            // "what's the library like?" asks of the library, "where the surgery is" of the surgery.
            if phrase.count > 2, ["like", "is", "are"].contains(phrase.last) { phrase.removeLast() }
            guard phrase.count >= 2, phrase.allSatisfy(isPlainWord) else { return nil }
            return spoken(phrase[...])
        }
        if let first = words.first, ["which", "what"].contains(first) {
            let named = words.dropFirst().prefix { !auxiliaries.contains($0) }
            return named.count < words.count - 1 ? thing(named) : nil
        }
        guard let verb = words.lastIndex(where: ["have", "got", "sell", "serve", "stock"].contains), words.first.map(DialogWords.Person.questionOpenings.contains) == true
        else { return nil }
        return thing(words[(verb + 1)...].filter { !["any", "some", "u", "you", "ya"].contains($0) })
    }

    /// Where a place is sought, after the place: left out when it is said back.
    private static let placeTails: [[String]] = PlaceQuestions.hereabouts + [
        ["close", "to", "here"], ["from", "here"], ["nearby"], ["near"], ["anywhere"], ["around"], ["somewhere"],
    ]

    /// `words` as the thing a question names, when they are one to three words that carry meaning.
    private static func thing<Words: Collection<String>>(_ words: Words) -> String? {
        guard (1...3).contains(words.count), words.allSatisfy({ isPlainWord($0) && !DialogWords.stopWords.contains($0) }) else { return nil }
        return words.joined(separator: " ")
    }
    private static let auxiliaries: Set<String> = ["do", "does", "did", "is", "are", "was", "were", "would", "should", "can", "could", "will", "s", "re"]

    private static func isPlainWord(_ word: String) -> Bool {
        word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "'" || $0 == "-" }
    }
    private static let trailing: Set<String> = ["person", "people", "type", "fan", "kind"]
    /// Words before the second side that are not it.
    private static let sideOpeners: Set<String> = ["be", "too", "just", "really", "very", "maybe", "perhaps", "go", "to"]
    /// Words that end a side of two things named: "the flat white or the cortado, which is
    /// stronger?".
    private static let sideEnds: Set<String> = ["which", "what", "who", "how", "why", "where", "when", "one"]

    /// One side of an either-or question, from the word at `start` going `step` (-1 back, 1 on):
    /// the one word, or up to three when an article bounds them ("the flat white or the
    /// cortado" → "flat white"; "which do you prefer, summer or winter" → "summer").
    private static func side(of words: [String], from start: Int, step: Int) -> String {
        var run = [words[start]]
        var at = start + step
        while run.count < 3, words.indices.contains(at), !articles.contains(words[at]), !trailing.contains(words[at]),
              !sideEnds.contains(words[at]), !DialogWords.stopWords.contains(words[at]), words[at].allSatisfy(\.isLetter) {
            run.append(words[at])
            at += step
        }
        let bounded = step < 0 ? words.indices.contains(at) && articles.contains(words[at]) : words.indices.contains(start - 1) && articles.contains(words[start - 1])
        guard bounded, run.count > 1 else { return words[start] }
        return (step < 0 ? run.reversed() : run).joined(separator: " ")
    }
    /// Words saying one side beats the other ("tea is better than coffee"), and the words
    /// between the first side and them.
    private static let comparatives: Set<String> = ["better", "nicer", "worse", "superior"]
    private static let comparing: Set<String> = ["is", "are", "s", "re", "way", "much", "so", "far", "definitely", "just"]

    /// One of the two sides around the first "or" or "vs", or around the "and" after "between"
    /// (articles left out, "a morning or a night person" reads as morning or night, "dog person
    /// or cat person?" as dog or cat); none when a side is a function word ("baked here or do
    /// they get delivered?" offers no two things).
    private static func choice(in words: [String]) -> String? {
        // "the mocha or the chai", "between the lemon cake and the brownie", "tea is better than
        // coffee"
        let between = words.firstIndex(of: "between").flatMap { start in words[(start + 1)...].firstIndex(of: "and") }
        let than = words.firstIndex(of: "than").flatMap { than in than > 0 && comparatives.contains(words[than - 1]) ? than : nil }
        guard let or = words.firstIndex(where: { ["or", "vs", "versus"].contains($0) }) ?? between ?? than, or > 0, or + 1 < words.count else { return nil }
        let leftEnd = words[..<(or == than ? or - 1 : or)].lastIndex { !articles.contains($0) && !trailing.contains($0) && !comparing.contains($0) && $0 != "," }
        // "fly or be invisible", "too hot or too cold", "a bike or just walking"
        let rightStart = words[(or + 1)...].firstIndex { !articles.contains($0) && !sideOpeners.contains($0) && $0 != "," }
        guard let leftEnd, let rightStart else { return nil }
        let left = side(of: words, from: leftEnd, step: -1), right = side(of: words, from: rightStart, step: 1)
        guard !trailing.contains(right), left.allSatisfy({ $0.isLetter || $0 == " " }), right.allSatisfy({ $0.isLetter || $0 == " " }),
              !(left == "yes" && right == "no"), !DialogWords.stopWords.contains(left), !DialogWords.stopWords.contains(right) else { return nil }
        // A fixed side for the same two words in either order: the sum of their letters' code
        // points, even or odd, picks the first or last in alphabetical order.
        let sides = [left, right].sorted()
        let sum = (left + right).unicodeScalars.reduce(0) { $0 + Int($1.value) }
        return sum % 2 == 0 ? sides[0] : sides[1]
    }
}
