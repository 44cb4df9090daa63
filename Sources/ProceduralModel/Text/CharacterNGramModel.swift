import GuidedGeneration
import RegexAutomata

/// A character trigram model of the corpus's words, interpolated with bigram and unigram
/// estimates, that proposes how a word goes on — so that a regex-automaton walk spells
/// pronounceable, corpus-like words.
///
/// Words are the corpus's runs of letters, lower-cased; a boundary symbol marks their start and
/// end. As a `CharacterGuide` it proposes every letter in both cases (the automaton keeps the
/// case it allows) and the word's end; its context is the run of letters the prefix ends with.
struct CharacterNGramModel: CharacterGuide {
    /// The word-boundary symbol: before the first letter (as context) and after the last.
    private static let boundary = -1
    /// Interpolation weights of the trigram, bigram and unigram estimates.
    private static let mix = (trigram: 0.8, bigram: 0.15, unigram: 0.05)

    private struct Pair: Hashable, Sendable { let first: Int, second: Int }

    private let trigrams: NGramTable<Pair>
    private let bigrams: NGramTable<Int>
    private let unigrams: NGramTable<Int>

    /// Nil when `words` hold no letter.
    init?(words: [String]) {
        var tri: [Pair: [Int: Double]] = [:]
        var bi: [Int: [Int: Double]] = [:]
        var uni: [Int: [Int: Double]] = [:]
        for word in words {
            var previous = Self.boundary
            var current = Self.boundary
            for symbol in Self.letters(of: word).map({ Int($0.value) }) + [Self.boundary] {
                tri[Pair(first: previous, second: current), default: [:]][symbol, default: 0] += 1
                bi[current, default: [:]][symbol, default: 0] += 1
                uni[0, default: [:]][symbol, default: 0] += 1
                previous = current
                current = symbol
            }
        }
        guard let all = uni[0], all.keys.contains(where: { $0 != Self.boundary }) else { return nil }
        trigrams = NGramTable(counts: tri)
        bigrams = NGramTable(counts: bi)
        unigrams = NGramTable(counts: uni)
    }

    /// The lower-cased letters of `text`, one scalar each (letters whose lower case takes several
    /// scalars are kept as they are).
    static func letters(of text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.compactMap { scalar in
            // ASCII's alphabetic scalars are its letters; the property tables (and the lower-case
            // mapping, a string per scalar) cost more than the rest of training.
            guard scalar.isASCII else { return scalar.properties.isAlphabetic ? lowercase(scalar) : nil }
            switch scalar.value {
            case 0x61...0x7A: return scalar
            case 0x41...0x5A: return Unicode.Scalar(UInt8(scalar.value + 0x20))
            default: return nil
            }
        }
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : scalar
    }

    /// The interpolated weights of the symbols that may follow the last two letters of `context`
    /// (lower-cased letters of the current word), in ascending symbol order; `boundary` is the end.
    private func weights(after context: [Unicode.Scalar]) -> [(symbol: Int, weight: Double)] {
        let last = context.last.map { Int($0.value) } ?? Self.boundary
        let beforeLast = context.count >= 2 ? Int(context[context.count - 2].value) : Self.boundary
        var merged: [Int: Double] = [:]
        var levels: [(NGramDistribution?, Double)] = [
            (trigrams[Pair(first: beforeLast, second: last)], Self.mix.trigram),
            (bigrams[last], Self.mix.bigram),
            (unigrams[0], Self.mix.unigram),
        ]
        levels.removeAll { $0.0 == nil }
        let share = levels.reduce(0) { $0 + $1.1 }
        for (distribution, weight) in levels {
            let distribution = distribution!
            for (symbol, count) in zip(distribution.symbols, distribution.counts) {
                merged[symbol, default: 0] += weight / share * count / distribution.total
            }
        }
        return merged.sorted { $0.key < $1.key }.map { (symbol: $0.key, weight: $0.value) }
    }

    /// The lower-cased letters that may follow `prefix`'s last word, with weights summing to 1
    /// (the word's end is left out).
    func characterWeights(after prefix: String) -> [Character: Double] {
        let letters = weights(after: Self.currentWord(Array(prefix.unicodeScalars)))
            .filter { $0.symbol != Self.boundary }
        let total = letters.reduce(0) { $0 + $1.weight }
        var result: [Character: Double] = [:]
        for (symbol, weight) in letters {
            result[Character(Unicode.Scalar(UInt32(symbol))!)] = weight / total
        }
        return result
    }

    func candidates(after prefix: [Unicode.Scalar]) -> [(scalar: Unicode.Scalar?, weight: Double)] {
        var result: [(scalar: Unicode.Scalar?, weight: Double)] = []
        for (symbol, weight) in weights(after: Self.currentWord(prefix)) {
            guard symbol != Self.boundary else {
                result.append((nil, weight))
                continue
            }
            let scalar = Unicode.Scalar(UInt32(symbol))!
            result.append((scalar, weight))
            let upper = scalar.properties.uppercaseMapping.unicodeScalars
            if upper.count == 1, upper.first! != scalar { result.append((upper.first!, weight)) }
        }
        return result
    }

    /// A lower-case word of exactly `length` letters spelled by the model (its end is never
    /// chosen), each letter drawn by `choose` from the model's weights.
    func word(length: Int, random: inout SeededRandom, choose: ([Double], inout SeededRandom) -> Int) -> String {
        var scalars: [Unicode.Scalar] = []
        while scalars.count < length {
            let letters = weights(after: scalars).filter { $0.symbol != Self.boundary }
            let index = WordNGramModel.clamped(choose(letters.map(\.weight), &random), count: letters.count)
            scalars.append(Unicode.Scalar(UInt32(letters[index].symbol))!)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The trailing run of letters of `prefix`, lower-cased: the context of the next letter.
    private static func currentWord(_ prefix: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var start = prefix.count
        while start > 0, prefix[start - 1].properties.isAlphabetic { start -= 1 }
        return prefix[start...].map(lowercase)
    }
}
