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
}

extension SlotQuery {
    /// The query for a generated field. A positional name (`_0`, the payload of an enum case
    /// such as `orderCoffee(String)`) says nothing, so the enclosing type's name — the case —
    /// is read as a hint instead.
    init(field: FieldContext, name: String, capabilities: Set<String> = []) {
        let parentType = field.parentHints?.typeName
        let isPositional = name.allSatisfy { $0 == "_" || $0.isNumber }
        self.init(name: name, description: field.hints.description, parentType: parentType,
                  hints: [field.hints.title, isPositional ? parentType : nil].compactMap { $0 }, capabilities: capabilities)
    }
}

extension ProceduralContent {
    /// The grammar symbol of the slot that best fits `query`, or nil when none does.
    ///
    /// Tiers, best first: a slot listing the exact property name; a slot name with the same
    /// words (`full_name`, `full-name`, `FullName` and `fullName` are all `full name`); words of
    /// the description and hints shared with the slot's description phrases — ranked by the
    /// longest phrase found as consecutive words, then by how many words are shared; the parent
    /// type among the slot's types. Within a tier the heavier slot wins, then the one declared
    /// first.
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
        var best: (rank: [Double], slot: Slot)?
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
            let ranked = rank + [slot.weight]
            // Strictly better only, so an equal rank keeps the slot declared first.
            if let current = best, !ranked.lexicographicallyPrecedes(current.rank, by: >) { continue }
            best = (ranked, slot)
        }
        return best?.slot
    }
}

/// The word-level normalisation slot matching uses.
enum SlotWords {
    /// Words too common to say anything about a field.
    static let stopWords: Set<String> = [
        "a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "and", "or", "with", "is", "are",
        "be", "this", "that", "its", "it", "what", "which", "who", "as", "from", "some", "one",
    ]

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
    /// plural `s` dropped (`drinks` → drink) so singular and plural phrasing match.
    static func keywords(_ text: String) -> [String] {
        identifierWords(text)
            .filter { $0.count > 1 && !stopWords.contains($0) }
            .map { word in
                word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
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
        let longest = phraseWords.filter { containsRun($0, in: keywords) }.map(\.count).max() ?? 0
        return (longest, shared)
    }

    private static func containsRun(_ run: [String], in words: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { Array(words[$0..<($0 + run.count)]) == run }
    }
}
