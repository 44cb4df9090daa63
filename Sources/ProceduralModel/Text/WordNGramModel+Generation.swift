import GuidedGeneration
import RegexAutomata

extension WordNGramModel {
    /// Text whose length in Unicode scalars lies in `minLength...maxLength` (no upper bound when
    /// `maxLength` is nil), drawn sentence by sentence.
    ///
    /// The length holds by construction. Every token (with the space before it) is drawn only
    /// from candidates that keep the text within `maxLength` and that leave, while the text is
    /// still shorter than `minLength`, room for at least one more word (two scalars: a space and a
    /// letter); when the trigram candidates are all too long, the bigram and then the unigram ones
    /// are tried. A sentence ends where the model ends it or when nothing fits (a word boundary),
    /// with a full stop when it fits; the text stops at the first sentence end inside the bounds
    /// and otherwise goes on with a new sentence. Where no corpus word fits the remaining room, the
    /// character model spells a word of the exact length needed — which also covers tiny limits.
    /// A sentence's first word is capitalised when that keeps its scalar count. `choose` picks an
    /// index from weights (an out-of-range index is clamped); bounds below zero count as zero and a
    /// `minLength` above `maxLength` is lowered to it.
    func generate(
        minLength: Int, maxLength: Int?, random: inout SeededRandom,
        choose: ([Double], inout SeededRandom) -> Int = { weights, random in random.index(weights: weights) }
    ) -> String {
        let upper = maxLength.map { max($0, 0) } ?? Int.max
        var text = LengthBoundedText(minimum: min(max(minLength, 0), upper), maximum: upper)
        guard upper > 0 else { return "" }
        repeat {
            if !appendSentence(to: &text, random: &random, choose: choose) {
                let word = characters.word(length: text.shortestWordToFinish, random: &random, choose: choose)
                text.append(word, isMark: false, startsSentence: text.isEmpty)
            }
        } while text.isShort
        return text.string
    }

    /// Appends one sentence; false when not even its first token fits.
    private func appendSentence(
        to text: inout LengthBoundedText, random: inout SeededRandom,
        choose: ([Double], inout SeededRandom) -> Int
    ) -> Bool {
        var previous = Self.start
        var current = Self.start
        var count = 0
        while count < maximumSentenceTokens,
              let next = drawToken(after: previous, current, first: count == 0, text: text, random: &random, choose: choose)
        {
            guard next != Self.end else { break }
            text.append(vocabulary[next], isMark: isMark[next], startsSentence: count == 0)
            previous = current
            current = next
            count += 1
        }
        guard count > 0 else { return false }
        if !Self.terminalMarks.contains(vocabulary[current]) { text.endSentence() }
        return true
    }

    /// The next token (or `end`) from the most specific level with a candidate that fits; nil
    /// when none fits.
    private func drawToken(
        after previous: Int, _ current: Int, first: Bool, text: LengthBoundedText,
        random: inout SeededRandom, choose: ([Double], inout SeededRandom) -> Int
    ) -> Int? {
        for distribution in levels(previous, current) {
            var symbols: [Int] = []
            var weights: [Double] = []
            for (symbol, count) in zip(distribution.symbols, distribution.counts) {
                let fits = symbol == Self.end
                    ? !first
                    : !(first && isMark[symbol]) && text.fits(vocabulary[symbol], isMark: isMark[symbol])
                if fits {
                    symbols.append(symbol)
                    weights.append(count)
                }
            }
            if !symbols.isEmpty { return symbols[Self.clamped(choose(weights, &random), count: symbols.count)] }
        }
        return nil
    }
}

/// Text under construction with a scalar-count window: tokens are appended only when they keep
/// it inside the window's upper bound and, below its lower bound, leave room for one more word.
struct LengthBoundedText {
    let minimum: Int
    let maximum: Int
    private(set) var string = ""
    private(set) var length = 0

    init(minimum: Int, maximum: Int) {
        self.minimum = minimum
        self.maximum = maximum
    }

    var isEmpty: Bool { length == 0 }
    var isShort: Bool { length < minimum }

    /// Whether a length may be reached: not past the maximum, and either long enough or leaving
    /// room for a space and a letter.
    private func allows(_ newLength: Int) -> Bool {
        newLength <= maximum && (newLength >= minimum || maximum - newLength >= 2)
    }

    private func cost(_ token: String, isMark: Bool) -> Int {
        token.unicodeScalars.count + (isEmpty || isMark ? 0 : 1)
    }

    func fits(_ token: String, isMark: Bool) -> Bool {
        allows(length + cost(token, isMark: isMark))
    }

    /// The letters of the shortest word that, with its space, brings the text to its minimum (at
    /// least one): by the window rule it always fits.
    var shortestWordToFinish: Int {
        max(minimum - length - (isEmpty ? 0 : 1), 1)
    }

    mutating func append(_ token: String, isMark: Bool, startsSentence: Bool) {
        if !isEmpty && !isMark { string.append(" ") }
        length += cost(token, isMark: isMark)
        string.append(startsSentence ? Self.capitalized(token) : token)
    }

    /// Ends the sentence: a trailing `,`, `;` or `:` becomes a full stop; after a word, a full
    /// stop is added when the window allows it.
    mutating func endSentence() {
        guard let last = string.last else { return }
        if last == "," || last == ";" || last == ":" {
            string.removeLast()
            string.append(".")
        } else if allows(length + 1) {
            string.append(".")
            length += 1
        }
    }

    /// `token` with its first character upper-cased, unless that would change its scalar count
    /// (as "ß" → "SS" would).
    private static func capitalized(_ token: String) -> String {
        guard let first = token.first else { return token }
        let upper = String(first).uppercased()
        guard upper.unicodeScalars.count == String(first).unicodeScalars.count else { return token }
        return upper + token.dropFirst()
    }
}
