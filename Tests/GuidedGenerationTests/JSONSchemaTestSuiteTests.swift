import Foundation
@testable import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// Runs the official JSON-Schema-Test-Suite (draft 2020-12, `../shared/data`) through the
/// importer and the validator: every group's schema is imported, and the validator must give the
/// suite's verdict on every test. Groups the library knowingly refuses or does not follow are
/// listed in ``skipped`` with the reason; a listed group that now passes is a stale entry and
/// fails the test, as does any unlisted group that is refused or disagrees.
@Suite(.enabled(if: SharedData.isAvailable, "../shared/data is absent: JSON-Schema-Test-Suite skipped"))
struct JSONSchemaTestSuiteTests {
    static let suiteFolder = "json-schema-test-suite/tests/draft2020-12"

    /// Why groups are skipped.
    enum Reason: String {
        case remoteRef = "$ref to another document (a remote schema or a metaschema); only references inside the document resolve"
        case vocabulary = "custom metaschemas and $vocabulary are not read; every vocabulary is always on"
        case legacyDependencies = "'dependencies' is not a 2020-12 keyword; a document declaring 2020-12 ignores it, as the specification says"
    }

    struct Skip {
        let file: String
        let reason: Reason
        let groups: [String]
        init(_ file: String, _ reason: Reason, _ groups: [String]) {
            self.file = file
            self.reason = reason
            self.groups = groups
        }
    }

    static let skipped: [Skip] = [
        Skip("defs.json", .remoteRef, [
            "validate definition against metaschema",
        ]),
        Skip("dynamicRef.json", .remoteRef, [
            "strict-tree schema, guards against misspelled properties",
            "tests for implementation dynamic anchor and reference link",
            "$ref and $dynamicAnchor are independent of order - $defs first",
            "$ref and $dynamicAnchor are independent of order - $ref first",
            "$ref to $dynamicRef finds detached $dynamicAnchor",
        ]),
        Skip("ref.json", .remoteRef, [
            "remote ref, containing refs itself",
        ]),
        Skip("refRemote.json", .remoteRef, [
            "remote ref",
            "fragment within remote ref",
            "anchor within remote ref",
            "ref within remote ref",
            "base URI change",
            "base URI change - change folder",
            "base URI change - change folder in subschema",
            "root ref in remote ref",
            "remote ref with ref to defs",
            "Location-independent identifier in remote ref",
            "retrieved nested refs resolve relative to their URI not $id",
            "remote HTTP ref with different $id",
            "remote HTTP ref with different URN $id",
            "remote HTTP ref with nested absolute ref",
            "$ref to $ref finds detached $anchor",
        ]),
        Skip("optional/cross-draft.json", .remoteRef, [
            "refs to historic drafts are processed as historic drafts",
        ]),
        Skip("vocabulary.json", .vocabulary, [
            "schema that uses custom metaschema with with no validation vocabulary",
        ]),
        Skip("optional/dependencies-compatibility.json", .legacyDependencies, [
            "single dependency",
            "multiple dependents required",
            "dependencies with escaped characters",
            "single schema dependency",
            "boolean subschemas",
            "schema dependencies with escaped characters",
        ]),
    ]

    /// Every test file, relative to the suite folder, in a stable order.
    static var files: [String] {
        let base = SharedData.root.appendingPathComponent(suiteFolder).standardizedFileURL.path + "/"
        return SharedData.files(in: suiteFolder).map { String($0.standardizedFileURL.path.dropFirst(base.count)) }
    }

    /// `format` asserts only where the suite expects it to: the format files and the
    /// format-assertion vocabulary file. Elsewhere it is an annotation, as 2020-12 specifies.
    static func assertsFormats(_ file: String) -> Bool {
        file.hasPrefix("optional/format")
    }

    @Test(arguments: files)
    func validatorAgreesWithSuite(file: String) throws {
        var unmatched = Self.skipReasons(for: file)
        var problems: [String] = []
        for group in try Self.groups(in: file) {
            let name = try #require(group["description"]?.stringValue)
            let reason = unmatched.removeValue(forKey: name)
            let disagreements = try Self.run(group, assertsFormats: Self.assertsFormats(file))
            switch (reason, disagreements.isEmpty) {
            case (let reason?, true): problems.append("stale skip entry: '\(name)' passes now (listed as: \(reason.rawValue))")
            case (nil, false): problems.append(contentsOf: disagreements.map { "'\(name)': \($0)" })
            default: break
            }
        }
        problems += unmatched.keys.sorted().map { "skip entry names no group in the file: '\($0)'" }
        #expect(problems.isEmpty, "\(file): \(problems.joined(separator: "\n"))")
    }

    static func groups(in file: String) throws -> [GeneratedContent] {
        try #require(try SharedData.json(SharedData.root.appendingPathComponent(suiteFolder).appendingPathComponent(file)).elements)
    }

    /// The listed groups of a file, by description, with why each is skipped.
    static func skipReasons(for file: String) -> [String: Reason] {
        var result: [String: Reason] = [:]
        for skip in skipped where skip.file == file {
            for group in skip.groups { result[group] = skip.reason }
        }
        return result
    }

    /// Imports a group's schema and checks every test; empty when everything agrees.
    static func run(_ group: GeneratedContent, assertsFormats: Bool) throws -> [String] {
        let schema = try #require(group["schema"])
        let tests = try #require(group["tests"]?.elements)
        var importer = JSONSchemaImporter(document: schema)
        let graph: SchemaGraph
        do {
            graph = try importer.importGraph()
        } catch {
            return ["refused: \(error)"]
        }
        let validator = SchemaValidator(graph: graph, assertsFormats: assertsFormats)
        var problems: [String] = []
        for test in tests {
            guard let expected = test["valid"]?.boolValue else {
                problems.append("a test without a boolean 'valid'")
                continue
            }
            let data = try #require(test["data"])
            if validator.isValid(data) != expected {
                problems.append("'\(test["description"]?.stringValue ?? "")' should be \(expected ? "valid" : "invalid")")
            }
        }
        return problems
    }

    /// Counts what runs and what is skipped, and guards against the suite silently shrinking
    /// (a moved folder would otherwise leave the parameterised test with nothing to check).
    @Test func coverageSummary() throws {
        var ran = 0, skipped = 0, skippedGroups = 0
        let files = Self.files
        for file in files {
            let listed = Self.skipReasons(for: file)
            for group in try Self.groups(in: file) {
                let count = try #require(group["tests"]?.elements?.count)
                if listed[group["description"]?.stringValue ?? ""] != nil {
                    skipped += count
                    skippedGroups += 1
                } else {
                    ran += count
                }
            }
        }
        print("JSON-Schema-Test-Suite draft 2020-12: \(files.count) files, \(ran) cases run, \(skipped) skipped (\(skippedGroups) groups)")
        #expect(files.count >= 70)
        #expect(ran >= 1_800)
    }

    @Test func everySkipNamesAFileOfTheSuite() {
        let present = Set(Self.files)
        let missing = Self.skipped.map(\.file).filter { !present.contains($0) }
        #expect(missing.isEmpty, "skip entries for files not in the suite: \(missing)")
    }
}
