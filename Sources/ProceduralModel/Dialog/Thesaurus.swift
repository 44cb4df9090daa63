import GuidedGeneration

/// Words and phrases that mean one thing to intent matching: each variant, wherever it occurs in
/// a prompt or an example, is read as its group's canonical word, so "wi-fi", "internet" and
/// "hotspot" all count as `wifi` and an intent needs one example per idea rather than one per
/// wording. Matching is on stems (`DialogWords.stem`), so "hotspots" is a variant too; a longer
/// phrase wins over a shorter one starting at the same word.
struct Thesaurus: Sendable {
    /// Stem sequence of a variant → the canonical word's stem.
    private let phrases: [[String]: String]
    private let longestPhrase: Int

    init(_ groups: [ProceduralContent.SynonymGroup] = []) {
        var phrases: [[String]: String] = [:]
        for group in groups {
            let canonical = DialogWords.stem(group.canonical)
            for variant in group.variants {
                phrases[DialogWords.stems(variant)] = canonical
            }
            phrases[[canonical]] = canonical
        }
        self.phrases = phrases
        longestPhrase = phrases.keys.map(\.count).max() ?? 0
    }

    /// The stems of `words` with every variant phrase replaced by its canonical stem; each
    /// stem keeps the word it came from, or nil when it is a replacement.
    func canonical(_ words: [String]) -> [(stem: String, word: String?)] {
        let stems = words.map(DialogWords.stem)
        guard longestPhrase > 0 else { return zip(stems, words).map { ($0, $1) } }
        var result: [(stem: String, word: String?)] = []
        var index = 0
        while index < stems.count {
            let longest = min(longestPhrase, stems.count - index)
            let match = (1...longest).reversed().lazy.compactMap { length in
                self.phrases[Array(stems[index..<index + length])].map { (length, $0) }
            }.first
            if let (length, canonical) = match {
                result.append((canonical, nil))
                index += length
            } else {
                result.append((stems[index], words[index]))
                index += 1
            }
        }
        return result
    }
}
