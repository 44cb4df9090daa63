import Foundation
import ProceduralModel

/// One sentence the player said, as words, with the readers of the facts a sentence can tell
/// about them (`PlayerFacts.learn`). Each reader looks for a phrase that introduces a fact ("I
/// work as", "my sister", "I live in") and keeps the words after it up to the end of the clause,
/// turned to the second person.
package struct PlayerSentence {
    /// The words as typed, and in lower case; a comma is a word of its own (it ends a clause).
    package let words: [String]
    package let lower: [String]
    package let isQuestion: Bool

    /// The sentences of `line`: split at `.`, `!`, `?`, `;`, line breaks and a colon before a
    /// space ("pop quiz: what's my name?", not "08:30").
    package static func split(_ line: String) -> [PlayerSentence] {
        var sentences: [PlayerSentence] = []
        var current = ""
        for character in line.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: ": ", with: "\n") {
            if ".!?;\n".contains(character) {
                if let sentence = PlayerSentence(current, endsWithQuestionMark: character == "?") { sentences.append(sentence) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if let sentence = PlayerSentence(current, endsWithQuestionMark: false) { sentences.append(sentence) }
        return sentences
    }

    private init?(_ text: String, endsWithQuestionMark: Bool) {
        var words: [String] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            let trimmed = token.trimmingCharacters(in: CharacterSet(charactersIn: "\"()[]:*~"))
            let ending = trimmed.hasSuffix(",")
            let word = ending ? String(trimmed.dropLast()) : trimmed
            if !word.isEmpty { words.append(word) }
            if ending { words.append(",") }
        }
        guard !words.isEmpty else { return nil }
        self.words = words
        lower = words.map { $0.lowercased() }
        isQuestion = endsWithQuestionMark || DialogWords.asks(text)
    }

    /// The statement before a question's last clause ("hi, I'm Soren, mind if I sit here?" →
    /// "hi, I'm Soren"); nil when the sentence is no question or that part asks, too.
    package var statementBeforeQuestion: PlayerSentence? {
        guard isQuestion, let comma = lower.lastIndex(of: ","), comma > 0,
              let statement = PlayerSentence(words[..<comma].joined(separator: " "), endsWithQuestionMark: false),
              !statement.isQuestion else { return nil }
        return statement
    }

    // MARK: Phrases

    /// Where `phrase` (lower-case words) first occurs, and where its words end: its words in
    /// order, with any of `inserted` between them ("I'm originally from", "I really can't stand").
    package func occurrence(of phrase: [String]) -> (start: Int, end: Int)? {
        guard let first = phrase.first else { return nil }
        for start in lower.indices where lower[start] == first {
            var at = start + 1
            var matched = true
            for word in phrase.dropFirst() {
                while at < lower.count, lower[at] != word, Self.inserted.contains(lower[at]) { at += 1 }
                guard at < lower.count, lower[at] == word else { matched = false; break }
                at += 1
            }
            if matched { return (start, at) }
        }
        return nil
    }

    /// Words that may stand inside a phrase without changing what it tells.
    package static let inserted: Set<String> = [
        "really", "originally", "actually", "just", "also", "absolutely", "totally", "honestly", "genuinely", "literally",
        "truly", "kinda", "basically", "seriously", "definitely", "still", "currently", "now", "recently", "properly",
    ]

    /// The first of `phrases` the sentence holds: where it starts and where its words end.
    package func find(_ phrases: [[String]]) -> (start: Int, end: Int)? {
        phrases.lazy.compactMap(occurrence(of:)).first
    }

    /// The words from `start` up to the end of the clause (at most `limit`), without fillers at
    /// the end; nil when none is left.
    package func clause(from start: Int, limit: Int = 8) -> [String]? {
        var end = start
        while end < words.count, end - start < limit, !Self.clauseEnds.contains(lower[end]), !asksAfter(end) { end += 1 }
        while end > start, Self.fillers.contains(lower[end - 1]) { end -= 1 }
        return end > start ? Array(words[start..<end]) : nil
    }

    /// Whether a question, typed without a full stop, opens at `index`: "I'm allergic to nuts
    /// is the banana bread ok" keeps "nuts" (not "coffee that is strong").
    private func asksAfter(_ index: Int) -> Bool {
        index > 0 && index + 1 < lower.count && ["is", "are", "can", "could", "do", "does", "will"].contains(lower[index])
            && ["the", "it", "this", "that", "there", "a", "an", "my", "your", "you", "u", "i", "we"].contains(lower[index + 1])
    }

    package static let clauseEnds: Set<String> = [",", "and", "but", "because", "cause", "cos", "so", "though", "although", "btw", "lol", "haha", "which", "who", "if"]
    package static let fillers: Set<String> = ["now", "too", "really", "anyway", "actually", "though", "btw", "lol", "haha", "tbh", "lately", "honestly"]
    package static let pronouns: Set<String> = ["it", "that", "this", "you", "them", "her", "him", "those", "these", "u", "ya"]

    /// The clause after the first of `phrases`, in the second person; nil for a pronoun.
    package func object(after phrases: [[String]]) -> String? {
        guard let found = find(phrases), let words = clause(from: found.end, limit: 6) else { return nil }
        guard !(words.count == 1 && Self.pronouns.contains(words[0].lowercased())) else { return nil }
        return Self.secondPerson(words)
    }

    /// `words` turned from the player's first person to the second ("my" → "your", "I'm" →
    /// "you're").
    package static func secondPerson(_ words: [String]) -> String {
        var turned: [String] = []
        for (position, word) in words.enumerated() {
            let lower = word.lowercased()
            if lower == "was", position > 0, words[position - 1].lowercased() == "i" {
                turned.append("were")
            } else {
                turned.append(firstToSecond[lower] ?? word)
            }
        }
        return turned.joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
    }

    package static let firstToSecond: [String: String] = [
        "i": "you", "i'm": "you're", "im": "you're", "i've": "you've", "ive": "you've", "i'll": "you'll", "i'd": "you'd",
        "my": "your", "me": "you", "mine": "yours", "myself": "yourself", "am": "are",
        "we": "you", "we're": "you're", "we've": "you've", "we'll": "you'll", "our": "your", "us": "you",
    ]

    /// Whether the sentence speaks of the player ("I", "my", "we" …).
    package var speaksOfThePlayer: Bool {
        lower.contains { Self.firstToSecond[$0] != nil && $0 != "am" }
    }

    /// The whole sentence in the second person when it tells something of the player in a few
    /// words or more ("my brother Kofi just moved to Lisbon" → "your brother Kofi just moved to
    /// Lisbon"); nil for a greeting, a remark or a question.
    package var toldOfThePlayer: String? {
        guard !isQuestion, speaksOfThePlayer else { return nil }
        if let age = toldAge { return "you're \(age) years old" }
        guard lower.filter({ $0 != "," }).count >= 3 else { return nil }
        return Self.secondPerson(Array(words.prefix(24)))
    }

    /// An age told on its own ("I'm 15", "im fifteen", "I am 82 years old"), so that it is kept
    /// in words "how old am I?" finds.
    package var toldAge: Int? {
        let start = lower.first == "i'm" || lower.first == "im" ? 1 : lower.starts(with: ["i", "am"]) ? 2 : nil
        guard let start, let number = NumberWords.reading(lower, at: start), !number.isOrdinal, (1...120).contains(number.value) else { return nil }
        let rest = Array(lower[(start + number.length)...])
        return [[], ["years", "old"], ["yrs", "old"], ["years"], ["yrs"], ["now"], ["today"]].contains(rest) ? number.value : nil
    }

    /// The sentence in the second person when it goes on about someone the player spoke of just
    /// before, opening with their pronoun ("His name is Chico." after "I have a parrot"); nil
    /// for any other sentence.
    package var continuation: String? {
        guard !isQuestion, !speaksOfThePlayer, let first = lower.first, Self.continuingPronouns.contains(first),
              lower.filter({ $0 != "," }).count >= 3 else { return nil }
        return Self.secondPerson(Array(words.prefix(24)))
    }

    private static let continuingPronouns: Set<String> = ["he", "she", "his", "her", "they", "their", "he's", "she's", "they're"]

    /// Whether the sentence only names a thing of the player's, with no verb: "my dog", "my
    /// sister's" (not "my dog's ill").
    package var namesAThingOnly: Bool {
        lower.first == "my" && (2...3).contains(lower.count) && !lower.dropLast().contains { $0.contains("'") }
    }

    /// A name as typed, capitalised ("biscuit" → "Biscuit"); nil for a word that is no name.
    package static func name(_ word: String) -> String? {
        let lower = word.lowercased()
        guard word.count <= 20, word.first?.isLetter == true, word.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" }),
              !notNames.contains(lower) else { return nil }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    package static let notNames: Set<String> = [
        "so", "not", "just", "very", "really", "here", "back", "fine", "good", "sorry", "the", "a", "an", "i", "okay", "ok", "and", "but",
        "is", "was", "a", "tired", "new", "from", "in", "at", "on", "still", "also", "called", "named", "my", "your", "her", "his",
        "i'd", "i'm", "i'll", "i've", "id", "im", "ive", "he", "she", "they", "we", "you", "it", "who", "that", "this",
    ]
}
