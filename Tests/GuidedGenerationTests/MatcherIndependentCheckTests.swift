import Foundation
@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// The matcher's random walks checked by a validator that is not ours: Python `jsonschema`
/// (draft by `$schema`, 2020-12 otherwise; formats as annotations, its default), run from the
/// venv `scripts/jsonschema-venv.sh` makes and `.ci/run` exports as
/// `COFFEESHOP_JSONSCHEMA_PYTHON`. Without it the test skips with a message.
@Suite struct MatcherIndependentCheckTests {
    @Test(.enabled(if: Prerequisite.ready(.jsonschemaPython), Comment(rawValue: Prerequisite.reason(.jsonschemaPython))))
    func randomWalksAreValidForPythonJSONSchema() throws {
        let python = try #require(PythonJSONSchema.python)
        var generator = RandomSchemaGenerator(seed: 2026)
        var lines: [String] = []
        for index in 0..<400 {
            let document = generator.document()
            guard let schema = try? GenerationSchema(jsonSchema: document) else { continue }
            var random = SeededRandom.derived(seed: 0x5EED, index: UInt64(index))
            guard case .complete(let text) = RandomWalker(matcher: schema.matcher).walk(random: &random) else { continue }
            lines.append(#"{"schema":"# + document.jsonString + #","instance":"# + String(decoding: text, as: UTF8.self) + "}")
        }
        #expect(lines.count > 250)
        let (status, report) = try PythonJSONSchema.check(lines, python: python)
        print("Python jsonschema on the matcher's walks: \(report.split(separator: "\n").last ?? "")")
        #expect(status == 0, "\(report)")
        #expect(report.contains("checked \(lines.count), invalid 0"))
    }
}
