@testable import NPCKit
import RegexAutomata
import TestSupport
import Testing

/// Every mutated or random level-creator source is an encounter type whose instances its schema
/// accepts, or an `EncounterTypeError`; none crashes or hangs the notation parser.
@Suite struct NotationFuzzTests {
    static let inputCount = TestTier.cases(fast: 300, full: 1_000)
    static let instancesPerType = 2

    static let tokens = [":", ",", "|", "\"", "/", "#", " ", "\n", "text", "integer", "number", "bool", "list of", "optional", "one of",
                         "matching", "1...3", "-5...5", "0.5...2.5", "3...1", "9999999999999999999...1", "Riddle", "Answer", "name",
                         "/[a-z]+/", "/(/", "\"a description\"", "{", "}"]

    @Test func mutatedAndRandomSourcesGiveATypeOrATypedError() throws {
        var generator = RandomNotationGenerator(seed: 5)
        let seeds = [try Fixtures.data("levels", "coffee-quest.level")].map(Array.init)
            + (0..<20).map { _ in Array(generator.notation().text.utf8) }
        var inputs = FuzzInputs(random: SeededRandom(seed: 5_000), seeds: seeds, tokens: Self.tokens,
                                nesting: [("list of ", ""), ("optional ", "")])
        var accepted = 0
        for index in 0..<Self.inputCount {
            let source = inputs.nextText()
            // `init(parsing:)` throws only `EncounterTypeError` (typed throws).
            guard let type = try? EncounterType(parsing: source) else { continue }
            accepted += 1
            var random = SeededRandom(seed: UInt64(index))
            for _ in 0..<Self.instancesPerType {
                let instance = type.schema.generate(random: &random)
                #expect(type.schema.isValid(instance), "\(source.debugDescription): \(instance.jsonString)")
            }
        }
        #expect(accepted > Self.inputCount / 20)
    }

    /// Found by this suite: 5,000 nested `list of` overflowed the parser's stack.
    @Test func listsNestingBeyondTheLimitAreASyntaxErrorOnTheirLine() throws {
        func nested(_ depth: Int) -> String {
            "# lists in lists\nGrid: cells " + String(repeating: "list of 1 ", count: depth) + "bool"
        }
        let deepest = try EncounterType(parsing: nested(NotationParser.maximumListDepth))
        var random = SeededRandom(seed: 1)
        #expect(deepest.schema.isValid(deepest.schema.generate(random: &random)))
        for depth in [NotationParser.maximumListDepth + 1, 5_000] {
            #expect {
                try EncounterType(parsing: nested(depth))
            } throws: { error in
                guard case EncounterTypeError.syntax(let message, line: 2, column: _) = error else { return false }
                return message.contains("at most \(NotationParser.maximumListDepth) deep")
            }
        }
    }

    /// A chain of 2,000 types, each a field of the one before, is a type or a typed error.
    @Test func aLongChainOfTypesEndsInATypeOrATypedError() {
        let source = (0..<2_000).map { "T\($0): next \($0 == 1_999 ? "text" : "T\($0 + 1)")" }.joined(separator: "\n")
        #expect(throws: Never.self) {
            do { _ = try EncounterType(parsing: source) } catch is EncounterTypeError {}
        }
    }
}
