@testable import GuidedGeneration
import RegexAutomata
import Testing

/// Random regular expressions printed as ECMA-262 pattern strings.
private struct RandomRegex {
    static let atoms = [
        "a", "b", "c", "\\.", ".", "[ab]", "[^a]", "[a-c]", "\\d", "\\w", "\\s", "\\S", "[\\d_]", "\u{E9}",
        "\u{1F600}", "\\u{1F601}", "\\p{Lu}", "-", "x{", "[\u{E9}-\u{1F600}]", "\\x41", "[^\\s\\d]",
    ]

    static let finiteAtoms = ["a", "b", "c", "\\.", "[ab]", "[a-c]", "\\d", "[\\d_]", "\u{E9}", "\u{1F600}", "-", "x{", "\\x41"]

    var random: SeededRandom
    /// Only bounded quantifiers, so the language is finite, and only atoms whose members are never
    /// canonically equivalent to one another (`Set<String>` would merge such strings).
    var finite = false
    private var groupNames = 0

    init(seed: UInt64, finite: Bool = false) {
        random = SeededRandom(seed: seed)
        self.finite = finite
    }

    mutating func pattern(depth: Int = 3) -> String {
        let roll = random.unit()
        if depth == 0 || roll < 0.3 {
            let anchor = random.unit()
            if anchor < 0.04 { return "^" }
            if anchor < 0.08 { return "$" }
            let atoms = finite ? Self.finiteAtoms : Self.atoms
            return atoms[random.int(in: 0..<atoms.count)]
        }
        if roll < 0.55 {
            return (0..<random.int(in: 2...3)).map { _ in pattern(depth: depth - 1) }.joined()
        }
        if roll < 0.7 {
            return (0..<random.int(in: 2...3)).map { _ in pattern(depth: depth - 1) }.joined(separator: "|")
        }
        let inner = pattern(depth: depth - 1)
        let group: String
        switch random.int(in: 0...2) {
        case 0: group = "(?:\(inner))"
        case 1: group = "(\(inner))"
        default:
            groupNames += 1
            group = "(?<g\(groupNames)>\(inner))"
        }
        let quantifiers = finite ? ["?", "{2}", "{1,3}", "{0,2}"] : ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}"]
        let lazy = random.chance(0.2) ? "?" : ""
        return group + quantifiers[random.int(in: 0..<quantifiers.count)] + lazy
    }

    static let textAlphabet: [Unicode.Scalar] = ["a", "b", "c", "A", "1", "_", " ", "-", ".", "\n", "{", "x", "\u{E9}", "\u{1F600}", "\u{1F601}"]

    mutating func text() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.int(in: 0...6) {
            scalars.append(Self.textAlphabet[random.int(in: 0..<Self.textAlphabet.count)])
        }
        return String(scalars)
    }

    mutating func window() -> ClosedRange<Int> {
        let lower = random.int(in: 0...8)
        return lower...(random.chance(0.2) ? Int.max : lower + random.int(in: 0...10))
    }
}

@Suite struct RegexPropertyTests {
    @Test func samplesOfRandomPatternsMatch() throws {
        var tooComplex = 0
        for seed in UInt64(0)..<300 {
            var generator = RandomRegex(seed: seed)
            let source = generator.pattern()
            let pattern = try RegexPattern(source)
            let anchored = try RegexPattern("^(?:" + source + ")$")
            for search in [true, false] {
                guard let dfa = try? (search ? pattern.searchDFA() : pattern.wholeDFA()) else {
                    tooComplex += 1
                    continue
                }
                for _ in 0..<3 {
                    let window = generator.window()
                    let count = dfa.countStrings(lengthIn: window, cap: 10)
                    guard let sampler = dfa.sampler(lengthIn: window) else {
                        #expect(!dfa.hasString(lengthIn: window) && count == 0, "\(source) \(window)")
                        continue
                    }
                    #expect(dfa.hasString(lengthIn: window) && count > 0, "\(source) \(window)")
                    for _ in 0..<4 {
                        let text = try #require(sampler.sample(random: &generator.random))
                        #expect(window.contains(text.unicodeScalars.count), "\(source) \(window) \(text.debugDescription)")
                        #expect(dfa.accepts(text))
                        #expect(pattern.matches(text), "\(source) should match \(text.debugDescription)")
                        if !search {
                            #expect(anchored.matches(text), "^(?:\(source))$ should match \(text.debugDescription)")
                        }
                    }
                }
            }
        }
        #expect(tooComplex < 10)
    }

    /// The DFAs agree with the NFA simulation on random strings.
    @Test func automataAgreeWithSimulation() throws {
        for seed in UInt64(1000)..<1300 {
            var generator = RandomRegex(seed: seed)
            let source = generator.pattern()
            let pattern = try RegexPattern(source)
            let whole = try pattern.wholeDFA()
            let searchNFA = NFA(pattern.syntax, search: true)
            let wholeNFA = NFA(pattern.syntax, search: false)
            for _ in 0..<10 {
                let text = generator.text()
                let scalars = Array(text.unicodeScalars)
                #expect(pattern.matches(text) == NFAClosure.accepts(searchNFA, scalars), "\(source) on \(text.debugDescription)")
                #expect(whole.accepts(text) == NFAClosure.accepts(wholeNFA, scalars), "\(source) on \(text.debugDescription)")
            }
        }
    }

    /// Different constructions of one language minimize to the same automaton.
    @Test func equalLanguagesGiveEqualAutomata() throws {
        for seed in UInt64(5000)..<5150 {
            var generator = RandomRegex(seed: seed)
            let source = generator.pattern()
            let dfa = try RegexPattern(source).wholeDFA()
            #expect(try RegexPattern("(?:\(source))|(?:\(source))").wholeDFA() == dfa, "\(source)")
            #expect(try RegexPattern("(?:\(source))(?:)|[]").wholeDFA() == dfa, "\(source)")
            #expect(dfa.complement().complement() == dfa, "\(source)")
            #expect(try dfa.union(dfa) == dfa && dfa.intersection(DFA.universal()) == dfa, "\(source)")
            let reversedBranches = try RegexPattern("(?:\(source))|x{|(?:\(source))").wholeDFA()
            #expect(try reversedBranches == dfa.union(DFA.literals(["x{"])), "\(source)")
        }
    }

    @Test func booleanLaws() throws {
        let alphabet = ScalarSet(scalarsOf: "abc1_ ")
        for seed in UInt64(2000)..<2150 {
            var generator = RandomRegex(seed: seed)
            let a = try RegexPattern(generator.pattern(depth: 2)).wholeDFA()
            let b = try RegexPattern(generator.pattern(depth: 2)).searchDFA()
            let both = try a.intersection(b)
            let either = try a.union(b)
            let onlyA = try a.subtracting(b)
            let notA = a.complement()
            let notAWithin = a.complement(within: alphabet)
            var texts = (0..<12).map { _ in generator.text() }
            for dfa in [a, b] {
                if let sampler = dfa.sampler(lengthIn: 0...6) {
                    texts += (0..<4).compactMap { _ in sampler.sample(random: &generator.random) }
                }
            }
            for text in texts {
                let inA = a.accepts(text)
                let inB = b.accepts(text)
                #expect(both.accepts(text) == (inA && inB))
                #expect(either.accepts(text) == (inA || inB))
                #expect(onlyA.accepts(text) == (inA && !inB))
                #expect(notA.accepts(text) == !inA)
                let overAlphabet = text.unicodeScalars.allSatisfy(alphabet.contains)
                #expect(notAWithin.accepts(text) == (!inA && overAlphabet))
            }
            #expect(try a.intersection(notA).isEmpty)
            #expect(try notA.union(a).complement().isEmpty)
        }
    }

    /// In a finite language, sampling while excluding everything seen so far enumerates exactly
    /// `countStrings` strings, then returns nil.
    @Test func exclusionExhaustsFiniteLanguages() throws {
        var exhausted = 0
        for seed in UInt64(3000)..<3400 {
            var generator = RandomRegex(seed: seed, finite: true)
            let source = generator.pattern(depth: 2)
            let dfa = try RegexPattern(source).wholeDFA()
            let window = generator.window()
            let count = dfa.countStrings(lengthIn: window, cap: 60)
            guard count < 60 else { continue }
            guard let sampler = dfa.sampler(lengthIn: window) else {
                #expect(count == 0)
                continue
            }
            var seen: Set<String> = []
            while let text = sampler.sample(random: &generator.random, excluding: seen) {
                #expect(!seen.contains(text) && dfa.accepts(text) && window.contains(text.unicodeScalars.count))
                if !seen.insert(text).inserted || seen.count > count { break }
            }
            #expect(seen.count == count, "\(source) in \(window)")
            exhausted += 1
        }
        #expect(exhausted > 100)
    }

    @Test func sameSeedSameSamples() throws {
        for seed in UInt64(4000)..<4050 {
            var generator = RandomRegex(seed: seed)
            let dfa = try RegexPattern(generator.pattern()).searchDFA()
            guard let sampler = dfa.sampler(lengthIn: 0...30) else { continue }
            var first = SeededRandom(seed: seed)
            var second = SeededRandom(seed: seed)
            let a = (0..<10).map { _ in sampler.sample(random: &first) }
            let b = (0..<10).map { _ in sampler.sample(random: &second) }
            #expect(a == b)
        }
    }
}
