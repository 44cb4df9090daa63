/// The schema resources a validation has entered, innermost first: what a `$dynamicRef`
/// searches, from the outermost, for its anchor.
package final class DynamicScope: Sendable {
    package let resource: String
    package let parent: DynamicScope?

    package init(resource: String, parent: DynamicScope?) {
        self.resource = resource
        self.parent = parent
    }

    /// The scope after entering `node`: a new link when the node belongs to another resource.
    package static func entering(_ node: SchemaNode, from scope: DynamicScope?) -> DynamicScope? {
        guard let resource = node.resourceURI, resource != scope?.resource else { return scope }
        return DynamicScope(resource: resource, parent: scope)
    }
}
