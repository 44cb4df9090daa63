@testable import GuidedGeneration
import RegexAutomata
import Testing

/// Proposes fixed continuations whatever the prefix.
private struct FixedGuide: CharacterGuide {
    let proposals: [(scalar: Unicode.Scalar?, weight: Double)]
    func candidates(after prefix: [Unicode.Scalar]) -> [(scalar: Unicode.Scalar?, weight: Double)] { proposals }
}

/// Spells `word`, then asks to stop.
private struct SpellingGuide: CharacterGuide {
    let word: [Unicode.Scalar]
    func candidates(after prefix: [Unicode.Scalar]) -> [(scalar: Unicode.Scalar?, weight: Double)] {
        prefix.count < word.count ? [(word[prefix.count], 1)] : [(nil, 1)]
    }
}

@Suite struct DFASamplerTests {
    private func sampler(_ pattern: String, _ window: ClosedRange<Int>, search: Bool = false) throws -> DFASampler? {
        let compiled = try RegexPattern(pattern)
        return try (search ? compiled.searchDFA() : compiled.wholeDFA()).sampler(lengthIn: window)
    }

    @Test func samplesMatchAndRespectTheWindow() throws {
        let pattern = try RegexPattern("^[a-z]+@[a-z]+\\.(com|org)$")
        let sampler = try #require(try pattern.searchDFA().sampler(lengthIn: 10...12))
        var random = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let text = try #require(sampler.sample(random: &random))
            #expect(pattern.matches(text))
            #expect((10...12).contains(text.unicodeScalars.count))
        }
    }

    @Test func nilExactlyWhenTheWindowIsInfeasible() throws {
        #expect(try sampler("\\d{4}", 0...3) == nil)
        #expect(try sampler("\\d{4}", 5...9) == nil)
        #expect(try sampler("(ab)+", 3...3) == nil)
        #expect(try sampler("(ab)+", 3...4) != nil)
        #expect(try sampler("a$b", 0...100) == nil)
        let exact = try #require(try sampler("(ab)+", 3...4))
        var random = SeededRandom(seed: 1)
        #expect(exact.sample(random: &random) == "abab")
    }

    @Test func largeWindows() throws {
        let long = try #require(try sampler(".*", 10_000...10_000))
        var random = SeededRandom(seed: 9)
        let text = try #require(long.sample(random: &random))
        #expect(text.unicodeScalars.count == 10_000)
        let open = try #require(try sampler("[^\"]+", 0...Int.max))
        for _ in 0..<100 {
            let sample = try #require(open.sample(random: &random))
            #expect(!sample.isEmpty && !sample.contains("\""))
        }
    }

    @Test func defaultChoiceIsReadable() throws {
        var random = SeededRandom(seed: 11)
        let any = try #require(try sampler(".*", 20...40))
        var counts = [0, 0, 0, 0]
        for _ in 0..<200 {
            for scalar in try #require(any.sample(random: &random)).unicodeScalars {
                switch scalar {
                case "a"..."z": counts[0] += 1
                case "0"..."9": counts[1] += 1
                case " "..."~": counts[2] += 1
                default: counts[3] += 1
                }
            }
        }
        #expect(counts[3] == 0)
        #expect(counts[0] > counts[1] && counts[1] > 0 && counts[2] > 0)
        // Without printable ASCII, readable scalars are preferred over controls, marks and unassigned ones.
        let letters = try #require(try sampler("[^\\u0000-\\u007F]{5}", 0...5))
        let hidden = UnicodeProperties.readable.inverted()
        for _ in 0..<50 {
            for scalar in try #require(letters.sample(random: &random)).unicodeScalars {
                #expect(!hidden.contains(scalar))
            }
        }
        // A set of controls only still yields its members.
        let controls = try #require(try sampler("[\\u0001-\\u0003]", 1...1))
        let control = try #require(controls.sample(random: &random))
        #expect(("\u{1}"..."\u{3}").contains(control.unicodeScalars.first!))
    }

    @Test func lengthsStayModest() throws {
        let any = try #require(try sampler("[a-z]*", 0...1000))
        var random = SeededRandom(seed: 2)
        var total = 0
        for _ in 0..<500 { total += try #require(any.sample(random: &random)).count }
        let mean = Double(total) / 500
        #expect(mean > 2 && mean < 10, "mean length \(mean)")
        let atLeast = try #require(try sampler("[a-z]*", 50...1000))
        for _ in 0..<50 {
            let count = try #require(atLeast.sample(random: &random)).count
            #expect(count >= 50 && count < 80)
        }
    }

    @Test func sameSeedSameSamples() throws {
        let sampler = try #require(try sampler("[\\w.-]+@[\\w-]+\\.[a-z]{2,4}", 5...30, search: true))
        let excluded: Set<String> = ["a@b.cc"]
        var first = SeededRandom(seed: 77)
        var second = SeededRandom(seed: 77)
        for _ in 0..<100 {
            #expect(sampler.sample(random: &first, excluding: excluded) == sampler.sample(random: &second, excluding: excluded))
        }
    }

    @Test func exclusionsAreHonouredUntilExhaustion() throws {
        let sampler = try #require(try sampler("(a|b|cd){1,2}", 0...3))
        let language: Set<String> = ["a", "b", "cd", "aa", "ab", "ba", "bb", "acd", "bcd", "cda", "cdb"]
        var random = SeededRandom(seed: 4)
        var seen: Set<String> = []
        for _ in 0..<language.count {
            let next = try #require(sampler.sample(random: &random, excluding: seen))
            #expect(language.contains(next) && !seen.contains(next))
            seen.insert(next)
        }
        #expect(seen == language)
        #expect(sampler.sample(random: &random, excluding: seen) == nil)
        // Excluded strings outside the language or window do not matter.
        #expect(sampler.sample(random: &random, excluding: seen.union(["zzz", "cdcd"])) == nil)
        var almost = seen
        almost.remove("bcd")
        #expect(sampler.sample(random: &random, excluding: almost) == "bcd")
    }

    @Test func exclusionsInAnInfiniteLanguage() throws {
        let sampler = try #require(try sampler("x*", 0...Int.max))
        var random = SeededRandom(seed: 8)
        let excluded: Set<String> = ["", "x", "xx", "xxx"]
        for _ in 0..<100 {
            let text = try #require(sampler.sample(random: &random, excluding: excluded))
            #expect(text.count >= 4 && text.allSatisfy { $0 == "x" })
        }
    }

    @Test func guideSteersWithinTheAutomaton() throws {
        var random = SeededRandom(seed: 6)
        let words = try #require(try sampler("[a-z]+", 1...20))
        #expect(words.sample(random: &random, guide: SpellingGuide(word: Array("hello".unicodeScalars))) == "hello")
        // Infeasible proposals are dropped: upper case is not allowed, so only "q" and ending remain.
        let mixed = FixedGuide(proposals: [("Q", 100), ("q", 1), (nil, 1)])
        for _ in 0..<50 {
            let text = try #require(words.sample(random: &random, guide: mixed))
            #expect(!text.isEmpty && text.allSatisfy { $0 == "q" })
        }
        // A guide that only proposes impossible moves leaves the default rule in charge.
        let useless = FixedGuide(proposals: [("!", 1), ("7", 1)])
        let text = try #require(words.sample(random: &random, guide: useless))
        #expect(text.allSatisfy { $0.isLowercase })
        // Ending is only accepted inside the window.
        let stopper = FixedGuide(proposals: [(nil, 1), ("z", 1e-9)])
        let three = try #require(try sampler("[a-z]+", 3...5))
        for _ in 0..<20 {
            #expect(three.sample(random: &random, guide: stopper) == "zzz")
        }
        // The guide cannot spell an excluded string.
        let spelled = words.sample(random: &random, guide: SpellingGuide(word: Array("hello".unicodeScalars)), excluding: ["hello"])
        #expect(spelled != nil && spelled != "hello")
    }
}
