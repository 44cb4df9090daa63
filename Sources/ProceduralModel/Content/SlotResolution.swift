import ConstrainedDecoding
import GuidedGeneration

/// What the procedural model knows about a string field when it picks a slot for it.
struct SlotQuery: Sendable, Hashable {
    /// The property name, e.g. `customerName`.
    var name: String
    /// The field's description (a guide's or the schema's), if any.
    var description: String?
    /// The name of the type holding the field, e.g. `NPC`.
    var parentType: String?
    /// Further text about the field from its schema (a title, a format) read like the
    /// description.
    var hints: [String] = []
    /// The tool capabilities usable now; a slot wanting any other tool is passed over.
    var capabilities: Set<String> = []
    /// The lexicon kinds the prompt names (`Lexicon.kinds(namedIn:)`), which confirm a cue.
    var promptKinds: [String] = []
}

extension SlotQuery {
    /// The query for a generated field. A positional name (`_0`, the payload of an enum case
    /// such as `orderCoffee(String)`) says nothing, so the enclosing type's name — the case —
    /// is read as a hint instead.
    init(field: FieldContext, name: String, capabilities: Set<String> = [], promptKinds: [String] = []) {
        let parentType = field.parentHints?.typeName
        let isPositional = name.allSatisfy { $0 == "_" || $0.isNumber }
        self.init(name: name, description: field.hints.description, parentType: parentType,
                  hints: [field.hints.title, isPositional ? parentType : nil].compactMap { $0 }, capabilities: capabilities,
                  promptKinds: promptKinds)
    }
}

extension ProceduralContent {
    /// The grammar symbol of the slot that best fits `query`, or nil when none does.
    ///
    /// Tiers, best first: a slot listing the exact property name; a slot name with the same
    /// words (`full_name`, `full-name`, `FullName` and `fullName` are all `full name`); a
    /// lexicon word heading the property name (`favoriteColor` is a `colour`); words of the
    /// description and hints shared with a slot's description phrases or naming a lexicon kind —
    /// ranked by the longest phrase found as consecutive words, then by how many words are
    /// shared; a lexicon cue the rest of the name, the parent type or the prompt confirms
    /// (`coffeeOrder`, or `order` under "orders a coffee"); the parent type among the slot's types. Within a tier the heavier slot wins,
    /// then the one declared first, and a slot before a lexicon kind (see `Lexicon.match`). A
    /// field matching none of them is written by the corpus model.
    func slotSymbol(for query: SlotQuery) -> String? {
        slot(for: query)?.symbol
    }

    /// The slot that best fits `query` (see `slotSymbol(for:)`); slots wanting a tool take part
    /// only when the query lists their capability.
    func slot(for query: SlotQuery) -> Slot? {
        let nameWords = SlotWords.identifierWords(query.name)
        let text = ([query.description].compactMap { $0 } + query.hints).joined(separator: " ")
        let keywords = SlotWords.keywords(text)
        let parentWords = query.parentType.map(SlotWords.identifierWords)
        var best: (rank: [Double], weight: Double, slot: Slot)?
        for slot in slots {
            if let tool = slot.tool, !query.capabilities.contains(tool.capability) { continue }
            let rank: [Double]
            if slot.names.contains(query.name) {
                rank = [4, 0, 0]
            } else if slot.names.contains(where: { SlotWords.identifierWords($0) == nameWords }) {
                rank = [3, 0, 0]
            } else if let match = SlotWords.descriptionMatch(keywords, phrases: slot.descriptions) {
                rank = [2, Double(match.longestPhrase), Double(match.sharedWords)]
            } else if let parentWords, slot.types.contains(where: { SlotWords.identifierWords($0) == parentWords }) {
                rank = [1, 0, 0]
            } else {
                continue
            }
            // Strictly better only, so an equal rank keeps the slot declared first.
            if let current = best, !(rank + [slot.weight]).lexicographicallyPrecedes(current.rank + [current.weight], by: >) { continue }
            best = (rank, slot.weight, slot)
        }
        if let best, best.rank[0] >= 3 { return best.slot }
        let kind = compiledLexicon.match(name: SlotWords.keywords(query.name), text: keywords,
                                         parent: query.parentType.map(SlotWords.keywords) ?? [], promptKinds: query.promptKinds)
        guard let kind, best.map({ kind.rank.lexicographicallyPrecedes($0.rank, by: >) }) ?? true else { return best?.slot }
        return slot(ofKind: kind.symbol, capabilities: query.capabilities)
    }

    /// What fills a field of lexicon kind `symbol`: the heaviest slot listing `symbol` among its
    /// names (one wanting a tool only when `capabilities` has it, so a name can come from a
    /// tool), else the symbol itself.
    private func slot(ofKind symbol: String, capabilities: Set<String>) -> Slot {
        var best: Slot?
        for slot in slots where slot.names.contains(symbol) {
            if let tool = slot.tool, !capabilities.contains(tool.capability) { continue }
            if slot.weight > best?.weight ?? 0 { best = slot }
        }
        return best ?? Slot(symbol: symbol, names: [symbol])
    }
}

/// The word-level normalisation slot matching uses.
enum SlotWords {
    /// Words too common to say anything about a field.
    static let stopWords: Set<String> = [
        "a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "and", "or", "with", "is", "are",
        "be", "this", "that", "its", "it", "what", "which", "who", "as", "from", "some", "one",
    ]

    /// Words that end a property name without saying what it holds, so the word before them
    /// does: `rivalName` holds a rival's name, `drinkOfChoice` a drink.
    static let namingWords: Set<String> = ["name", "type", "kind", "sort", "choice", "preference", "pick"]

    /// The lowercased words of an identifier: split at `_`, `-`, spaces, dots and digits runs, and
    /// at case changes (`customerName` → customer name, `URLPath` → url path).
    static func identifierWords(_ identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(identifier)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let last = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = (character.isUppercase && last.isLowercase)
                    || (character.isUppercase && last.isUppercase && next?.isLowercase == true)
                    || (character.isNumber != last.isNumber)
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// The content words of free text, lowercased, without stop words and single letters, with a
    /// plural ending dropped so singular and plural phrasing match: `drinks` → drink, and a
    /// final `ies` or `ie` reads as `y` (`hobbies` → hobby, `cookies` and `cookie` → cooky).
    static func keywords(_ text: String) -> [String] {
        identifierWords(text)
            .filter { $0.count > 1 && !stopWords.contains($0) }
            .map { word in
                if word.count > 4 && word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
                if word.count > 4 && word.hasSuffix("ie") { return String(word.dropLast(2)) + "y" }
                return word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
            }
    }

    /// How well description `keywords` match a slot's description `phrases`: the length of the
    /// longest phrase found as consecutive keywords, and how many distinct keywords occur in any
    /// phrase; nil when no keyword does.
    static func descriptionMatch(_ keywords: [String], phrases: [String]) -> (longestPhrase: Int, sharedWords: Int)? {
        let phraseWords = phrases.map(Self.keywords)
        let vocabulary = Set(phraseWords.joined())
        let shared = Set(keywords).intersection(vocabulary).count
        guard shared > 0 else { return nil }
        let longest = phraseWords.filter { lastEnd(of: $0, in: keywords) != nil }.map(\.count).max() ?? 0
        return (longest, shared)
    }

    /// The index of the last word of `run`'s last occurrence as consecutive words of `words`,
    /// or nil when it does not occur (an empty run never does).
    static func lastEnd(of run: [String], in words: [String]) -> Int? {
        guard !run.isEmpty, run.count <= words.count else { return nil }
        return (0...(words.count - run.count)).last { words[$0..<($0 + run.count)].elementsEqual(run) }.map { $0 + run.count - 1 }
    }
}
