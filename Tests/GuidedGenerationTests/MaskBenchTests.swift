import Foundation
@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// Real-world schemas with labelled instances (JSONSchemaBench / MaskBench, ../shared/data):
/// every schema in the integration tier, every twentieth in the fast tier.
@Suite(.enabled(if: SharedData.isAvailable, "../shared/data is absent: MaskBench tests skipped"))
struct MaskBenchTests {
    static let folders = ["Glaiveai2K", "Github_easy", "Github_medium", "Snowplow", "WashingtonPost", "Handwritten", "Synthesized"]

    @Test(arguments: folders)
    func validatorAgreesAndGenerationComplies(folder: String) throws {
        var accepted = 0
        var total = 0
        var disagreements: [String] = []
        var invalidGenerated: [String] = []
        for url in TestTier.sample(SharedData.files(in: "jsonschemabench/\(folder)"), fastStride: 30) {
            let file = try SharedData.json(url)
            total += 1
            guard let schemaJSON = file["schema"], let schema = try? GenerationSchema(jsonSchema: schemaJSON) else { continue }
            accepted += 1
            for test in file["tests"]?.elements ?? [] {
                let expected = test["valid"]?.boolValue ?? false
                if schema.isValid(test["data"]!) != expected {
                    disagreements.append("\(url.lastPathComponent): \(test["description"]?.stringValue ?? "") expected \(expected)")
                }
            }
            var random = SeededRandom(seed: 42)
            for _ in 0..<3 {
                let instance = schema.generate(random: &random)
                let problems = schema.violations(of: instance)
                if !problems.isEmpty {
                    invalidGenerated.append("\(url.lastPathComponent): \(instance.jsonString.prefix(300)) — \(problems.prefix(3))")
                    break
                }
            }
        }
        print("\(folder): accepted \(accepted)/\(total)")
        // The issue's floor: Handwritten (puzzles of negated object keywords and contains
        // counts) at least 90 %, every other folder at least 99 %.
        // A sample (the fast tier) may refuse one schema more than its share.
        let floor = folder == "Handwritten" ? 90 : 99
        let allowed = TestTier.integration ? total * (100 - floor) / 100 : max(1, total * (100 - floor) / 100)
        #expect(total - accepted <= allowed, "\(folder): \(accepted) of \(total) accepted, below \(floor) %")
        #expect(disagreements.isEmpty, "\(disagreements.count) label disagreements, e.g. \(disagreements.prefix(10))")
        #expect(invalidGenerated.isEmpty, "\(invalidGenerated.count) invalid generated instances, e.g. \(invalidGenerated.prefix(10))")
    }
}
