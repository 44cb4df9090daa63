/// A root schema with the named definitions its references point to. Names are unique; the
/// order is the order in which definitions were declared (or first referenced, for imports).
package struct SchemaGraph: Sendable {
    package var root: SchemaNode
    package let definitions: [String: SchemaNode]
    package var definitionOrder: [String]
    /// Draft 4 semantics: an integer is a number written without a fraction or exponent, so
    /// `1.0` is not one.
    package var integersAreLexical = false
    /// Whether some node is a `$dynamicRef`, so validation tracks the dynamic scope.
    package var usesDynamicScope = false
    /// For each definition reached through bare references (`{"$ref": …}` and nothing else),
    /// the first definition along the chain that is not one: following a reference lands there
    /// in one step, so chains of any length cost neither stack nor reference hops.
    private let chainEnds: [String: String]

    package init(root: SchemaNode, definitions: [String: SchemaNode] = [:], definitionOrder: [String]? = nil) {
        self.root = root
        self.definitions = definitions
        self.definitionOrder = definitionOrder ?? definitions.keys.sorted()
        chainEnds = Self.chainEnds(of: definitions)
    }

    /// The definition a node refers to. References are checked when the graph is built, so a
    /// missing name is a programming error.
    package func target(of node: SchemaNode) -> SchemaNode? {
        node.reference.map { definitions[chainEnds[$0] ?? $0]! }
    }

    /// The definition a node refers to when reached through the resources of `scope`: a
    /// `$dynamicRef` whose static target has the matching `$dynamicAnchor` takes the outermost
    /// resource's anchor of that name; every other reference is static. In a graph that tracks
    /// the scope, chains of bare references are walked link by link, since each link may enter
    /// a resource the scope must record.
    package func target(of node: SchemaNode, in scope: DynamicScope?) -> SchemaNode? {
        guard usesDynamicScope else { return target(of: node) }
        guard let name = node.reference, let initial = definitions[name] else { return nil }
        guard let dynamic = node.dynamicReference, initial.dynamicAnchor == dynamic.anchor else { return initial }
        var outermost: String?
        var link = scope
        while let current = link {
            if let candidate = dynamic.candidates[current.resource] { outermost = candidate }
            link = current.parent
        }
        return outermost.flatMap { definitions[$0] } ?? initial
    }

    /// Whether a node's reference means the same schema however it is reached.
    package func resolvesStatically(_ node: SchemaNode) -> Bool {
        guard let dynamic = node.dynamicReference, let name = node.reference,
              definitions[name]?.dynamicAnchor == dynamic.anchor else { return true }
        return Set(dynamic.candidates.values).isSubset(of: [name])
    }

    /// Walks each bare-reference chain once, iteratively. A chain that closes on itself keeps
    /// no shortcut, so the loop is still found (and reported) where references are followed.
    private static func chainEnds(of definitions: [String: SchemaNode]) -> [String: String] {
        var ends: [String: String] = [:]
        var looping = Set<String>()
        for start in definitions.keys where ends[start] == nil && !looping.contains(start) {
            var path: [String] = []
            var onPath = Set<String>()
            var current = start
            var end: String?
            while true {
                if let known = ends[current] { end = known; break }
                if looping.contains(current) { break }
                guard let node = definitions[current], node.isBareReference, let next = node.reference else {
                    end = current
                    break
                }
                guard onPath.insert(current).inserted else { break }
                path.append(current)
                current = next
            }
            if let end {
                for name in path { ends[name] = end }
            } else {
                looping.formUnion(path)
            }
        }
        return ends
    }
}
