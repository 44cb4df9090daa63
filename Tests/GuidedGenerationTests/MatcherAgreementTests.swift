import Foundation
@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// The matcher and the constructive generator walk one plan, so they must agree: every instance
/// the generator makes is accepted byte by byte; every labelled-valid instance is accepted (in
/// the matcher's order of keys) and every labelled-invalid one rejected; and seeded random walks
/// that always take an allowed byte never meet a dead end and end valid.
@Suite struct MatcherAgreementTests {
    struct Findings {
        var schemas = 0
        var generated = 0
        var walks = 0
        var labelled = 0
        /// Walks still going at the limit: random bytes can take long to finish a pattern.
        var unfinishedWalks = 0
        var failures: [String] = []
        /// Valid instances the matcher has no text for (it accepts a subset: see the README), and
        /// generated ones refused after dropping readings past `JSONMatcher.maximumReadings`.
        var refusedValid: [String] = []

        mutating func fail(_ message: String) {
            if failures.count < 20 { failures.append(String(message.prefix(800))) } else if failures.count == 20 { failures.append("…") }
        }
    }

    /// Checks one schema: generated instances, random walks, and labelled instances if given.
    static func check(_ schema: GenerationSchema, name: String, seed: UInt64, generated: Int, walks: Int,
                      labelled: [(data: GeneratedContent, valid: Bool)] = [], findings: inout Findings) {
        let matcher = schema.matcher
        findings.schemas += 1
        for index in 0..<generated {
            var random = SeededRandom.derived(seed: seed, index: UInt64(index))
            let text = Array(schema.generate(random: &random).jsonString.utf8)
            var state = matcher.start()
            do {
                try matcher.advance(&state, by: text)
                if !matcher.isComplete(state) { findings.fail("\(name): generated \(String(decoding: text, as: UTF8.self)) is incomplete") }
            } catch {
                let message = "\(name): generated \(String(decoding: text, as: UTF8.self)) refused: \(error)"
                if state.droppedReadings { findings.refusedValid.append(message) } else { findings.fail(message) }
            }
            findings.generated += 1
        }
        for index in 0..<walks {
            var random = SeededRandom.derived(seed: seed ^ 0xA11CE, index: UInt64(index))
            findings.walks += 1
            switch RandomWalker(matcher: matcher).walk(random: &random) {
            case .complete(let text):
                guard let value = try? GeneratedContent(jsonBytes: text) else {
                    findings.fail("\(name): walk wrote unparsable \(String(decoding: text, as: UTF8.self))")
                    continue
                }
                let problems = schema.violations(of: value)
                if !problems.isEmpty { findings.fail("\(name): walk wrote invalid \(String(decoding: text, as: UTF8.self)): \(problems)") }
            case .deadEnd(let text):
                findings.fail("\(name): walk met a dead end after \(String(decoding: text, as: UTF8.self))")
            case .tooLong:
                findings.unfinishedWalks += 1
            }
        }
        for (data, valid) in labelled {
            let text = matcher.text(of: data)
            findings.labelled += 1
            if valid, text == nil { findings.refusedValid.append("\(name): valid \(data.jsonString.prefix(300)) refused") }
            // An instance labelled invalid for how it is written (`1.0` where draft 4 wants an
            // integer) can be accepted as the compact text of an equal valid value.
            if !valid, let text, !((try? GeneratedContent(jsonBytes: text)).map(schema.isValid) ?? false) {
                findings.fail("\(name): invalid \(data.jsonString) accepted as \(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    @Test func randomSchemas() {
        var generator = RandomSchemaGenerator(seed: 2_026)
        var findings = Findings()
        for index in 0..<TestTier.cases(fast: 150, full: 1_500) {
            let document = generator.document()
            guard let schema = try? GenerationSchema(jsonSchema: document) else { continue }
            Self.check(schema, name: "random #\(index)", seed: UInt64(index), generated: 5, walks: 2, findings: &findings)
        }
        print("matcher agreement, random schemas: \(findings.schemas) schemas, \(findings.generated) generated instances, \(findings.walks) walks, \(findings.unfinishedWalks) unfinished")
        #expect(findings.unfinishedWalks * 50 <= findings.walks, "\(findings.unfinishedWalks) of \(findings.walks) walks did not end")
        #expect(findings.failures.isEmpty, "\(findings.failures.count) failures:\n\(findings.failures.joined(separator: "\n"))")
    }

    /// The official JSON-Schema-Test-Suite (draft 2020-12): every group the validator's suite
    /// runs whose schema compiles, with the suite's own labels.
    @Test(.enabled(if: SharedData.isAvailable, "../shared/data is absent")) func jsonSchemaTestSuite() throws {
        var findings = Findings()
        for (fileIndex, file) in JSONSchemaTestSuiteTests.files.enumerated() {
            let skipped = JSONSchemaTestSuiteTests.skipReasons(for: file)
            for (groupIndex, group) in try JSONSchemaTestSuiteTests.groups(in: file).enumerated() {
                guard skipped[group["description"]?.stringValue ?? ""] == nil, let document = group["schema"],
                      let schema = try? GenerationSchema(jsonSchema: document) else { continue }
                let labelled = (group["tests"]?.elements ?? []).compactMap { test -> (data: GeneratedContent, valid: Bool)? in
                    guard let data = test["data"], let valid = test["valid"]?.boolValue else { return nil }
                    return (data, valid)
                }
                Self.check(schema, name: "\(file) #\(groupIndex)", seed: UInt64(fileIndex * 1_000 + groupIndex), generated: 2, walks: 1,
                           labelled: labelled, findings: &findings)
            }
        }
        print("matcher agreement, JSON-Schema-Test-Suite: \(findings.schemas) schemas, \(findings.generated) generated, \(findings.walks) walks (\(findings.unfinishedWalks) unfinished), \(findings.labelled) labelled, \(findings.refusedValid.count) valid refused")
        let byFile = Dictionary(grouping: findings.refusedValid) { $0.split(separator: " ").first.map(String.init) ?? "" }
        print("  valid refused, by file: " + byFile.map { "\($0.key) \($0.value.count)" }.sorted().joined(separator: ", "))
        #expect(findings.schemas > 300)
        #expect(findings.unfinishedWalks * 20 <= findings.walks, "\(findings.unfinishedWalks) of \(findings.walks) walks did not end")
        #expect(findings.failures.isEmpty, "\(findings.failures.count) failures:\n\(findings.failures.joined(separator: "\n"))")
    }

    /// Every how many MaskBench files the suite checks (a sixth keeps it within minutes in a
    /// debug build); `MATCHER_AGREEMENT_STRIDE=1` checks them all.
    static let stride = ProcessInfo.processInfo.environment["MATCHER_AGREEMENT_STRIDE"].flatMap(Int.init) ?? TestTier.cases(fast: 45, full: 6)

    @Test(.enabled(if: SharedData.isAvailable, "../shared/data is absent"), arguments: MaskBenchTests.folders)
    func maskBench(folder: String) throws {
        var findings = Findings()
        for (index, url) in SharedData.files(in: "jsonschemabench/\(folder)").enumerated() where index % Self.stride == 0 {
            let file = try SharedData.json(url)
            guard let document = file["schema"], let schema = try? GenerationSchema(jsonSchema: document) else { continue }
            let labelled = (file["tests"]?.elements ?? []).compactMap { test in
                test["data"].map { (data: $0, valid: schema.isValid($0)) }
            }
            Self.check(schema, name: "\(folder)/\(url.lastPathComponent)", seed: UInt64(index), generated: 2, walks: 1,
                       labelled: labelled, findings: &findings)
        }
        print("matcher agreement, \(folder): \(findings.schemas) schemas, \(findings.generated) generated, \(findings.walks) walks (\(findings.unfinishedWalks) unfinished), \(findings.labelled) labelled, \(findings.refusedValid.count) valid refused")
        // Handwritten's schemas are built to need long witnesses (mod303's shortest instance nests
        // hundreds of levels), more than a walk's byte budget.
        let share = folder == "Handwritten" ? 4 : 20
        #expect(findings.unfinishedWalks * share <= findings.walks, "\(findings.unfinishedWalks) of \(findings.walks) walks did not end")
        for line in findings.refusedValid.prefix(15) { print("  refused: \(line)") }
        #expect(findings.failures.isEmpty, "\(findings.failures.count) failures:\n\(findings.failures.joined(separator: "\n"))")
    }
}
