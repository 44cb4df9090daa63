import Foundation
@testable import GuidedGeneration
import JSONSchema
import Testing

/// Runs every case of the official JSON-Schema-Test-Suite (draft 2020-12) `optional/format`
/// files against ``StringFormat``, reading them from `shared/data` beside the repository.
@Suite struct StringFormatTestSuiteTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/json-schema-test-suite/tests/draft2020-12/optional/format")

    static let isAvailable = FileManager.default.fileExists(atPath: directory.path)

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Cases this implementation knowingly fails, keyed by "file: test description", each with
    /// the reason. Empty: every case passes.
    static let skipped: [String: String] = [:]

    struct Case {
        let file: String
        let format: String
        let description: String
        let data: Any
        let valid: Bool
    }

    static func cases(in file: String) throws -> [Case] {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        let groups = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try groups.flatMap { group in
            let schema = try #require(group["schema"] as? [String: Any])
            let format = try #require(schema["format"] as? String)
            let tests = try #require(group["tests"] as? [[String: Any]])
            return try tests.map { test in
                Case(
                    file: file, format: format,
                    description: try #require(test["description"] as? String),
                    data: try #require(test["data"]), valid: try #require(test["valid"] as? Bool))
            }
        }
    }

    @Test(.enabled(if: isAvailable, "the JSON-Schema-Test-Suite is not in shared/data"),
          arguments: files)
    func formatFile(_ file: String) throws {
        let cases = try Self.cases(in: file)
        #expect(!cases.isEmpty)
        for testCase in cases {
            if Self.skipped["\(file): \(testCase.description)"] != nil { continue }
            let verdict: Bool
            if let format = StringFormat(rawValue: testCase.format), let string = testCase.data as? String {
                verdict = format.isValid(string)
            } else {
                // Unknown formats are annotations, and formats never constrain non-strings.
                verdict = true
            }
            #expect(verdict == testCase.valid,
                    "\(testCase.format) \(String(reflecting: testCase.data)): \(testCase.description)")
        }
    }

    @Test(.enabled(if: isAvailable, "the JSON-Schema-Test-Suite is not in shared/data"))
    func everyAssertedFormatHasItsFile() {
        let covered = Set(Self.files.map { $0.replacingOccurrences(of: ".json", with: "") })
        for format in StringFormat.allCases {
            #expect(covered.contains(format.rawValue), "no suite file for \(format.rawValue)")
        }
    }

    @Test(.enabled(if: isAvailable, "the JSON-Schema-Test-Suite is not in shared/data"))
    func skipListNamesRealCases() throws {
        let names = Set(try Self.files.flatMap { file in
            try Self.cases(in: file).map { "\(file): \($0.description)" }
        })
        for name in Self.skipped.keys {
            #expect(names.contains(name), "stale skip entry \(name)")
        }
    }
}
