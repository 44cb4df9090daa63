import GuidedGeneration
import JSONSchema

/// The keys of a JSON object, compared case-insensitively, and for each property that holds an
/// array of objects, the shape those objects share. A schema asking for an object of this shape
/// is answered with a whole record of a collection of the same shape, so its fields stay
/// coherent (a riddle keeps exactly one correct answer).
struct RecordShape: Hashable, Sendable {
    /// Lowercased property names.
    let keys: Set<String>
    /// Lowercased property name → the shape of the objects in that array property.
    let nested: [String: RecordShape]

    init(keys: [String], nested: [String: RecordShape] = [:]) {
        self.keys = Set(keys.map { $0.lowercased() })
        self.nested = Dictionary(nested.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The shape of `content`, or nil when it is not an object or the objects of one of its
    /// arrays do not all have the same shape.
    init?(of content: GeneratedContent) {
        guard case .object(let fields) = content.storage else { return nil }
        var nested: [String: RecordShape] = [:]
        for field in fields {
            guard case .array(let elements) = field.value.storage, case .object = elements.first?.storage else { continue }
            let shapes = elements.map(RecordShape.init(of:))
            guard let first = shapes[0], shapes.allSatisfy({ $0 == first }) else { return nil }
            nested[field.key] = first
        }
        self.init(keys: fields.map(\.key), nested: nested)
    }
}

extension ProceduralContent {
    /// The first record collection whose records have `shape`, or nil.
    func recordCollection(matching shape: RecordShape) -> RecordCollection? {
        recordShapes.firstIndex(of: shape).map { recordCollections[$0] }
    }
}

extension RecordShape {
    /// The shape of the objects a schema describes — its properties, and for properties that
    /// are arrays of objects, theirs — or nil when it does not describe objects with properties.
    init?(schema: GenerationSchema) {
        func shape(_ node: GenerationSchema.Node, depth: Int) -> RecordShape? {
            let properties = node.properties
            guard depth < 8, !properties.isEmpty else { return nil }
            var nested: [String: RecordShape] = [:]
            for property in properties {
                if let items = property.node.items, let inner = shape(items, depth: depth + 1) { nested[property.name] = inner }
            }
            return RecordShape(keys: properties.map(\.name), nested: nested)
        }
        guard let found = shape(schema.root, depth: 0) else { return nil }
        self = found
    }
}
