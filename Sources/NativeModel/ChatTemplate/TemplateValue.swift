import Foundation

/// A value while a template runs, modelled on the Python objects Jinja sees. Namespaces and
/// macros are handles into the renderer's tables, so values stay plain copyable data; tuples
/// are lists.
enum TemplateValue: Sendable {
    /// A missing variable, attribute or item; carries the name for error messages.
    case undefined(String)
    case none
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case list([TemplateValue])
    case dictionary(TemplateDictionary)
    case namespace(Int)
    case macro(Int)

    /// Python's truth value; undefined is false.
    var isTruthy: Bool {
        switch self {
        case .undefined, .none: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .float(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .list(let items): return !items.isEmpty
        case .dictionary(let dictionary): return !dictionary.isEmpty
        case .namespace, .macro: return true
        }
    }

    var isUndefined: Bool {
        if case .undefined = self { return true }
        return false
    }

    /// How deeply lists and dictionaries nest inside this value.
    var nesting: Int {
        switch self {
        case .list(let items): return 1 + (items.lazy.map(\.nesting).max() ?? 0)
        case .dictionary(let dictionary): return 1 + (dictionary.entries.lazy.map(\.value.nesting).max() ?? 0)
        default: return 0
        }
    }

    /// The Python type name, for error messages.
    var typeName: String {
        switch self {
        case .undefined: return "undefined"
        case .none: return "NoneType"
        case .bool: return "bool"
        case .int: return "int"
        case .float: return "float"
        case .string: return "str"
        case .list: return "list"
        case .dictionary: return "dict"
        case .namespace: return "Namespace"
        case .macro: return "Macro"
        }
    }

    /// Numeric view for arithmetic and comparison; Python bools are ints.
    var number: Double? {
        switch self {
        case .bool(let value): return value ? 1 : 0
        case .int(let value): return Double(value)
        case .float(let value): return value
        default: return nil
        }
    }

    /// Integer view; Python bools are ints.
    var integer: Int? {
        switch self {
        case .bool(let value): return value ? 1 : 0
        case .int(let value): return value
        default: return nil
        }
    }

    /// `str(value)`, which is what `{{ value }}` prints; undefined prints nothing.
    var text: String {
        switch self {
        case .undefined: return ""
        case .string(let value): return value
        default: return repr
        }
    }

    /// Python's `repr`, used for values inside printed lists and dictionaries.
    var repr: String {
        switch self {
        case .undefined: return ""
        case .none: return "None"
        case .bool(let value): return value ? "True" : "False"
        case .int(let value): return String(value)
        case .float(let value): return Self.pythonFloat(value)
        case .string(let value): return Self.pythonStringLiteral(value)
        case .list(let items): return "[" + items.map(\.repr).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            return "{" + dictionary.entries.map { Self.pythonStringLiteral($0.key) + ": " + $0.value.repr }.joined(separator: ", ") + "}"
        case .namespace: return "<Namespace>"
        case .macro: return "<Macro>"
        }
    }

    /// Python's `repr(float)`: integral values keep a `.0`, large and tiny ones use exponents.
    static func pythonFloat(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e16 { return String(Int(value)) + ".0" }
        return value.description
    }

    private static func pythonStringLiteral(_ value: String) -> String {
        let quote: Character = value.contains("'") && !value.contains("\"") ? "\"" : "'"
        var result = String(quote)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where Character(scalar) == quote: result += "\\" + String(quote)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += String(format: "\\x%02x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        result.append(quote)
        return result
    }

    /// Python `==`: numbers compare across int, float and bool; strings compare code point by code point.
    func equals(_ other: TemplateValue) -> Bool {
        switch (self, other) {
        case (.undefined, .undefined), (.none, .none): return true
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.list(let a), .list(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.equals($1) }
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && a.entries.allSatisfy { entry in b[entry.key].map { $0.equals(entry.value) } ?? false }
        case (.namespace(let a), .namespace(let b)), (.macro(let a), .macro(let b)): return a == b
        default:
            guard let a = number, let b = other.number else { return false }
            return a == b
        }
    }
}

/// A Python dictionary with string keys, keeping insertion order as Python does.
struct TemplateDictionary: Sendable {
    private(set) var keys: [String] = []
    private var storage: [String: TemplateValue] = [:]

    init(_ entries: [(key: String, value: TemplateValue)] = []) {
        for entry in entries { set(entry.key, entry.value) }
    }

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }
    var entries: [(key: String, value: TemplateValue)] { keys.map { ($0, storage[$0]!) } }

    subscript(key: String) -> TemplateValue? { storage[key] }

    mutating func set(_ key: String, _ value: TemplateValue) {
        if storage.updateValue(value, forKey: key) == nil { keys.append(key) }
    }
}
