import Foundation

/// Questions worded the way learners of English often word them, put in the order the
/// dialog's examples use, so they are heard as the same questions: "what you do at the
/// weekend?" → "what do you do at the weekend?", "where you are from?" → "where are you
/// from?", "where I can buy a ticket?" → "where can I buy a ticket?", "where lives your
/// brother?" → "where does your brother live?", "how is called your cat?" → "what is your cat
/// called?". Only a sentence that asks — its mark a question mark, or the line's last
/// sentence, short and without a mark — and opens with a question word is reordered; with a
/// question mark, a statement's order is inverted too ("there is a bank near here?" → "is there
/// …", "on Thursday you are free?" → "on Thursday are you free?"). A line with nothing to
/// reorder comes back as it was.
enum LearnerWordOrder {
    static func standardized(_ line: String) -> String {
        let tokens = line.split(whereSeparator: \.isWhitespace).map(String.init)
        var result: [String] = []
        var changed = false
        var start = 0
        while start < tokens.count {
            var end = start
            while end < tokens.count - 1, !TypedToken.endsSentence(tokens[end]) { end += 1 }
            let sentence = Array(tokens[start...end])
            // A line's last sentence without a mark asks only when short: "where I come from
            // people kiss twice" tells.
            let marked = sentence.last?.hasSuffix("?") == true
            let asks = marked || end == tokens.count - 1 && !TypedToken.endsSentence(tokens[end]) && sentence.count <= 6
            if asks, let reordered = reordered(sentence, marked: marked) {
                result += reordered
                changed = true
            } else {
                result += sentence
            }
            start = end + 1
        }
        return changed ? result.joined(separator: " ") : line
    }

    /// `sentence` in the usual order, or nil when it already is (or is no question this reads).
    /// A statement's order asks only with a question mark (`marked`): "there is a queue" tells.
    private static func reordered(_ sentence: [String], marked: Bool) -> [String]? {
        let bare = sentence.map(TypedToken.bare)
        var index = 0
        while index < bare.count, DialogWords.Person.fillers.contains(bare[index]) { index += 1 }
        // "there is a bank near here?" → "is there a bank near here?"
        if marked, index + 2 < bare.count, bare[index] == "there", ["is", "are"].contains(bare[index + 1]) {
            var tokens = sentence
            tokens[index] = TypedToken.capitalizedLike(sentence[index], bare[index + 1])
            tokens[index + 1] = "there"
            return tokens
        }
        if marked, let asked = statementAsked(sentence, bare, from: index) { return asked }
        // "from which city I come?", "with who you live?"
        let preposition = index < bare.count && prepositions.contains(bare[index]) ? index : nil
        if preposition != nil { index += 1 }
        guard index + 2 < bare.count, questionWords.contains(bare[index]) else { return nil }
        let reordered = calledByName(sentence, bare, at: index) ?? thirdPersonInverted(sentence, bare, at: index)
            ?? withoutAuxiliary(sentence, bare, at: index)
        // The preposition goes to the end, where the examples have it: "which city do I come
        // from?", "what am I allergic to?".
        guard let preposition else { return reordered }
        var tokens = reordered ?? sentence
        let moved = tokens.remove(at: preposition)
        tokens[preposition] = TypedToken.capitalizedLike(moved, tokens[preposition])
        appendBeforeMark(&tokens, moved.lowercased().trimmingCharacters(in: .punctuationCharacters))
        return tokens
    }

    /// "on Thursday you are free?" → "on Thursday are you free?", "you can help me?" → "can you
    /// help me?": "you" with a form of "be" or a modal, at the start or after a day named.
    private static func statementAsked(_ sentence: [String], _ bare: [String], from start: Int) -> [String]? {
        var subject = start
        if subject < bare.count, timeWords.contains(bare[subject]) {
            subject += 1
        } else if subject + 1 < bare.count {
            // "on Friday", "next Friday", "this evening"
            let isWeekday = CalendarDate.weekdayNames.contains { $0.lowercased() == bare[subject + 1] }
            let isPartOfTheWeek = ["week", "weekend", "evening", "morning", "afternoon"].contains(bare[subject + 1])
            if ["on", "this", "next"].contains(bare[subject]) && isWeekday || ["this", "next"].contains(bare[subject]) && isPartOfTheWeek {
                subject += 2
            }
        }
        guard subject + 2 < bare.count, bare[subject] == "you", beForms.contains(bare[subject + 1]) || modals.contains(bare[subject + 1]) else { return nil }
        var tokens = sentence
        tokens[subject] = TypedToken.word(sentence[subject], replacedBy: subject == start ? TypedToken.capitalizedLike(sentence[subject], bare[subject + 1]) : bare[subject + 1])
        tokens[subject + 1] = TypedToken.word(sentence[subject + 1], replacedBy: "you")
        return tokens
    }

    private static let timeWords: Set<String> = ["today", "tomorrow", "tonight", "later", "now", "yesterday"]

    /// "how is called your cat?" → "what is your cat called?"; "how is it called in English?" →
    /// "what is it called in English?".
    private static func calledByName(_ sentence: [String], _ bare: [String], at index: Int) -> [String]? {
        guard bare[index] == "how", ["is", "are"].contains(bare[index + 1]) else { return nil }
        var tokens = sentence
        tokens[index] = TypedToken.capitalizedLike(sentence[index], "what")
        if bare[index + 2] == "called", index + 3 < bare.count {
            tokens.remove(at: index + 2)
            appendBeforeMark(&tokens, "called")
            return tokens
        }
        if index + 3 < bare.count, ["it", "this", "that", "they", "these", "those"].contains(bare[index + 2]), bare[index + 3] == "called" {
            return tokens
        }
        return nil
    }

    /// "where lives your brother?" → "where does your brother live?": a verb in the third
    /// person before a short subject that ends the sentence.
    private static func thirdPersonInverted(_ sentence: [String], _ bare: [String], at index: Int) -> [String]? {
        let verb = bare[index + 1]
        guard ["where", "what", "when", "how"].contains(bare[index]), verb.count > 3, verb.hasSuffix("s"), !verb.hasSuffix("ss"),
              !verb.hasSuffix("us"), !notVerbs.contains(verb), determiners.contains(bare[index + 2]),
              (index + 4...index + 5).contains(bare.count)
        else { return nil }
        var tokens = sentence
        tokens.remove(at: index + 1)
        tokens.insert("does", at: index + 1)
        appendBeforeMark(&tokens, baseForm(of: verb))
        return tokens
    }

    /// "what you do at the weekend?" → "what do you do …", "where you are from?" → "where are
    /// you from?", "what you doing later?" → "what are you doing later?": a question word (and
    /// the few words it asks about: "which instrument", "how long"), then the subject, with no
    /// auxiliary before it.
    private static func withoutAuxiliary(_ sentence: [String], _ bare: [String], at index: Int) -> [String]? {
        let allowance = ["what", "which"].contains(bare[index]) ? 3 : bare[index] == "how" ? 1 : 0
        var subject: Int?
        for position in (index + 1)...min(index + 1 + allowance, bare.count - 1) {
            let word = bare[position]
            if subjects.contains(word) { subject = position; break }
            // "what brings you here?", "what made you choose coffee?": a verb before "you".
            let isVerb = word.hasSuffix("s") || word.hasSuffix("ed") || pastForms.contains(word)
            if auxiliaries.contains(word) || otherSubjects.contains(word) || isVerb || ["about", "if", "for"].contains(word)
                || bare[index] == "how" && !howMuch.contains(word) { return nil }
        }
        guard let subject, subject + 1 < bare.count else { return nil }
        let verb = bare[subject + 1]
        var tokens = sentence
        let followedByParticiple = subject + 2 < bare.count && (participles.contains(bare[subject + 2]) || bare[subject + 2].hasSuffix("ed"))
        if beForms.contains(verb) || modals.contains(verb) || ["have", "has"].contains(verb) && followedByParticiple {
            // The words trade places; each token keeps its own marks ("where you are?").
            tokens[subject] = TypedToken.word(sentence[subject], replacedBy: verb)
            tokens[subject + 1] = TypedToken.word(sentence[subject + 1], replacedBy: bare[subject] == "i" ? "I" : bare[subject])
            return tokens
        }
        if verb == "from" || verb.hasSuffix("ing") && verb.count > 4 {
            tokens.insert(bare[subject] == "i" ? "am" : "are", at: subject)
            return tokens
        }
        guard ["have", "do"].contains(verb) || !auxiliaries.contains(verb) && !otherSubjects.contains(verb) && !subjects.contains(verb)
                && !pastForms.contains(verb) && !verb.hasSuffix("ed"),
              verb.allSatisfy(\.isLetter)
        else { return nil }
        tokens.insert("do", at: subject)
        return tokens
    }

    /// `word` added after the last token's word, before the sentence's mark.
    private static func appendBeforeMark(_ tokens: inout [String], _ word: String) {
        guard let last = tokens.popLast() else { return }
        let mark = TypedToken.trailingMarks(of: last)
        tokens.append(String(last.dropLast(mark.count)))
        tokens.append(word + mark)
    }

    /// "lives" → "live", "studies" → "study", "goes" → "go", "watches" → "watch".
    private static func baseForm(of verb: String) -> String {
        if verb.hasSuffix("ies") { return String(verb.dropLast(3)) + "y" }
        if ["ches", "shes", "xes", "oes", "zes"].contains(where: verb.hasSuffix) { return String(verb.dropLast(2)) }
        return String(verb.dropLast())
    }

    private static let questionWords: Set<String> = ["what", "where", "when", "which", "how", "why", "who", "whom"]
    /// Prepositions a learner may put before the question word ("since when" is English as it is).
    private static let prepositions: Set<String> = ["from", "to", "with", "in", "at", "for", "about", "of"]
    private static let subjects: Set<String> = ["i", "you", "we", "they"]
    private static let determiners: Set<String> = ["my", "your", "his", "her", "our", "their", "the"]
    private static let howMuch: Set<String> = ["long", "much", "many", "often", "far", "old", "soon", "late", "early"]
    private static let beForms: Set<String> = ["am", "are", "was", "were"]
    private static let modals: Set<String> = ["can", "could", "will", "would", "should", "shall", "must", "may", "might"]
    private static let auxiliaries: Set<String> = beForms.union(modals).union(["is", "do", "does", "did", "have", "has", "had", "don't", "didn't", "not"])
    private static let participles: Set<String> = ["been", "got", "gotten", "done", "seen", "had", "made", "gone", "eaten", "tried", "ever",
                                                   "already", "just", "never", "known", "heard", "read", "taken", "given", "met", "lived", "worked"]
    private static let pastForms: Set<String> = ["went", "did", "had", "saw", "ate", "got", "made", "said", "came", "bought", "thought",
                                                 "took", "met", "left", "told", "found", "gave", "spent", "was", "were", "knew", "read", "wrote"]
    /// Words ending in "s" that are no verb in the third person ("where is this?", "what's yours?").
    private static let notVerbs: Set<String> = ["this", "its", "yours", "ours", "theirs", "hers", "his", "is", "was", "does", "has",
                                                "always", "perhaps", "sometimes", "times", "days", "hours", "years", "weeks", "months", "news"]
    /// Subjects before which a missing auxiliary is not read ("what it costs?" is rare, "what
    /// this is?" reads either way).
    private static let otherSubjects: Set<String> = ["it", "he", "she", "this", "that", "there", "here", "these", "those"]
}
