import ConstrainedDecoding
import Foundation
import JSONSchema
import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing
@testable import NativeModel

/// A structured reply within its token budget, on the tiny model (random weights, byte-level
/// vocabulary): a reply keeps room for its shortest finish, so it ends valid whenever the
/// schema's smallest instance fits in the budget, and otherwise fails with the typed error.
@Suite struct StructuredBudgetTests {
    static let note = try! GenerationSchema(jsonSchema: #"""
        {"type": "object", "properties": {"note": {"type": "string"}, "mood": {"type": "string"}, "count": {"type": "integer", "minimum": 10}},
         "required": ["note", "count"], "additionalProperties": false}
        """#)

    static func model() throws -> LocalModel {
        try SmallVocabularyTests.model(TinyModel.byteSymbols + ["he", "ll", "hell", "hello", "<|end|>"])
    }

    /// The fewest tokens of `local`'s vocabulary that write `schema`'s smallest instance.
    static func smallest(_ schema: GenerationSchema, on local: LocalModel) -> Int? {
        let masker = TokenMasker(matcher: schema.matcher, vocabulary: local.runner.vocabulary.tokens)
        return masker.finishingTokens(from: masker.matcher.start())?.count
    }

    /// What a reply within `budget` tokens gives: its text, or the error's description.
    static func reply(_ local: LocalModel, _ schema: GenerationSchema, budget: Int, sampling: GenerationOptions.SamplingMode) async -> Result<GeneratedContent, any Error> {
        let options = GenerationOptions(samplingMode: sampling, maximumResponseTokens: budget)
        do {
            return .success(try await LanguageModelSession(model: local).respond(to: "ab", schema: schema, options: options).content)
        } catch {
            return .failure(error)
        }
    }

    static func isBudgetError(_ error: any Error) -> Bool {
        "\(error)".contains("did not finish its reply within")
    }

    /// The model writes the note's free string for as long as it may: every budget from the
    /// smallest instance's up gives a valid reply, the largest ones spent to the last token;
    /// one token less than the smallest instance is the typed error.
    @Test func aStringTheModelKeepsWritingClosesWithinTheBudget() async throws {
        let local = try Self.model()
        let smallest = try #require(Self.smallest(Self.note, on: local))
        var spentWhole = 0
        for budget in smallest...(smallest + 24) {
            let before = local.statistics
            let result = await Self.reply(local, Self.note, budget: budget, sampling: .greedy)
            let content = try result.get()
            #expect(Self.note.violations(of: content).isEmpty, "\(content.jsonString)")
            let after = local.statistics
            let spent = after.sampledTokens + after.forcedTokens - before.sampledTokens - before.forcedTokens
            #expect(spent <= budget)
            if spent == budget { spentWhole += 1 }
        }
        #expect(spentWhole > 20, "the tiny model should run into most budgets (it keeps writing its strings)")
        let short = await Self.reply(local, Self.note, budget: smallest - 1, sampling: .greedy)
        #expect(throws: (any Error).self) { try short.get() }
        if case .failure(let error) = short { #expect(Self.isBudgetError(error), "\(error)") }
    }

    /// Seeded random schemas under small budgets, sampled: every reply is valid or the typed
    /// budget error, and the error comes only when the smallest instance does not fit (or no
    /// finish is known for the schema).
    @Test func randomSchemasUnderSmallBudgetsAreValidOrTheBudgetError() async throws {
        let local = try Self.model()
        var generator = RandomSchemaGenerator(seed: 4_200)
        var random = SeededRandom(seed: 42)
        var valid = 0, refused = 0
        var failures: [String] = []
        for index in 0..<TestTier.cases(fast: 60, full: 300) {
            let document = generator.document()
            guard let schema = try? GenerationSchema(jsonSchema: document) else { continue }
            let budget = random.int(in: 1..<48)
            let smallest = Self.smallest(schema, on: local)
            switch await Self.reply(local, schema, budget: budget, sampling: .random(top: 40, seed: UInt64(index))) {
            case .success(let content):
                valid += 1
                if !schema.violations(of: content).isEmpty { failures.append("#\(index) invalid: \(content.jsonString)") }
            case .failure(let error):
                refused += 1
                if !Self.isBudgetError(error) {
                    failures.append("#\(index) \(error)")
                } else if let smallest, smallest <= budget {
                    failures.append("#\(index) refused although its smallest instance (\(smallest) tokens) fits in \(budget): \(document.jsonString)")
                }
            }
        }
        print("budgets, random schemas: \(valid) valid, \(refused) the budget error")
        #expect(valid > 20)
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }
}
