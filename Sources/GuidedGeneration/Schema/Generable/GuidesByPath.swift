import JSONSchema

extension Generable {
    /// The type's schema with more guides, addressed by property path: `"level"` is a property
    /// of this type, `"order.size"` the `size` of the type held in `order` (of each element, when
    /// `order` is an array). This is how choices known only at runtime — a menu, a content
    /// pack's words — narrow a derived schema: the dynamic counterpart of the static `guides`,
    /// which still apply (the two combine: `anyOf` lists intersect, ranges narrow). A path
    /// through a nested type guides that type wherever this schema holds it. A nested type that
    /// implements its own `generationSchema` is guided in that schema instead
    /// (`SchemaError.contradictoryGuides` names it).
    ///
    /// ```swift
    /// let schema = try Order.generationSchema(guides: [
    ///     "drink": .anyOf(menu.drinks),
    ///     "extras": .element(.anyOf(menu.extras)),
    ///     "customer.name": .pattern("[A-Z][a-z]+"),
    /// ])
    /// ```
    public static func generationSchema(guides: [String: GenerationGuide]) throws -> GenerationSchema {
        let derivation = SchemaDerivation()
        let graph = try derivation.graph(root: Self.self)
        for (path, guide) in guides.sorted(by: { $0.key < $1.key }) {
            let (owner, property, node) = try derivation.property(at: path, in: graph, rootName: "\(Self.self)")
            try guide.apply(to: node, schema: owner, property: property)
        }
        return try GenerationSchema(graph: graph)
    }
}

extension SchemaDerivation {
    /// The node of the property at a dotted path, with the type that declares it and its name;
    /// an array on the way stands for its elements.
    func property(at path: String, in graph: SchemaGraph, rootName: String) throws -> (owner: String, property: String, node: SchemaNode) {
        var owner = rootName
        var node = graph.root
        let names = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, name) in names.enumerated() {
            while true {
                if let reference = node.reference, let target = graph.target(of: node) {
                    owner = reference
                    node = target
                } else if node.types == .array, let items = node.items {
                    node = items
                } else {
                    break
                }
            }
            if ownsSchema(owner) {
                throw GenerationSchema.SchemaError.contradictoryGuides(schema: owner, property: name, context: .init(debugDescription:
                    "\(owner) implements its own generationSchema; guide '\(names[index...].joined(separator: "."))' there"))
            }
            guard let child = node.property(name) else {
                throw GenerationSchema.SchemaError.unknownGuideProperty(type: owner, property: name, context: .init(debugDescription:
                    "its properties are \(node.properties.map(\.name).joined(separator: ", "))"))
            }
            if index == names.count - 1 { return (owner, name, child) }
            node = child
        }
        preconditionFailure("a split path has at least one name")
    }
}
