import JSONSchema

/// Turns a root dynamic schema and its dependencies into a checked schema graph.
struct DynamicSchemaBuilder {
    private let derivation = SchemaDerivation()
    private var definitions: [String: SchemaNode] = [:]
    private var order: [String] = []
    private var references: [String] = []

    mutating func graph(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws -> SchemaGraph {
        var seen: Set<String> = []
        for schema in [root] + dependencies {
            if case .type = schema.body { continue }
            guard let name = schema.name else { continue }
            if !seen.insert(name).inserted {
                throw GenerationSchema.SchemaError.duplicateType(schema: root.name, type: name, context: .init(debugDescription: "two schemas are named \(name)"))
            }
        }
        let rootNode = try node(for: root)
        for dependency in dependencies {
            let built = try node(for: dependency)
            // A Swift type's definition comes from its derivation, merged below.
            if case .type = dependency.body { continue }
            if let name = dependency.name { define(name, built) }
        }
        for (name, node) in derivation.derivedDefinitions {
            if let existing = definitions[name], existing !== node {
                throw GenerationSchema.SchemaError.duplicateType(schema: root.name, type: name, context: .init(debugDescription: "a dynamic schema has the name of the Swift type \(name)"))
            }
            define(name, node)
        }
        let rootName = root.name
        if let rootName, references.contains(rootName) { define(rootName, rootNode) }
        let undefined = Set(references).subtracting(definitions.keys).sorted()
        if !undefined.isEmpty {
            throw GenerationSchema.SchemaError.undefinedReferences(schema: rootName, references: undefined, context: .init(debugDescription: ""))
        }
        if let rootName, definitions[rootName] != nil {
            let reference = SchemaNode()
            reference.reference = rootName
            return SchemaGraph(root: reference, definitions: definitions, definitionOrder: order)
        }
        return SchemaGraph(root: rootNode, definitions: definitions, definitionOrder: order)
    }

    private mutating func define(_ name: String, _ node: SchemaNode) {
        if definitions[name] == nil { order.append(name) }
        definitions[name] = node
    }

    private func choiceNode(_ name: String, _ description: String?, count: Int) throws -> SchemaNode {
        guard count > 0 else {
            throw GenerationSchema.SchemaError.emptyTypeChoices(schema: name, context: .init(debugDescription: ""))
        }
        let node = SchemaNode()
        node.description = description
        node.typeName = name
        return node
    }

    private mutating func node(for schema: DynamicGenerationSchema) throws -> SchemaNode {
        switch schema.body {
        case .object(let name, let description, let properties):
            let node = LeafSchemas.node(.object)
            for property in properties {
                if node.property(property.name) != nil {
                    throw GenerationSchema.SchemaError.duplicateProperty(schema: name, property: property.name, context: .init(debugDescription: ""))
                }
                let child = try self.node(for: property.schema)
                if let text = property.description { child.description = text }
                node.addProperty(property.name, child)
                if !property.isOptional { node.required.append(property.name) }
            }
            node.additionalProperties = .nothing
            node.description = description
            node.typeName = name
            return node
        case .array(let item, let minimum, let maximum):
            let node = LeafSchemas.node(.array)
            node.items = try self.node(for: item)
            if let minimum, let maximum, minimum > maximum {
                throw GenerationSchema.SchemaError.contradictoryGuides(schema: item.name, property: nil, context: .init(debugDescription:
                    "minimumElements \(minimum) is above maximumElements \(maximum)"))
            }
            if let bound = [minimum, maximum].compactMap({ $0 }).first(where: { $0 < 0 }) {
                throw GenerationSchema.SchemaError.contradictoryGuides(schema: item.name, property: nil, context: .init(debugDescription:
                    "an element count cannot be negative (\(bound))"))
            }
            node.minItems = minimum
            node.maxItems = maximum
            return node
        case .stringChoices(let name, let description, let choices):
            let node = try choiceNode(name, description, count: choices.count)
            node.types = .string
            node.enumValues = choices.map { GeneratedContent($0) }
            return node
        case .choices(let name, let description, let choices):
            let node = try choiceNode(name, description, count: choices.count)
            node.anyOf = try choices.map { try self.node(for: $0) }
            return node
        case .reference(let name):
            references.append(name)
            let node = SchemaNode()
            node.reference = name
            return node
        case .type(let type, let guides):
            let node = try derivation.derive(type).node
            for guide in guides {
                try guide.apply(to: node, schema: "\(type)", property: nil)
            }
            return node
        }
    }
}

extension GenerationSchema {
    /// Builds a schema from a root dynamic schema and the named schemas it refers to.
    ///
    /// Throws `SchemaError.duplicateType` when two schemas share a name, `.duplicateProperty`,
    /// `.emptyTypeChoices` for a choice without alternatives, `.undefinedReferences` for a
    /// reference to a name that is not defined, and `.contradictoryGuides`.
    ///
    /// ```swift
    /// let drink = DynamicGenerationSchema(name: "Drink", anyOf: ["latte", "mocha"])
    /// let order = DynamicGenerationSchema(name: "Order", properties: [
    ///     .init(name: "drink", schema: .init(referenceTo: "Drink")),
    ///     .init(name: "shots", schema: .init(type: Int.self, guides: [.range(1...3)])),
    /// ])
    /// let schema = try GenerationSchema(root: order, dependencies: [drink])
    /// ```
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws {
        var builder = DynamicSchemaBuilder()
        try self.init(graph: try builder.graph(root: root, dependencies: dependencies))
    }
}
