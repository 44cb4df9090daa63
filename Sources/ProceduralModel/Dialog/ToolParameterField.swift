import Foundation
import GuidedGeneration

/// The top-level properties of a tool's parameters schema, read from its JSON Schema export
/// (`$ref`s into `$defs` followed), with what argument derivation needs from each.
struct ToolParameterField: Sendable {
    let name: String
    /// The property's schema, references resolved.
    let schema: GeneratedContent
    /// The words of the property name (`"eventDate"` → `event` `date`).
    let nameWords: [String]
    /// The lowercase words of the property's description.
    let descriptionWords: [String]
    /// The JSON types the property allows (empty: any).
    let types: Set<String>
    /// The allowed values, each with the description of its `anyOf`/`oneOf` branch if any.
    let choices: [(value: GeneratedContent, description: String?)]
    let format: String?

    /// The properties of the parameters object in declaration order, and its required names.
    static func fields(of schema: GenerationSchema) -> (fields: [ToolParameterField], required: [String]) {
        let document = schema.jsonSchema
        let root = resolved(document, in: document)
        let properties = root["properties"]
        let fields = (properties?.orderedKeys ?? []).compactMap { name in
            properties?[name].map { field(name, resolved($0, in: document), in: document) }
        }
        let required = root["required"]?.elements?.compactMap(\.stringValue) ?? []
        return (fields, required)
    }

    /// The property name and description words, together.
    var allWords: [String] { nameWords + descriptionWords }

    func allows(_ type: String) -> Bool {
        types.isEmpty || types.contains(type) || (type == "integer" && types.contains("number"))
    }

    private static func field(_ name: String, _ schema: GeneratedContent, in document: GeneratedContent) -> ToolParameterField {
        var types: Set<String> = []
        if let type = schema["type"] {
            types = Set(type.stringValue.map { [$0] } ?? type.elements?.compactMap(\.stringValue) ?? [])
        }
        var choices: [(GeneratedContent, String?)] = []
        if let values = schema["enum"]?.elements {
            choices = values.map { ($0, nil) }
        } else if let constant = schema["const"] {
            choices = [(constant, nil)]
        } else if let branches = (schema["anyOf"] ?? schema["oneOf"])?.elements {
            let resolvedBranches = branches.map { resolved($0, in: document) }
            if resolvedBranches.allSatisfy({ $0["const"] != nil || $0["enum"]?.elements != nil }) {
                choices = resolvedBranches.flatMap { branch -> [(GeneratedContent, String?)] in
                    let description = branch["description"]?.stringValue ?? branch["title"]?.stringValue
                    let values = branch["const"].map { [$0] } ?? branch["enum"]?.elements ?? []
                    return values.map { ($0, description) }
                }
            }
        }
        return ToolParameterField(
            name: name, schema: schema, nameWords: DialogWords.identifierWords(name),
            descriptionWords: DialogWords.words(schema["description"]?.stringValue ?? ""),
            types: types, choices: choices, format: schema["format"]?.stringValue)
    }

    /// Follows `$ref: "#/$defs/<name>"` (as the exporter writes them) a bounded number of times.
    private static func resolved(_ schema: GeneratedContent, in document: GeneratedContent) -> GeneratedContent {
        var current = schema
        for _ in 0..<16 {
            guard let reference = current["$ref"]?.stringValue, reference.hasPrefix("#/$defs/") else { break }
            let name = String(reference.dropFirst("#/$defs/".count))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let target = document["$defs"]?[name] else { break }
            current = target
        }
        return current
    }
}
