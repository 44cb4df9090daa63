import Foundation

/// Lines typed the way people text, written out in full so they are heard (and remembered) as
/// the same words: "wat r u doin tmrw" → "what are you doing tomorrow", "wer is the beach" →
/// "where is the beach", "hw much is a hot choc n a cookie" → "how much is a hot chocolate and a
/// cookie", "im allergic 2 nuts" → "im allergic to nuts". Only whole words are replaced, with
/// their punctuation kept; a shorthand that is also an English word or a number is read by its
/// neighbours ("2 lattes" stays, "a large sum" stays, "ur welcome" is "you're welcome"), and
/// fillers that carry no meaning ("lol", "ngl", "tbh") are dropped. A line with no shorthand
/// comes back as it was.
///
/// ```swift
/// TextingShorthand.expanded("hru? wyd 2nite")  // "how are you? what are you doing tonight"
/// ```
package enum TextingShorthand {
    package static func expanded(_ line: String) -> String {
        let tokens = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let bare = tokens.map(TypedToken.bare)
        guard bare.contains(where: { always[$0] != nil || fillers.contains($0) || contextual.contains($0) }) else { return line }
        var result: [String] = []
        for (index, token) in tokens.enumerated() {
            let word = bare[index]
            let previous = index > 0 && !TypedToken.endsSentence(tokens[index - 1]) ? bare[index - 1] : nil
            let next = index + 1 < bare.count && !TypedToken.endsSentence(token) ? bare[index + 1] : nil
            if fillers.contains(word), tokens.count > 1 {
                // A dropped filler gives its mark to the word before ("my phone died lol!" →
                // "died!"); a laugh between two thoughts ends the first ("… round here lol i
                // need one").
                var mark = TypedToken.trailingMarks(of: token)
                if mark.isEmpty, laughs.contains(word), next != nil { mark = "." }
                if !mark.isEmpty, let last = result.popLast() {
                    result.append(TypedToken.endsSentence(last) || last.hasSuffix(",") ? last : last + mark)
                }
                continue
            }
            guard let replacement = always[word] ?? reading(word, after: previous, before: next) else {
                result.append(token)
                continue
            }
            let typed = String(token.drop { $0.isPunctuation })
            result.append(TypedToken.word(token, replacedBy: TypedToken.capitalizedLike(typed, replacement)))
        }
        return result.isEmpty ? line : result.joined(separator: " ")
    }

    /// Shorthand that means one thing wherever it stands.
    private static let always: [String: String] = [
        "wat": "what", "wot": "what", "wut": "what", "wht": "what", "wats": "what's", "wots": "what's",
        "wer": "where", "wher": "where", "whr": "where", "wen": "when", "hw": "how", "cn": "can",
        "hru": "how are you", "wyd": "what are you doing", "wbu": "what about you", "hbu": "how about you",
        "wdym": "what do you mean", "sup": "what's up", "wassup": "what's up", "wsp": "what's up", "wsg": "what's up",
        "ppl": "people", "pls": "please", "plz": "please", "plss": "please", "thx": "thanks", "thnx": "thanks", "ty": "thanks",
        "tmrw": "tomorrow", "tmr": "tomorrow", "tmrow": "tomorrow", "2morrow": "tomorrow", "2moro": "tomorrow", "tmoz": "tomorrow",
        "2day": "today", "2nite": "tonight", "2night": "tonight", "tonite": "tonight", "wkend": "weekend", "wknd": "weekend",
        "bc": "because", "bcs": "because", "bcos": "because", "bcuz": "because", "cuz": "because", "coz": "because",
        "abt": "about", "smth": "something", "sth": "something", "smthn": "something",
        "rly": "really", "rlly": "really", "fav": "favourite", "fave": "favourite", "favs": "favourites", "bday": "birthday",
        "bf": "boyfriend", "gf": "girlfriend", "wanna": "want to", "gonna": "going to", "gotta": "got to", "kinda": "kind of",
        "sorta": "sort of", "dunno": "don't know", "idk": "I don't know", "lemme": "let me", "gimme": "give me",
        "b4": "before", "l8r": "later", "gr8": "great", "h8": "hate", "m8": "mate", "msg": "message", "pic": "picture",
        "pics": "pictures", "choc": "chocolate", "tho": "though", "altho": "although", "prolly": "probably", "probs": "probably",
        "obvs": "obviously", "jk": "just kidding", "np": "no problem", "nvm": "never mind",
        "yea": "yeah", "yh": "yeah", "nah": "no", "ik": "I know", "wud": "would", "cud": "could", "shud": "should",
        "gud": "good", "nuffin": "nothing", "nothin": "nothing", "sumthing": "something", "sumthin": "something", "ofc": "of course", "sum1": "someone", "some1": "someone", "any1": "anyone",
        "ne1": "anyone", "every1": "everyone", "no1": "no one",
        "doin": "doing", "goin": "going", "havin": "having", "gettin": "getting", "makin": "making", "workin": "working",
        "plannin": "planning", "comin": "coming", "thinkin": "thinking", "lookin": "looking", "bussin": "delicious",
        "goated": "the best", "recs": "recommendations",
    ]

    /// Words dropped: they say how a line is meant, not what it says ("rn", right now, adds
    /// nothing the present tense does not, and "now" alone reads as a goodbye's "I'm off now").
    private static let fillers: Set<String> = ["lol", "lmao", "lmfao", "rofl", "ngl", "tbh", "tbf", "imo", "imho", "btw", "rn", "fr", "frfr", "istg",
                                               "lowkey", "highkey", "deadass", "ong", "fml", "smh", "xd", "xx", "xoxo"]

    /// Fillers that end a thought.
    private static let laughs: Set<String> = ["lol", "lmao", "lmfao", "rofl", "xd"]

    /// Shorthand that is also a word or a number, read by its neighbours.
    private static let contextual: Set<String> = ["u", "r", "ur", "2", "4", "sum", "y", "n", "w", "bout", "cos", "names", "fire"]

    private static func reading(_ word: String, after previous: String?, before next: String?) -> String? {
        switch word {
        case "u", "r":
            // "the U bend" is a letter.
            return previous.map(["the", "a", "an"].contains) == true ? nil : word == "u" ? "you" : "are"
        case "ur":
            // "ur so nice", "ur welcome" are "you're"; "ur cat" is "your".
            guard let next else { return "your" }
            return youreFollowers.contains(next) || next.hasSuffix("ing") && next.count > 4 ? "you're" : "your"
        case "2":
            // "allergic 2 nuts", "2 the beach", "wat am i allergic 2" — but "2 lattes", "get 2
            // coins", "table 2" count.
            guard let previous, Double(previous) == nil else { return nil }
            return next.map(toFollowers.contains) ?? true || toPreceders.contains(previous) ? "to" : nil
        case "4":
            // "4 u", "places 4 teens" — but "i have 4 kids" counts.
            guard let previous, Double(previous) == nil, !countingWords.contains(previous), let next, forFollowers.contains(next) else { return nil }
            return "for"
        case "sum":
            // "a large sum", "the sum of" are sums.
            guard previous.map({ !["a", "the", "large", "small", "tidy", "total"].contains($0) }) ?? true, next != "of" else { return nil }
            return "some"
        case "bout":
            return previous.map { ["a", "the", "boxing", "first", "last"].contains($0) } == true ? nil : "about"
        case "cos":
            return previous == "lettuce" || next == "lettuce" ? nil : "because"
        case "y":
            // "y r u sad" asks why; a lone "y" elsewhere is a letter.
            return previous == nil && next != nil ? "why" : nil
        case "w":
            // "staying w my gran"
            return previous != nil && next != nil ? "with" : nil
        case "names":
            // "her names pat", "my names jay"
            return previous.map(["my", "his", "her", "their", "your", "ur", "its"].contains) == true && next != nil ? "name's" : nil
        case "fire":
            // "ur coffee is actually fire": praise, not a fire.
            return previous.map(praiseBefore.contains) == true && (next == nil || next == "tbh" || next == "ngl") ? "amazing" : nil
        case "n":
            // "a latte n a cookie"
            return previous != nil && next != nil ? "and" : nil
        default:
            return nil
        }
    }

    private static let youreFollowers: Set<String> = [
        "so", "welcome", "the", "a", "an", "not", "right", "kidding", "joking", "from", "good", "amazing", "funny", "really",
        "literally", "always", "never", "too", "very", "such", "like", "gonna", "going", "still", "actually", "lucky", "nice",
        "cool", "mean", "crazy", "busy", "here", "there", "open", "closed", "new", "old", "tired", "bored", "sure", "allowed",
    ]
    private static let toFollowers: Set<String> = [
        "the", "a", "an", "my", "ur", "your", "u", "you", "me", "him", "her", "them", "us", "be", "do", "get", "go", "buy", "eat",
        "drink", "see", "work", "school", "town", "bed", "sleep", "nuts", "milk", "gluten", "dairy", "make", "have", "say", "talk",
        "come", "meet", "play", "watch", "find", "know", "ask", "tell", "try", "pay", "sit", "stay", "visit", "this", "that",
        "bother", "hear", "help", "leave", "wait", "use", "start", "finish", "learn", "read", "write", "open", "close",
    ]
    private static let praiseBefore: Set<String> = ["is", "s", "so", "actually", "literally", "lowkey", "kinda", "pretty", "proper", "straight",
                                                    "was", "are", "r"]
    private static let toPreceders: Set<String> = [
        "allergic", "go", "goes", "going", "went", "gone", "come", "comes", "coming", "came", "listen", "listening", "talk", "talking",
        "speak", "close", "back", "used", "similar", "nice", "kind", "mean", "married", "move", "moving", "moved", "belong",
        "belongs", "walk", "walking", "drive", "due", "way", "up", "trip", "welcome", "new", "sensitive", "intolerant", "addicted",
        "invited", "according", "thanks", "sorry", "good",
    ]
    private static let forFollowers: Set<String> = [
        "me", "u", "you", "the", "a", "an", "my", "ur", "your", "real", "sure", "now", "ever", "free", "him", "her", "them", "us",
        "teens", "kids", "teenagers", "students", "people", "ppl", "everyone", "anyone", "someone", "sum1", "tonight", "today",
        "tomorrow", "tmrw", "breakfast", "lunch", "dinner", "work", "school", "ages", "sale",
    ]
    /// Words before a number that count ("have 4 kids", "the 4 of us").
    private static let countingWords: Set<String> = [
        "have", "got", "need", "want", "buy", "get", "order", "make", "with", "about", "only", "just", "like", "the", "those", "these", "all",
        "of", "than", "by", "at",
    ]
}
