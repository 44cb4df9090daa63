@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// Lookahead, lookbehind and word boundaries, decided by automata (`LookaroundRun`). The table
/// holds patterns as public schemas write them; every row was checked with Node's
/// `new RegExp(p, "u").test(s)`, and `agreesWithNode` compares hundreds of seeded random patterns
/// with Node on every run where it is installed.
@Suite struct RegexLookaroundTests {
    static let table: [(pattern: String, input: String, matches: Bool)] = [
        ("^(?!plugins$)[a-z0-9-]+$", "plugins", false),
        ("^(?!plugins$)[a-z0-9-]+$", "plugins2", true),
        ("^(?!plugins$)[a-z0-9-]+$", "plugin", true),
        ("(?<!\\.)$", "file.", false),
        ("(?<!\\.)$", "file", true),
        ("(?<!\\.)$", "", true),
        ("^(?=.*[A-Z])(?=.*\\d).{8,}$", "Passw0rdx", true),
        ("^(?=.*[A-Z])(?=.*\\d).{8,}$", "password1", false),
        ("^(?=.*[A-Z])(?=.*\\d).{8,}$", "PASSWORD", false),
        ("^(?=.*[A-Z])(?=.*\\d).{8,}$", "Pa1", false),
        ("^(?!\\s)(?!.*\\s$).*$", " x", false),
        ("^(?!\\s)(?!.*\\s$).*$", "x ", false),
        ("^(?!\\s)(?!.*\\s$).*$", "x y", true),
        ("^(?!\\s)(?!.*\\s$).*$", "", true),
        ("^[a-z](?:[a-z0-9]|-(?!-))*$", "a-b-c", true),
        ("^[a-z](?:[a-z0-9]|-(?!-))*$", "a--b", false),
        ("^(?:(?!--)[a-z-])+$", "ab-c", true),
        ("^(?:(?!--)[a-z-])+$", "ab--c", false),
        ("(?<=@)example\\.com$", "me@example.com", true),
        ("(?<=@)example\\.com$", "me.example.com", false),
        ("^\\d+(?<!0)$", "120", false),
        ("^\\d+(?<!0)$", "121", true),
        ("\\bcat\\b", "a cat sat", true),
        ("\\bcat\\b", "concatenate", false),
        ("\\Bcat\\B", "concatenate", true),
        ("\\Bcat\\B", "a cat", false),
        ("^\\b$", "", false),
        ("^\\B$", "", true),
        ("a(?=b)", "ab", true),
        ("a(?=b)", "ac", false),
        ("a(?=b)$", "ab", false),
        ("(?=a)(?!a)", "a", false),
        ("^(?=(?=a)a)ab$", "ab", true),
        ("(?<=(?<!b)a)c", "ac", true),
        ("(?<=(?<!b)a)c", "bac", false),
        ("(?=a$)", "ba", true),
        ("(?=a$)", "ab", false),
        ("(?<=^a)b", "ab", true),
        ("(?<=^a)b", "aab", false),
        ("^(?<name>[a-z]+)(?=\\d)", "abc1", true),
    ]

    @Test func table() throws {
        for row in Self.table {
            let pattern = try RegexPattern(row.pattern)
            #expect(pattern.matches(row.input) == row.matches, "\(row.pattern) on \(row.input.debugDescription)")
            #expect(try pattern.searchDFA().accepts(row.input) == row.matches, "DFA: \(row.pattern) on \(row.input.debugDescription)")
            let run = try LookaroundRun(nfa: NFA(pattern.syntax, search: true))
            #expect(run.accepts(Array(row.input.unicodeScalars)) == row.matches, "run: \(row.pattern) on \(row.input.debugDescription)")
            let anchored = try RegexPattern("^(?:" + row.pattern + ")$")
            #expect(try pattern.wholeDFA().accepts(row.input) == anchored.matches(row.input), "whole: \(row.pattern)")
        }
    }

    /// Constructs whose automaton would have to see past an end of the input it reads are named.
    @Test func refusals() {
        let cases: [(String, String)] = [
            ("(?=^a)", "'^' inside a lookahead"), ("(?<=a$)", "'$' inside a lookbehind"),
            ("(?=(?<=a)b)", "a lookbehind inside a lookahead"), ("(?<=(?=a)b)", "a lookahead inside a lookbehind"),
            ("(?=a)*", "nothing to repeat"), ("\\b+", "nothing to repeat"),
        ]
        for (source, reason) in cases {
            do {
                _ = try RegexPattern(source)
                Issue.record("\(source) was accepted")
            } catch {
                #expect(error.message.contains(reason), "\(source): \(error)")
            }
        }
    }

    /// Generation from a lookaround pattern only produces strings the pattern matches.
    @Test func samplesStayInsideTheLanguage() throws {
        var random = SeededRandom(seed: 7)
        for source in ["^(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d]{8,12}$", "^(?!plugins$)[a-z]{7}$", "^[a-z]{3,6}(?<!x)$"] {
            let pattern = try RegexPattern(source)
            let sampler = try #require(DFASampler(pattern.wholeDFA(), lengthIn: 0...20))
            for _ in 0..<50 {
                let sample = try #require(sampler.sample(random: &random))
                #expect(pattern.matches(sample), "\(source) produced \(sample.debugDescription)")
            }
        }
    }

    /// Seeded random patterns over a two-letter alphabet with every kind of lookaround, anchors,
    /// word boundaries, repeats and alternations: our search DFA, whole DFA and simulation agree
    /// with Node on every input up to length 5 over `a`, `b` and `-`.
    @Test(.enabled(if: Prerequisite.ready(.node), Comment(rawValue: Prerequisite.reason(.node))))
    func agreesWithNode() throws {
        let node = try #require(NodeRegExp.node)
        var generator = PatternGenerator(random: SeededRandom(seed: 2026))
        let patterns = (0..<300).map { _ in generator.pattern() }
        let inputs = Self.inputs(upTo: 5, over: ["a", "b", "-"])
        var cases: [(pattern: String, input: String)] = []
        for pattern in patterns {
            for input in inputs {
                cases.append((pattern, input))
                cases.append(("^(?:" + pattern + ")$", input))
            }
        }
        let answers = try NodeRegExp.test(cases, node: node)
        var index = 0
        var disagreements = 0
        for source in patterns {
            let pattern = try RegexPattern(source)
            let search = try pattern.searchDFA()
            let whole = try pattern.wholeDFA()
            let run = try LookaroundRun(nfa: NFA(pattern.syntax, search: true))
            for input in inputs {
                let expected = answers[index]
                let expectedWhole = answers[index + 1]
                index += 2
                let ours = [search.accepts(input), run.accepts(Array(input.unicodeScalars)), pattern.matches(input)]
                if ours != [expected, expected, expected] || whole.accepts(input) != expectedWhole {
                    disagreements += 1
                    if disagreements <= 10 {
                        Issue.record("\(source) on \(input.debugDescription): node \(expected)/\(expectedWhole), ours \(ours)/\(whole.accepts(input))")
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    static func inputs(upTo length: Int, over letters: [String]) -> [String] {
        var all = [""]
        var layer = [""]
        for _ in 0..<length {
            layer = layer.flatMap { prefix in letters.map { prefix + $0 } }
            all += layer
        }
        return all
    }

    /// Random patterns in the subset the parser accepts, lookarounds included.
    struct PatternGenerator {
        var random: SeededRandom

        mutating func pattern() -> String {
            node(depth: 0, inside: nil)
        }

        /// `inside` is the direction of the lookaround being generated, if any: its body may not
        /// look the other way nor hold the anchor at the far end.
        private mutating func node(depth: Int, inside ahead: Bool?) -> String {
            let leaf = depth >= 3
            switch random.int(in: 0...(leaf ? 4 : 12)) {
            case 0: return "a"
            case 1: return "b"
            case 2: return ["[ab]", "[^a]", ".", "-", "\\w"][random.int(in: 0...4)]
            case 3: return ahead == true ? "$" : "^"
            case 4: return ahead == false ? "^" : (ahead == nil ? ["$", "\\b", "\\B"][random.int(in: 0...2)] : "$")
            case 5, 6:
                return (0..<random.int(in: 2...3)).map { _ in node(depth: depth + 1, inside: ahead) }.joined()
            case 7:
                return "(?:" + node(depth: depth + 1, inside: ahead) + "|" + node(depth: depth + 1, inside: ahead) + ")"
            case 8:
                let body = "(?:" + node(depth: depth + 1, inside: ahead) + ")"
                return body + ["*", "+", "?", "{0,2}", "{2}"][random.int(in: 0...4)]
            default:
                let lookAhead = ahead ?? (random.int(in: 0...1) == 0)
                let opener = lookAhead ? ["(?=", "(?!"][random.int(in: 0...1)] : ["(?<=", "(?<!"][random.int(in: 0...1)]
                return opener + node(depth: depth + 1, inside: lookAhead) + ")"
            }
        }
    }
}

/// The issue's real-world shapes at the schema level: a lookahead in `patternProperties` and a
/// lookbehind in `pattern`, generated and validated.
@Suite struct LookaroundSchemaTests {
    @Test func lookaroundsInPatternsAndPropertyNames() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "minProperties": 2, "maxProperties": 4, "additionalProperties": false,
             "patternProperties": {"^(?!plugins$)[a-z]{5,8}$": {"type": "string", "pattern": "^[a-z.]{2,9}(?<!\\.)$"}}}
            """#)
        let instances = try schema.validInstances(count: 40, seed: 11)
        for instance in instances {
            for key in instance.orderedKeys {
                #expect(key != "plugins")
                #expect(instance[key]?.stringValue?.hasSuffix(".") == false)
            }
        }
        #expect(!schema.isValid(try GeneratedContent(json: #"{"plugins": "ab", "other": "cd"}"#)))
        #expect(!schema.isValid(try GeneratedContent(json: #"{"abcde": "ab.", "other": "cd"}"#)))
        #expect(schema.isValid(try GeneratedContent(json: #"{"abcde": "a.b", "other": "cd"}"#)))
    }
}
