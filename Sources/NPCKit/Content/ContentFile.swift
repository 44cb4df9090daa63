import GuidedGeneration

/// One JSON file of the game's content, parsed, with the helpers that read it into Swift values
/// and turn every problem into a `ContentLibraryError` naming the file and the key path.
struct ContentFile {
    let name: String
    let root: GeneratedContent

    init(name: String, json: String) throws(ContentLibraryError) {
        self.name = name
        do {
            root = try GeneratedContent(json: json)
        } catch let error as JSONSyntaxError {
            throw .malformedJSON(file: name, line: error.line, column: error.column, message: error.message)
        } catch {
            throw .unreadable(file: name, reason: "\(error)")
        }
    }

    func failure(_ keyPath: String, _ problem: String) -> ContentLibraryError {
        .invalid(file: name, keyPath: keyPath, problem: problem)
    }

    /// The top-level `key`, decoded as `Value`; decoding errors name the key path.
    func decode<Value: Decodable>(_ type: Value.Type, key: String) throws(ContentLibraryError) -> Value {
        guard let value = root[key] else { throw failure("", "missing the top-level key \"\(key)\"") }
        return try decode(type, from: value, keyPath: key)
    }

    /// The whole file decoded as `Value`.
    func decodeRoot<Value: Decodable>(_ type: Value.Type) throws(ContentLibraryError) -> Value {
        try decode(type, from: root, keyPath: "")
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from value: GeneratedContent, keyPath: String) throws(ContentLibraryError) -> Value {
        do {
            return try GeneratedContentDecoder().decode(type, from: value)
        } catch let error as DecodingError {
            throw failure(Self.keyPath(keyPath, error), Self.problem(error))
        } catch {
            throw failure(keyPath, "\(error)")
        }
    }

    private static func keyPath(_ key: String, _ error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(_, let context):
            path = context.codingPath
        @unknown default:
            return key
        }
        var text = key
        for component in path {
            if let index = component.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + component.stringValue }
        }
        return text
    }

    private static func problem(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
