import Foundation

/// Writes type definitions back in the level notation, one canonical line per type, so that
/// reading the text again gives the same definitions.
package enum NotationRenderer {
    package static func render(_ types: [TypeDefinition]) -> String {
        types.map(render).joined(separator: "\n")
    }

    package static func render(_ type: TypeDefinition) -> String {
        "\(type.name): " + type.fields.map { field in
            var text = "\(field.name) \(field.isOptional ? "optional " : "")\(render(field.kind))"
            if let description = field.description { text += " \(quoted(description))" }
            return text
        }.joined(separator: ", ")
    }

    package static func render(_ kind: FieldKind) -> String {
        switch kind {
        case .text(let pattern): return pattern.map { "text matching /\($0.source)/" } ?? "text"
        case .integer(let range): return range.map { "integer \($0.lowerBound)...\($0.upperBound)" } ?? "integer"
        case .number(let range): return range.map { "number \($0.lowerBound)...\($0.upperBound)" } ?? "number"
        case .bool: return "bool"
        case .choices(let choices): return "one of " + choices.map(choice).joined(separator: "|")
        case .list(let item, let count):
            let countText = count.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound) " : "\($0.lowerBound)...\($0.upperBound) " } ?? ""
            return "list of \(countText)\(render(item))"
        case .reference(let name, _): return name
        }
    }

    /// A choice as a bare word when it reads back as one, else quoted.
    private static func choice(_ text: String) -> String {
        let bare = !text.isEmpty && !text.contains { $0.isWhitespace || NotationLexer.delimiters.contains($0) }
        return bare ? text : quoted(text)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
