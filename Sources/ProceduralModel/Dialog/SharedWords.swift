/// Which of several remembered texts a question is about, by the words they share: "where did
/// my brother move to?" is about "your brother Kofi just moved to Lisbon", not "your dog Rufus".
/// Words are read through the content's synonyms ("what pet did I mention?" shares `pet` with
/// "your parrot Captain"); function words, question and recall words do not count; two words
/// are shared when their stems are equal or they begin with the same five letters ("allergies",
/// "allergic"). A word shared as typed counts again, so that of texts sharing a synonym the one
/// naming the same thing wins: "how much is a latte?" is about "The latte is 4 coins", though
/// the synonyms read every drink as `coffee`.
struct SharedWords: Sendable {
    let thesaurus: Thesaurus
    /// The words of texts held against prompts, by text: a character's facts and the shop's
    /// price list come back every turn.
    private let analyses = BoundedCache<String, Words>()

    /// The words of a text that count: through the synonyms, and as typed; and those of what it
    /// names, before its first " is " ("a cortado is …", "The gym is …") or, in a text opening
    /// "For", before its first comma ("For a curry, …"); nil without one.
    private struct Words: Sendable {
        let stems: [String]
        let typed: [String]
        let named: [String]?
        /// The last word of what it names, the kind of thing it is ("cinema" of "The little
        /// cinema").
        let head: String?
    }

    init(thesaurus: Thesaurus) {
        self.thesaurus = thesaurus
    }

    /// The words of a prompt that count, read once for all the texts it is held against.
    struct Asked {
        fileprivate let stems: [String]
        fileprivate let typed: [String]
        /// The words said as verbs, after "to" or a subject ("is it safe to walk about?"), which
        /// name no place.
        fileprivate var verbs: Set<String> = []
    }

    func asked(_ prompt: String) -> Asked {
        let words = DialogWords.words(prompt)
        let verbs = zip(words, words.dropFirst()).filter { Self.beforeVerbs.contains($0.0) }.map { DialogWords.stem($0.1) }
        return Asked(stems: meaningful(words), typed: typed(words), verbs: Set(verbs))
    }

    private static let beforeVerbs: Set<String> = ["to", "i", "you", "we", "they", "can", "could"]

    /// The prompt's words that `text` does not share: what is left to ask about once `text`
    /// answered part of it ("a latte and a flat white" less "a flat white" is "latte").
    func asked(_ asked: Asked, without text: String) -> Asked {
        let words = analysis(of: text)
        return Asked(stems: asked.stems.filter { word in !words.stems.contains { Self.same(word, $0) } },
                     typed: asked.typed.filter { word in !words.typed.contains { Self.same(word, $0) } }, verbs: asked.verbs)
    }

    /// The text of `texts` whose name the prompt says in full, as typed — the name being its
    /// words before " is " ("a flat white is …") — the longest such name, nil when none: "a
    /// long black" names no drink though "black" is in the chai's "black tea", and "pain au
    /// chocolat" names neither "a cafe au lait" nor "a hot chocolate".
    func namedInFull(by asked: Asked, among texts: [String]) -> (text: String, shared: Int)? {
        var best: (text: String, shared: Int)?
        for text in texts {
            let words = analysis(of: text)
            let name = words.named ?? words.typed
            guard !name.isEmpty, name.allSatisfy({ word in asked.typed.contains { Self.same(word, $0) } }) else { continue }
            if name.count > best?.shared ?? 0 { best = (text, name.count) }
        }
        return best
    }

    /// The text of `texts` sharing the most words with the prompt (the latest of equals) and how
    /// many it shares, nil when none shares one; `byTypedWords`, only a word shared as typed
    /// counts ("carrot cake" shares nothing with "The toastie is 6 coins", though both read as
    /// `pastry`).
    func closest(to asked: Asked, among texts: [String], byTypedWords: Bool = false) -> (text: String, shared: Int)? {
        var best: (text: String, shared: Int, unshared: Int)?
        for text in texts {
            // A word shared in what the text names counts twice, so "which is stronger, the
            // americano or the latte?" names the americano, not the cortado said to be strong.
            let words = analysis(of: text)
            let shared = byTypedWords ? sharedAsTyped(asked, words.typed) + (words.named.map { sharedAsTyped(asked, $0) } ?? 0)
                : shared(asked, words)
            guard shared > 0 else { continue }
            // Of names sharing as many words, the one with the fewest others: "a croissant" is
            // the croissant, not the almond croissant.
            let unshared = byTypedWords ? words.typed.count - shared : 0
            if shared > best?.shared ?? 0 || (shared == best?.shared && unshared <= best?.unshared ?? 0) { best = (text, shared, unshared) }
        }
        return best.map { ($0.text, $0.shared) }
    }

    /// How many of the prompt's words `text` shares, read through the synonyms, twice, plus how
    /// many it shares as typed.
    func shared(_ asked: Asked, _ text: String) -> Int {
        shared(asked, analysis(of: text))
    }

    private func shared(_ asked: Asked, _ words: Words) -> Int {
        guard !asked.stems.isEmpty else { return 0 }
        return 2 * asked.stems.filter { word in words.stems.contains { Self.same(word, $0) } }.count + sharedAsTyped(asked, words.typed)
    }

    /// Whether the prompt names a word of `text` as typed, alone or as the end of a longer word
    /// ("the hazelnut latte" names "nuts", "a buttermilk pancake" names "milk"; "my coat" does
    /// not name "oat": what comes before must be a word's length too).
    func names(_ text: String, in asked: Asked) -> Bool {
        analysis(of: text).typed.contains { word in
            asked.typed.contains { Self.same(word, $0) || word.count >= 3 && $0.count >= word.count + 3 && $0.hasSuffix(word) }
        }
    }

    /// Whether the prompt says the kind of thing `text` names, its name's last word ("is there a
    /// cinema?" says it of "The little cinema is on Mill Lane", "a little cooler" does not);
    /// false for a text that names nothing.
    func saysTheName(of text: String, in asked: Asked) -> Bool {
        analysis(of: text).head.map { head in asked.typed.contains { Self.same(head, $0) && !asked.verbs.contains($0) } } ?? false
    }

    /// Where the name of `text` ends: its first " is ", or the first comma of a text opening "For".
    private static func nameEnd(of text: String) -> String.Index? {
        text.hasPrefix("For ") ? text.firstIndex(of: ",") : text.range(of: " is ")?.lowerBound
    }

    /// The words of `text` that count, from the cache.
    private func analysis(of text: String) -> Words {
        analyses.value(for: text) {
            let words = DialogWords.words(text)
            let name = Self.nameEnd(of: text).map { DialogWords.words(String(text[..<$0])) }
            return Words(stems: meaningful(words), typed: typed(words), named: name.map(typed),
                         head: name?.last { !DialogWords.stopWords.contains($0) && !Self.ignored.contains($0) }.map(DialogWords.stem))
        }
    }

    /// How many of the prompt's words `text` shares as typed; a bare number is no name ("hw much 4
    /// a croissant" is not about the item that costs 4 coins).
    private func sharedAsTyped(_ asked: Asked, _ typed: [String]) -> Int {
        asked.typed.filter { word in !word.allSatisfy(\.isNumber) && typed.contains { Self.same(word, $0) } }.count
    }

    /// The distinct stems that carry meaning, as typed.
    private func typed(_ words: [String]) -> [String] {
        let stems = words.filter { !DialogWords.stopWords.contains($0) && !Self.ignored.contains($0) }.map(DialogWords.stem)
        return Array(Set(stems)).sorted()
    }

    /// The distinct stems that carry meaning, a synonym read as its group's word.
    private func meaningful(_ words: [String]) -> [String] {
        // A replacement counts by its group's word: "u" is `you`, a stop word.
        let terms = thesaurus.canonical(words).filter { term in
            let word = term.word ?? term.stem
            return !DialogWords.stopWords.contains(word) && !Self.ignored.contains(word)
        }
        return Array(Set(terms.map(\.stem))).sorted()
    }

    private static func same(_ first: String, _ second: String) -> Bool {
        first == second || (first.count >= 5 && second.count >= 5 && first.prefix(5) == second.prefix(5))
    }

    /// Words of asking and remembering, which every recall question has.
    private static let ignored: Set<String> = DialogWords.Person.recallWords.union(DialogWords.Person.whWords).union([
        "how", "when", "why", "not", "again", "think", "thought", "remind", "earlier", "before", "thing", "things",
        "what", "kind", "sort", "one", "ever", "all", "no", "yes", "yeah", "hey", "hi", "oh", "um", "so", "remembered",
        "told", "telling", "bet", "already", "anything", "something", "yet", "now", "still", "u", "ur", "im", "whats", "name",
        "called", "call", "days",
    ])
}
