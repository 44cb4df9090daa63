import Foundation
import GuidedGeneration
import JSONSchema

/// The `tojson` filter as Hugging Face defines it: Python's `json.dumps` with
/// `ensure_ascii=False`, keys in insertion order, `", "` and `": "` separators on one line, or
/// `","` and newlines indented by `indent` spaces.
enum TemplateJSON {
    static func encode(_ value: TemplateValue, indent: Int?) throws(TemplateFailure) -> String {
        var output = ""
        try write(value, indent: indent, level: 0, into: &output)
        return output
    }

    private static func write(_ value: TemplateValue, indent: Int?, level: Int, into output: inout String) throws(TemplateFailure) {
        switch value {
        case .none: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .float(let number):
            output += number.isNaN ? "NaN" : number.isInfinite ? (number < 0 ? "-Infinity" : "Infinity") : TemplateValue.pythonFloat(number)
        case .string(let text): output += quoted(text)
        case .list(let items):
            try writeContainer(items, open: "[", close: "]", indent: indent, level: level, into: &output) { item, output throws(TemplateFailure) in
                try write(item, indent: indent, level: level + 1, into: &output)
            }
        case .dictionary(let dictionary):
            try writeContainer(dictionary.entries, open: "{", close: "}", indent: indent, level: level, into: &output) { entry, output throws(TemplateFailure) in
                output += quoted(entry.key) + ": "
                try write(entry.value, indent: indent, level: level + 1, into: &output)
            }
        case .undefined, .namespace, .macro:
            throw .runtime("object of type '\(value.typeName)' is not JSON serializable")
        }
    }

    private static func writeContainer<Element>(_ elements: [Element], open: String, close: String, indent: Int?, level: Int, into output: inout String,
                                                 element: (Element, inout String) throws(TemplateFailure) -> Void) throws(TemplateFailure) {
        output += open
        guard !elements.isEmpty else { return output += close }
        let inner = indent.map { "\n" + String(repeating: " ", count: $0 * (level + 1)) }
        for (index, item) in elements.enumerated() {
            if index > 0 { output += inner == nil ? ", " : "," }
            output += inner ?? ""
            try element(item, &output)
        }
        output += indent.map { "\n" + String(repeating: " ", count: $0 * level) } ?? ""
        output += close
    }

    /// A JSON string literal: the engine's own writer applies exactly `json.dumps`'s escapes
    /// with `ensure_ascii=False` (quote, backslash, `\b \f \n \r \t`, other controls as `\u00xx`).
    private static func quoted(_ text: String) -> String {
        GeneratedContent(text).jsonString
    }
}
