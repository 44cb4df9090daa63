@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

// Seeded, bounded fuzzing of the engine's parsers (issue "Schema engine and files: hostile input
// that never brings anything down"): mutations of valid samples plus random bytes and tokens.
// The integration tier runs the full counts; the fast tier a fifth to a quarter of them.

/// Every mutated or random JSON text parses to a value that round-trips, or is refused with a
/// `JSONSyntaxError`; none crashes or hangs the parser.
@Suite struct JSONParserFuzzTests {
    static let inputCount = TestTier.cases(fast: 1_000, full: 4_000)

    @Test func mutatedAndRandomTextParsesOrIsRefusedWithASyntaxError() throws {
        var inputs = FuzzInputs(random: SeededRandom(seed: 2_024), seeds: FuzzSeeds.json, tokens: FuzzSeeds.jsonTokens,
                                nesting: FuzzSeeds.jsonNesting)
        var parsed = 0
        for _ in 0..<Self.inputCount {
            let bytes = inputs.next()
            let value: GeneratedContent
            do {
                value = try GeneratedContent(jsonBytes: bytes)
            } catch is JSONSyntaxError {
                continue
            } catch {
                Issue.record("untyped error \(error) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                continue
            }
            parsed += 1
            #expect(try GeneratedContent(json: value.jsonString) == value, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        // The mix must reach past the first byte: some mutations still parse.
        #expect(parsed > Self.inputCount / 20)
    }

    /// Found by this suite: `[1,-2.5e-3]` with its exponent replaced by `-18446744073709551616`
    /// parsed (to -0.0) and was written back exactly, as 1.8 GB of zeros; a number of many
    /// thousand digits costs quadratic time in exact arithmetic.
    @Test(arguments: ["[1,-2.5e-18446744073709551616]", "1e-400", "-0.5e-999999999", "1" + String(repeating: "0", count: 1_000),
                      "0." + String(repeating: "0", count: 999) + "1", "1" + String(repeating: "0", count: 100_000) + "e-100000"])
    func numbersTooSmallOrTooLongAreRefused(json: String) {
        #expect(throws: JSONSyntaxError.self) { try GeneratedContent(json: json) }
    }

    @Test func numbersAtTheLimitsParse() throws {
        for json in ["0e-999999999", "-0.000e5", "5e-324", "1e-320", "1.7976931348623157e308", "1" + String(repeating: "0", count: 300),
                     "0." + String(repeating: "0", count: 300) + "1", "1." + String(repeating: "5", count: 998)] {
            let value = try GeneratedContent(json: json)
            #expect(try GeneratedContent(json: value.jsonString) == value, "\(json)")
        }
    }
}

/// Every mutated or random JSON Schema is imported or refused with a typed error (`SchemaError`,
/// or `JSONSyntaxError` for broken JSON); an accepted one generates instances its own validator
/// accepts.
@Suite struct SchemaImportFuzzTests {
    /// Documents mutated structurally (a part replaced, a keyword added, a key removed).
    static let structuralCount = TestTier.cases(fast: 500, full: 4_000)
    /// Documents mutated as bytes, or random bytes and tokens.
    static let textCount = TestTier.cases(fast: 150, full: 1_000)
    static let instancesPerSchema = 2

    private func check(_ imported: () throws -> GenerationSchema, seed: UInt64, input: String) -> Bool {
        let schema: GenerationSchema
        do {
            schema = try imported()
        } catch is GenerationSchema.SchemaError, is JSONSyntaxError {
            return false
        } catch {
            Issue.record("untyped error \(error) for \(input)")
            return false
        }
        do {
            _ = try schema.validInstances(count: Self.instancesPerSchema, seed: seed)
        } catch {
            Issue.record("an instance breaks its accepted schema: \(error) for \(input)")
        }
        return true
    }

    @Test func structurallyMutatedSchemasAreServedOrRefusedWithATypedError() throws {
        let seeds = try FuzzSeeds.schemas.map { try GeneratedContent(json: $0) }
        var mutator = JSONMutator(random: SeededRandom(seed: 77), keys: FuzzSeeds.schemaKeywords, values: FuzzSeeds.schemaValues)
        var accepted = 0
        for index in 0..<Self.structuralCount {
            var document = seeds[index % seeds.count]
            for _ in 0...mutator.random.below(3) { document = mutator.mutate(document) }
            if check({ try GenerationSchema(jsonSchema: document) }, seed: UInt64(index), input: document.jsonString) { accepted += 1 }
        }
        #expect(accepted > Self.structuralCount / 10)
    }

    @Test func mutatedSchemaTextIsServedOrRefusedWithATypedError() {
        var inputs = FuzzInputs(random: SeededRandom(seed: 78), seeds: FuzzSeeds.schemas.map { Array($0.utf8) },
                                tokens: FuzzSeeds.jsonTokens + FuzzSeeds.schemaKeywords.map { "\"\($0)\"" }, nesting: FuzzSeeds.jsonNesting)
        for index in 0..<Self.textCount {
            let text = inputs.nextText()
            _ = check({ try GenerationSchema(jsonSchema: text) }, seed: UInt64(index), input: text.debugDescription)
        }
    }
}

/// Every mutated or random pattern compiles — and then matches and builds its automata, or
/// refuses them with a `RegexError` — or is refused with a `RegexError`.
@Suite struct RegexFuzzTests {
    static let inputCount = TestTier.cases(fast: 400, full: 2_000)

    @Test func mutatedAndRandomPatternsCompileOrAreRefusedWithARegexError() {
        var inputs = FuzzInputs(random: SeededRandom(seed: 404), seeds: FuzzSeeds.patterns.map { Array($0.utf8) },
                                tokens: FuzzSeeds.regexTokens, nesting: FuzzSeeds.regexNesting)
        let probes = ["", "a", "abb", "Ab", "123-4567", "x@y.zz", "\u{1F600}", String(repeating: "ab", count: 50)]
        var compiled = 0
        for _ in 0..<Self.inputCount {
            let source = inputs.nextText()
            // `init` throws only `RegexError` (typed throws), so reaching either branch is the check.
            guard let pattern = try? RegexPattern(source) else { continue }
            compiled += 1
            let whole = try? pattern.wholeDFA()
            for probe in probes + [source] where whole?.accepts(probe) == true {
                #expect(pattern.matches(probe), "\(source.debugDescription) accepts \(probe.debugDescription) whole but not as a search")
            }
        }
        #expect(compiled > Self.inputCount / 10)
    }
}
