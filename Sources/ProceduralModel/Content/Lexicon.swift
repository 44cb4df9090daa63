import GuidedGeneration

/// The pack's lexicon (`ProceduralContent.LexiconEntry`) compiled for matching: each entry's
/// words and cues as runs of keywords, so a field is matched without re-reading the entries.
struct Lexicon: Sendable {
    /// One entry, compiled.
    struct Kind: Sendable {
        let symbol: String
        let words: [[String]]
        let cues: [[String]]
    }

    let kinds: [Kind]

    init(_ entries: [ProceduralContent.LexiconEntry]) {
        kinds = entries.map { entry in
            Kind(symbol: entry.symbol, words: entry.words.map(SlotWords.keywords), cues: entry.cues.map(SlotWords.keywords))
        }
    }

    /// The kinds whose words occur in `text` (a prompt), in lexicon order, each once.
    func kinds(namedIn text: String) -> [String] {
        let words = SlotWords.keywords(text)
        var named: [String] = []
        for kind in kinds where !named.contains(kind.symbol) && kind.words.contains(where: { SlotWords.lastEnd(of: $0, in: words) != nil }) {
            named.append(kind.symbol)
        }
        return named
    }

    /// The kind a field's words name, ranked as slot matches are (`ProceduralContent.slot(for:)`):
    /// - `[2.5, end, length]`: a word of the property name that is its head — its last word, or
    ///   one followed only by naming words (`SlotWords.namingWords`: `rivalName`,
    ///   `drinkOfChoice`) — preferring the phrase that ends later, then the longer one
    ///   (`petName` is a `pet name`, not a `pet`); a modifier alone names nothing (`petPeeve`,
    ///   `birthDate`);
    /// - `[2, length, shared]`: a phrase of the description or hints, as a slot's description
    ///   phrases are ranked;
    /// - `[1.5, 1, 0]`: a cue heading the name, or in the description, when the rest of the
    ///   name or the parent type names the kind (`coffeeOrder`, `lunchOrder`);
    /// - `[1.5, 0, 0]`: such a cue when the prompt names the kind (`promptKinds`): `order` under
    ///   "Generate a character that orders a coffee.".
    ///
    /// All word lists are keywords (`SlotWords.keywords`). Among equal ranks, the entry declared
    /// first wins.
    func match(name: [String], text: [String], parent: [String], promptKinds: [String]) -> (rank: [Double], symbol: String)? {
        let head = name.lastIndex { !SlotWords.namingWords.contains($0) } ?? name.count - 1
        var best: (rank: [Double], symbol: String)?
        for kind in kinds {
            guard let rank = rank(of: kind, name: name, head: head, text: text, parent: parent, promptKinds: promptKinds) else { continue }
            if let current = best, !rank.lexicographicallyPrecedes(current.rank, by: >) { continue }
            best = (rank, kind.symbol)
        }
        return best
    }

    private func rank(of kind: Kind, name: [String], head: Int, text: [String], parent: [String], promptKinds: [String]) -> [Double]? {
        func heads(_ phrase: [String]) -> Int? {
            SlotWords.lastEnd(of: phrase, in: name).flatMap { $0 >= head ? $0 : nil }
        }
        let inName = kind.words.compactMap { phrase in heads(phrase).map { (end: $0, length: phrase.count) } }
        if let best = inName.max(by: { ($0.end, $0.length) < ($1.end, $1.length) }) {
            return [2.5, Double(best.end), Double(best.length)]
        }
        let inText = kind.words.filter { SlotWords.lastEnd(of: $0, in: text) != nil }
        if let longest = inText.map(\.count).max() {
            return [2, Double(longest), Double(Set(inText.joined()).count)]
        }
        guard kind.cues.contains(where: { heads($0) != nil || SlotWords.lastEnd(of: $0, in: text) != nil }) else { return nil }
        if kind.words.contains(where: { SlotWords.lastEnd(of: $0, in: name) != nil || SlotWords.lastEnd(of: $0, in: parent) != nil }) {
            return [1.5, 1, 0]
        }
        return promptKinds.contains(kind.symbol) ? [1.5, 0, 0] : nil
    }
}
