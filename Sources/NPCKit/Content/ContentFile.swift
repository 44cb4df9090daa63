import GuidedGeneration
import JSONSchema

/// One JSON file of the game's content, parsed, with the helpers that read it into Swift values
/// and turn every problem into a `ContentLibraryError` naming the file and the key path.
package struct ContentFile {
    package let name: String
    package let root: GeneratedContent

    package init(name: String, json: String) throws(ContentLibraryError) {
        self.name = name
        do {
            root = try GeneratedContent(json: json)
        } catch let error as JSONSyntaxError {
            throw .malformedJSON(file: name, line: error.line, column: error.column, message: error.message)
        } catch {
            throw .unreadable(file: name, reason: "\(error)")
        }
    }

    package func failure(_ keyPath: String, _ problem: String) -> ContentLibraryError {
        .invalid(file: name, keyPath: keyPath, problem: problem)
    }

    /// The top-level `key`, decoded as `Value`; decoding errors name the key path.
    package func decode<Value: Decodable>(_ type: Value.Type, key: String) throws(ContentLibraryError) -> Value {
        guard let value = root[key] else { throw failure("", "missing the top-level key \"\(key)\"") }
        return try decode(type, from: value, keyPath: key)
    }

    /// The whole file decoded as `Value`.
    package func decodeRoot<Value: Decodable>(_ type: Value.Type) throws(ContentLibraryError) -> Value {
        try decode(type, from: root, keyPath: "")
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from value: GeneratedContent, keyPath: String) throws(ContentLibraryError) -> Value {
        do {
            return try GeneratedContentDecoder().decode(type, from: value)
        } catch let error as DecodingError {
            throw failure(DecodingErrorText.keyPath(of: error, prefix: keyPath), DecodingErrorText.problem(of: error))
        } catch {
            throw failure(keyPath, "\(error)")
        }
    }
}
