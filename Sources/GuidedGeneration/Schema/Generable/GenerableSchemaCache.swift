import Foundation

/// Derived schemas, computed once per type. Derivation may re-enter (a nested type's
/// `generationSchema`), hence the recursive lock. Unchecked because `Mutex` is not recursive:
/// every read and write of the state holds `lock` (`SharedSchemaTests` asks from many tasks).
final class GenerableSchemaCache: @unchecked Sendable {
    static let shared = GenerableSchemaCache()

    private let lock = NSRecursiveLock()
    private var schemas: [ObjectIdentifier: GenerationSchema] = [:]
    /// The type whose `generationSchema` is being asked only to learn whether it is implemented.
    private var askingForExplicit: ObjectIdentifier?

    /// Thrown by the default `generationSchema` when only an explicit schema was asked for.
    private struct UsesDerivedSchema: Error {}

    func derivedSchema(for type: any Generable.Type) throws -> GenerationSchema {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(type)
        if askingForExplicit == id {
            askingForExplicit = nil
            throw UsesDerivedSchema()
        }
        if let cached = schemas[id] { return cached }
        let derivation = SchemaDerivation()
        let schema = try GenerationSchema(graph: try derivation.graph(root: type))
        schemas[id] = schema
        return schema
    }

    /// The type's own `generationSchema`, or nil when it uses the derived one — in which case
    /// the caller derives it inline, so that types may refer to each other recursively.
    func explicitSchema(of type: any Generable.Type) throws -> GenerationSchema? {
        lock.lock()
        defer { lock.unlock() }
        let previous = askingForExplicit
        askingForExplicit = ObjectIdentifier(type)
        defer { askingForExplicit = previous }
        do {
            return try type.generationSchema
        } catch is UsesDerivedSchema {
            return nil
        }
    }
}
