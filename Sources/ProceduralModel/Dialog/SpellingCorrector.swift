/// Reads a misspelt word of a prompt as the known word it is one slip away from ("bathrom" →
/// `bathroom`, "pasword" → `password`, "reccomend" → `recommend`), so intent matching hears
/// typed questions as meant. Known words are the stems intent examples and synonyms use; a
/// word is corrected only when its stem is unknown, it has at least `shortest` letters, and a
/// known stem is within one edit (two for words of `longWord` letters or more; an edit is an
/// insertion, a deletion, a substitution or a swap of neighbours). Among equally close stems the
/// one starting with the same letter wins, then the alphabetically first, so the reading is
/// deterministic. Names and words nothing resembles are left as they are.
struct SpellingCorrector: Sendable {
    static let shortest = 6
    static let longWord = 8

    /// Known stems by length, each list sorted.
    private let byLength: [Int: [String]]
    private let known: Set<String>

    init(known: Set<String>) {
        self.known = known
        byLength = Dictionary(grouping: known.filter { $0.allSatisfy(\.isLetter) }, by: \.count).mapValues { $0.sorted() }
    }

    /// `words` with each misspelt one replaced by the known stem it is closest to.
    func correct(_ words: [String]) -> [String] {
        words.map { word in
            guard word.count >= Self.shortest, !known.contains(DialogWords.stem(word)), !known.contains(word),
                  word.allSatisfy(\.isLetter) else { return word }
            return closest(to: word) ?? word
        }
    }

    private func closest(to word: String) -> String? {
        let limit = word.count >= Self.longWord ? 2 : 1
        let letters = Array(word)
        var best: (distance: Int, sameStart: Bool, stem: String)?
        for length in (letters.count - limit)...(letters.count + limit) {
            for stem in byLength[length] ?? [] {
                let candidate = Array(stem)
                guard let distance = Self.distance(letters, candidate, limit: limit) else { continue }
                let sameStart = candidate.first == letters.first
                if let current = best, (current.distance, current.sameStart ? 0 : 1) <= (distance, sameStart ? 0 : 1) { continue }
                best = (distance, sameStart, stem)
            }
        }
        return best?.stem
    }

    /// The optimal-string-alignment distance between `a` and `b`, or nil when it exceeds `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
