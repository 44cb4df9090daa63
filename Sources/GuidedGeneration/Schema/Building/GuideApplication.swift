import JSONSchema
import RegexAutomata

extension GenerationGuide {
    /// Writes the guide's rules into a value's schema node, refusing rules that do not fit the
    /// value's type and rules that contradict each other or the type's own limits.
    func apply(to node: SchemaNode, schema: String?, property: String?) throws {
        for rule in rules {
            try apply(rule, to: node, schema: schema, property: property)
        }
        if let low = node.minimum, let high = node.maximum, low > high {
            throw contradiction(schema, property, "the minimum \(JSONWriter.numberText(low)) is above the maximum \(JSONWriter.numberText(high))")
        }
        if let low = node.minItems, let high = node.maxItems, low > high {
            throw contradiction(schema, property, "the minimum count \(low) is above the maximum count \(high)")
        }
        if let low = node.minLength, let high = node.maxLength, low > high {
            throw contradiction(schema, property, "the minimum length \(low) is above the maximum length \(high)")
        }
        if let constant = node.constValue, let allowed = node.enumValues, !allowed.contains(constant) {
            throw contradiction(schema, property, "the constant \(constant.jsonString) is not among the allowed values")
        }
    }

    private func apply(_ rule: Rule, to node: SchemaNode, schema: String?, property: String?) throws {
        let kind = node.types.map { $0.names.joined(separator: " or ") } ?? (node.reference.map { "a \($0)" } ?? "a choice")
        func require(_ allowed: JSONTypeSet, _ guide: String, _ what: String) throws {
            guard let types = node.types, !types.isEmpty, types.isSubset(of: allowed) else {
                throw contradiction(schema, property, "a \(guide) guide applies to \(what), but the value is \(kind)")
            }
        }
        /// A count or length bound, once the value is of the kind it bounds and it is not negative.
        func bound(_ value: Int, _ allowed: JSONTypeSet, _ guide: String, _ what: String) throws -> Int {
            try require(allowed, guide, what)
            guard value >= 0 else { throw contradiction(schema, property, "a \(guide) cannot be negative") }
            return value
        }
        switch rule {
        case .description(let text):
            node.description = text
        case .minimum(let value):
            try require(.number, "range", "numbers")
            node.minimum = max(node.minimum ?? -Double.infinity, value)
        case .maximum(let value):
            try require(.number, "range", "numbers")
            node.maximum = min(node.maximum ?? Double.infinity, value)
        case .minimumCount(let count):
            node.minItems = max(node.minItems ?? 0, try bound(count, .array, "count", "arrays"))
        case .maximumCount(let count):
            node.maxItems = min(node.maxItems ?? Int.max, try bound(count, .array, "count", "arrays"))
        case .uniqueElements:
            try require(.array, "uniqueElements", "arrays")
            node.uniqueItems = true
        case .element(let guide):
            try require(.array, "element", "arrays")
            let items = node.items ?? SchemaNode()
            try guide.apply(to: items, schema: schema, property: property.map { $0 + "[]" })
            node.items = items
        case .anyOf(let values):
            try require(.string, "anyOf", "strings")
            guard !values.isEmpty else {
                throw GenerationSchema.SchemaError.emptyTypeChoices(
                    schema: schema ?? property ?? "", context: .init(debugDescription: "an anyOf guide needs at least one string"))
            }
            let allowed = values.map { GeneratedContent($0) }
            node.enumValues = node.enumValues.map { current in current.filter(allowed.contains) } ?? allowed
            if node.enumValues!.isEmpty {
                throw contradiction(schema, property, "no string is allowed by every anyOf guide")
            }
        case .constant(let value):
            try require(.string, "constant", "strings")
            if let existing = node.constValue, existing != GeneratedContent(value) {
                throw contradiction(schema, property, "two different constants")
            }
            node.constValue = GeneratedContent(value)
        case .minimumLength(let length):
            node.minLength = max(node.minLength ?? 0, try bound(length, .string, "length", "strings"))
        case .maximumLength(let length):
            node.maxLength = min(node.maxLength ?? Int.max, try bound(length, .string, "length", "strings"))
        case .pattern(let source):
            try require(.string, "pattern", "strings")
            guard node.pattern == nil else { throw contradiction(schema, property, "only one pattern guide per value") }
            // Foundation Models' pattern guides describe the whole string, so the pattern is anchored,
            // once it parses alone: `a)(b` must not balance against the anchoring group. Parsing
            // it alone also keeps error offsets relative to what the caller wrote.
            let anchored = "^(?:\(source))$"
            do {
                _ = try RegexParser.parse(source)
                node.pattern = SchemaPattern(source: anchored, regex: try RegexPattern(anchored))
            } catch {
                throw contradiction(schema, property, "the pattern \(source) is not usable: \(error.description)")
            }
        }
    }

    private func contradiction(_ schema: String?, _ property: String?, _ detail: String) -> GenerationSchema.SchemaError {
        .contradictoryGuides(schema: schema, property: property, context: .init(debugDescription: detail))
    }
}
