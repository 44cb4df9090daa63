/// A `DecodingError` in the words content and import errors use: the key path of the value
/// (`contacts[3].birthday`) and what is wrong with it.
package enum DecodingErrorText {
    /// The path to the offending value, after `prefix` (a missing key names the key itself).
    package static func keyPath(of error: DecodingError, prefix: String = "") -> String {
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        var text = prefix
        for key in path {
            if let position = key.intValue { text += "[\(position)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    package static func problem(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound:
            return "missing (it is required)"
        case .valueNotFound:
            return "is null (expected a value)"
        case .typeMismatch(let type, _):
            return "has the wrong type (expected \(typeName(type)))"
        case .dataCorrupted(let context):
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
