@testable import GuidedGeneration
import RegexAutomata
import Testing

@Suite struct RegexParserTests {
    private func set(of pattern: String) throws -> ScalarSet {
        guard case .scalars(let set) = try RegexParser.parse(pattern) else {
            Issue.record("\(pattern) is not a single scalar set")
            return .empty
        }
        return set
    }

    private func error(_ pattern: String) -> RegexError? {
        do {
            _ = try RegexParser.parse(pattern)
            return nil
        } catch {
            return error
        }
    }

    @Test func literalsAndEscapes() throws {
        #expect(try set(of: "a") == ScalarSet("a"))
        #expect(try set(of: "\\t") == ScalarSet("\t"))
        #expect(try set(of: "\\n") == ScalarSet("\n"))
        #expect(try set(of: "\\r") == ScalarSet("\r"))
        #expect(try set(of: "\\v") == ScalarSet("\u{0B}"))
        #expect(try set(of: "\\f") == ScalarSet("\u{0C}"))
        #expect(try set(of: "\\0") == ScalarSet("\u{0}"))
        #expect(try set(of: "\\x41") == ScalarSet("A"))
        #expect(try set(of: "\\u00e9") == ScalarSet("\u{E9}"))
        #expect(try set(of: "\\u{1F600}") == ScalarSet("\u{1F600}"))
        #expect(try set(of: "\\uD83D\\uDE00") == ScalarSet("\u{1F600}"))
        #expect(try set(of: "\\cJ") == ScalarSet("\n"))
        #expect(try set(of: "\\cj") == ScalarSet("\n"))
        for identity in ["/", ".", "-", "_", "@", "$", "^", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "\\", "#", "'", "\u{E9}"] {
            #expect(try set(of: "\\" + identity) == ScalarSet(scalarsOf: identity), "\\\(identity)")
        }
        #expect(try set(of: "]") == ScalarSet("]"))
        #expect(try set(of: "}") == ScalarSet("}"))
        #expect(try set(of: "\u{1F600}") == ScalarSet("\u{1F600}"))
    }

    @Test func classEscapesAndDot() throws {
        #expect(try set(of: "\\d") == ScalarSet(range: 0x30...0x39))
        #expect(try set(of: "\\D") == ScalarSet(range: 0x30...0x39).inverted())
        #expect(try set(of: "\\w") == ScalarSet(scalarsOf: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"))
        #expect(try set(of: "\\W").contains("\u{E9}"))
        let whitespace = try set(of: "\\s")
        for scalar in ["\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FEFF}"] as [Unicode.Scalar] {
            #expect(whitespace.contains(scalar))
        }
        #expect(!whitespace.contains("\u{200B}") && !whitespace.contains("\u{85}") && !whitespace.contains("a"))
        #expect(try set(of: "\\S") == whitespace.inverted())
        let dot = try set(of: ".")
        #expect(dot.count == ScalarSet.all.count - 4)
        #expect(!dot.contains("\n") && !dot.contains("\r") && !dot.contains("\u{2028}") && !dot.contains("\u{2029}"))
        #expect(dot.contains("\u{85}") && dot.contains("\u{1F600}"))
    }

    @Test func classes() throws {
        #expect(try set(of: "[abc]") == ScalarSet(scalarsOf: "abc"))
        #expect(try set(of: "[a-c]") == ScalarSet(scalarsOf: "abc"))
        #expect(try set(of: "[^a-c]") == ScalarSet(scalarsOf: "abc").inverted())
        #expect(try set(of: "[\\w-]") == UnicodeProperties.wordCharacters.union(ScalarSet("-")))
        #expect(try set(of: "[a-]") == ScalarSet(scalarsOf: "a-"))
        #expect(try set(of: "[-a]") == ScalarSet(scalarsOf: "a-"))
        #expect(try set(of: "[\\w-a]") == UnicodeProperties.wordCharacters.union(ScalarSet("-")))
        #expect(try set(of: "[0-9-_.]") == ScalarSet(scalarsOf: "0123456789-_."))
        #expect(try set(of: "[\\b]") == ScalarSet("\u{8}"))
        #expect(try set(of: "[\\-]") == ScalarSet("-"))
        #expect(try set(of: "[\\d\\s]") == UnicodeProperties.digits.union(UnicodeProperties.whitespace))
        #expect(try set(of: "[^\\D]") == UnicodeProperties.digits)
        #expect(try set(of: "[[]") == ScalarSet("["))
        #expect(try set(of: "[.]") == ScalarSet("."))
        #expect(try set(of: "[]") == .empty)
        #expect(try set(of: "[^]") == .all)
        #expect(try set(of: "[\\u{1F600}-\\u{1F602}]").count == 3)
        #expect(try set(of: "[\\p{Lu}]") == UnicodeProperties.category(.uppercaseLetter))
        #expect(try set(of: "[^\\P{Lu}]") == UnicodeProperties.category(.uppercaseLetter))
    }

    @Test func unicodeProperties() throws {
        let letters = try set(of: "\\p{L}")
        #expect(letters == (try set(of: "\\p{Letter}")))
        #expect(letters == (try set(of: "\\p{General_Category=Letter}")))
        #expect(letters == (try set(of: "\\p{gc=L}")))
        #expect(letters.contains("\u{E9}") && letters.contains("\u{4E2D}") && !letters.contains("1"))
        #expect(try set(of: "\\P{L}") == letters.inverted())
        let cased = try set(of: "\\p{LC}")
        #expect(cased.contains("a") && cased.contains("A") && !cased.contains("\u{4E2D}"))
        for (short, long) in [("Lu", "Uppercase_Letter"), ("Ll", "Lowercase_Letter"), ("Lt", "Titlecase_Letter"),
                              ("Lm", "Modifier_Letter"), ("Lo", "Other_Letter"), ("M", "Mark"), ("Mn", "Nonspacing_Mark"),
                              ("N", "Number"), ("Nd", "Decimal_Number"), ("Nl", "Letter_Number"), ("No", "Other_Number"),
                              ("P", "Punctuation"), ("Pd", "Dash_Punctuation"), ("S", "Symbol"), ("Sm", "Math_Symbol"),
                              ("Z", "Separator"), ("Zs", "Space_Separator"), ("C", "Other"), ("Cc", "Control"), ("Cn", "Unassigned")] {
            let byShort = try set(of: "\\p{\(short)}")
            #expect(!byShort.isEmpty, "\(short)")
            #expect(byShort == (try set(of: "\\p{\(long)}")), "\(long)")
        }
        #expect(try set(of: "\\p{Nd}").contains("\u{9EA}"))
        #expect(try set(of: "\\p{digit}") == (try set(of: "\\p{Nd}")))
        #expect(try set(of: "\\p{Cs}") == .empty)
        #expect(try set(of: "\\p{Any}") == .all)
        #expect(try set(of: "\\p{ASCII}") == ScalarSet(range: 0...0x7F))
        #expect(try set(of: "\\p{Assigned}") == (try set(of: "\\P{Cn}")))
    }

    @Test func structure() throws {
        let a = RegexNode.scalars(ScalarSet("a"))
        let b = RegexNode.scalars(ScalarSet("b"))
        #expect(try RegexParser.parse("") == .empty)
        #expect(try RegexParser.parse("ab") == .concatenation([a, b]))
        #expect(try RegexParser.parse("a|b") == .alternation([a, b]))
        #expect(try RegexParser.parse("a|") == .alternation([a, .empty]))
        #expect(try RegexParser.parse("^a$") == .concatenation([.startAnchor, a, .endAnchor]))
        #expect(try RegexParser.parse("(a)") == a)
        #expect(try RegexParser.parse("(?:ab)") == .concatenation([a, b]))
        #expect(try RegexParser.parse("(?<name>a)") == a)
        #expect(try RegexParser.parse("(?<$na_me2>a)") == a)
        #expect(try RegexParser.parse("a*") == .repetition(a, min: 0, max: nil))
        #expect(try RegexParser.parse("a+") == .repetition(a, min: 1, max: nil))
        #expect(try RegexParser.parse("a?") == .repetition(a, min: 0, max: 1))
        #expect(try RegexParser.parse("a{3}") == .repetition(a, min: 3, max: 3))
        #expect(try RegexParser.parse("a{3,}") == .repetition(a, min: 3, max: nil))
        #expect(try RegexParser.parse("a{3,5}") == .repetition(a, min: 3, max: 5))
        for lazy in ["a*?", "a+?", "a??", "a{3}?", "a{3,}?", "a{3,5}?"] {
            #expect(try RegexParser.parse(lazy) == RegexParser.parse(String(lazy.dropLast())), "\(lazy)")
        }
        #expect(try RegexParser.parse("(?:ab)*") == .repetition(.concatenation([a, b]), min: 0, max: nil))
        // Annex B: braces that do not form a quantifier are literals.
        let brace = RegexNode.scalars(ScalarSet("{"))
        #expect(try RegexParser.parse("a{") == .concatenation([a, brace]))
        #expect(try RegexParser.parse("a{,3}") == RegexParser.parse("a\\{,3\\}"))
        #expect(try RegexParser.parse("a{1,x}") == RegexParser.parse("a\\{1,x\\}"))
        #expect(try RegexParser.parse("{") == brace)
        #expect(try RegexParser.parse("x{}") == RegexParser.parse("x\\{\\}"))
    }

    /// Valid ECMA-262 that does not fit a DFA: refused as `unsupported`, at the construct's offset.
    @Test func refusals() {
        let cases: [(String, Int)] = [
            ("(a)\\1", 3), ("(a)\\2x", 3), ("(?<n>a)\\k<n>", 7), ("(?=^a)", 0), ("x(?<!a$)", 1),
            ("x(?=(?<=a))", 1), ("\\p{Script=Latin}", 0),
            ("\\p{sc=Grek}", 0), ("\\p{Alphabetic}", 0), ("x\\P{Emoji}", 1), ("a{1001}", 1), ("a{2,5000}", 1),
            ("(?i:a)", 0), ("((a{1000}){1000})", 1), ("(?:a{1000}){100}", 0),
            (String(repeating: "a{1000}", count: 101), 693), ("a{1000}|" + String(repeating: "a{1000}|", count: 100), 792),
        ]
        for (pattern, offset) in cases {
            let failure = error(pattern)
            #expect(failure?.kind == .unsupported, "\(pattern): \(String(describing: failure))")
            #expect(failure?.offset == offset, "\(pattern): \(String(describing: failure))")
            #expect(failure.map { !$0.message.isEmpty && !$0.message.contains("\n") } ?? false)
        }
        #expect(error("(a)\\1")?.message.contains("backreference") == true)
        #expect(error("(?=^a)")?.message.contains("lookahead") == true)
        #expect(error("(?<=a$)")?.message.contains("lookbehind") == true)
    }

    @Test func invalidSyntax() {
        let cases: [(String, Int)] = [
            ("(", 0), ("a(b", 1), ("(?:a", 0), ("a)", 1), ("[a", 0), ("x[^", 1), ("[z-a]", 1), ("a**", 2),
            ("a+*", 2), ("a???", 3), ("*a", 0), ("+", 0), ("?", 0), ("a|*", 2), ("{2}", 0), ("a{2,1}", 1),
            ("a{2}{3}", 4), ("^*", 1), ("$+", 1), ("\\", 0), ("a\\", 1), ("\\x4", 0), ("\\xZZ", 0), ("\\u12", 0),
            ("\\u{110000}", 0), ("\\u{}", 0), ("\\c1", 0), ("\\p{Nope}", 0), ("\\p{gc=Nope}", 0), ("\\pL", 0),
            ("\\p{L", 0), ("\\a", 0), ("\\z", 0), ("\\00", 0), ("\\k", 0), ("(?<>a)", 0), ("(?<1a>a)", 3),
            ("(?x)", 0), ("[\\B]", 1), ("[\\1]", 1), ("a{1}*", 4),
        ]
        for (pattern, offset) in cases {
            let failure = error(pattern)
            #expect(failure?.kind == .invalidSyntax, "\(pattern): \(String(describing: failure))")
            #expect(failure?.offset == offset, "\(pattern): \(String(describing: failure))")
        }
        #expect(error("a{2,1}")?.description == "invalid regex at offset 1: numbers out of order in {2,1} quantifier")
    }

    @Test func offsetsCountScalars() {
        #expect(error("\u{1F600}\u{1F600}(")?.offset == 2)
        #expect(error("\u{E9}\\1")?.offset == 1)
    }
}
