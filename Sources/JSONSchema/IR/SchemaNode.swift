import RegexAutomata

/// The JSON value types a schema can allow. `integer` and `fraction` split JSON's numbers into
/// whole and non-whole values, so that "number" is `[.integer, .fraction]` and negation stays exact.
package struct JSONTypeSet: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let null = JSONTypeSet(rawValue: 1 << 0)
    package static let boolean = JSONTypeSet(rawValue: 1 << 1)
    package static let integer = JSONTypeSet(rawValue: 1 << 2)
    package static let fraction = JSONTypeSet(rawValue: 1 << 3)
    package static let string = JSONTypeSet(rawValue: 1 << 4)
    package static let array = JSONTypeSet(rawValue: 1 << 5)
    package static let object = JSONTypeSet(rawValue: 1 << 6)

    package static let number: JSONTypeSet = [.integer, .fraction]
    package static let all: JSONTypeSet = [.null, .boolean, .integer, .fraction, .string, .array, .object]

    /// The single types, in the order JSON Schema lists them.
    package static let singles: [JSONTypeSet] = [.null, .boolean, .integer, .fraction, .string, .array, .object]

    /// The set for a JSON Schema type name, or nil for an unknown name.
    package init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "integer": self = .integer
        case "number": self = .number
        case "string": self = .string
        case "array": self = .array
        case "object": self = .object
        default: return nil
        }
    }

    /// The type of a JSON value.
    package init(of value: GeneratedContent) {
        switch value.storage {
        case .null: self = .null
        case .bool: self = .boolean
        case .number: self = value.isIntegral ? .integer : .fraction
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }

    /// JSON Schema names covering this set (fewest names: "number" covers both numeric halves).
    package var names: [String] {
        var result: [String] = []
        if contains(.null) { result.append("null") }
        if contains(.boolean) { result.append("boolean") }
        if contains(.number) { result.append("number") } else if contains(.integer) { result.append("integer") }
        if contains(.string) { result.append("string") }
        if contains(.array) { result.append("array") }
        if contains(.object) { result.append("object") }
        return result
    }
}

/// A `$dynamicRef "…#name"`: when its static target carries `"$dynamicAnchor": "name"`, it
/// resolves to the `$dynamicAnchor` of that name in the outermost schema resource of the dynamic
/// scope that has one; `candidates` holds, per resource URI, the definition of its anchor.
package struct DynamicReference: Sendable {
    package let anchor: String
    package let candidates: [String: String]
}

/// A compiled `pattern`: its source and the engine that matches and generates it.
package struct SchemaPattern: Sendable {
    package let source: String
    package let regex: RegexPattern

    package init(source: String, regex: RegexPattern) {
        self.source = source
        self.regex = regex
    }
}

/// One schema in the library's intermediate representation: the JSON Schema vocabulary the
/// library supports, normalised across drafts, with children held directly and references by
/// name into the owning schema's definitions.
///
/// Every way of making a schema — `Generable` types, `DynamicGenerationSchema`, JSON Schema
/// import — builds these nodes; validation, JSON Schema export and the generation compiler each
/// walk them. Nodes are built once and never mutated afterwards, which is why the class may be
/// shared across threads (`SharedSchemaTests` validates and generates from many tasks at once).
package final class SchemaNode: @unchecked Sendable {
    /// `false` as a schema: nothing validates. (`true` is simply an empty node.)
    package var rejectsEverything = false

    // Any type
    package var types: JSONTypeSet?
    package var enumValues: [GeneratedContent]? {
        didSet { enumLookup = enumValues.flatMap { $0.count > 8 ? Set($0) : nil } }
    }
    /// `enumValues` as a set when there are enough of them for hashing to beat a scan.
    package private(set) var enumLookup: Set<GeneratedContent>?
    package var constValue: GeneratedContent?

    // Numbers
    package var minimum: Double?
    package var exclusiveMinimum: Double?
    package var maximum: Double?
    package var exclusiveMaximum: Double?
    package var multipleOf: Double?
    /// The written text of numeric keywords (bounds, `multipleOf`) a `Double` may not carry
    /// exactly, by keyword; the fields above then hold the nearest doubles, and validation and
    /// generation use the exact values (`exactNumber(_:)`).
    package var boundLiterals: [String: String] = [:]

    /// The exact value of a numeric keyword — `minimum`, `exclusiveMinimum`, `maximum`,
    /// `exclusiveMaximum` or `multipleOf` — from its written text when kept.
    package func exactNumber(_ keyword: String) -> ExactDecimal? {
        let value: Double?
        switch keyword {
        case "minimum": value = minimum
        case "exclusiveMinimum": value = exclusiveMinimum
        case "maximum": value = maximum
        case "exclusiveMaximum": value = exclusiveMaximum
        case "multipleOf": value = multipleOf
        default: preconditionFailure("not a numeric keyword: \(keyword)")
        }
        return value.map { ExactNumber.exact($0, literal: boundLiterals[keyword]) }
    }

    // Strings
    package var minLength: Int?
    package var maxLength: Int?
    package var pattern: SchemaPattern?
    package var format: String?

    // Arrays
    package var prefixItems: [SchemaNode]?
    package var items: SchemaNode?
    package var minItems: Int?
    package var maxItems: Int?
    package var uniqueItems = false
    package var contains: SchemaNode?
    package var minContains: Int?
    package var maxContains: Int?
    /// Items no sibling or in-place subschema evaluated (2019-09 and later).
    package var unevaluatedItems: SchemaNode?

    // Objects
    /// Declared properties in order; `addProperty` keeps them and their index in step.
    package private(set) var properties: [(name: String, schema: SchemaNode)] = []
    /// Each name's schema (its first declaration): a lookup costs the same with 100,000
    /// properties as with three, where scanning the list made validation quadratic.
    private var propertyIndex: [String: SchemaNode] = [:]
    package var patternProperties: [(pattern: SchemaPattern, schema: SchemaNode)] = []
    package var additionalProperties: SchemaNode?
    package var propertyNames: SchemaNode?
    package var required: [String] = []
    package var minProperties: Int?
    package var maxProperties: Int?
    package var dependentRequired: [(name: String, required: [String])] = []
    package var dependentSchemas: [(name: String, schema: SchemaNode)] = []
    /// Properties no sibling or in-place subschema evaluated (2019-09 and later).
    package var unevaluatedProperties: SchemaNode?

    // Composition
    package var allOf: [SchemaNode] = []
    package var anyOf: [SchemaNode]?
    package var oneOf: [SchemaNode]?
    package var not: SchemaNode?
    package var ifSchema: SchemaNode?
    package var thenSchema: SchemaNode?
    package var elseSchema: SchemaNode?
    /// The name of a definition in the owning schema's definitions table.
    package var reference: String?
    /// Whether the node is a `$ref` and nothing else (no assertion, no annotation), so it
    /// accepts exactly what its target accepts and a chain of such nodes can be skipped.
    package var isBareReference = false
    /// For a `$dynamicRef` to a plain-name fragment: `reference` is where it resolves
    /// statically, and this says where it may resolve instead (`SchemaGraph.target(of:in:)`).
    package var dynamicReference: DynamicReference?
    /// The node's `$dynamicAnchor`, if any.
    package var dynamicAnchor: String?
    /// The absolute URI of the schema resource the node belongs to; set only in documents that
    /// use `$dynamicRef`, whose validation tracks the resources it passes through.
    package var resourceURI: String?

    // Annotations: kept as hints for generation and carried through export.
    package var title: String?
    package var description: String?
    package var defaultValue: GeneratedContent?
    package var examples: [GeneratedContent]?
    package var deprecated = false
    package var readOnly = false
    package var writeOnly = false
    /// The name of the Swift type or dynamic schema this node was made from, if any.
    package var typeName: String?
    /// Where the node came from, for error messages: a JSON Pointer for imported schemas, a
    /// type and property path for built ones.
    package var location = ""

    package init() {}

    /// A node that accepts everything.
    package static var anything: SchemaNode { SchemaNode() }

    /// A node that accepts nothing.
    package static var nothing: SchemaNode {
        let node = SchemaNode()
        node.rejectsEverything = true
        return node
    }

    /// The schema of a named property, if declared.
    package func property(_ name: String) -> SchemaNode? {
        propertyIndex[name]
    }

    /// Declares a property after the ones already declared.
    package func addProperty(_ name: String, _ schema: SchemaNode) {
        properties.append((name, schema))
        if propertyIndex[name] == nil { propertyIndex[name] = schema }
    }

    /// Whether the node carries no assertions at all (it behaves as `true`).
    package var isUnconstrained: Bool {
        !rejectsEverything && types == nil && enumValues == nil && constValue == nil
            && minimum == nil && exclusiveMinimum == nil && maximum == nil && exclusiveMaximum == nil
            && multipleOf == nil && minLength == nil && maxLength == nil && pattern == nil && format == nil
            && prefixItems == nil && items == nil && minItems == nil && maxItems == nil && !uniqueItems
            && contains == nil && unevaluatedItems == nil && unevaluatedProperties == nil && properties.isEmpty && patternProperties.isEmpty
            && additionalProperties == nil && propertyNames == nil && required.isEmpty
            && minProperties == nil && maxProperties == nil && dependentRequired.isEmpty
            && dependentSchemas.isEmpty && allOf.isEmpty && anyOf == nil && oneOf == nil && not == nil
            && ifSchema == nil && reference == nil
    }
}
