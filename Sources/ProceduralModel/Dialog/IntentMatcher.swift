import Foundation
import GuidedGeneration

/// Picks the intent a free-text prompt expresses, from intents described by example utterances.
///
/// How a prompt is scored against an intent:
/// 1. Prompt and examples become bags of stems (`DialogWords`: lowercase, contractions split,
///    plural/`-ing`/`-ed` stripped), with the content's synonyms read as their canonical word
///    (`Thesaurus`) and a prompt's misspelt words as the known word they are one slip away from
///    (`SpellingCorrector`). Stop words count a quarter of other words.
/// 2. Each stem is weighted by TF-IDF, where a stem's document frequency is the number of
///    *intents* whose examples use it, so words every intent shares weigh little and words the
///    examples never use (nonsense, off-topic) weigh the most — they lower the similarity.
/// 3. The intent's similarity is the best cosine between the prompt and any one of its
///    examples, plus `bigramBoost` for each distinct word pair (adjacent stems, not both stop
///    words) the prompt shares with the intent's examples, up to `maximumBigramBoost`.
///    A caller may add a bonus per intent (an intent cued by a date the prompt mentions); a
///    bonus that reaches the threshold alone matches an intent sharing no word with the prompt.
/// 4. Below `threshold` nothing matches: `match` returns the fallback intent when one was
///    given, else nil, so the caller can fall back.
/// 5. The instructions (`context`) only break near-ties: their similarity to all of an
///    intent's examples together, times `contextWeight`, is added when ranking, never to the
///    reported score and never to reach the threshold.
/// Ties left after that go to the intent declared first, so matching is deterministic.
struct IntentMatcher: Sendable {
    /// The lowest similarity (cosine plus bigram boost) that counts as a match.
    static let threshold = 0.3
    static let bigramBoost = 0.05
    static let maximumBigramBoost = 0.15
    static let contextWeight = 0.02
    static let stopWordWeight = 0.25

    private struct PreparedIntent: Sendable {
        let name: String
        let examples: [Vector]
        /// The identifiers of the word pairs its examples use.
        let bigrams: Set<Int>
        let combined: Vector
    }

    private let intents: [PreparedIntent]
    /// The content's synonyms, as prompts and examples are read (`SharedWords` reads captured
    /// facts through the same one).
    let thesaurus: Thesaurus
    private let corrector: SpellingCorrector
    /// A stem the examples use: its number, in the stems' sorted order (so vectors compare
    /// numbers and still sum in the stems' order), and its inverse document frequency.
    private struct Stem: Sendable {
        let id: Int
        let inverseFrequency: Double
    }

    private let vocabulary: [String: Stem]
    private let unseenInverseFrequency: Double
    /// Every word pair the examples use, numbered.
    private let bigramIDs: [String: Int]
    /// The intent `match` answers when nothing reaches the threshold, if any.
    let fallback: String?

    init(intents: [(name: String, examples: [String])], synonyms: [ProceduralContent.SynonymGroup] = [], fallback: String? = nil) {
        self.fallback = fallback
        let thesaurus = Thesaurus(synonyms)
        self.thesaurus = thesaurus
        let documents = intents.map { intent in intent.examples.map { IntentMatcher.terms($0, thesaurus) } }
        var frequency: [String: Int] = [:]
        for examples in documents {
            for stem in Set(examples.flatMap { $0.map(\.stem) }) { frequency[stem, default: 0] += 1 }
        }
        let count = Double(intents.count)
        let vocabulary = Dictionary(uniqueKeysWithValues: frequency.sorted { $0.key < $1.key }.enumerated().map { id, entry in
            (entry.key, Stem(id: id, inverseFrequency: log((1 + count) / (1 + Double(entry.value))) + 1))
        })
        self.vocabulary = vocabulary
        corrector = SpellingCorrector(known: Set(vocabulary.keys).union(thesaurus.firstStems).union(DialogWords.stopWords))
        unseenInverseFrequency = log(1 + count) + 1
        let bigramNames = documents.map { examples in Set(examples.flatMap(IntentMatcher.bigrams)) }
        let bigramIDs = Dictionary(uniqueKeysWithValues: bigramNames.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted().enumerated().map { ($1, $0) })
        self.bigramIDs = bigramIDs
        self.intents = zip(intents, zip(documents, bigramNames)).map { intent, prepared in
            let (examples, bigrams) = prepared
            return PreparedIntent(
                name: intent.name,
                examples: examples.map { IntentMatcher.vector($0, vocabulary, unseen: 0) },
                bigrams: Set(bigrams.compactMap { bigramIDs[$0] }),
                combined: IntentMatcher.vector(examples.flatMap { $0 }, vocabulary, unseen: 0))
        }
    }

    /// The best intent for `prompt` and its similarity (0 … 1 + `maximumBigramBoost`), the
    /// fallback intent with the best similarity when none reaches `threshold`, or nil.
    func match(_ prompt: String, context: String? = nil, eligible: (String) -> Bool = { _ in true },
               bonus: (String) -> Double = { _ in 0 }) -> (intent: String, score: Double)? {
        let terms = IntentMatcher.terms(corrector.correct(DialogWords.words(prompt)), thesaurus)
        let query = IntentMatcher.vector(terms, vocabulary, unseen: unseenInverseFrequency)
        // A pair no example uses is shared with no intent.
        let queryBigrams = Set(IntentMatcher.bigrams(terms).compactMap { bigramIDs[$0] })
        let contextVector = context.map {
            IntentMatcher.vector(IntentMatcher.terms($0, thesaurus), vocabulary, unseen: unseenInverseFrequency)
        }
        var best: (intent: String, score: Double, rank: Double)?
        for intent in intents where eligible(intent.name) {
            var cosine = 0.0
            for example in intent.examples { cosine = max(cosine, IntentMatcher.dot(query, example)) }
            let extra = bonus(intent.name)
            guard cosine > 0 || extra >= IntentMatcher.threshold else { continue }
            let shared = queryBigrams.reduce(0) { $0 + (intent.bigrams.contains($1) ? 1 : 0) }
            let score = cosine + min(IntentMatcher.maximumBigramBoost, Double(shared) * IntentMatcher.bigramBoost) + extra
            let contextScore = contextVector.map { IntentMatcher.dot($0, intent.combined) } ?? 0
            let rank = score + IntentMatcher.contextWeight * contextScore
            if rank > best?.rank ?? -1 { best = (intent.name, score, rank) }
        }
        guard let best, best.score >= IntentMatcher.threshold else {
            return fallback.map { ($0, best?.score ?? 0) }
        }
        return (best.intent, best.score)
    }

    // MARK: Vectors

    private typealias Term = (stem: String, isStopWord: Bool)

    private static func terms(_ text: String, _ thesaurus: Thesaurus) -> [Term] {
        terms(DialogWords.words(text), thesaurus)
    }

    private static func terms(_ words: [String], _ thesaurus: Thesaurus) -> [Term] {
        // A replacement is a stop word when its canonical word is one ("u" reads as `you`).
        thesaurus.canonical(words).map { term in
            (term.stem, DialogWords.stopWords.contains(term.word ?? term.stem))
        }
    }

    private static func bigrams(_ terms: [Term]) -> [String] {
        guard terms.count > 1 else { return [] }
        return (1..<terms.count).compactMap { index in
            let (first, second) = (terms[index - 1], terms[index])
            return first.isStopWord && second.isStopWord ? nil : first.stem + " " + second.stem
        }
    }

    /// A sparse vector of stem identifiers in increasing order (the stems' sorted order), so
    /// sums run in one fixed order and scores are bit-identical on every run (dictionary order
    /// varies between processes).
    private typealias Vector = [(id: Int, weight: Double)]

    /// The unit-length TF-IDF vector of `terms`; stems outside the vocabulary weigh `unseen`
    /// towards the length and are then left out, since no example has them.
    private static func vector(_ terms: [Term], _ vocabulary: [String: Stem], unseen: Double) -> Vector {
        var weights: [String: Double] = [:]
        for term in terms {
            weights[term.stem, default: 0] += (vocabulary[term.stem]?.inverseFrequency ?? unseen) * (term.isStopWord ? stopWordWeight : 1)
        }
        let sorted = weights.sorted { $0.key < $1.key }
        let norm = sorted.reduce(0) { $0 + $1.value * $1.value }.squareRoot()
        guard norm > 0 else { return [] }
        return sorted.compactMap { stem, weight in vocabulary[stem].map { ($0.id, weight / norm) } }
    }

    private static func dot(_ lhs: Vector, _ rhs: Vector) -> Double {
        var (i, j, sum) = (0, 0, 0.0)
        while i < lhs.count, j < rhs.count {
            if lhs[i].id == rhs[j].id {
                sum += lhs[i].weight * rhs[j].weight
                i += 1
                j += 1
            } else if lhs[i].id < rhs[j].id {
                i += 1
            } else {
                j += 1
            }
        }
        return sum
    }
}
