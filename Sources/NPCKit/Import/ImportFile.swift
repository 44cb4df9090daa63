import Foundation

/// What the file importers share: reading a file, and decoding JSON with errors that name the
/// file and the key path (`contacts[3].birthday`) instead of Foundation's coding paths.
enum ImportFile {
    static func data(at url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ImportError.unreadable(file: url.lastPathComponent, reason: error.localizedDescription)
        }
    }

    static func decodeJSON<Value: Decodable>(_ type: Value.Type, from data: Data, file: String?) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw ImportError.invalidJSON(file: file, keyPath: keyPath(of: error), problem: problem(of: error))
        }
    }

    private static func keyPath(of error: DecodingError) -> String {
        var path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        return path.enumerated().map { index, key in
            if let position = key.intValue { return "[\(position)]" }
            return (index == 0 ? "" : ".") + key.stringValue
        }.joined()
    }

    private static func problem(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound:
            return "missing (it is required)"
        case .valueNotFound:
            return "is null (expected a value)"
        case .typeMismatch(let type, _):
            return "has the wrong type (expected \(typeName(type)))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let underlying = context.underlyingError {
                return "not valid JSON (\(underlying.localizedDescription))"
            }
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
