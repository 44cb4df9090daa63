import ConstrainedDecoding
import Foundation
@testable import GuidedGeneration
import JSONSchema
@testable import ProceduralModel
import RegexAutomata
import Testing

struct GrammarTests {
    func grammar(_ symbols: String, variables: String = "{}", maximumDepth: Int = Grammar.defaultMaximumDepth) throws -> Grammar {
        try Grammar(json: ##"{"symbols": \##(symbols), "variables": \##(variables)}"##, maximumDepth: maximumDepth)
    }

    func expansions(_ grammar: Grammar, _ symbol: String, count: Int, seed: UInt64 = 1, variables: [String: String] = [:]) throws -> [String] {
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: seed)
        return try (0..<count).map { _ in try grammar.expand(symbol, variables: variables, memory: &memory, random: &random) }
    }

    // MARK: Modifiers

    static let modifierCases: [(GrammarModifier, String, String)] = [
        (.capitalize, "latte", "Latte"),
        (.capitalize, "'tis late", "'Tis late"),
        (.capitalize, "", ""),
        (.capitalizeAll, "the tired barista", "The Tired Barista"),
        (.lowercase, "LOUD Noise", "loud noise"),
        (.uppercase, "quiet", "QUIET"),
        (.a, "cat", "a cat"),
        (.a, "owl", "an owl"),
        (.a, "hour", "an hour"),
        (.a, "honest answer", "an honest answer"),
        (.a, "university", "a university"),
        (.a, "unicorn", "a unicorn"),
        (.a, "unimportant detail", "an unimportant detail"),
        (.a, "umbrella", "an umbrella"),
        (.a, "European", "a European"),
        (.a, "one-eyed cat", "a one-eyed cat"),
        (.a, "orange", "an orange"),
        (.a, "FBI agent", "an FBI agent"),
        (.a, "UFO", "a UFO"),
        (.a, "X-ray", "an X-ray"),
        (.a, "8-ball", "an 8-ball"),
        (.a, "11", "an 11"),
        (.a, "110", "a 110"),
        (.a, "18,000 beans", "an 18,000 beans"),
        (.a, "1", "a 1"),
        (.s, "cat", "cats"),
        (.s, "berry", "berries"),
        (.s, "day", "days"),
        (.s, "box", "boxes"),
        (.s, "bus", "buses"),
        (.s, "church", "churches"),
        (.s, "dish", "dishes"),
        (.s, "espresso", "espressos"),
        (.s, "potato", "potatoes"),
        (.s, "child", "children"),
        (.s, "Mouse", "Mice"),
        (.s, "knife", "knives"),
        (.s, "sheep", "sheep"),
        (.s, "CAT", "CATS"),
        (.s, "tired barista", "tired baristas"),
        (.plural, "cup of tea", "cups of tea"),
        (.plural, "jar of honey", "jars of honey"),
        (.possessive, "cat", "cat's"),
        (.possessive, "James", "James'"),
        (.possessive, "barista", "barista's"),
    ]

    @Test(arguments: modifierCases)
    func modifier(_ modifier: GrammarModifier, input: String, expected: String) {
        #expect(modifier.apply(to: input) == expected)
    }

    @Test func modifiersChainLeftToRight() throws {
        let g = try grammar(##"{"line": ["#pet.s.capitalize#, #pet.a.uppercase#, #pet.possessive#"], "pet": ["owl"]}"##)
        #expect(try expansions(g, "line", count: 1) == ["Owls, AN OWL, owl's"])
    }

    // MARK: Variables

    @Test func pushedValueIsReadConsistentlyUntilPopped() throws {
        let g = try grammar(##"""
            {"story": ["[hero:#name#]#hero# met #hero#. [hero:Zed]#hero# left, [hero:POP]#hero# stayed."],
             "name": ["Ada", "Bo", "Cy", "Di"]}
            """##)
        for line in try expansions(g, "story", count: 50) {
            let words = line.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }
            #expect(words[0] == words[2], "\(line)")
            #expect(words[3] == "Zed" && words[5] == words[0], "\(line)")
        }
    }

    @Test func variablesShadowSymbolsAndPopRevealsTheSymbol() throws {
        let g = try grammar(##"{"line": ["#who#/[who:POP]#who#"], "who": ["symbol"]}"##)
        #expect(try expansions(g, "line", count: 1, variables: ["who": "injected"]) == ["injected/symbol"])
        #expect(try expansions(g, "line", count: 1) == ["symbol/symbol"])
    }

    @Test func declaredVariablesHaveDefaultsTheCallerOverrides() throws {
        let g = try grammar(##"{"hello": ["I am #persona.capitalize#."]}"##, variables: ##"{"persona": "the barista"}"##)
        #expect(try expansions(g, "hello", count: 1) == ["I am The barista."])
        #expect(try expansions(g, "hello", count: 1, variables: ["persona": "mo"]) == ["I am Mo."])
    }

    @Test func readingAnUnsetVariableIsAnError() throws {
        let g = try grammar(##"{"story": ["[hero:Ada]#tale#"], "tale": ["#hero# wins"]}"##)
        #expect(try expansions(g, "story", count: 1) == ["Ada wins"])
        #expect(throws: GrammarError.unboundVariable("hero", symbol: "tale")) { try expansions(g, "tale", count: 1) }
    }

    @Test func escapesAreLiteral() throws {
        let g = try grammar(##"{"line": ["\\#tag\\# \\[note\\] \\\\"]}"##)
        #expect(try expansions(g, "line", count: 1) == [##"#tag# [note] \"##])
    }

    // MARK: Choices

    @Test func weightsSetFrequencies() throws {
        let g = try grammar(##"{"pick": ["a", {"text": "b", "weight": 2}, {"text": "c", "weight": 5}]}"##)
        var random = SeededRandom(seed: 9)
        var counts: [String: Int] = [:]
        let total = 8000
        for _ in 0..<total {
            var fresh = ExpansionMemory()
            counts[try g.expand("pick", memory: &fresh, random: &random), default: 0] += 1
        }
        for (text, weight) in [("a", 1.0), ("b", 2.0), ("c", 5.0)] {
            let expected = Double(total) * weight / 8
            #expect(abs(Double(counts[text] ?? 0) - expected) < expected * 0.1, "\(text): \(counts[text] ?? 0)")
        }
    }

    @Test func noSymbolRepeatsItsChoiceTwiceInARow() throws {
        let g = try grammar(##"{"pair": ["#pet#+#pet#"], "pet": ["cat", {"text": "owl", "weight": 30}, "dog"]}"##)
        let lines = try expansions(g, "pair", count: 1000)
        var previous: Substring?
        for line in lines {
            let pets = line.split(separator: "+")
            #expect(pets[0] != pets[1], "\(line)")
            #expect(pets[0] != previous, "\(line)")
            previous = pets[1]
        }
        let top = try expansions(try grammar(##"{"pet": ["cat", {"text": "owl", "weight": 30}]}"##), "pet", count: 1000)
        #expect(zip(top, top.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test func noLineRepeatsUntilEveryAlternativeIsUsed() throws {
        let alternatives = (0..<12).map { ##"{"text": "line \##($0)", "weight": \##($0 == 0 ? 100 : 1)}"## }
        let g = try grammar(##"{"say": [\##(alternatives.joined(separator: ","))]}"##)
        let lines = try expansions(g, "say", count: 13, seed: 5)
        #expect(Set(lines.prefix(12)).count == 12)
        #expect(lines[..<12].contains(lines[12]))
    }

    @Test func avoidanceSkipsTopLevelAlternativesThatRepeat() throws {
        let g = try grammar(##"{"say": ["fixed", "also fixed", "#n#"], "n": ["1", "2", "3", "4", "5", "6"]}"##)
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 2)
        _ = try (0..<3).map { _ in try g.expand("say", memory: &memory, random: &random) }
        #expect(memory.producedLines.count == 3)
        #expect(memory.hasProduced("fixed") && memory.hasProduced("also fixed"))
        memory.forgetProducedLines()
        #expect(memory.producedLines.isEmpty && !memory.lastChoices.isEmpty)
    }

    @Test func aRejectedAttemptLeavesNoChoiceBehind() throws {
        // "x" is already said, so an attempt through `a` is rolled back and `b` tried; when both
        // repeat, the first attempt's choices are the ones remembered.
        let g = try grammar(##"{"warm": ["x"], "say": ["#a#", "#b#"], "a": ["x"], "b": ["x", "y"]}"##)
        var sawY = false, sawX = false
        for seed in 0..<60 as Range<UInt64> {
            var memory = ExpansionMemory()
            var random = SeededRandom(seed: seed)
            _ = try g.expand("warm", memory: &memory, random: &random)
            let line = try g.expand("say", memory: &memory, random: &random)
            let choices = memory.lastChoices
            if line == "y" {
                sawY = true
                #expect(choices["say"] == 1 && choices["b"] == 1 && choices["a"] == nil, "seed \(seed): \(choices)")
            } else {
                sawX = true
                #expect(line == "x")
                #expect((choices["a"] != nil) != (choices["b"] != nil), "seed \(seed): \(choices)")
                #expect((choices["say"] == 0) == (choices["a"] == 0), "seed \(seed): \(choices)")
            }
        }
        #expect(sawX && sawY)
    }

    @Test func sameSeedSameLinesAndSeedsVary() throws {
        let g = try grammar(##"{"line": ["#a# #b#", "#b# #a#"], "a": ["x", "y", "z", "w"], "b": ["1", "2", "3", "4"]}"##)
        #expect(try expansions(g, "line", count: 40, seed: 3) == expansions(g, "line", count: 40, seed: 3))
        #expect(try expansions(g, "line", count: 40, seed: 3) != expansions(g, "line", count: 40, seed: 4))
    }

    @Test func greedyTakesTheHeaviestAllowedAlternative() throws {
        let g = try grammar(##"{"pick": ["a", {"text": "b", "weight": 3}, {"text": "c", "weight": 2}]}"##)
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 1)
        let lines = try (0..<5).map { _ in try g.expand("pick", memory: &memory, random: &random, choose: Grammar.greedyChoice) }
        #expect(lines == ["b", "c", "a", "b", "c"])
    }

    @Test func aChooserPickingAnExcludedAlternativeIsAnError() throws {
        let g = try grammar(##"{"pick": ["a", "b"]}"##)
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 1)
        _ = try g.expand("pick", memory: &memory, random: &random, choose: { _, _ in 0 })
        #expect(throws: GrammarError.invalidChoice(index: 0, symbol: "pick")) {
            try g.expand("pick", memory: &memory, random: &random, choose: { _, _ in 0 })
        }
        #expect(throws: GrammarError.invalidChoice(index: 7, symbol: "pick")) {
            try g.expand("pick", memory: &memory, random: &random, choose: { _, _ in 7 })
        }
    }

    // MARK: Loading

    static let malformedCases: [(String, GrammarError)] = [
        (##"{"symbols": {"a": ["Hi #nmae#!"]}}"##, .unknownSymbol("nmae", symbol: "a", alternative: 0)),
        (##"{"symbols": {"a": ["ok", "Hi #a"]}}"##, .malformedTemplate(symbol: "a", alternative: 1, offset: 3, problem: .unclosedReference)),
        (##"{"symbols": {"a": ["[x:1"]}}"##, .malformedTemplate(symbol: "a", alternative: 0, offset: 0, problem: .unclosedAction)),
        (##"{"symbols": {"a": ["x]"]}}"##, .malformedTemplate(symbol: "a", alternative: 0, offset: 1, problem: .unopenedAction)),
        (##"{"symbols": {"a": ["[x]"]}}"##, .malformedTemplate(symbol: "a", alternative: 0, offset: 0, problem: .malformedAction)),
        (###"{"symbols": {"a": ["##"]}}"###, .malformedTemplate(symbol: "a", alternative: 0, offset: 0, problem: .emptyName)),
        (##"{"symbols": {"a": ["#b.#"], "b": ["x"]}}"##, .malformedTemplate(symbol: "a", alternative: 0, offset: 0, problem: .emptyName)),
        (##"{"symbols": {"a": ["#b c#"], "b": ["x"]}}"##, .malformedTemplate(symbol: "a", alternative: 0, offset: 0, problem: .invalidName("b c"))),
        (##"{"symbols": {"a": ["x\\"]}}"##, .malformedTemplate(symbol: "a", alternative: 0, offset: 1, problem: .danglingEscape)),
        (##"{"symbols": {"a": ["#b.shout#"], "b": ["x"]}}"##, .unknownModifier("shout", symbol: "a", alternative: 0)),
        (##"{"symbols": {"a": []}}"##, .emptyAlternatives(symbol: "a")),
        (##"{"symbols": {"a": ["x", {"text": "y", "weight": 0}]}}"##, .nonPositiveWeight(symbol: "a", alternative: 1, weight: 0)),
        (##"{"symbols": {"a": [{"text": "y", "weight": -2}]}}"##, .nonPositiveWeight(symbol: "a", alternative: 0, weight: -2)),
        (##"{"symbols": {"a": [{"weight": 2}]}}"##, .invalidShape(path: "symbols.a[0]", expected: ##"a string or {"text": string, "weight": number}"##)),
        (##"{"symbols": {"a": [3]}}"##, .invalidShape(path: "symbols.a[0]", expected: ##"a string or {"text": string, "weight": number}"##)),
        (##"{"symbols": {"a": "x"}}"##, .invalidShape(path: "symbols.a", expected: "an array of alternatives")),
        (##"{"symbols": {"a.b": ["x"]}}"##, .invalidSymbolName("a.b")),
        (##"{"symbol": {}}"##, .invalidShape(path: "symbol", expected: ##"only the keys "symbols" and "variables""##)),
        (##"{"variables": {"v": 1}}"##, .invalidShape(path: "variables.v", expected: "a string")),
    ]

    @Test(arguments: malformedCases)
    func malformedGrammarIsATypedError(_ json: String, expected: GrammarError) {
        #expect(throws: expected) { try Grammar(json: json) }
    }

    @Test func invalidJSONIsATypedError() {
        #expect(performing: { try Grammar(json: ##"{"symbols": "##) }, throws: { error in
            guard case GrammarError.invalidJSON = error else { return false }
            return true
        })
    }

    @Test func symbolsThatCanNeverFinishAreReportedAtLoad() throws {
        #expect(throws: GrammarError.neverTerminates(symbols: ["a", "b"])) {
            try grammar(##"{"a": ["#b#"], "b": ["#a# and #c#", "#b#"], "c": ["fine"]}"##)
        }
        let g = try grammar(##"{"list": ["#item#, #list#", "#item#"], "item": ["x", "y"]}"##, maximumDepth: 4)
        for line in try expansions(g, "list", count: 300) {
            #expect(line.split(separator: ",").count <= 3, "\(line)")
        }
    }

    @Test func depthLimitIsATypedError() throws {
        let chain = ##"{"a": ["<#b#>"], "b": ["<#c#>"], "c": ["c"]}"##
        #expect(try expansions(try grammar(chain, maximumDepth: 3), "a", count: 1) == ["<<c>>"])
        #expect(throws: GrammarError.depthLimitExceeded(symbol: "a", limit: 2)) {
            try expansions(try grammar(chain, maximumDepth: 2), "a", count: 1)
        }
    }

    @Test func laterDocumentsOverrideEarlierOnes() throws {
        let base = try GeneratedContent(json: ##"{"symbols": {"name": ["Ada"], "hi": ["Hi #name#"]}, "variables": {"mood": "calm"}}"##)
        let mine = try GeneratedContent(json: ##"{"symbols": {"name": ["Grace"]}}"##)
        let g = try Grammar(documents: [base, mine])
        #expect(g.symbolNames == ["name", "hi"])
        #expect(g.contains(symbol: "hi") && !g.contains(symbol: "bye"))
        #expect(g.defaultVariables == ["mood": "calm"])
        #expect(try expansions(g, "hi", count: 1) == ["Hi Grace"])
        #expect(throws: GrammarError.undefinedSymbol("bye")) { try expansions(g, "bye", count: 1) }
    }

    @Test func codeDefinedGrammarMatchesTheJSONOne() throws {
        let g = try Grammar(symbols: [
            ("drink", ["latte", Grammar.Alternative("americano", weight: 2)]),
            ("order", ["#drink.a.capitalize#, please, #customer#."]),
        ], variables: ["customer": "friend"])
        let lines = try expansions(g, "order", count: 2)
        #expect(Set(lines) == ["A latte, please, friend.", "An americano, please, friend."])
    }
}

extension GrammarTests {
    /// The example document of docs/grammar-format.md loads and expands as the text says.
    @Test func formatDocumentExampleLoads() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/grammar-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.firstRange(of: "```json\n")).upperBound
        let end = try #require(text[start...].firstRange(of: "```")).lowerBound
        let g = try Grammar(json: String(text[start..<end]))
        for line in try expansions(g, "order", count: 20) {
            #expect(line.hasPrefix("A ") || line.hasPrefix("An "), "\(line)")
            #expect(line.contains("Coming right up, friend: one "), "\(line)")
        }
        #expect(try expansions(g, "greeting", count: 20).allSatisfy { $0.hasPrefix("Hi ") || $0.hasPrefix("Welcome back, ") })
    }
}
