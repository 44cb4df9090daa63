import Foundation
import JSONSchema
import RegexAutomata

/// Derives the schema of `Generable` types from their `Decodable` shapes: each derived type
/// becomes a named definition (inlined at the root unless it refers to itself), properties keep
/// declaration order, and the type's guides are applied to its properties.
final class SchemaDerivation {
    /// A derived schema node and a way to make a placeholder value of its type, which the probe
    /// hands back to the type's initializer so that it can go on decoding its other properties.
    struct Derived {
        let node: SchemaNode
        let placeholder: () throws -> Any
    }

    private var definitions: [String: SchemaNode] = [:]
    private var order: [String] = []
    private var owners: [String: ObjectIdentifier] = [:]
    private var placeholders: [String: Any] = [:]
    private var inProgress: Set<String> = []
    private var selfReferenced: Set<String> = []
    /// Definitions taken from types that implement `generationSchema`: shared with those
    /// schemas, so never to be changed here.
    private var adopted: Set<String> = []

    func graph(root type: Any.Type) throws -> SchemaGraph {
        let root = try derive(type).node
        if let name = root.reference, !selfReferenced.contains(name), let inline = definitions.removeValue(forKey: name) {
            order.removeAll { $0 == name }
            return SchemaGraph(root: inline, definitions: definitions, definitionOrder: order)
        }
        return SchemaGraph(root: root, definitions: definitions, definitionOrder: order)
    }

    /// The definitions derived so far, for merging into a schema built from dynamic schemas.
    var derivedDefinitions: [(String, SchemaNode)] { order.map { ($0, definitions[$0]!) } }

    func derive(_ type: Any.Type) throws -> Derived {
        if let leaf = LeafSchemas.derived(type) { return leaf }
        if let optional = type as? any OptionalShape.Type {
            let wrapped = try derive(optional.wrappedType)
            let node = SchemaNode()
            node.anyOf = [wrapped.node, LeafSchemas.node(.null)]
            return Derived(node: node, placeholder: { optional.absent })
        }
        if let array = type as? any ArrayShape.Type {
            let node = LeafSchemas.node(.array)
            node.items = try derive(array.elementType).node
            return Derived(node: node, placeholder: { array.empty })
        }
        if let dictionary = type as? any StringKeyedDictionaryShape.Type {
            let node = LeafSchemas.node(.object)
            node.additionalProperties = try derive(dictionary.valueType).node
            return Derived(node: node, placeholder: { dictionary.empty })
        }
        if let cases = type as? any (CaseIterable & Encodable).Type {
            return try choices(cases)
        }
        guard let generable = type as? any Generable.Type else {
            throw GenerationSchema.SchemaError.underivableType(type: "\(type)", context: .init(debugDescription:
                "only String, Bool, integers, Double, Float, Decimal, arrays, optionals, [String: Value] and Generable types can be derived"))
        }
        return try definition(generable)
    }

    /// A `CaseIterable` enum: its cases, as they encode, are the choices.
    private func choices(_ type: any (CaseIterable & Encodable).Type) throws -> Derived {
        func all<C: CaseIterable>(_ type: C.Type) -> [Any] { Array(type.allCases) }
        let values = all(type)
        guard let first = values.first else {
            throw GenerationSchema.SchemaError.emptyTypeChoices(schema: "\(type)", context: .init(debugDescription: "the enum has no cases"))
        }
        let node = SchemaNode()
        func encode(_ value: some Encodable) throws -> GeneratedContent { try GeneratedContentEncoder().encode(value) }
        node.enumValues = try values.compactMap { value -> GeneratedContent? in
            guard let encodable = value as? any Encodable else { return nil }
            return try encode(encodable)
        }
        node.types = node.enumValues!.reduce(JSONTypeSet()) { $0.union(JSONTypeSet(of: $1)) }
        node.typeName = "\(type)"
        node.description = (type as? any Generable.Type)?.generationDescription
        return Derived(node: node, placeholder: { first })
    }

    private func definition(_ type: any Generable.Type) throws -> Derived {
        let name = "\(type)"
        let reference = SchemaNode()
        reference.reference = name
        if let owner = owners[name], owner != ObjectIdentifier(type) {
            throw GenerationSchema.SchemaError.duplicateType(schema: nil, type: name, context: .init(debugDescription: "two different types are named \(name)"))
        }
        if definitions[name] != nil || inProgress.contains(name) {
            selfReferenced.insert(name)
            return Derived(node: reference, placeholder: { [self] in
                guard let value = placeholders[name] else {
                    throw GenerationSchema.SchemaError.underivableType(type: name, context: .init(debugDescription:
                        "it contains itself without an optional or an array in between"))
                }
                return value
            })
        }
        owners[name] = ObjectIdentifier(type)
        if let explicit = try GenerableSchemaCache.shared.explicitSchema(of: type) {
            adopt(explicit, as: name)
            var random = SeededRandom(seed: 0)
            placeholders[name] = try type.init(explicit.generate(random: &random))
        } else {
            inProgress.insert(name)
            defer { inProgress.remove(name) }
            let shape = ProbeShape()
            placeholders[name] = try type.init(from: SchemaProbeDecoder(derivation: self, shape: shape, codingPath: []))
            let node = try shape.node(typeName: name)
            node.description = type.generationDescription
            try applyGuides(type.guides, to: node, typeName: name)
            definitions[name] = node
            order.append(name)
        }
        return Derived(node: reference, placeholder: { [self] in placeholders[name]! })
    }

    /// Takes in a type's own schema: its root under the type's name, its definitions as they are.
    private func adopt(_ schema: GenerationSchema, as name: String) {
        for definition in schema.graph.definitionOrder where definitions[definition] == nil {
            definitions[definition] = schema.graph.definitions[definition]
            order.append(definition)
            adopted.insert(definition)
        }
        definitions[name] = schema.graph.root
        order.append(name)
        adopted.insert(name)
    }

    /// Whether the definition named `name` came from a type's own `generationSchema`.
    func ownsSchema(_ name: String) -> Bool { adopted.contains(name) }

    private func applyGuides(_ guides: [String: GenerationGuide], to node: SchemaNode, typeName: String) throws {
        for (property, guide) in guides.sorted(by: { $0.key < $1.key }) {
            guard let target = node.property(property) else {
                throw GenerationSchema.SchemaError.unknownGuideProperty(type: typeName, property: property, context: .init(debugDescription:
                    "its properties are \(node.properties.map(\.name).joined(separator: ", "))"))
            }
            try guide.apply(to: target, schema: typeName, property: property)
        }
    }
}
