/// What one value must satisfy: a schema node, the negation of an expression, or a conjunction.
/// Children of a constraint (a property's schemas, an array position's schemas) are kept as lists
/// of expressions and compiled lazily, which is how recursion and negation stay finite.
package indirect enum SchemaExpr: Hashable, Sendable {
    case node(NodeRef)
    case not(SchemaExpr)
    case all([SchemaExpr])

    /// A schema node compared by identity.
    package struct NodeRef: Hashable, Sendable {
        package let node: SchemaNode
        package static func == (a: NodeRef, b: NodeRef) -> Bool { a.node === b.node }
        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(node)) }
    }

    package static func of(_ node: SchemaNode) -> SchemaExpr { .node(NodeRef(node: node)) }

    /// The negation, folding double negations.
    package var negated: SchemaExpr {
        if case .not(let inner) = self { return inner }
        return .not(self)
    }

    /// A location to name in error messages.
    package var location: String {
        switch self {
        case .node(let ref): return ref.node.location
        case .not(let inner): return inner.location
        case .all(let list): return list.first?.location ?? ""
        }
    }

    /// The first annotation found on the expression's positive nodes.
    package func annotation<T>(_ read: (SchemaNode) -> T?) -> T? {
        switch self {
        case .node(let ref): return read(ref.node)
        case .not: return nil
        case .all(let list):
            for item in list { if let found = item.annotation(read) { return found } }
            return nil
        }
    }
}

/// A conjunction of expressions with duplicates removed, in first-seen order — the key under
/// which compiled child plans are shared.
package struct ExprList: Hashable, Sendable {
    package private(set) var items: [SchemaExpr] = []

    package init(_ items: [SchemaExpr] = []) {
        for item in items { append(item) }
    }

    package mutating func append(_ expr: SchemaExpr) {
        if case .all(let inner) = expr {
            for item in inner { append(item) }
        } else if case .node(let ref) = expr, ref.node.isUnconstrained {
            return
        } else if !items.contains(expr) {
            items.append(expr)
        }
    }

    package mutating func append(contentsOf other: ExprList) {
        for item in other.items { append(item) }
    }

    package func appending(_ expr: SchemaExpr) -> ExprList {
        var copy = self
        copy.append(expr)
        return copy
    }

    package var isEmpty: Bool { items.isEmpty }

    package var expr: SchemaExpr { items.count == 1 ? items[0] : .all(items) }

    package var location: String { items.first?.location ?? "" }

    package func annotation<T>(_ read: (SchemaNode) -> T?) -> T? {
        for item in items { if let found = item.annotation(read) { return found } }
        return nil
    }
}
