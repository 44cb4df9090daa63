import Foundation

/// Why a schema could not be built, imported or compiled for generation. Each case names the
/// schema (or JSON Pointer) at fault and carries a readable context.
///
/// ```swift
/// do { _ = try GenerationSchema(root: riddle, dependencies: []) }
/// catch let error as SchemaError { print(error) }
/// // undefined reference 'Answer' in schema 'Riddle'
/// ```
public enum SchemaError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// Extra detail about an error.
    public struct Context: Sendable {
        public let debugDescription: String
        public init(debugDescription: String) { self.debugDescription = debugDescription }
    }

    /// Two schemas share a name.
    case duplicateType(schema: String?, type: String, context: Context)
    /// A schema lists a property twice.
    case duplicateProperty(schema: String, property: String, context: Context)
    /// A choice has no alternatives.
    case emptyTypeChoices(schema: String, context: Context)
    /// References name schemas that are not defined.
    case undefinedReferences(schema: String?, references: [String], context: Context)
    /// Guides that contradict each other or do not fit the value's type.
    case contradictoryGuides(schema: String?, property: String?, context: Context)
    /// A guide names a property the type does not have.
    case unknownGuideProperty(type: String, property: String, context: Context)
    /// A JSON Schema document that is malformed at `pointer`.
    case invalidSchema(pointer: String, context: Context)
    /// A JSON Schema keyword the library refuses rather than approximate.
    case unsupportedKeyword(keyword: String, pointer: String, context: Context)
    /// No instance of the schema at `pointer` can be generated exactly.
    case unsatisfiable(pointer: String, context: Context)
    /// A Swift type whose schema cannot be derived from its `Decodable` shape.
    case underivableType(type: String, context: Context)

    public var description: String {
        switch self {
        case .duplicateType(let schema, let type, let context):
            return "duplicate type '\(type)'\(schema.map { " in schema '\($0)'" } ?? "")\(detail(context))"
        case .duplicateProperty(let schema, let property, let context):
            return "duplicate property '\(property)' in schema '\(schema)'\(detail(context))"
        case .emptyTypeChoices(let schema, let context):
            return "schema '\(schema)' has no choices\(detail(context))"
        case .undefinedReferences(let schema, let references, let context):
            let names = references.map { "'\($0)'" }.joined(separator: ", ")
            return "undefined reference\(references.count == 1 ? "" : "s") \(names)\(schema.map { " in schema '\($0)'" } ?? "")\(detail(context))"
        case .contradictoryGuides(let schema, let property, let context):
            let place = [schema.map { "schema '\($0)'" }, property.map { "property '\($0)'" }]
                .compactMap { $0 }.joined(separator: ", ")
            return "contradictory guides\(place.isEmpty ? "" : " for \(place)")\(detail(context))"
        case .unknownGuideProperty(let type, let property, let context):
            return "a guide names '\(property)', which \(type) does not have\(detail(context))"
        case .invalidSchema(let pointer, let context):
            return "invalid JSON Schema at \(Self.pointerText(pointer)): \(context.debugDescription)"
        case .unsupportedKeyword(let keyword, let pointer, let context):
            return "unsupported '\(keyword)' at \(Self.pointerText(pointer)): \(context.debugDescription)"
        case .unsatisfiable(let pointer, let context):
            return "cannot generate the schema at \(Self.pointerText(pointer)): \(context.debugDescription)"
        case .underivableType(let type, let context):
            return "cannot derive a schema for \(type): \(context.debugDescription)"
        }
    }

    public var errorDescription: String? { description }

    private func detail(_ context: Context) -> String {
        context.debugDescription.isEmpty ? "" : ": \(context.debugDescription)"
    }

    /// A JSON Pointer as messages quote it: the root named as such.
    package static func pointerText(_ pointer: String) -> String {
        pointer.isEmpty ? "the root (\"\")" : "\"\(pointer)\""
    }
}
