@testable import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// Normalisation multiplies disjunctions into cases; an expression may have up to
/// `SchemaNormalizer.maximumCases` (1,024) of them. Within the limit every case is kept, so every
/// branch can come out; past it the part is refused with its keyword and pointer — or, as one
/// branch of an `anyOf`/`oneOf`, left out and listed in `leftOut` — and never silently cut.
@Suite struct CaseLimitTests {
    /// An object with, for each of `pairs` pairs, property `a<i>` or `b<i>` (or both).
    static func pairs(_ count: Int) -> String {
        let properties = (0..<count).map { #""a\#($0)": {"const": true}, "b\#($0)": {"const": true}"# }.joined(separator: ", ")
        let choices = (0..<count).map { #"{"anyOf": [{"required": ["a\#($0)"]}, {"required": ["b\#($0)"]}]}"# }.joined(separator: ", ")
        return #"{"type": "object", "properties": {\#(properties)}, "additionalProperties": false, "allOf": [\#(choices)]}"#
    }

    /// Ten pairs make 1,024 cases: all kept, so for every pair some instance goes without `a<i>`
    /// and some without `b<i>` (the old cut at 512 fixed one pair's choice for good).
    @Test func everyCaseWithinTheLimitCanComeOut() throws {
        let schema = try GenerationSchema(jsonSchema: Self.pairs(10))
        #expect(schema.leftOut.isEmpty)
        let instances = try schema.validInstances(count: 300, seed: 11)
        for i in 0..<10 {
            #expect(instances.contains { $0["a\(i)"] == nil }, "every instance has a\(i)")
            #expect(instances.contains { $0["b\(i)"] == nil }, "every instance has b\(i)")
        }
        guard let python = PythonJSONSchema.python else { return }
        let document = try GeneratedContent(json: Self.pairs(10))
        let lines = instances.prefix(50).map { GeneratedContent(properties: [("schema", document), ("instance", $0)]).jsonString }
        let (status, report) = try PythonJSONSchema.check(Array(lines), python: python)
        #expect(status == 0, "\(report)")
    }

    /// Eleven pairs make 2,048 cases: refused, naming the keyword, the place and the limit.
    @Test func aProductPastTheLimitIsRefusedWithItsReason() {
        do {
            _ = try GenerationSchema(jsonSchema: Self.pairs(11))
            Issue.record("2,048 cases were accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("unsupported 'allOf' at \"/allOf/10\""), "\(text)")
            #expect(text.contains("more than 1024 cases"), "\(text)")
        }
    }

    /// As one branch of an `anyOf`, the same product is left out and listed; the other branch is
    /// generated, and every instance is valid.
    @Test func aBranchPastTheLimitIsLeftOutAndListed() throws {
        let text = #"{"anyOf": [{"type": "integer", "minimum": 5}, \#(Self.pairs(11))]}"#
        let schema = try GenerationSchema(jsonSchema: text)
        #expect(schema.leftOut.count == 1)
        #expect(schema.leftOut.first.map { "\($0)" }?.contains("\"/anyOf/1/allOf/10\"") == true, "\(schema.leftOut)")
        let instances = try schema.validInstances(count: 20, seed: 3)
        #expect(instances.allSatisfy { ($0.numberValue ?? 0) >= 5 })
    }

    /// The same holds for `oneOf`: the branch that multiplies past the limit is left out, the
    /// others stay exclusive of it.
    @Test func aOneOfBranchPastTheLimitIsLeftOut() throws {
        let text = #"{"oneOf": [{"type": "object", "required": ["a0"]}, \#(Self.pairs(11))]}"#
        let schema = try GenerationSchema(jsonSchema: text)
        #expect(!schema.leftOut.isEmpty)
        let instances = try schema.validInstances(count: 20, seed: 5)
        #expect(instances.allSatisfy { $0["a0"] != nil })
    }

    /// The documented example: a part that cannot be generated on its own is listed too.
    @Test func leftOutListsOtherRefusedBranches() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 1000000000}]}"#)
        let parts = schema.leftOut.map { "\($0)" }
        #expect(parts.contains { $0.hasPrefix("unsupported 'minLength' at the root (\"\"): asks for at least 1000000000") }, "\(parts)")
    }
}
