import Foundation
import Testing
@testable import GuidedGeneration

/// The matcher's random walks checked by a validator that is not ours: Python `jsonschema`
/// (draft by `$schema`, 2020-12 otherwise; formats as annotations, its default), run from the
/// venv `scripts/jsonschema-venv.sh` makes and `.ci/run` exports as
/// `COFFEESHOP_JSONSCHEMA_PYTHON`. Without it the test skips with a message.
@Suite struct MatcherIndependentCheckTests {
    static let python = ProcessInfo.processInfo.environment["COFFEESHOP_JSONSCHEMA_PYTHON"]

    /// Reads `{"schema", "instance"}` lines and prints one line per invalid instance, then a
    /// summary; exits 1 when any is invalid.
    static let script = """
        import json, sys
        from jsonschema import validators
        checked = invalid = 0
        for number, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
            pair = json.loads(line)
            checked += 1
            validator = validators.validator_for(pair["schema"])(pair["schema"])
            errors = list(validator.iter_errors(pair["instance"]))
            if errors:
                invalid += 1
                print(f"line {number}: {errors[0].message[:300]}")
        print(f"checked {checked}, invalid {invalid}")
        sys.exit(1 if invalid else 0)
        """

    @Test func randomWalksAreValidForPythonJSONSchema() throws {
        guard let python = Self.python else {
            print("skipped: set COFFEESHOP_JSONSCHEMA_PYTHON (scripts/jsonschema-venv.sh prints one) to check the matcher's walks with Python jsonschema")
            return
        }
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
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("matcher-walks-\(ProcessInfo.processInfo.processIdentifier).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print("Python jsonschema on the matcher's walks: \(report.split(separator: "\n").last ?? "")")
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains("checked \(lines.count), invalid 0"))
    }
}
