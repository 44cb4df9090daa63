/// A root schema with the named definitions its references point to. Names are unique; the
/// order is the order in which definitions were declared (or first referenced, for imports).
struct SchemaGraph: Sendable {
    var root: SchemaNode
    var definitions: [String: SchemaNode]
    var definitionOrder: [String]
    /// Draft 4 semantics: an integer is a number written without a fraction or exponent, so
    /// `1.0` is not one.
    var integersAreLexical = false

    init(root: SchemaNode, definitions: [String: SchemaNode] = [:], definitionOrder: [String]? = nil) {
        self.root = root
        self.definitions = definitions
        self.definitionOrder = definitionOrder ?? definitions.keys.sorted()
    }

    /// The definition a node refers to. References are checked when the graph is built, so a
    /// missing name is a programming error.
    func target(of node: SchemaNode) -> SchemaNode? {
        node.reference.map { definitions[$0]! }
    }
}
