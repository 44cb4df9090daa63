import GuidedGeneration

/// Words and phrases that mean one thing to intent matching: each variant, wherever it occurs in
/// a prompt or an example, is read as its group's canonical word, so "wi-fi", "internet" and
/// "hotspot" all count as `wifi` and an intent needs one example per idea rather than one per
/// wording. Matching is on stems (`DialogWords.stem`), so "hotspots" is a variant too; a longer
/// phrase wins over a shorter one starting at the same word.
struct Thesaurus: Sendable {
    /// By first stem, the variants starting with it (their stems and the canonical word's
    /// stem), longest first, so a prompt's word costs one look-up.
    private let phrases: [String: [(stems: [String], canonical: String)]]

    init(_ groups: [ProceduralContent.SynonymGroup] = []) {
        var canonicalByVariant: [[String]: String] = [:]
        for group in groups {
            let canonical = DialogWords.stem(group.canonical)
            for variant in group.variants {
                canonicalByVariant[DialogWords.stems(variant)] = canonical
            }
            canonicalByVariant[[canonical]] = canonical
        }
        var phrases: [String: [(stems: [String], canonical: String)]] = [:]
        for (stems, canonical) in canonicalByVariant {
            guard let first = stems.first else { continue }
            phrases[first, default: []].append((stems, canonical))
        }
        // Distinct variants of one length starting alike never both match, so the order
        // within a length does not matter.
        self.phrases = phrases.mapValues { $0.sorted { $0.stems.count > $1.stems.count } }
    }

    /// The stems variant phrases start with.
    var firstStems: Set<String> { Set(phrases.keys) }

    /// The stems of `words` with every variant phrase replaced by its canonical stem; each
    /// stem keeps the word it came from, or nil when it is a replacement.
    func canonical(_ words: [String]) -> [(stem: String, word: String?)] {
        let stems = words.map(DialogWords.stem)
        var result: [(stem: String, word: String?)] = []
        result.reserveCapacity(stems.count)
        var index = 0
        while index < stems.count {
            let match = phrases[stems[index]]?.first { variant in
                variant.stems.count <= stems.count - index && stems[index..<index + variant.stems.count].elementsEqual(variant.stems)
            }
            if let match {
                result.append((match.canonical, nil))
                index += match.stems.count
            } else {
                result.append((stems[index], words[index]))
                index += 1
            }
        }
        return result
    }
}
