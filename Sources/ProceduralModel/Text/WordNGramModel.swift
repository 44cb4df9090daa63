import GuidedGeneration

/// The procedural model's statistical fallback: a word trigram model trained at load on the
/// content pack's text corpus, used for string fields that no slot matches.
///
/// Training splits each corpus entry into tokens — words (letters and digits, with inner
/// apostrophes and hyphens) and the marks `. , ! ? ; :`; anything else is dropped — and into
/// sentences after runs of `.`, `!` or `?`. Each sentence is counted between two start markers
/// and one end marker; a continuation is drawn from the trigram counts of the last two tokens,
/// backing off to the bigram and then the unigram counts when the context was never seen (or
/// when none of its continuations fits the length limit). A character model of the same words
/// (`CharacterNGramModel`) spells words letter by letter where no corpus word fits.
struct WordNGramModel: Sendable {
    /// Why a corpus cannot be trained on.
    enum TrainingError: Error, Equatable, CustomStringConvertible {
        /// The corpus holds no letter, so there is neither a word to draw nor one to spell.
        case emptyCorpus

        var description: String {
            "the text corpus holds no letter; give it at least one sentence of words"
        }
    }

    /// Context symbol before a sentence's first token.
    static let start = -1
    /// Symbol after a sentence's last token.
    static let end = -2
    /// Marks that end a sentence.
    static let terminalMarks: Set<String> = [".", "!", "?"]
    /// Marks kept as tokens of their own, written without a space before them.
    static let marks: Set<Character> = [".", ",", "!", "?", ";", ":"]

    struct Pair: Hashable, Sendable { let first: Int, second: Int }

    /// Token spellings by id.
    let vocabulary: [String]
    /// Whether each token is a mark (attached to the previous token without a space).
    let isMark: [Bool]
    let ids: [String: Int]
    let trigrams: NGramTable<Pair>
    let bigrams: NGramTable<Int>
    /// Every token (and the end) in context 0.
    let unigrams: NGramTable<Int>
    /// The most tokens a generated sentence may have, so that a choice rule that keeps picking
    /// the same loop (greedy decoding) still ends its sentences.
    let maximumSentenceTokens: Int
    let characters: CharacterNGramModel

    init(corpus: [String]) throws(TrainingError) {
        var vocabulary: [String] = []
        var ids: [String: Int] = [:]
        var tri: [Pair: [Int: Double]] = [:]
        var bi: [Int: [Int: Double]] = [:]
        var uni: [Int: [Int: Double]] = [:]
        var longest = 0
        for entry in corpus {
            for sentence in Self.sentences(of: entry) {
                longest = max(longest, sentence.count)
                var previous = Self.start
                var current = Self.start
                for token in sentence.map({ token -> Int in
                    if let id = ids[token] { return id }
                    ids[token] = vocabulary.count
                    vocabulary.append(token)
                    return vocabulary.count - 1
                }) + [Self.end] {
                    tri[Pair(first: previous, second: current), default: [:]][token, default: 0] += 1
                    bi[current, default: [:]][token, default: 0] += 1
                    uni[0, default: [:]][token, default: 0] += 1
                    previous = current
                    current = token
                }
            }
        }
        guard let characters = CharacterNGramModel(words: vocabulary) else { throw .emptyCorpus }
        self.vocabulary = vocabulary
        self.ids = ids
        isMark = vocabulary.map { $0.count == 1 && Self.marks.contains($0.first!) }
        trigrams = NGramTable(counts: tri)
        bigrams = NGramTable(counts: bi)
        unigrams = NGramTable(counts: uni)
        maximumSentenceTokens = 2 * longest + 2
        self.characters = characters
    }

    /// The token sentences of one corpus entry: a sentence ends after a run of terminal marks.
    static func sentences(of text: String) -> [[String]] {
        var sentences: [[String]] = []
        var current: [String] = []
        for token in tokens(of: text) {
            if let last = current.last, terminalMarks.contains(last), !terminalMarks.contains(token) {
                sentences.append(current)
                current = []
            }
            // A sentence starts with a word, never with a mark.
            if current.isEmpty, token.count == 1, marks.contains(token.first!) { continue }
            current.append(token)
        }
        if !current.isEmpty { sentences.append(current) }
        return sentences
    }

    /// The words and marks of `text`, in order.
    static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        func flushWord() {
            // Apostrophes and hyphens only join letters: trailing ones are dropped.
            while let last = word.last, last == "'" || last == "’" || last == "-" { word.removeLast() }
            if !word.isEmpty { tokens.append(word) }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty, character == "'" || character == "’" || character == "-" {
                word.append(character)
            } else {
                flushWord()
                if marks.contains(character) { tokens.append(String(character)) }
            }
        }
        flushWord()
        return tokens
    }

    /// Weighted continuations of `context` — the tokens of the current sentence so far (empty, or
    /// ending with a terminal mark, for a new sentence) — from the most specific n-gram level
    /// that has seen the context; weights sum to 1, in vocabulary order. The sentence's end is
    /// not listed. Unknown tokens back off like unseen contexts.
    func continuationWeights(after context: [String]) -> [(word: String, weight: Double)] {
        let (previous, current) = contextIDs(context)
        for distribution in levels(previous, current) {
            let pairs = zip(distribution.symbols, distribution.counts).filter { $0.0 != Self.end }
            let total = pairs.reduce(0) { $0 + $1.1 }
            guard total > 0 else { continue }
            return pairs.map { (word: vocabulary[$0.0], weight: $0.1 / total) }
        }
        return []
    }

    /// The lower-cased letters that may follow `prefix`'s last word, by the character model.
    func characterWeights(after prefix: String) -> [Character: Double] {
        characters.characterWeights(after: prefix)
    }

    /// The distributions to draw the token after (`previous`, `current`) from, most specific
    /// first; nil ids are unknown tokens.
    func levels(_ previous: Int?, _ current: Int?) -> [NGramDistribution] {
        var result: [NGramDistribution] = []
        if let previous, let current, let tri = trigrams[Pair(first: previous, second: current)] {
            result.append(tri)
        }
        if let current, let bi = bigrams[current] { result.append(bi) }
        if let uni = unigrams[0] { result.append(uni) }
        return result
    }

    private func contextIDs(_ context: [String]) -> (Int?, Int?) {
        var tail: ArraySlice<String> = context[...]
        if let boundary = context.lastIndex(where: Self.terminalMarks.contains) {
            tail = context[(boundary + 1)...]
        }
        let id = { (token: String) -> Int? in self.ids[token] }
        switch tail.count {
        case 0: return (Self.start, Self.start)
        case 1: return (Self.start, id(tail.last!))
        default: return (id(tail[tail.endIndex - 2]), id(tail.last!))
        }
    }

    /// `index` kept inside `0..<count`, so that a choice rule returning a bad index cannot crash
    /// the model.
    static func clamped(_ index: Int, count: Int) -> Int {
        min(max(index, 0), count - 1)
    }
}
