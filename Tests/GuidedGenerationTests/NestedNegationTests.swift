@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// Negations nested past the validator's old 256-hop limit (issue 43: with 257–400 nested
/// `not`, `validate` called every line valid while `generate` and `match` were right). Every
/// depth that compiles is now checked to the bottom; deeper is refused when the schema is made;
/// and a check that still runs out of depth fails as a whole, never flipped into a pass by a
/// `not` above it.
@Suite struct NestedNegationTests {
    /// `depth` nested `not`s around `{"type": "string"}`: strings are valid for an even depth.
    private static func negations(_ depth: Int, around inner: String = #"{"type": "string"}"#) -> String {
        String(repeating: #"{"not": "#, count: depth) + inner + String(repeating: "}", count: depth)
    }

    @Test(arguments: [255, 256, 257, 258, 300, 399])
    func everyDepthThatCompilesIsCheckedToTheBottom(depth: Int) throws {
        let schema = try GenerationSchema(jsonSchema: Self.negations(depth))
        let stringsValid = depth % 2 == 0
        let string = GeneratedContent("a"), number = GeneratedContent(1)
        #expect(schema.isValid(string) == stringsValid)
        #expect(schema.isValid(number) == !stringsValid)
        #expect(schema.violations(of: stringsValid ? string : number).isEmpty)
        #expect(schema.violations(of: stringsValid ? number : string) == [
            SchemaViolation(pointer: "", message: "matches a schema it must not match"),
        ])
        var random = SeededRandom(seed: UInt64(depth))
        for _ in 0..<3 {
            let instance = schema.generate(random: &random)
            #expect(schema.isValid(instance) && (instance.stringValue != nil) == stringsValid, "\(instance.jsonString)")
        }
    }

    @Test(arguments: [SchemaValidator.maximumHops, SchemaValidator.maximumHops + 1, 511])
    func deeperNegationsAreRefusedWhenTheSchemaIsMade(depth: Int) {
        #expect {
            try GenerationSchema(jsonSchema: Self.negations(depth))
        } throws: { error in
            guard case GenerationSchema.SchemaError.unsupportedKeyword(_, _, let context) = error else { return false }
            return context.debugDescription.contains("more than \(SchemaValidator.maximumHops) levels deep")
        }
    }

    /// A branch generation leaves out may nest deeper than the validator follows: the check
    /// fails with a message saying so, for a value and for its negation alike.
    @Test func aCheckThatRunsOutOfDepthFailsAndIsNeverNegated() throws {
        let deep = Self.negations(SchemaValidator.maximumHops + 1)
        for depth in [0, 1, 2, 3] {
            var importer = JSONSchemaImporter(document: try GeneratedContent(json: Self.negations(depth, around: deep)))
            let graph = try importer.importGraph()
            let validator = SchemaValidator(graph: graph)
            let root = SchemaExpr.of(graph.root)
            for value in [GeneratedContent("a"), GeneratedContent(1)] {
                #expect(!validator.isValid(value))
                let violations = validator.violations(of: value)
                #expect(violations.count == 1 && violations[0].message.contains("cannot be checked"), "\(violations)")
                #expect(!validator.satisfies(value, root) && !validator.satisfies(value, .not(root)))
            }
        }
    }
}
