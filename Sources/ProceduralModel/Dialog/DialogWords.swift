import GuidedGeneration

/// The word-level view of English text that dialog matching works on: lowercase words,
/// contractions split, a light suffix-stripping stemmer and a stop-word list.
package enum DialogWords {
    /// Whether `line` asks, as the dialog hears it: a question mark, a question's opening after
    /// fillers ("so where am I off to"), a dare ("bet you forgot my name") or a question after a
    /// condition — and not an announcement ("guess what, I got the job!"). The player's memory
    /// reads lines with it too, so a line heard as a question is never kept as something told.
    ///
    /// ```swift
    /// DialogWords.asks("so what's my name")        // true
    /// DialogWords.asks("guess what, I got the job") // false
    /// ```
    package static func asks(_ line: String) -> Bool { Person(of: line).isQuestion }

    /// The lowercase words of `text`, in order. Letters and digits form words; an apostrophe
    /// inside a word splits off a contraction: "what's" → `what` `s`, "don't" → `do` `not`,
    /// "won't" → `will` `not`.
    static func words(_ text: String) -> [String] {
        if let words = asciiWords(text) { return words }
        var result: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { appendWord(current, to: &result) }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}" {
                current.append("'")
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    /// The words of all-ASCII text (nil for any other), read byte by byte: the same words as
    /// the `Character` walk, without its grapheme breaking and Unicode property look-ups, which
    /// dominate the cost of loading the dialog examples and of reading every prompt.
    private static func asciiWords(_ text: String) -> [String]? {
        var result: [String] = []
        var current: [UInt8] = []
        func flush() {
            if !current.isEmpty { appendWord(String(decoding: current, as: UTF8.self), to: &result) }
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "'"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            default: flush()
            }
        }
        flush()
        return result
    }

    private static func appendWord(_ raw: String, to result: inout [String]) {
        let word = raw.trimmingApostrophes()
        guard !word.isEmpty else { return }
        guard let apostrophe = word.firstIndex(of: "'") else {
            result.append(word)
            return
        }
        let head = String(word[..<apostrophe])
        let tail = String(word[word.index(after: apostrophe)...]).replacingApostrophes()
        if tail == "t", head.hasSuffix("n") {
            let stem = String(head.dropLast())
            result.append(stem == "wo" ? "will" : stem == "ca" ? "can" : stem)
            result.append("not")
        } else {
            result.append(head)
            if !tail.isEmpty { result.append(tail) }
        }
    }

    /// The stem of a lowercase word: plural, `-ing`, `-ed` and a final `e` stripped, a doubled
    /// final consonant undoubled, so "orders", "ordered" and "ordering" share `order`, and
    /// "serves", "served" and "serving" share `serv`. Words of three letters or fewer are kept.
    static func stem(_ word: String) -> String {
        guard word.utf8.count > 3, word.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) || word.allSatisfy(\.isLetter),
              word.count > 3 else { return word }
        // "evening" is no form of "even" ("what even is a cortado?" is no greeting), nor
        // "parking" of "park" ("is there a park where I can walk?" asks for no car park).
        if let noun = nounsEndingInIng[word] { return noun }
        var stem = word
        if stem.hasSuffix("ies"), stem.count > 4 {
            stem = String(stem.dropLast(3)) + "y"
        } else if stem.hasSuffix("sses") || stem.hasSuffix("shes") || stem.hasSuffix("ches") || stem.hasSuffix("xes") {
            stem = String(stem.dropLast(2))
        } else if stem.hasSuffix("s"), !stem.hasSuffix("ss"), !stem.hasSuffix("us"), !stem.hasSuffix("is") {
            stem = String(stem.dropLast())
        }
        if let suffix = ["ing", "ed"].first(where: { stem.hasSuffix($0) && stem.count - $0.count >= 3 }),
           stem.dropLast(suffix.count).contains(where: isVowel) {
            stem.removeLast(suffix.count)
            if let last = stem.last, stem.count > 3, stem.dropLast().last == last, !isVowel(last), !"lsz".contains(last) {
                stem.removeLast()
            }
        }
        if stem.hasSuffix("e"), stem.count > 3 { stem.removeLast() }
        return stem
    }

    private static let nounsEndingInIng = ["evening": "evening", "evenings": "evening", "parking": "parking"]

    private static func isVowel(_ character: Character) -> Bool { "aeiouy".contains(character) }

    /// The stems of `text`'s words.
    static func stems(_ text: String) -> [String] { words(text).map(stem) }

    /// Whether any of `phrases` occurs in `words` as consecutive words.
    static func containsAny(of phrases: [[String]], in words: [String]) -> Bool {
        phrases.contains { phrase in
            phrase.count <= words.count && (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
        }
    }

    /// The words of an identifier or enum value, split at case changes, digits, underscores,
    /// hyphens and spaces: "babyBoomers" → `baby` `boomers`, "genX" → `gen` `x`,
    /// "HTTP_status2" → `http` `status` `2`.
    static func identifierWords(_ identifier: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Character?
        for character in identifier {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { result.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, !current.isEmpty {
                let caseBreak = character.isUppercase && previous.isLowercase
                let digitBreak = character.isNumber != previous.isNumber
                if caseBreak || digitBreak {
                    result.append(current)
                    current = ""
                }
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { result.append(current) }
        return result.map { $0.lowercased() }
    }

    /// Function words that carry little meaning on their own; matchers weigh them down rather
    /// than drop them, so a prompt made only of them still has a shape.
    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "for", "from", "with",
        "by", "about", "as", "into", "over", "is", "are", "was", "were", "be", "been", "am", "s",
        "it", "its", "this", "that", "these", "those", "there", "here", "i", "me", "my", "we", "us",
        "our", "you", "your", "he", "she", "him", "her", "they", "them", "their", "do", "does",
        "did", "can", "could", "would", "will", "shall", "should", "may", "might", "must", "have",
        "has", "had", "so", "just", "very", "really", "some", "any", "please", "then", "than",
        "too", "also", "if", "up", "out", "get", "got", "m", "re", "ll", "ve", "d", "actually", "yours", "mine",
    ]
}

private extension String {
    func trimmingApostrophes() -> String {
        var text = Substring(self)
        while text.first == "'" { text.removeFirst() }
        while text.last == "'" { text.removeLast() }
        return String(text)
    }

    func replacingApostrophes() -> String { filter { $0 != "'" } }
}

extension DialogWords {
    /// The words of a line's first clause that is more than fillers ("so, what's my name?" →
    /// "what's my name"; "where can I buy flowers, it's my mum's birthday" → "where can I buy
    /// flowers"): what it asks, without the reason said after.
    static func askingClause(of prompt: String) -> [String] {
        prompt.split { ",.!?;:".contains($0) }.lazy.map { words(String($0)) }
            .first { clause in clause.contains { !Person.fillers.contains($0) } } ?? []
    }

    /// Whom a prompt speaks of: the player ("I", "my", "me", "we") and the one spoken to ("you",
    /// "your", "u"), so that "what's my name?" is not answered with the speaker's name (an intent
    /// about the speaker is not heard when the prompt speaks of the player's own things and not
    /// of the speaker), and
    /// whether it is a question (a question mark, or a question word first).
    struct Person {
        let player: Bool
        /// Whether it speaks of something of the player's ("my", "mine").
        let playerOwns: Bool
        let speaker: Bool
        /// Whether it tells something of the player and asks nothing, nor speaks of the one
        /// spoken to ("I used to teach at the primary school"): not a question about them.
        let tellsOfThemselvesOnly: Bool
        let isQuestion: Bool
        /// Whether it asks for something told before: a recall word ("remember", "did I say",
        /// "again" …), or a question word with the player's own thing ("what's my dog called?")
        /// or with "I" and a verb of theirs ("what kind of dog do I have?").
        let recalls: Bool
        /// Whether it asks for the player's own thing or doing: "what's my dog called?", "how old
        /// is my daughter?", "what kind of dog do I have?" (a recall word alone is not enough:
        /// "you know this place, what should I order?").
        let asksOfThePlayer: Bool
        /// Whether it asks whether the player is something: "am I on the rota saturday?", "am I
        /// working tomorrow?" — not about the one asked.
        let asksWhetherThePlayerIs: Bool

        init(of prompt: String) {
            // "so where am I off to?" opens with its question word once the filler is gone.
            let list = Self.withoutAnAgeLikeTheirs(Array(DialogWords.words(prompt).drop { Self.fillers.contains($0) }))
            let words = Set(list)
            // "bet you already forgot my name" asks as much as "do you remember my name?", and
            // "bet you can guess where I grew up" as "where did I grow up?" ("my usual, if you want
            // to remember it, is …" tells).
            let dares = list.indices.contains { index in
                ["you", "u", "ya", "betcha"].contains(list[index]) && (index == 0 || list[index - 1] != "if")
                    && list[(index + 1)...].prefix(3).contains { ["forgot", "forget", "forgotten", "remember", "guess"].contains($0) }
            }
            // "pineapple on pizza: yes or no." asks without a question mark.
            let yesOrNo = list.indices.dropLast(2).contains { list[$0] == "yes" && list[$0 + 1] == "or" && list[$0 + 2] == "no" }
            // "guess what, I got the job!" announces; "guess what I do for work" dares.
            let opening = prompt.lowercased().drop { !$0.isLetter }
            let announces = ["guess what", "you know what", "do you know", "you know"].contains { announcement in
                opening.hasPrefix(announcement) && opening.dropFirst(announcement.count).first { !$0.isWhitespace }.map { ",!:.".contains($0) } == true
            } || Self.announcesWhatHappened(list)
            // "if you had to make me my favourite drink, what would it be" asks after its condition.
            let asksAfterACondition = list.first == "if" && list.contains(where: Self.whWords.contains)
            isQuestion = prompt.contains("?") || !announces && (list.first.map(Self.questionOpenings.contains) == true || dares || yesOrNo || asksAfterACondition)
                || Self.asksAfterItsSubject(prompt) || Self.asksForSomethingAfter(prompt)
            playerOwns = !words.isDisjoint(with: ["my", "mine", "myself"])
            // "what's my dog called?", "what kind of dog do I have?", "what did we talk about?"; a
            // question word after "do you know", "any idea" or the like opens the question asked
            // ("do you know where I'm from?").
            // …and with the question word after the condition.
            let leading = list.first { !Self.askingPrefix.contains($0) } ?? ""
            let first = leading == "if" ? list.first(where: Self.whWords.contains) ?? leading : leading
            // "is there a pharmacy near here?", "any idea if there's a cashpoint nearby?"
            asksWhetherThereIs = list.indices.dropLast().contains { index in
                (["is", "are"].contains(list[index]) && list[index + 1] == "there") || (list[index] == "there" && ["s", "is", "are"].contains(list[index + 1]))
            }
            // "bet you can guess where I grew up, I told you earlier" (not "I wonder … my doctor has
            // told me to cut down")
            toldBefore = list.indices.contains { index in
                let next = Array(list[(index + 1)...].drop { ["ve", "already", "just", "definitely", "not"].contains($0) }.prefix(2))
                return list[index] == "i" && next.first.map(["told", "mentioned", "said"].contains) == true
                    || list[index] == "did" && next.first == "i" && next.dropFirst().first.map(["tell", "say", "mention"].contains) == true
            }
            // "where can I buy flowers, it's my mum's birthday": the player's own thing said after
            // the question is its reason, not what it asks of.
            asked = Self.withoutAnAgeLikeTheirs(DialogWords.askingClause(of: prompt))
            let askedWords = Set(asked)
            let askedOwns = !askedWords.isDisjoint(with: ["my", "mine", "myself"])
            asksOfThePlayer = (Self.whWords.contains(first) || ["how", "when"].contains(first)) && askedOwns
                    // (not advice: "where would you suggest I take my grandchildren?")
                    && words.isDisjoint(with: ["suggest", "recommend"]) && !zip(list, list.dropFirst()).contains { ["should", "shall"].contains($0) && ["i", "we"].contains($1) }
                // (not advice: "what do you suggest I order?"; not a remark after the question:
                // "what's on the radio? I haven't heard it since …")
                // "how many cats do I have?", "how old am I turning?"
                || (Self.whWords.contains(first) || first == "how" && list.contains { ["many", "old"].contains($0) })
                    && !askedWords.isDisjoint(with: ["i", "we"]) && !askedWords.isDisjoint(with: ["did", "do", "am", "was", "have", "had"])
                    && words.isDisjoint(with: ["should", "shall", "could", "can", "would", "suggest", "recommend"])
                || toldBefore
                // "who's visiting me this weekend?"
                || ["who", "whos"].contains(first) && words.contains("me") && words.isDisjoint(with: ["you", "your", "u", "ur", "ya"])
                // "what do people call me?" (not "which drink will keep me up?")
                || Self.whWords.contains(first) && words.contains("me") && !words.isDisjoint(with: ["call", "name"])
                    && words.isDisjoint(with: ["you", "your", "u", "ur", "ya", "i"])
                // "guess what I do for work"
                || first == "guess" && !words.isDisjoint(with: ["i", "my"])
                // "can you remember my hometown?", "you know my name, right?" (not "do you know
                // the time? my phone died")
                || Self.recallsOwnThing(prompt)
                // "and my name was?": the player's own thing in the past, asked without a
                // question word
                || playerOwns && prompt.contains("?") && !words.isDisjoint(with: ["was", "were"])
                    && words.isDisjoint(with: ["you", "your", "u", "ur", "yours"])
                // "could I get my usual?": a usual is the player's, told before
                || zip(list, list.dropFirst()).contains { $0 == "my" && $1 == "usual" }
            // "could you tell me what drinks you do?" asks to be told, not to recall.
            let asksToBeTold = zip(list, list.dropFirst()).contains { $0 == "tell" && ["me", "us"].contains($1) }
            recalls = !words.isDisjoint(with: asksToBeTold ? Self.recallWords.subtracting(["tell"]) : Self.recallWords) || asksOfThePlayer
            // "awful weather isn't it, did you get caught in it", "random but whats the capital of
            // mongolia": a clause after the first may ask.
            asksAnything = isQuestion || prompt.lowercased().split { ",.!;:".contains($0) }.dropFirst(announces ? 1 : 0).contains { clause in
                let words = DialogWords.words(String(clause))
                return words.indices.contains { index in
                    (index == 0 || Self.clauseJoins.contains(words[index - 1])) && !Self.fillers.contains(words[index])
                        && (Self.questionOpenings.contains(words[index]) || Self.askingOpenings.contains(words[index]))
                }
            }
            player = !words.isDisjoint(with: ["i", "my", "me", "mine", "myself", "im", "ive", "id", "we", "us", "our"])
            speaker = !words.isDisjoint(with: ["you", "your", "yours", "yourself", "u", "ur", "ya", "youre", "yourselves"])
            // "do you know, I used to teach at the school down the road": past the opener, the
            // player tells of themselves and asks nothing of the one spoken to.
            let told = announces ? Array(list.drop { !["i", "im", "my", "we"].contains($0) }) : list
            tellsOfThemselvesOnly = !asksAnything && player && Set(told).isDisjoint(with: ["you", "your", "yours", "yourself", "u", "ur", "ya", "youre", "we", "us", "our"])
            speakerOwns = !words.isDisjoint(with: ["your", "yours", "ur"])
            asksLeave = ["can", "could", "may"].contains(list.first ?? "") && list.dropFirst().first.map(["i", "we"].contains) == true
            asksWhetherThePlayerIs = list.starts(with: ["am", "i"])
        }

        /// Words a line may open with before its question word.
        static let fillers: Set<String> = ["so", "ok", "okay", "well", "hey", "hi", "and", "but", "um", "umm", "oh", "right", "anyway", "sorry", "alright", "yo", "hiya",
                                           "haha", "lol", "ha", "hah"]

        /// Whether it or any of its clauses asks: a question, or a clause opening the way
        /// questions and requests for an answer do ("any good bookshops round here", "love the
        /// plants, who does them", "explain the menu to me").
        let asksAnything: Bool
        static let askingOpenings: Set<String> = ["know", "any", "anyone", "anybody", "anywhere", "anything", "explain", "describe", "recommend", "suggest", "name", "give", "show"]
        private static let clauseJoins: Set<String> = ["but", "btw", "so", "and"]

        /// The words of its asking clause (`DialogWords.askingClause`).
        let asked: [String]

        /// Whether it opens by asking leave for the player ("can I get a refill?", "could we sit
        /// outside?"): a request, not a question about anything told.
        let asksLeave: Bool

        /// Whether it speaks of something of the speaker's ("your name", "what was yours?").
        let speakerOwns: Bool
        /// Whether the player says they told it before ("I told you earlier").
        let toldBefore: Bool
        /// Whether it asks whether something exists ("is there a …", "are there …"): unless it
        /// names a day ("are there any events on Friday?"), a question about the world, not about
        /// the one spoken to (`ProceduralModel.hear`).
        let asksWhetherThereIs: Bool

        static let questionOpenings: Set<String> = [
            "what", "whats", "where", "wheres", "who", "whos", "when", "why", "how", "hows", "which", "whose", "do", "does", "did",
            "can", "could", "would", "will", "is", "are", "am", "was", "were", "have", "has", "should", "remember", "tell", "wat", "wot",
            "remind", "guess", "whered", "whatd", "howd", "whod", "wats", "wut", "hw", "r",
        ]

        /// Words a question may open with before the question word that asks: "do you know
        /// where …", "any idea what …", "can you remember who …".
        static let askingPrefix: Set<String> = ["do", "you", "u", "ya", "know", "remember", "recall", "can", "could", "any", "idea", "tell", "me"]
        /// Whether `list` opens "guess what I" or "guess who" with something done ("guess what i
        /// passed my driving test", "guess who got the job"): news, not a dare to guess ("guess
        /// what I do for work").
        private static func announcesWhatHappened(_ list: [String]) -> Bool {
            func done(_ word: String) -> Bool {
                ["just", "finally", "got", "won", "did", "made", "met", "found", "bought", "became", "have", "ve"].contains(word)
                    || word.hasSuffix("ed") && word.count > 3
            }
            // "guess who got the job", "guess who passed": the player, announcing.
            if list.starts(with: ["guess", "who"]), list.count > 2 { return done(list[2]) }
            guard list.starts(with: ["guess", "what"]), list.count > 3, ["i", "we"].contains(list[2]) else { return false }
            return done(list[3])
        }

        /// Whether a sentence after the first opens with a question word ("my dog... what was
        /// his name again"): the thing named first, then asked about. A later sentence opening
        /// "do" or "can" is not enough ("thanks. have a nice day"), nor an exclamation ("what a
        /// day").
        private static func asksAfterItsSubject(_ prompt: String) -> Bool {
            prompt.split { ".!".contains($0) }.dropFirst().contains { sentence in
                let words = Array(DialogWords.words(String(sentence)).drop { fillers.contains($0) })
                // (not an exclamation: "what a day")
                return words.first.map { whWords.contains($0) || $0 == "how" } == true && words.count > 2 && !["a", "an"].contains(words[1])
            }
        }

        /// Whether a clause after the first asks whether there is something or whether the
        /// one asked has it ("I'm bringing my nephew on Saturday, is there anything for kids to
        /// drink"): the statement before is the reason for the question.
        private static func asksForSomethingAfter(_ prompt: String) -> Bool {
            prompt.split { ",;".contains($0) }.dropFirst().contains { clause in
                let words = Array(DialogWords.words(String(clause)).drop { fillers.contains($0) }.prefix(3))
                return words.count >= 2 && (["is", "are"].contains(words[0]) && words[1] == "there"
                    || ["do", "does"].contains(words[0]) && ["you", "u", "ya"].contains(words[1]) && words.dropFirst(2).first.map(["have", "do", "sell"].contains) == true)
            }
        }

        /// Verbs that ask for something told, beside the player's own thing.
        static let recallVerbs: Set<String> = ["remember", "recall", "know", "forgot", "forget", "forgotten"]

        /// Whether a sentence of `prompt` has a recall verb followed by the player's own thing.
        private static func recallsOwnThing(_ prompt: String) -> Bool {
            prompt.split { ".?!".contains($0) }.contains { sentence in
                let words = DialogWords.words(String(sentence))
                guard let verb = words.firstIndex(where: recallVerbs.contains) else { return false }
                // "remember my name?", "betcha can't remember where I'm from" (not "do you know
                // where I can get a taxi?")
                let after = words[(verb + 1)...]
                return after.contains { ["my", "mine"].contains($0) }
                    || words[verb] != "know" && after.first.map(whWords.union(["when", "how"]).contains) == true
                        && after.contains { ["i", "i'm", "im", "i've"].contains($0) }
            }
        }

        static let recallWords: Set<String> = ["remember", "remind", "say", "said", "told", "tell", "mention", "mentioned", "recall", "forgot", "forget", "again", "know", "catch"]
        static let whWords: Set<String> = ["what", "whats", "who", "whos", "where", "wheres", "which", "wat", "wot", "wats", "wut"]

        /// `words` without the "my" of an age like the player's ("people my age", "when you were my
        /// age"), which asks nothing of theirs.
        private static func withoutAnAgeLikeTheirs(_ words: [String]) -> [String] {
            words.indices.filter { index in
                !(words[index] == "my" && index > 0 && index + 1 < words.count && words[index + 1] == "age" && Self.likeTheirs.contains(words[index - 1]))
            }.map { words[$0] }
        }

        private static let likeTheirs: Set<String> = ["were", "people", "kids", "teens", "teenagers", "someone", "somebody", "anyone",
                                                      "children", "boys", "girls", "guys", "folk", "folks", "lads", "ppl"]

        /// Whether an intent about `subject`, heard in `form`, may answer: a question about the
        /// player must also ask for what was told ("where do I pay?" is about the shop).
        func allows(_ subject: ProceduralContent.Intent.Subject?, in form: ProceduralContent.Intent.Form?) -> Bool {
            let person = switch subject {
            case .player: player && (form != .question || recalls) && (playerOwns || !speakerOwns)
            // "what do I study?" asks of the player, even with no "my" in it; "you" beside the
            // player's own thing asks the speaker about it ("did you catch my name?", "guess
            // where I grew up, I told you") unless the speaker's own is named too.
            case .speaker: !tellsOfThemselvesOnly && (!(playerOwns || asksOfThePlayer || asksWhetherThePlayerIs) || speaker && (speakerOwns || !(playerOwns || toldBefore)))
            case nil: true
            }
            return person && (form == nil || (form == .question) == isQuestion)
        }
    }
}
