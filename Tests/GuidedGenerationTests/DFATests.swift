@testable import GuidedGeneration
import RegexAutomata
import Testing

@Suite struct DFATests {
    private func whole(_ pattern: String) throws -> DFA {
        try RegexPattern(pattern).wholeDFA()
    }

    @Test func trimmedAndCanonical() throws {
        let dfa = try whole("ab|ac|a[bc]d?")
        #expect(dfa.start == 0)
        #expect(dfa.stateCount == 4)
        for state in 0..<dfa.stateCount {
            let labels = dfa.transitions[state].map(\.label)
            for i in labels.indices {
                for j in labels.indices where i < j {
                    #expect(labels[i].isDisjoint(with: labels[j]))
                }
            }
        }
        // A pattern that can never match collapses to the empty automaton.
        let never = try whole("a$b")
        #expect(never.isEmpty && never.stateCount == 1)
        #expect(try whole("[]").isEmpty)
        #expect(try !whole("").isEmpty)
    }

    /// Results are minimal and canonical, so equal languages give equal automata.
    @Test func minimalAndCanonical() throws {
        #expect(try whole("(a|b)*abb").stateCount == 4)
        #expect(try whole("(a|b)*") == whole("[ab]*"))
        #expect(try whole("a+|a*") == whole("a*"))
        #expect(try whole("(ab|ac)d") == whole("a[bc]d"))
        #expect(try RegexPattern("a").searchDFA().stateCount == 2)
        #expect(try RegexPattern("a|ab|abc").searchDFA() == RegexPattern("a").searchDFA())
        #expect(try whole("x\\d{3}|x[0-9]{1,3}").stateCount == 5)
        let digits = try whole("\\d+")
        #expect(try digits.intersection(digits) == digits)
        #expect(try digits.union(whole("0")) == digits)
        #expect(digits.complement().complement() == digits)
        #expect(try DFA.literals(["ab", "cb"]) == whole("[ac]b"))
        #expect(try DFA.lengths(min: 0, max: nil) == DFA.universal())
    }

    @Test func searchDFASemantics() throws {
        let dfa = try RegexPattern("ab").searchDFA()
        #expect(dfa.accepts("xxabyy") && dfa.accepts("ab") && !dfa.accepts("a b"))
        let anchored = try RegexPattern("^ab").searchDFA()
        #expect(anchored.accepts("abzz") && !anchored.accepts("zab"))
        let end = try RegexPattern("ab$").searchDFA()
        #expect(end.accepts("zzab") && !end.accepts("abz"))
    }

    @Test func lengthsAndCounts() throws {
        let dfa = try whole("[ab]{2,3}")
        #expect(dfa.shortestLength == 2 && dfa.longestLength == 3)
        #expect(dfa.countStrings(lengthIn: 0...10, cap: 1000) == 12)
        #expect(dfa.countStrings(lengthIn: 3...3, cap: 1000) == 8)
        #expect(dfa.countStrings(lengthIn: 0...10, cap: 5) == 5)
        #expect(dfa.countStrings(lengthIn: 4...10, cap: 5) == 0)
        #expect(dfa.hasString(lengthIn: 3...9) && !dfa.hasString(lengthIn: 4...9) && !dfa.hasString(lengthIn: 0...1))
        let star = try whole("a*")
        #expect(star.shortestLength == 0 && star.longestLength == nil)
        #expect(star.countStrings(lengthIn: 0...Int.max, cap: 100) == 100)
        #expect(star.countStrings(lengthIn: 3...7, cap: 100) == 5)
        #expect(star.hasString(lengthIn: 5000...5000))
        let even = try whole("(aa)*")
        #expect(!even.hasString(lengthIn: 9_999...9_999) && even.hasString(lengthIn: 9_999...10_000))
        #expect(try whole("\\d{3}").countStrings(lengthIn: 0...5, cap: Int.max) == 1000)
        #expect(try whole(".").countStrings(lengthIn: 0...1, cap: Int.max) == ScalarSet.all.count - 4)
        #expect(try whole("[\\s\\S]{20}").countStrings(lengthIn: 0...20, cap: Int.max) == Int.max)
        #expect(!star.hasString(lengthIn: -5 ... -1) && star.hasString(lengthIn: -5...0))
        let empty = try whole("a$b")
        #expect(empty.shortestLength == nil && empty.countStrings(lengthIn: 0...5, cap: 10) == 0)
        #expect(!empty.hasString(lengthIn: 0...Int.max))
    }

    @Test func constructors() throws {
        let words = DFA.literals(["cat", "car", "", "cart"])
        for word in ["cat", "car", "", "cart"] { #expect(words.accepts(word)) }
        for word in ["ca", "c", "carts", "dog"] { #expect(!words.accepts(word)) }
        #expect(words.countStrings(lengthIn: 0...10, cap: 100) == 4)
        #expect(DFA.literals([String]()).isEmpty)
        let universal = DFA.universal(over: ScalarSet(scalarsOf: "ab"))
        #expect(universal.accepts("") && universal.accepts("abba") && !universal.accepts("abc"))
        #expect(DFA.universal().accepts("\u{1F600}\n"))
        let lengths = try DFA.lengths(min: 2, max: 4)
        #expect(!lengths.accepts("a") && lengths.accepts("ab") && lengths.accepts("abcd") && !lengths.accepts("abcde"))
        let atLeast = try DFA.lengths(min: 3, max: nil, over: UnicodeProperties.digits)
        #expect(atLeast.accepts("12345") && !atLeast.accepts("12") && !atLeast.accepts("12a"))
        #expect(throws: RegexError.self) { try DFA.lengths(min: 0, max: 20_000) }
    }

    @Test func algebra() throws {
        let digits = try whole("\\d+")
        let short = try DFA.lengths(min: 0, max: 3)
        let both = try digits.intersection(short)
        #expect(both.accepts("123") && !both.accepts("1234") && !both.accepts("") && !both.accepts("ab"))
        #expect(both.countStrings(lengthIn: 0...10, cap: 10_000) == 1110)
        let either = try digits.union(try whole("[a-z]"))
        #expect(either.accepts("42") && either.accepts("q") && !either.accepts("q1"))
        let notZero = try digits.subtracting(try whole("0+"))
        #expect(notZero.accepts("10") && !notZero.accepts("000"))
        let complement = digits.complement()
        #expect(complement.accepts("") && complement.accepts("1a") && !complement.accepts("12"))
        let withinLetters = digits.complement(within: ScalarSet(scalarsOf: "ab1"))
        #expect(withinLetters.accepts("ab") && !withinLetters.accepts("11") && !withinLetters.accepts("c"))
        #expect(DFA.literals([]).complement().accepts("anything"))
        #expect(DFA.universal().complement().isEmpty)
        // Excluding `enum` values from a pattern's language.
        let names = try whole("[a-c]{2}").subtracting(DFA.literals(["aa", "ab"]))
        #expect(names.countStrings(lengthIn: 0...2, cap: 100) == 7)
    }

    @Test func productRespectsTheStateCap() throws {
        let a = try whole("(a|b)*a(a|b){6}")
        let b = try whole("(a|b)*b(a|b){6}")
        #expect(throws: RegexError.self) { try a.intersection(b, stateLimit: 100) }
        let product = try a.intersection(b)
        #expect(product.isEmpty)
    }
}
