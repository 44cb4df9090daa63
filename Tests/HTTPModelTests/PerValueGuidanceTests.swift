import ConstrainedDecoding
import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// Per-value guided decoding: `ContinuationGrammar` describes, as GBNF, exactly what may follow a
/// matcher state up to the end of the value; `PerValueWriter` writes an instance by asking a
/// server for one value at a time under it. A "server" here walks the grammar's text at random
/// (`GBNFWalker`), so every text it can send is tried over seeded runs.
@Suite struct PerValueGuidanceTests {
    /// A server that reads the grammar and writes a random text it accepts; it also checks each
    /// walk against the matcher from the text so far (a grammar must offer nothing else).
    final class GrammarWalkingServer: @unchecked Sendable {
        let matcher: JSONMatcher
        var random: SeededRandom
        var requests = 0
        var unsound: [String] = []

        init(_ schema: GenerationSchema, seed: UInt64) {
            matcher = schema.matcher
            random = SeededRandom(seed: seed)
        }

        func ask(_ prefix: String, _ grammar: String) throws -> String {
            requests += 1
            let walk = try GBNFWalker(grammar).walk(random: &random, closing: min(0.9, Double(requests) / 40))
            var state = matcher.start()
            try matcher.advance(&state, by: Array(prefix.utf8))
            for (offset, byte) in walk.enumerated() {
                guard let next = matcher.advanced(state, by: byte) else {
                    unsound.append("after \(prefix) the grammar allowed \(String(decoding: walk, as: UTF8.self)), refused at byte \(offset)")
                    break
                }
                state = next
            }
            return String(decoding: walk, as: UTF8.self)
        }
    }

    static func write(_ schema: GenerationSchema, seed: UInt64) async throws -> (text: String, server: GrammarWalkingServer) {
        let server = GrammarWalkingServer(schema, seed: seed)
        let text = try await PerValueWriter(matcher: schema.matcher).write { prefix, grammar in try server.ask(prefix, grammar) }
        return (text, server)
    }

    @Test func anEnumsGrammarIsItsMembersWithTheirQuotes() throws {
        let matcher = try GenerationSchema(jsonSchema: #"{"enum": ["tea", "toast", 7]}"#).matcher
        let grammar = try #require(ContinuationGrammar(matcher: matcher, from: matcher.start()))
        // Rules that read the same are one: both members end with the same closing quote.
        #expect(grammar.text == """
            root ::= s0
            s0 ::= [\\x37] | [\\x22] s1
            s1 ::= [\\x74] s3
            s3 ::= [\\x65] s4 | [\\x6F] s5
            s4 ::= [\\x61] s6
            s5 ::= [\\x61] s7
            s6 ::= [\\x22]
            s7 ::= [\\x73] s9
            s9 ::= [\\x74] s6

            """)
    }

    @Test func aGrammarStopsWhereTheValueEnds() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"n": {"type": "integer", "minimum": 10, "maximum": 12}, "s": {"type": "string"}}, "required": ["n", "s"], "additionalProperties": false}"#)
        let matcher = schema.matcher
        var state = matcher.start()
        try matcher.advance(&state, by: Array(#"{"n":"#.utf8))
        // 10, 11 or 12, then the comma that ends the number: the key after it is the client's.
        let grammar = try #require(ContinuationGrammar(matcher: matcher, from: state))
        #expect(grammar.text == """
            root ::= s0
            s0 ::= [\\x31] s1
            s1 ::= [\\x30-\\x32] s2
            s2 ::= [\\x2C]

            """)
    }

    /// 75 random schemas per part (25 in the fast tier: the 300 took 156 s of a core in a debug
    /// build), written by the per-value route under their grammars.
    @Test(arguments: 0..<4)
    func randomSchemasAreWrittenValidThroughTheirGrammars(part: Int) async throws {
        var written = 0
        var failures: [String] = []
        let count = TestTier.cases(fast: 25, full: 75)
        for index in (part * 75)..<(part * 75 + count) {
            var generator = RandomSchemaGenerator(seed: UInt64(index))
            guard let schema = try? GenerationSchema(jsonSchema: generator.document()) else { continue }
            do {
                let (text, server) = try await Self.write(schema, seed: UInt64(index))
                failures += server.unsound
                let value = try GeneratedContent(json: text)
                let problems = schema.violations(of: value)
                if !problems.isEmpty { failures.append("schema \(index): \(text) breaks it: \(problems)") }
                written += 1
            } catch PerValueWriter.Problem.unsupported {
                continue
            } catch {
                failures.append("schema \(index): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(written >= count * 4 / 5, "only \(written) of \(count) random schemas were written")
    }

    /// The keywords servers' own schema converters drop, each written with 40 seeds (5 in the
    /// fast tier: the two-name pattern under `not` alone took 105 s of a core in a debug build).
    @Test(arguments: [
        #"{"type": "array", "items": {"enum": ["red", "green", "blue"]}, "minItems": 3, "uniqueItems": true}"#,
        #"{"type": "array", "items": {"type": "string", "maxLength": 2}, "minItems": 4, "maxItems": 6, "uniqueItems": true}"#,
        #"{"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3}, "minItems": 4, "uniqueItems": true}"#,
        #"{"type": "string", "pattern": "^[A-Z][a-z]+ [A-Z][a-z]+$", "not": {"enum": ["Ada Lovelace"]}}"#,
        #"{"oneOf": [{"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 3}], "minimum": 0, "maximum": 20}"#,
        #"{"type": "object", "properties": {"a": {"type": "boolean"}}, "if": {"properties": {"a": {"const": true}}}, "then": {"required": ["b"]}, "else": {"not": {"required": ["b"]}}}"#,
        #"{"type": "array", "contains": {"const": 5}, "minContains": 2, "maxContains": 2, "items": {"type": "integer", "minimum": 4, "maximum": 6}, "maxItems": 4}"#,
    ])
    func keywordsServersDropHoldByConstruction(_ json: String) async throws {
        let schema = try GenerationSchema(jsonSchema: json)
        for seed in 0..<UInt64(TestTier.cases(fast: 5, full: 40)) {
            let (text, server) = try await Self.write(schema, seed: seed)
            #expect(server.unsound.isEmpty, "\(server.unsound.prefix(3))")
            #expect(schema.violations(of: try GeneratedContent(json: text)).isEmpty, "\(text)")
        }
    }

    @Test func aValueThatNeedsOtherCharactersIsRefusedNotGuessed() async throws {
        let schema = try GenerationSchema(jsonSchema: #"{"enum": ["café", "thé"]}"#)
        await #expect(throws: PerValueWriter.Problem.self) { try await Self.write(schema, seed: 1) }
    }

    @Test func longStringsTakeSeveralRequests() async throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "string", "minLength": 300, "maxLength": 300}"#)
        let (text, server) = try await Self.write(schema, seed: 3)
        #expect(try GeneratedContent(json: text).stringValue?.count == 300)
        #expect(server.requests >= 4)
    }
}
