@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// Found by fuzzing: the matcher refused what the generator wrote — numbers of more than 300
/// integer digits (the matcher stopped at 10^300 where the generator goes on to the largest
/// double, 1.8e308), multiples of 1e300 and more, and unique arrays of mixed values holding a
/// second array or object (the matcher weighed a structured item against every earlier item,
/// numbers and strings included, instead of the earlier ones of its kind). Seeded schemas of
/// both kinds: every generated instance accepted byte by byte, every random walk valid.
@Suite struct MatcherEdgeAgreementTests {
    /// A number schema with bounds and steps drawn from 1e290 to 1e308 (a mantissa above 1 only
    /// below e308, since 2e308 is past the largest double).
    static func hugeNumberSchema(_ random: inout SeededRandom) -> String {
        func huge(from lowest: UInt64 = 290) -> String {
            let exponent = lowest + random.below(308 - lowest + 1)
            return "\(exponent == 308 ? 1 : 1 + random.below(17))e\(exponent)"
        }
        var keywords = [random.chance(0.5) ? #""type": "integer""# : #""type": "number""#]
        switch random.below(4) {
        case 0: keywords.append(#""minimum": \#(huge())"#)
        case 1: keywords.append(#""maximum": -\#(huge())"#)
        case 2: keywords.append(#""multipleOf": \#(huge())"#)
        default: keywords += [#""exclusiveMinimum": 1e299"#, #""maximum": \#(huge(from: 300))"#]
        }
        return "{\(keywords.joined(separator: ", "))}"
    }

    /// A unique array whose items mix numbers, strings, booleans, arrays and objects.
    static func mixedUniqueSchema(_ random: inout SeededRandom) -> String {
        let kinds = [#"{"type": "integer"}"#, #"{"type": "string", "maxLength": 2}"#, #"{"type": "boolean"}"#,
                     #"{"type": "array", "maxItems": 2}"#, #"{"type": "object", "maxProperties": 1}"#, #"{"type": "number", "multipleOf": 0.5}"#]
        let branches = kinds.filter { _ in random.chance(0.6) } + [kinds[3], kinds[0]]
        return #"{"type": "array", "uniqueItems": true, "minItems": \#(2 + random.below(5)), "items": {"anyOf": [\#(branches.joined(separator: ", "))]}}"#
    }

    /// Seeded unique arrays of mixed items.
    @Test func mixedUniqueItemsAreAcceptedByTheMatcher() throws {
        var random = SeededRandom(seed: 43)
        var findings = MatcherAgreementTests.Findings()
        for index in 0..<TestTier.cases(fast: 10, full: 200) {
            let json = Self.mixedUniqueSchema(&random)
            MatcherAgreementTests.check(try GenerationSchema(jsonSchema: json), name: "#\(index) \(json)", seed: UInt64(index),
                                        generated: 2, walks: 0, findings: &findings)
        }
        #expect(findings.failures.isEmpty && findings.refusedValid.isEmpty, "\((findings.failures + findings.refusedValid).joined(separator: "\n"))")
    }

    /// Seeded huge number schemas; integration tier only, since matching a number of 300 digits
    /// byte by byte costs the debug build seconds (25 schemas: about a minute in release).
    @Test(.enabled(if: TestTier.integration, Comment(rawValue: TestTier.skipReason))) func hugeNumbersAreAcceptedByTheMatcher() throws {
        var random = SeededRandom(seed: 300)
        var findings = MatcherAgreementTests.Findings()
        for index in 0..<25 {
            let json = Self.hugeNumberSchema(&random)
            MatcherAgreementTests.check(try GenerationSchema(jsonSchema: json), name: "#\(index) \(json)", seed: UInt64(index),
                                        generated: 3, walks: 1, findings: &findings)
        }
        #expect(findings.failures.isEmpty && findings.refusedValid.isEmpty, "\((findings.failures + findings.refusedValid).joined(separator: "\n"))")
    }

    /// The issue's three reproductions.
    @Test(arguments: [
        (#"{"type": "integer", "minimum": 1e305}"#, 1),
        (#"{"type": "number", "multipleOf": 1e300, "minimum": 1e300}"#, 2),
        (#"{"type": "array", "uniqueItems": true, "minItems": 5}"#, 7),
    ])
    func theReproductionsAgree(json: String, seed: UInt64) throws {
        let schema = try GenerationSchema(jsonSchema: json)
        var findings = MatcherAgreementTests.Findings()
        MatcherAgreementTests.check(schema, name: json, seed: seed, generated: 1, walks: 0, findings: &findings)
        #expect(findings.failures.isEmpty && findings.refusedValid.isEmpty, "\(findings.failures + findings.refusedValid)")
    }
}
