/// `unevaluatedProperties` and `unevaluatedItems`: the properties and items of a value that no
/// keyword of the schema evaluated — its own `properties`, `patternProperties`,
/// `additionalProperties`, `prefixItems`, `items`, `contains`, and those of every in-place
/// subschema the value passes (`$ref`, `allOf`, the `anyOf`/`oneOf` branches it matches, `if` with
/// `then` or `else`, `dependentSchemas`, a nested `unevaluated…`) — must satisfy the schema.
/// Subschemas the value fails, and `not`, evaluate nothing.
extension SchemaValidator {
    package func checkUnevaluated(_ value: GeneratedContent, _ node: SchemaNode, path: String, depth: Depth, report: inout Report) {
        switch value.storage {
        case .object(let fields):
            guard let schema = node.unevaluatedProperties,
                  let evaluated = evaluatedNames(value, fields, node, counting: false, path: path, depth: depth, report: &report), !report.done else { return }
            for field in fields where !evaluated.contains(field.key) {
                let fieldPath = report.path(path, field.key)
                if schema.rejectsEverything {
                    report.fail(fieldPath, "property \(GeneratedContent(field.key).jsonString) is not evaluated by the schema and not allowed")
                } else {
                    check(field.value, schema, path: fieldPath, depth: depth.child, report: &report)
                }
                if report.done { return }
            }
        case .array(let items):
            guard let schema = node.unevaluatedItems,
                  let evaluated = evaluatedIndices(value, items, node, counting: false, path: path, depth: depth, report: &report), !report.done else { return }
            for (index, item) in items.enumerated() where !evaluated.contains(index) {
                let itemPath = report.path(path, index)
                if schema.rejectsEverything {
                    report.fail(itemPath, "item \(index) is not evaluated by the schema and not allowed")
                } else {
                    check(item, schema, path: itemPath, depth: depth.child, report: &report)
                }
                if report.done { return }
            }
        default:
            return
        }
    }

    /// The names `node` evaluates on an object that passes it, or nil for all of them. `counting`
    /// says whether the node's own `unevaluatedProperties` counts (it does for enclosing schemas).
    /// A sub-check that runs out of depth exhausts `report`.
    private func evaluatedNames(_ object: GeneratedContent, _ fields: [GeneratedContent.Field], _ node: SchemaNode, counting: Bool, path: String, depth: Depth,
                                report: inout Report) -> Set<String>? {
        if node.additionalProperties != nil || (counting && node.unevaluatedProperties != nil) { return nil }
        let depth = depth.entering(node, tracking: graph.usesDynamicScope)
        var names = Set(fields.lazy.map(\.key).filter { name in
            node.property(name) != nil || node.patternProperties.contains { $0.pattern.regex.matches(name) }
        })
        guard depth.hops <= Self.maximumHops else {
            report.exhaust(path)
            return nil
        }
        for part in inPlaceParts(of: object, node, path: path, depth: depth, report: &report) {
            guard let more = evaluatedNames(object, fields, part, counting: true, path: path, depth: depth.hop, report: &report) else { return nil }
            names.formUnion(more)
        }
        return names
    }

    /// The indices `node` evaluates on an array that passes it, or nil for all of them.
    private func evaluatedIndices(_ array: GeneratedContent, _ items: [GeneratedContent], _ node: SchemaNode, counting: Bool, path: String, depth: Depth,
                                  report: inout Report) -> Set<Int>? {
        if node.items != nil || (counting && node.unevaluatedItems != nil) { return nil }
        let depth = depth.entering(node, tracking: graph.usesDynamicScope)
        var indices = Set(0..<min(items.count, node.prefixItems?.count ?? 0))
        if let contains = node.contains {
            for (index, item) in items.enumerated() where subValid(item, contains, path: path, depth: depth.child, report: &report) {
                indices.insert(index)
            }
        }
        guard depth.hops <= Self.maximumHops else {
            report.exhaust(path)
            return nil
        }
        for part in inPlaceParts(of: array, node, path: path, depth: depth, report: &report) {
            guard let more = evaluatedIndices(array, items, part, counting: true, path: path, depth: depth.hop, report: &report) else { return nil }
            indices.formUnion(more)
        }
        return indices
    }

    /// The in-place subschemas whose evaluations count for `value`, given that it passes `node`.
    private func inPlaceParts(of value: GeneratedContent, _ node: SchemaNode, path: String, depth: Depth, report: inout Report) -> [SchemaNode] {
        var parts: [SchemaNode] = []
        if let target = graph.target(of: node, in: depth.scope) { parts.append(target) }
        parts += node.allOf
        for choice in (node.anyOf ?? []) + (node.oneOf ?? []) where subValid(value, choice, path: path, depth: depth.hop, report: &report) {
            parts.append(choice)
        }
        if let condition = node.ifSchema {
            if subValid(value, condition, path: path, depth: depth.hop, report: &report) {
                parts.append(condition)
                if let then = node.thenSchema { parts.append(then) }
            } else if let otherwise = node.elseSchema {
                parts.append(otherwise)
            }
        }
        for (name, schema) in node.dependentSchemas where value[name] != nil { parts.append(schema) }
        return parts
    }
}
