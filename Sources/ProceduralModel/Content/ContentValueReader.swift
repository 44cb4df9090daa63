import GuidedGeneration
import JSONSchema

/// Reads the JSON values of one content file, throwing `ProceduralContentError.invalid` with the
/// file and the key path when a value has the wrong shape.
struct ContentValueReader {
    let file: String

    func failure(_ keyPath: String, _ problem: String) -> ProceduralContentError {
        .invalid(file: file, keyPath: keyPath, problem: problem)
    }

    func fields(_ value: GeneratedContent, _ keyPath: String) throws(ProceduralContentError) -> [(key: String, value: GeneratedContent)] {
        guard case .object(let fields) = value.storage else { throw failure(keyPath, "expected an object, found \(value.typeName)") }
        return fields.map { ($0.key, $0.value) }
    }

    func elements(_ value: GeneratedContent, _ keyPath: String) throws(ProceduralContentError) -> [GeneratedContent] {
        guard case .array(let elements) = value.storage else { throw failure(keyPath, "expected an array, found \(value.typeName)") }
        return elements
    }

    func string(_ value: GeneratedContent, _ keyPath: String) throws(ProceduralContentError) -> String {
        guard case .string(let text) = value.storage else { throw failure(keyPath, "expected a string, found \(value.typeName)") }
        guard !text.isEmpty else { throw failure(keyPath, "expected a non-empty string") }
        return text
    }

    func strings(_ value: GeneratedContent, _ keyPath: String) throws(ProceduralContentError) -> [String] {
        var strings: [String] = []
        for (index, element) in try elements(value, keyPath).enumerated() {
            strings.append(try string(element, "\(keyPath)[\(index)]"))
        }
        return strings
    }

    /// One text, or a list of them (`"marker": "a guest"` or `"marker": ["a guest", "a visitor"]`).
    func stringOrStrings(_ value: GeneratedContent, _ keyPath: String) throws(ProceduralContentError) -> [String] {
        if let single = value.stringValue { return [single] }
        return try strings(value, keyPath)
    }

    func positiveNumber(_ value: GeneratedContent, _ keyPath: String) throws(ProceduralContentError) -> Double {
        guard case .number(let number, _) = value.storage, number > 0, number.isFinite else {
            throw failure(keyPath, "expected a positive number")
        }
        return number
    }

    /// Rejects keys outside `allowed` and checks that every key of `required` is present.
    func checkKeys(_ fields: [(key: String, value: GeneratedContent)], _ keyPath: String, allowed: [String], required: [String]) throws(ProceduralContentError) {
        for field in fields where !allowed.contains(field.key) {
            throw failure("\(keyPath).\(field.key)", "unknown key (allowed: \(allowed.joined(separator: ", ")))")
        }
        for key in required where !fields.contains(where: { $0.key == key }) {
            throw failure(keyPath, "missing required key '\(key)'")
        }
    }
}
