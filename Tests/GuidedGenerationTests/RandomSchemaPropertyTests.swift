@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// Seeded property test of the whole pipeline on random schemas: import, compile, generate,
/// validate. Every generated instance must conform (valid by construction), generation must be
/// reproducible from its seed, and most random schemas must be accepted rather than refused.
@Suite struct RandomSchemaPropertyTests {
    /// 1,500 in the integration tier, 300 in the fast one.
    static let schemaCount = TestTier.cases(fast: 300, full: 1_500)
    static let instancesPerSchema = 5

    @Test func generatedInstancesConformAndAreReproducible() throws {
        var generator = RandomSchemaGenerator(seed: 2_026)
        var accepted = 0
        var refusals: [String] = []
        var failures: [String] = []
        for index in 0..<Self.schemaCount {
            let document = generator.document()
            let schema: GenerationSchema
            do {
                schema = try GenerationSchema(jsonSchema: document)
            } catch {
                refusals.append("\(error) \(document.jsonString)")
                continue
            }
            accepted += 1
            for instanceIndex in 0..<Self.instancesPerSchema {
                let seed = UInt64(index)
                var random = SeededRandom.derived(seed: seed, index: UInt64(instanceIndex))
                let instance = schema.generate(random: &random)
                let problems = schema.violations(of: instance)
                if !problems.isEmpty {
                    failures.append("schema #\(index) \(document.jsonString)\n  instance \(instance.jsonString)\n  \(problems)")
                    break
                }
                var again = SeededRandom.derived(seed: seed, index: UInt64(instanceIndex))
                let repeated = schema.generate(random: &again)
                if repeated.jsonString != instance.jsonString {
                    failures.append("schema #\(index) is not reproducible: \(instance.jsonString) then \(repeated.jsonString)")
                    break
                }
            }
        }
        let ratio = Double(accepted) / Double(Self.schemaCount)
        print("random schemas: accepted \(accepted)/\(Self.schemaCount) (\(Int((ratio * 100).rounded())) %), \(accepted * Self.instancesPerSchema) instances checked")
        #expect(ratio >= 0.9, "only \(accepted) of \(Self.schemaCount) random schemas were accepted; refusals include \(refusals.prefix(5))")
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// Found by the property test: keys beyond the declared properties ignored the length window
    /// and the excluded names of `propertyNames`, keeping only its pattern.
    @Test(arguments: [
        #"{"type": "object", "minProperties": 3, "propertyNames": {"pattern": "^[a-z]+$", "minLength": 2, "maxLength": 3}}"#,
        #"{"type": "object", "properties": {"name": {"type": "string"}}, "minProperties": 2, "propertyNames": {"pattern": "^[a-z]+$", "maxLength": 6}}"#,
        #"{"type": "object", "minProperties": 2, "propertyNames": {"pattern": "^[abc]$", "not": {"const": "a"}}, "additionalProperties": {"type": "integer"}}"#,
    ])
    func extraKeysHonourEveryPropertyNamesConstraint(text: String) throws {
        let schema = try GenerationSchema(jsonSchema: text)
        var random = SeededRandom(seed: 5)
        for _ in 0..<50 {
            let instance = schema.generate(random: &random)
            #expect(schema.violations(of: instance).isEmpty, "\(instance.jsonString)")
        }
    }
}
