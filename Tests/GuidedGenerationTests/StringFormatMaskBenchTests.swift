import Foundation
@testable import GuidedGeneration
import JSONSchema
import Testing

/// Every formatted string inside an instance that MaskBench labels valid must pass its format.
/// Both validators behind the labels assert formats, so such strings are valid by their
/// agreement. The walk follows only keywords whose subschema surely applies (`properties`,
/// object `items`, `allOf`, local `$ref`), so no string is paired with a format it need not meet.
@Suite struct StringFormatMaskBenchTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/jsonschemabench")

    static let isAvailable = FileManager.default.fileExists(atPath: directory.path)

    @Test(.enabled(if: isAvailable, "the MaskBench data is not in shared/data"))
    func formattedStringsInValidInstancesPass() throws {
        let manager = FileManager.default
        var checked = 0
        for folder in try manager.contentsOfDirectory(atPath: Self.directory.path).sorted() {
            let folderURL = Self.directory.appendingPathComponent(folder)
            let files = try manager.contentsOfDirectory(atPath: folderURL.path).filter { $0.hasSuffix(".json") }
            for file in files {
                let data = try Data(contentsOf: folderURL.appendingPathComponent(file))
                guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let schema = document["schema"] as? [String: Any],
                      let tests = document["tests"] as? [[String: Any]]
                else { continue }
                for test in tests where test["valid"] as? Bool == true {
                    var walker = Walker(root: schema)
                    walker.visit(schema, test["data"] as Any, depth: 0)
                    for (format, string) in walker.found {
                        checked += 1
                        #expect(format.isValid(string),
                                "\(folder)/\(file): \(format.rawValue) \(String(reflecting: string))")
                    }
                }
            }
        }
        #expect(checked > 300)
    }

    private struct Walker {
        let root: [String: Any]
        var found: [(StringFormat, String)] = []

        mutating func visit(_ schema: Any, _ instance: Any, depth: Int) {
            guard depth < 40, let schema = schema as? [String: Any] else { return }
            // Before draft 2019-09 `$ref` hides its siblings, so only the target is followed.
            if let reference = schema["$ref"] as? String {
                if let target = resolve(reference) { visit(target, instance, depth: depth + 1) }
                return
            }
            if let name = schema["format"] as? String, let format = StringFormat(rawValue: name),
               let string = instance as? String {
                found.append((format, string))
            }
            for subschema in schema["allOf"] as? [Any] ?? [] {
                visit(subschema, instance, depth: depth + 1)
            }
            if let properties = schema["properties"] as? [String: Any],
               let object = instance as? [String: Any] {
                for (key, value) in object {
                    if let subschema = properties[key] { visit(subschema, value, depth: depth + 1) }
                }
            }
            if let items = schema["items"] as? [String: Any], let array = instance as? [Any] {
                for element in array { visit(items, element, depth: depth + 1) }
            }
        }

        private func resolve(_ reference: String) -> Any? {
            guard reference.hasPrefix("#/") else { return nil }
            var node: Any = root
            for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                let key = token.replacingOccurrences(of: "~1", with: "/")
                    .replacingOccurrences(of: "~0", with: "~")
                guard let next = (node as? [String: Any])?[key] else { return nil }
                node = next
            }
            return node
        }
    }
}
