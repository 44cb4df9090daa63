import JSONSchema

/// The JSON Schema and the instructions of schema-driven tool calling: the reply is one of
/// `{"tool": NAME, "arguments": ARGS}` per callable tool (ARGS following that tool's parameters)
/// or, unless the turn must call a tool, `{"answer": ANSWER}` (ANSWER following the response's
/// schema; for a free-text response `true`, and the text is asked for next). Each embedded
/// schema is exported with a prefix of its own on its definitions, which move to the root, so
/// two tools may both define a `Contact`.
package enum ToolActionSchema {
    package static func schema(for plan: ToolPlan, answer: GenerationSchema?) -> GeneratedContent {
        var definitions: [(String, GeneratedContent)] = []
        var alternatives: [GeneratedContent] = []
        for (index, tool) in plan.callable.enumerated() {
            alternatives.append(object([
                ("tool", GeneratedContent(properties: [("type", GeneratedContent("string")), ("enum", GeneratedContent(elements: [GeneratedContent(tool.name)]))])),
                ("arguments", embed(tool.parameters.jsonSchema(definitionPrefix: "tool\(index)-"), into: &definitions)),
            ]))
        }
        if case .auto = plan.choice {
            let answerSchema = answer.map { embed($0.jsonSchema(definitionPrefix: "answer-"), into: &definitions) }
                ?? GeneratedContent(properties: [("type", GeneratedContent("boolean")), ("enum", GeneratedContent(elements: [GeneratedContent(true)]))])
            alternatives.append(object([("answer", answerSchema)]))
        }
        var root: [(String, GeneratedContent)]
        if alternatives.count == 1, let only = alternatives.first {
            root = only.orderedKeys.map { ($0, only[$0]!) }
        } else {
            root = [("anyOf", GeneratedContent(elements: alternatives))]
        }
        if !definitions.isEmpty { root.append(("$defs", GeneratedContent(properties: definitions))) }
        return GeneratedContent(properties: root)
    }

    /// The system text that tells the model how to call the tools.
    package static func instructions(for plan: ToolPlan, answer: GenerationSchema?) -> String {
        var lines = [#"You can use tools. To call one, reply with {"tool": "<name>", "arguments": {…}}; you will then get its output."#]
        if case .auto = plan.choice {
            lines.append(answer == nil ? #"When you are ready to answer, reply with {"answer": true} and then write your answer."#
                                       : #"When you can answer, reply with {"answer": …}."#)
        } else {
            lines.append("Call a tool now.")
        }
        lines.append("The tools:")
        lines += plan.callable.map { "- \($0.name): \($0.description)" }
        return lines.joined(separator: "\n")
    }

    private static func object(_ properties: [(String, GeneratedContent)]) -> GeneratedContent {
        GeneratedContent(properties: [
            ("type", GeneratedContent("object")),
            ("properties", GeneratedContent(properties: properties)),
            ("required", GeneratedContent(elements: properties.map { GeneratedContent($0.0) })),
            ("additionalProperties", GeneratedContent(false)),
        ])
    }

    /// The schema without its `$schema` and `$defs`, which join `definitions` (their names
    /// already prefixed by the exporter).
    private static func embed(_ schema: GeneratedContent, into definitions: inout [(String, GeneratedContent)]) -> GeneratedContent {
        if let defs = schema["$defs"] { definitions += defs.orderedKeys.map { ($0, defs[$0]!) } }
        guard schema["$defs"] != nil || schema["$schema"] != nil else { return schema }
        return GeneratedContent(properties: schema.orderedKeys.filter { $0 != "$schema" && $0 != "$defs" }.map { ($0, schema[$0]!) })
    }
}
