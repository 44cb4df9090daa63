import JSONSchema

extension GenerationSchema {
    /// A read-only view of one schema inside a compiled `GenerationSchema`, with references
    /// followed: what a model reads to decide how to fill a field — the properties of an object,
    /// the items of an array, the allowed types, the choices and the description — without
    /// exporting JSON Schema and walking `$ref`s by hand.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"day": {"$ref": "#/$defs/Day"}}, "$defs": {"Day": {"enum": ["mon", "tue"]}}}"#)
    /// for property in schema.root.properties {
    ///     print(property.name, property.node.choices.map(\.value.jsonString))   // day ["\"mon\"", "\"tue\""]
    /// }
    /// ```
    public struct Node: Sendable {
        private let graph: SchemaGraph
        private let node: SchemaNode

        init(_ node: SchemaNode, in graph: SchemaGraph) {
            var current = node
            // Chains of references are shortened when the graph is built; the bound only guards
            // a cycle of references that carry keywords of their own.
            for _ in 0..<16 {
                guard let target = graph.target(of: current) else { break }
                current = target
            }
            self.graph = graph
            self.node = current
        }

        /// The declared properties of an object, in declaration order.
        public var properties: [(name: String, node: Node)] {
            node.properties.map { ($0.name, Node($0.schema, in: graph)) }
        }

        /// The names an object requires, as declared.
        public var required: [String] { node.required }

        /// The schema of an array's items (after any `prefixItems`), if given.
        public var items: Node? { node.items.map { Node($0, in: graph) } }

        /// The JSON type names the schema allows ("integer", "number", "string", …); empty when
        /// it names none. "number" stands for both integers and fractions.
        public var typeNames: [String] { node.types?.names ?? [] }

        /// The schema's description, if it has one.
        public var description: String? { node.description }

        /// The schema's `format`, if it has one.
        public var format: String? { node.format }

        /// The values the schema allows when it lists them: its `enum`, its `const`, or the
        /// constants of its `anyOf`/`oneOf` branches, each with the branch's description (or
        /// title). Empty when the schema is not a list of values.
        public var choices: [(value: GeneratedContent, description: String?)] {
            if let values = node.enumValues { return values.map { ($0, nil) } }
            if let constant = node.constValue { return [(constant, nil)] }
            guard let branches = (node.anyOf ?? node.oneOf)?.map({ Node($0, in: graph).node }),
                  branches.allSatisfy({ $0.constValue != nil || $0.enumValues != nil }) else { return [] }
            return branches.flatMap { branch in
                let values = branch.constValue.map { [$0] } ?? branch.enumValues ?? []
                return values.map { ($0, branch.description ?? branch.title) }
            }
        }
    }

    /// The root of the schema, as a `Node`.
    public var root: Node { Node(graph.root, in: graph) }
}
