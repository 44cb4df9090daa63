import GuidedGeneration

/// Turns checked type definitions into dynamic schemas, the first one the root.
package enum NotationSchemaBuilder {
    package static func dynamicSchemas(for types: [TypeDefinition]) -> [DynamicGenerationSchema] {
        types.map { type in
            DynamicGenerationSchema(name: type.name, properties: type.fields.map { field in
                .init(name: field.name, description: field.description, schema: schema(for: field.kind, field: field.name),
                      isOptional: field.isOptional)
            })
        }
    }

    /// A choice's schema is named after its field, as the type a model sees for it.
    private static func schema(for kind: FieldKind, field: String) -> DynamicGenerationSchema {
        switch kind {
        case .text(let pattern):
            return .init(type: String.self, guides: pattern.map { [.pattern($0.source)] } ?? [])
        case .integer(let range):
            return .init(type: Int.self, guides: range.map { [.range($0)] } ?? [])
        case .number(let range):
            return .init(type: Double.self, guides: range.map { [.range($0)] } ?? [])
        case .bool:
            return .init(type: Bool.self)
        case .choices(let choices):
            return .init(name: field, anyOf: choices)
        case .list(let item, let count):
            return .init(arrayOf: schema(for: item, field: field), minimumElements: count?.lowerBound, maximumElements: count?.upperBound)
        case .reference(let name, _):
            return .init(referenceTo: name)
        }
    }
}
