/// Writes a schema graph as a JSON Schema draft 2020-12 document: definitions under `$defs`,
/// references as `#/$defs/<name>`, properties in generation order. With a definition prefix,
/// every definition is written as `<prefix><name>` and referred to so, for documents that
/// embed several schemas under one `$defs`.
package struct JSONSchemaExporter {
    package static let metaSchema = "https://json-schema.org/draft/2020-12/schema"

    package var definitionPrefix = ""

    package init(definitionPrefix: String = "") {
        self.definitionPrefix = definitionPrefix
    }

    package func export(_ graph: SchemaGraph) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("$schema", GeneratedContent(Self.metaSchema))]
        let root = export(graph.root)
        if case .object(let rootFields) = root.storage {
            fields += rootFields.map { ($0.key, $0.value) }
        } else if root.boolValue == false {
            fields.append(("not", GeneratedContent(properties: [])))
        }
        if !graph.definitionOrder.isEmpty {
            let defs = graph.definitionOrder.map { (definitionPrefix + $0, export(graph.definitions[$0]!)) }
            fields.append(("$defs", GeneratedContent(properties: defs)))
        }
        return GeneratedContent(properties: fields)
    }

    package func reference(to name: String) -> String {
        "#/$defs/" + JSONPointer.escape(definitionPrefix + name)
    }

    package func export(_ node: SchemaNode) -> GeneratedContent {
        if node.rejectsEverything { return GeneratedContent(false) }
        if node.isUnconstrained && node.title == nil && node.description == nil { return GeneratedContent(true) }
        var f: [(String, GeneratedContent)] = []
        func add(_ key: String, _ value: GeneratedContent?) { if let value { f.append((key, value)) } }
        func num(_ key: String, _ value: Double?) { add(key, value.map { GeneratedContent($0) }) }
        func int(_ key: String, _ value: Int?) { add(key, value.map { GeneratedContent($0) }) }
        func schema(_ key: String, _ value: SchemaNode?) { add(key, value.map { export($0) }) }
        func list(_ key: String, _ value: [SchemaNode]?) { add(key, value.map { GeneratedContent(elements: $0.map(export)) }) }

        add("title", node.title.map { GeneratedContent($0) })
        add("description", node.description.map { GeneratedContent($0) })
        add("$ref", node.reference.map { GeneratedContent(reference(to: $0)) })
        if let types = node.types {
            let names = types.names.map { GeneratedContent($0) }
            add("type", names.count == 1 ? names[0] : GeneratedContent(elements: names))
        }
        add("enum", node.enumValues.map { GeneratedContent(elements: $0) })
        add("const", node.constValue)
        num("minimum", node.minimum)
        num("exclusiveMinimum", node.exclusiveMinimum)
        num("maximum", node.maximum)
        num("exclusiveMaximum", node.exclusiveMaximum)
        num("multipleOf", node.multipleOf)
        int("minLength", node.minLength)
        int("maxLength", node.maxLength)
        add("pattern", node.pattern.map { GeneratedContent($0.source) })
        add("format", node.format.map { GeneratedContent($0) })
        list("prefixItems", node.prefixItems)
        schema("items", node.items)
        int("minItems", node.minItems)
        int("maxItems", node.maxItems)
        if node.uniqueItems { add("uniqueItems", GeneratedContent(true)) }
        schema("contains", node.contains)
        int("minContains", node.minContains)
        int("maxContains", node.maxContains)
        schema("unevaluatedItems", node.unevaluatedItems)
        if !node.properties.isEmpty {
            add("properties", GeneratedContent(properties: node.properties.map { ($0.name, export($0.schema)) }))
        }
        if !node.required.isEmpty { add("required", GeneratedContent(elements: node.required.map { GeneratedContent($0) })) }
        if !node.patternProperties.isEmpty {
            add("patternProperties", GeneratedContent(properties: node.patternProperties.map { ($0.pattern.source, export($0.schema)) }))
        }
        schema("additionalProperties", node.additionalProperties)
        schema("unevaluatedProperties", node.unevaluatedProperties)
        schema("propertyNames", node.propertyNames)
        int("minProperties", node.minProperties)
        int("maxProperties", node.maxProperties)
        if !node.dependentRequired.isEmpty {
            add("dependentRequired", GeneratedContent(properties: node.dependentRequired.map {
                ($0.name, GeneratedContent(elements: $0.required.map { GeneratedContent($0) }))
            }))
        }
        if !node.dependentSchemas.isEmpty {
            add("dependentSchemas", GeneratedContent(properties: node.dependentSchemas.map { ($0.name, export($0.schema)) }))
        }
        if !node.allOf.isEmpty { list("allOf", node.allOf) }
        list("anyOf", node.anyOf)
        list("oneOf", node.oneOf)
        schema("not", node.not)
        schema("if", node.ifSchema)
        schema("then", node.thenSchema)
        schema("else", node.elseSchema)
        add("default", node.defaultValue)
        add("examples", node.examples.map { GeneratedContent(elements: $0) })
        if node.deprecated { add("deprecated", GeneratedContent(true)) }
        if node.readOnly { add("readOnly", GeneratedContent(true)) }
        if node.writeOnly { add("writeOnly", GeneratedContent(true)) }
        return GeneratedContent(properties: f)
    }
}
