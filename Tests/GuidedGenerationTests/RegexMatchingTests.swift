@testable import GuidedGeneration
import RegexAutomata
import Testing

/// Matching semantics: `RegExp.prototype.test` without flags (unanchored search, `^`/`$` at the
/// input's ends). Rows without an ECMA-only construct were cross-checked against Python's
/// `re.search` on an ECMA-equivalent translation (`$`→`\Z`, `\d \w \s .` spelled out).
@Suite struct RegexMatchingTests {
    static let table: [(pattern: String, input: String, matches: Bool)] = [
        ("^a|b$", "a", true),
        ("^a|b$", "xa", false),
        ("^a|b$", "ax", true),
        ("^a|b$", "b", true),
        ("^a|b$", "bx", false),
        ("^a|b$", "xb", true),
        ("^a|b$", "", false),
        ("a|^b", "cb", false),
        ("a|^b", "bc", true),
        ("a|^b", "ca", true),
        ("(^a|b)c", "ac", true),
        ("(^a|b)c", "xac", false),
        ("(^a|b)c", "xbc", true),
        ("x(^a|b)", "xa", false),
        ("x(^a|b)", "xb", true),
        ("a$|^$", "", true),
        ("a$|^$", "ba", true),
        ("a$|^$", "ab", false),
        ("a$|^$", "\u{A}", false),
        ("^abc$", "abc", true),
        ("^abc$", "abc\u{A}", false),
        ("^abc$", "xabc", false),
        ("^$", "", true),
        ("^$", " ", false),
        ("$^", "", true),
        ("$^", "a", false),
        ("a+", "", false),
        ("a+", "b", false),
        ("a+", "bab", true),
        ("a+", "aaa", true),
        ("^a*$", "", true),
        ("^a*$", "aaa", true),
        ("^a*$", "aab", false),
        ("^(?:ab)+$", "ab", true),
        ("^(?:ab)+$", "abab", true),
        ("^(?:ab)+$", "aba", false),
        ("^(?:ab)+$", "", false),
        ("^a{3}$", "aa", false),
        ("^a{3}$", "aaa", true),
        ("^a{3}$", "aaaa", false),
        ("^a{2,}$", "a", false),
        ("^a{2,}$", "aa", true),
        ("^a{2,}$", "aaaaa", true),
        ("^a{1,3}$", "", false),
        ("^a{1,3}$", "a", true),
        ("^a{1,3}$", "aaa", true),
        ("^a{1,3}$", "aaaa", false),
        ("^a{0,0}b$", "b", true),
        ("^a{0,0}b$", "ab", false),
        ("^(a|b)*?c??$", "abba", true),
        ("^(a|b)*?c??$", "abc", true),
        ("^(a|b)*?c??$", "cc", false),
        ("^[a-c]+$", "abcabc", true),
        ("^[a-c]+$", "abd", false),
        ("^[a-c]+$", "", false),
        ("^[^a-c]+$", "xyz", true),
        ("^[^a-c]+$", "xaz", false),
        ("^[\\w-]+$", "a-b_c9", true),
        ("^[\\w-]+$", "a b", false),
        ("^[a-]+$", "a-a", true),
        ("^[a-]+$", "-", true),
        ("^[a-]+$", "b", false),
        ("^[-a]+$", "a-a", true),
        ("^[-a]+$", "b", false),
        ("^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$", "john.doe@mail.com", true),
        ("^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$", "john@mail.c", false),
        ("^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$", "a@b.cd", true),
        ("^[a-zA-Z0-9-_.]+$", "A-_.z", true),
        ("^[a-zA-Z0-9-_.]+$", "a b", false),
        ("^[\\.-_]+$", ".", true),
        ("^[\\.-_]+$", "_", true),
        ("^[\\.-_]+$", "A", true),
        ("^[\\.-_]+$", "-", false),
        ("^[\\.-_]+$", ",", false),
        ("^\\d+$", "123", true),
        ("^\\d+$", "12a", false),
        ("^\\d+$", "\u{664}", false),
        ("^\\D+$", "abc", true),
        ("^\\D+$", "a1", false),
        ("^\\w+$", "abc_1", true),
        ("^\\w+$", "\u{E9}", false),
        ("^\\W$", "\u{E9}", true),
        ("^\\W$", "a", false),
        ("^\\W$", "_", false),
        ("^\\s$", " ", true),
        ("^\\s$", "\u{9}", true),
        ("^\\s$", "\u{A0}", true),
        ("^\\s$", "\u{FEFF}", true),
        ("^\\s$", "\u{2003}", true),
        ("^\\s$", "\u{A}", true),
        ("^\\s$", "\u{2029}", true),
        ("^\\s$", "a", false),
        ("^\\s$", "\u{1}", false),
        ("^\\s$", "\u{200B}", false),
        ("^\\S$", " ", false),
        ("^\\S$", "x", true),
        ("^.$", "a", true),
        ("^.$", "\u{A}", false),
        ("^.$", "\u{D}", false),
        ("^.$", "\u{2028}", false),
        ("^.$", "\u{2029}", false),
        ("^.$", "\u{9}", true),
        ("^.$", "\u{1F600}", true),
        ("^.$", "\u{E9}", true),
        ("^..$", "\u{1F600}", false),
        ("^..$", "\u{1F600}\u{1F600}", true),
        ("^..$", "ab", true),
        ("^\u{1F600}+$", "\u{1F600}\u{1F600}", true),
        ("^\u{1F600}+$", "\u{1F600}a", false),
        ("^[\u{1F600}-\u{1F602}]$", "\u{1F601}", true),
        ("^[\u{1F600}-\u{1F602}]$", "\u{1F603}", false),
        ("a.c", "abc", true),
        ("a.c", "a\u{A}c", false),
        ("a.c", "ac", false),
        ("colou?r", "color", true),
        ("colou?r", "colour", true),
        ("colou?r", "colouur", false),
        ("^(\\d{3})-(\\d{4})$", "555-1234", true),
        ("^(\\d{3})-(\\d{4})$", "55-1234", false),
        ("a{", "a{", true),
        ("a{", "a", false),
        ("a{1", "a{1", true),
        ("a{1", "a", false),
        ("a{1,x}", "a{1,x}", true),
        ("x{,3}", "x{,3}", true),
        ("x{,3}", "xxx", false),
        ("}", "}", true),
        ("}", "a", false),
        ("]", "]", true),
        ("]", "a", false),
        ("\\{\\{.+}}", "{{x}}", true),
        ("\\{\\{.+}}", "{{}}", false),
        ("^\\$\\(\\w+\\)$", "$(abc)", true),
        ("^\\$\\(\\w+\\)$", "$abc", false),
        ("\\/\\.\\-\\_\\@", "/.-_@", true),
        ("^[\\t\\n\\r\\v\\f\\0]+$", "\u{9}\u{A}\u{D}\u{B}\u{C}\u{0}", true),
        ("^[\\t\\n\\r\\v\\f\\0]+$", " ", false),
        ("^\\x41\\u0042$", "AB", true),
        ("^\\x41\\u0042$", "ab", false),
        ("(?:)", "", true),
        ("(?:)", "a", true),
        ("()|a", "", true),
        ("()|a", "b", true),
        ("^(a|)+$", "", true),
        ("^(a|)+$", "aaa", true),
        ("^(a|)+$", "b", false),
        ("^(a*)*$", "", true),
        ("^(a*)*$", "aaa", true),
        ("^(a*)*$", "ab", false),
        ("^(?:a|ab)(?:c|bcd)$", "abcd", true),
        ("^(?:a|ab)(?:c|bcd)$", "ac", true),
        ("^(?:a|ab)(?:c|bcd)$", "abc", true),
        ("^[\\b]$", "\u{8}", true),
        ("^[\\b]$", "b", false),
        // ECMA-only forms, checked by hand.
        ("(?<year>\\d{4})-(?<month>\\d{2})", "on 2024-01", true),
        ("(?<year>\\d{4})-(?<month>\\d{2})", "24-01", false),
        ("^[^]$", "\n", true),
        ("^[^]$", "ab", false),
        ("[]", "", false),
        ("[]", "a", false),
        ("^[]]$", "]", false),
        ("^\\cC\\cc$", "\u{3}\u{3}", true),
        ("^\\u{1F600}\\u{41}$", "\u{1F600}A", true),
        ("^\\uD83D\\uDE00$", "\u{1F600}", true),
        ("^[\\uD83D\\uDE00-\\uD83D\\uDE02]+$", "\u{1F601}\u{1F602}", true),
        ("^[\\uD83D\\uDE00-\\uD83D\\uDE02]+$", "\u{1F603}", false),
        ("^\\p{L}+$", "\u{E9}cole\u{4E2D}", true),
        ("^\\p{L}+$", "ab1", false),
        ("^\\p{Lu}\\p{Ll}+$", "\u{C9}cole", true),
        ("^\\p{Lu}\\p{Ll}+$", "\u{E9}cole", false),
        ("^\\P{L}+$", "123 !", true),
        ("^\\p{Nd}+$", "4\u{9EA}\u{664}", true),
        ("^\\p{digit}+$", "\u{9EA}\u{9E8}", true),
        ("^\\p{General_Category=Decimal_Number}$", "7", true),
        ("^\\p{gc=Lu}$", "a", false),
        ("^[\\p{L}\\d_]+$", "\u{E9}t\u{E9}_2", true),
        ("^[^\\p{L}]+$", "12", true),
        ("^[^\\p{L}]+$", "1a", false),
        ("^\\p{Sc}$", "\u{20AC}", true),
        ("^\\p{Zs}$", "\u{3000}", true),
        ("^\\p{Any}$", "\u{10FFFF}", true),
        ("^\\p{ASCII}+$", "plain", true),
        ("^\\p{ASCII}+$", "caf\u{E9}", false),
        ("^\\p{So}$", "\u{1F600}", true),
        ("^[\\w-a]+$", "x-a", true),
        ("^[a-\\d]+$", "a-5", true),
        ("^[a-\\d]+$", "b", false),
    ]

    @Test func table() throws {
        for row in Self.table {
            let pattern = try RegexPattern(row.pattern)
            #expect(pattern.matches(row.input) == row.matches, "\(row.pattern) on \(row.input.debugDescription)")
            let simulated = NFAClosure.accepts(NFA(pattern.syntax, search: true), Array(row.input.unicodeScalars))
            #expect(simulated == row.matches, "NFA: \(row.pattern) on \(row.input.debugDescription)")
            #expect(try pattern.searchDFA().accepts(row.input) == row.matches)
        }
    }

    /// `wholeDFA` accepts exactly what `^(?:P)$` matches.
    @Test func wholeMatchesAnchoredSearch() throws {
        for row in Self.table {
            let whole = try RegexPattern(row.pattern).wholeDFA()
            let anchored = try RegexPattern("^(?:" + row.pattern + ")$")
            #expect(whole.accepts(row.input) == anchored.matches(row.input), "\(row.pattern)")
        }
    }

    /// A pattern whose search DFA exceeds the cap still matches, through the NFA simulation.
    @Test func matchingFallsBackToTheNFA() throws {
        let pattern = try RegexPattern("(a|b)*a(a|b){14}$")
        #expect(throws: RegexError.self) { try pattern.searchDFA() }
        do {
            _ = try pattern.searchDFA()
        } catch {
            #expect(error.kind == .tooComplex)
        }
        let hit = "bb" + "a" + String(repeating: "b", count: 14)
        #expect(pattern.matches(hit))
        #expect(!pattern.matches("a" + String(repeating: "b", count: 13)))
        #expect(pattern.matches("xx" + hit))
        #expect(!pattern.matches(hit + "x"))
        // No exponential backtracking on a classic catastrophic pattern.
        let nested = try RegexPattern("^(a+)+$")
        #expect(!nested.matches(String(repeating: "a", count: 5000) + "b"))
    }

    @Test func searchDFAAgreesWithNFASimulationOnLongInputs() throws {
        let pattern = try RegexPattern("ab+c|^x|y$")
        for input in ["zzzabbbbc", "xzzzz", "zzzzy", "zzxzz", "zzyzz", String(repeating: "ab", count: 1000)] {
            let simulated = NFAClosure.accepts(NFA(pattern.syntax, search: true), Array(input.unicodeScalars))
            #expect(pattern.matches(input) == simulated)
        }
    }

    /// Concurrent first uses share one lazily built automaton.
    @Test func concurrentUse() async throws {
        let pattern = try RegexPattern("^[a-f0-9]{8}-[a-f0-9]{4}$")
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask { pattern.matches(index % 2 == 0 ? "deadbeef-0123" : "deadbeef-012g") }
            }
            var collected: [Bool] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.filter { $0 }.count == 8)
        #expect(try pattern.searchDFA().stateCount == pattern.searchDFA().stateCount)
    }
}
