import Foundation
import GuidedGeneration
import JSONSchema

/// The top-level properties of a tool's parameters schema (references followed), with what
/// argument derivation needs from each.
struct ToolParameterField: Sendable {
    let name: String
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
        let root = schema.root
        return (root.properties.map { field($0.name, $0.node) }, root.required)
    }

    /// The property name and description words, together.
    var allWords: [String] { nameWords + descriptionWords }

    func allows(_ type: String) -> Bool {
        types.isEmpty || types.contains(type) || (type == "integer" && types.contains("number"))
    }

    private static func field(_ name: String, _ schema: GenerationSchema.Node) -> ToolParameterField {
        ToolParameterField(
            name: name, nameWords: DialogWords.identifierWords(name),
            descriptionWords: DialogWords.words(schema.description ?? ""),
            types: Set(schema.typeNames), choices: schema.choices, format: schema.format)
    }
}
