@testable import GuidedGeneration
@testable import ProceduralModel
import RegexAutomata
import Testing

@Suite struct WordNGramModelTests {
    static let corpus = [
        "The old miller grinds wheat by the river. He sings while he works!",
        "A quiet traveller asked for bread, cheese and water. The innkeeper smiled.",
        "Rain fell on the market square. Children chased pigeons past the fountain.",
        "Nobody knows where the lighthouse keeper went. Some say he sailed north.",
        "The baker opens at dawn; the smell of bread fills the street. Is it true?",
        "Merchants argue about prices, but everyone buys apples in autumn.",
    ]

    private func model() throws -> WordNGramModel { try WordNGramModel(corpus: Self.corpus) }

    /// The character model's letters: ASCII read directly, the rest through Unicode's
    /// properties; both must agree with the properties everywhere.
    @Test func lettersFollowTheAlphabeticPropertyAndLowerCase() {
        let samples = (0..<0x250).compactMap(Unicode.Scalar.init) + ["ẞ", "Σ", "ǅ", "é", "ß", "1", "٣", "中"].flatMap(\.unicodeScalars)
        for scalar in samples {
            let expected: [Unicode.Scalar] = scalar.properties.isAlphabetic
                ? [scalar.properties.lowercaseMapping.unicodeScalars.count == 1 ? scalar.properties.lowercaseMapping.unicodeScalars.first! : scalar]
                : []
            #expect(CharacterNGramModel.letters(of: String(scalar)) == expected, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func emptyCorpusIsATypedError() {
        #expect(throws: WordNGramModel.TrainingError.emptyCorpus) { try WordNGramModel(corpus: []) }
        #expect(throws: WordNGramModel.TrainingError.emptyCorpus) { try WordNGramModel(corpus: ["", "  ...  ", "42 !"]) }
    }

    @Test func splitsSentencesAndKeepsMarks() {
        #expect(WordNGramModel.sentences(of: "He said: don't go. Really?! Yes") == [
            ["He", "said", ":", "don't", "go", "."], ["Really", "?", "!"], ["Yes"],
        ])
        #expect(WordNGramModel.sentences(of: "\"Well-known\" (place)") == [["Well-known", "place"]])
    }

    @Test func lengthIsAlwaysInsideTheWindow() throws {
        let model = try model()
        let windows: [(Int, Int?)] = [(0, 0), (1, 1), (1, 2), (2, 2), (3, 3), (0, 5), (5, 5), (10, 12), (20, 20),
                                      (30, 80), (79, 80), (150, 150), (200, nil), (0, nil), (1, 400)]
        for (index, (lower, upper)) in windows.enumerated() {
            for seed in 0..<200 as Range<UInt64> {
                var random = SeededRandom.derived(seed: seed, index: UInt64(index))
                let text = model.generate(minLength: lower, maxLength: upper, random: &random)
                let length = text.unicodeScalars.count
                #expect(length >= lower && length <= (upper ?? .max), "\(lower)...\(upper ?? -1): \(text)")
            }
        }
    }

    @Test func greedyChoiceStillEndsAndFits() throws {
        let model = try model()
        var random = SeededRandom(seed: 1)
        let greedy: ([Double], inout SeededRandom) -> Int = { weights, _ in weights.indices.max { weights[$0] < weights[$1] }! }
        for (lower, upper) in [(0, nil), (40, 60), (300, 300)] as [(Int, Int?)] {
            let text = model.generate(minLength: lower, maxLength: upper, random: &random, choose: greedy)
            #expect(text.unicodeScalars.count >= lower && text.unicodeScalars.count <= (upper ?? .max))
        }
        let wild = model.generate(minLength: 10, maxLength: 20, random: &random) { _, _ in 99 }
        #expect((10...20).contains(wild.unicodeScalars.count))
    }

    @Test func textLooksLikeSentences() throws {
        let model = try model()
        let vocabulary = Set(Self.corpus.flatMap { WordNGramModel.tokens(of: $0.lowercased()) })
        for seed in 0..<100 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            let text = model.generate(minLength: 20, maxLength: 120, random: &random)
            #expect(text.first!.isUppercase, "\(text)")
            #expect(text.last.map { ".!?".contains($0) } == true, "\(text)")
            #expect(WordNGramModel.tokens(of: text.lowercased()).allSatisfy(vocabulary.contains), "\(text)")
        }
    }

    @Test func deterministicUnderASeed() throws {
        let model = try model()
        var first = SeededRandom(seed: 7)
        var second = SeededRandom(seed: 7)
        let a = (0..<20).map { _ in model.generate(minLength: 10, maxLength: 90, random: &first) }
        let b = (0..<20).map { _ in model.generate(minLength: 10, maxLength: 90, random: &second) }
        #expect(a == b)
        #expect(Set(a).count > 10)
    }

    @Test func tinyLimitsUseShortWordsOrCorpusLetters() throws {
        let model = try model()
        let letters = Set(Self.corpus.joined().lowercased().filter(\.isLetter))
        for seed in 0..<50 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            let one = model.generate(minLength: 1, maxLength: 1, random: &random)
            #expect(one.count == 1 && one.lowercased().allSatisfy(letters.contains), "\(one)")
        }
    }

    @Test func continuationWeightsFollowTheContext() throws {
        let model = try model()
        let afterThe = model.continuationWeights(after: ["The", "old"])
        #expect(afterThe.map(\.word) == ["miller"])
        #expect(afterThe.first?.weight == 1)
        let start = model.continuationWeights(after: [])
        #expect(start.contains { $0.word == "The" })
        #expect(abs(start.reduce(0) { $0 + $1.weight } - 1) < 1e-9)
        #expect(model.continuationWeights(after: ["works", "!"]).map(\.word) == start.map(\.word))
        let unknown = model.continuationWeights(after: ["zzz", "qqq"])
        #expect(unknown.count == model.vocabulary.count)
    }

    @Test func characterWeightsPreferCorpusLetterPairs() throws {
        let model = try model()
        let afterQ = model.characterWeights(after: "Q")
        #expect(afterQ.max { $0.value < $1.value }?.key == "u")
        #expect(abs(afterQ.values.reduce(0, +) - 1) < 1e-9)
        #expect(model.characterWeights(after: "th")["e"]! > model.characterWeights(after: "th")["x", default: 0])
    }

    @Test func guidesARegexWalkToWordLikeSamples() throws {
        let model = try model()
        let pattern = try RegexPattern("[A-Z][a-z]{3,8}")
        let sampler = try #require(try pattern.wholeDFA().sampler(lengthIn: 0...20))
        let corpusPairs = Set(Self.corpus.flatMap { text -> [String] in
            let letters = Array(text.lowercased().filter(\.isLetter))
            return zip(letters, letters.dropFirst()).map { String([$0, $1]) }
        })
        var seen = 0
        var known = 0
        var random = SeededRandom(seed: 11)
        for _ in 0..<200 {
            let name = try #require(sampler.sample(random: &random, guide: model.characters))
            #expect(pattern.matches(name) && (4...9).contains(name.count), "\(name)")
            let letters = Array(name.lowercased())
            for pair in zip(letters, letters.dropFirst()) {
                seen += 1
                if corpusPairs.contains(String([pair.0, pair.1])) { known += 1 }
            }
        }
        #expect(Double(known) / Double(seen) > 0.9, "\(known) of \(seen) letter pairs occur in the corpus")
    }
}
