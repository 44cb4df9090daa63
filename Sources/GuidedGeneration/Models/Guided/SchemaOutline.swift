import JSONSchema

/// A schema too long for a prompt, told as the shape of a reply: `{"name": "string — A full
/// name", "tags": ["string"], "kind": "one of: \"a\", \"b\" (and 7 more)"}` — objects to
/// `depth` levels with at most `width` properties each (required ones first), lists of values
/// cut to four, descriptions to 60 characters. The token mask carries the rest: the outline
/// only has to tell the model what it is writing.
///
/// ```swift
/// let outline = SchemaOutline(depth: 2, width: 8).text(of: schema.root)
/// ```
struct SchemaOutline {
    let depth: Int
    let width: Int

    static let choicesShown = 4
    static let descriptionLength = 60

    func text(of root: GenerationSchema.Node) -> String {
        outline(root, depth: depth).jsonString
    }

    private func outline(_ node: GenerationSchema.Node, depth: Int) -> GeneratedContent {
        let properties = node.properties
        if !properties.isEmpty {
            guard depth > 0 else { return GeneratedContent(described("object", node)) }
            let required = Set(node.required)
            let ordered = properties.filter { required.contains($0.name) } + properties.filter { !required.contains($0.name) }
            var fields = ordered.prefix(width).map { ($0.name, outline($0.node, depth: depth - 1)) }
            if ordered.count > width { fields.append(("…", GeneratedContent("\(ordered.count - width) more properties"))) }
            return GeneratedContent(properties: fields)
        }
        if let items = node.items, node.typeNames.contains("array") || node.typeNames.isEmpty {
            return GeneratedContent(elements: [depth > 0 ? outline(items, depth: depth - 1) : GeneratedContent("…")])
        }
        let choices = node.choices
        if !choices.isEmpty {
            let shown = choices.prefix(Self.choicesShown).map(\.value.jsonString).joined(separator: ", ")
            let more = choices.count > Self.choicesShown ? " (and \(choices.count - Self.choicesShown) more)" : ""
            return GeneratedContent("one of: " + shown + more)
        }
        return GeneratedContent(described(node.typeNames.isEmpty ? "any value" : node.typeNames.joined(separator: " or "), node))
    }

    /// `kind`, then the schema's description cut to `descriptionLength` characters.
    private func described(_ kind: String, _ node: GenerationSchema.Node) -> String {
        guard let description = node.description.flatMap(Self.shortened) else { return kind }
        return kind + " — " + description
    }

    /// A description's first line, cut to `descriptionLength` characters; nil when empty.
    private static func shortened(_ description: String) -> String? {
        guard let line = description.split(whereSeparator: \.isNewline).first, !line.isEmpty else { return nil }
        return line.count > descriptionLength ? line.prefix(descriptionLength - 1) + "…" : String(line)
    }

    /// The most properties `fieldNotes` tells.
    static let notesShown = 24

    /// What the described properties of a JSON Schema document mean, as "name — description"
    /// in document order (under `properties` at any depth, `$defs` and branches included; a
    /// name described twice told once): what a reply shown as an example cannot tell a model.
    ///
    /// ```swift
    /// SchemaOutline.fieldNotes(of: schema.jsonSchema)   // ["name — A full name", "complaint — a complaint for the manager"]
    /// ```
    static func fieldNotes(of document: GeneratedContent) -> [String] {
        var notes: [String] = []
        var told = Set<String>()
        func walk(_ node: GeneratedContent) {
            guard notes.count < notesShown else { return }
            if let elements = node.elements { elements.forEach(walk); return }
            for key in node.orderedKeys {
                guard let value = node[key] else { continue }
                guard key == "properties" else { walk(value); continue }
                for name in value.orderedKeys {
                    guard let property = value[name] else { continue }
                    if let description = property["description"]?.stringValue.flatMap(shortened), notes.count < notesShown,
                       told.insert(name).inserted {
                        notes.append(name + " — " + description)
                    }
                    walk(property)
                }
            }
        }
        walk(document)
        return notes
    }
}
