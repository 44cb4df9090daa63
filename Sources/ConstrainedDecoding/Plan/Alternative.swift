import JSONSchema
import RegexAutomata

/// One branch of a schema in disjunctive normal form: a single JSON type and the conjunction of
/// every constraint that applies to values of that type. `anyOf`, `oneOf`, `not`, `if`/`then`/
/// `else` and `$ref` are distributed into lists of these by `SchemaNormalizer`; children
/// (property values, array items) stay as expression lists and are compiled separately.
package struct Alternative: Sendable {
    package struct Bound: Sendable {
        package var value: ExactDecimal
        package var exclusive: Bool
    }

    /// At least `minimum` and at most `maximum` of the items from index `from` on satisfy `exprs`.
    package struct ContainsRule: Sendable {
        package var exprs: ExprList
        package var minimum: Int
        package var maximum: Int?
        package var from: Int
    }

    /// Property names matching `pattern` take values satisfying `exprs`.
    package struct PatternRule: Sendable {
        package var pattern: SchemaPattern
        package var exprs: ExprList
    }

    /// Names that are neither among `declared` nor match any of `patterns` take values
    /// satisfying `exprs` (one schema's `additionalProperties`).
    package struct AdditionalRule: Sendable {
        package var declared: Set<String>
        package var patterns: [SchemaPattern]
        package var exprs: ExprList
    }

    /// At least one property whose name is in `names` takes a value satisfying `value` (what a
    /// negated `patternProperties`, `additionalProperties` or `propertyNames` asks for). The
    /// compiler picks the name once every other constraint on names is known.
    package struct Witness: Sendable {
        package var names: DFA
        package var value: SchemaExpr?
    }

    package let type: JSONTypeSet
    package var allowed: [GeneratedContent]?
    package var excluded: [GeneratedContent] = []

    package var lower: Bound?
    package var upper: Bound?
    package var multiples: [ExactDecimal] = []
    package var nonMultiples: [ExactDecimal] = []

    package var minLength = 0
    package var maxLength: Int?
    package var patterns: [SchemaPattern] = []
    package var antiPatterns: [SchemaPattern] = []
    package var formats: [StringFormat] = []

    package var minItems = 0
    package var maxItems: Int?
    package var positional: [ExprList] = []
    package var rest = ExprList()
    package var unique = false
    package var contains: [ContainsRule] = []

    package private(set) var properties: [(name: String, exprs: ExprList)] = []
    /// Where each declared property is in `properties` (schemas may declare thousands).
    private var propertyIndex: [String: Int] = [:]
    package private(set) var required: [String] = []
    private var requiredNames: Set<String> = []
    package var forbidden: Set<String> = []
    package var patternRules: [PatternRule] = []
    package var additionalRules: [AdditionalRule] = []
    package var propertyNames = ExprList()
    package var minProperties = 0
    package var maxProperties: Int?
    package var dependentRequired: [(name: String, required: [String])] = []
    package var witnesses: [Witness] = []

    /// What the schemas merged here evaluate when a value passes them, for an enclosing
    /// `unevaluatedProperties`/`unevaluatedItems`: the positive parts only, since a negated
    /// schema (`not`, the other `oneOf` choices, a failed `if`) contributes no annotations.
    package var evaluation = Evaluation()

    package struct Evaluation: Sendable {
        package var names: Set<String> = []
        package var patterns: [SchemaPattern] = []
        package var allNames = false
        /// Positions `0..<positions` are evaluated (`prefixItems`).
        package var positions = 0
        package var allItems = false

        package func merged(with other: Evaluation) -> Evaluation {
            Evaluation(names: names.union(other.names), patterns: patterns + other.patterns,
                       allNames: allNames || other.allNames, positions: max(positions, other.positions),
                       allItems: allItems || other.allItems)
        }
    }

    package init(type: JSONTypeSet) {
        self.type = type
    }

    package var isNumeric: Bool { type == .integer || type == .fraction }

    /// The constraints of a property, if declared.
    package func exprs(forProperty name: String) -> ExprList? {
        propertyIndex[name].map { properties[$0].exprs }
    }

    package mutating func constrainProperty(_ name: String, _ expr: SchemaExpr) {
        if let i = propertyIndex[name] {
            properties[i].exprs.append(expr)
        } else {
            propertyIndex[name] = properties.count
            properties.append((name, ExprList([expr])))
        }
    }

    package mutating func require(_ name: String) {
        if requiredNames.insert(name).inserted { required.append(name) }
    }

    package func isRequired(_ name: String) -> Bool {
        requiredNames.contains(name)
    }

    /// The constraints on array position `index`.
    package func exprs(atPosition index: Int) -> ExprList {
        index < positional.count ? positional[index] : rest
    }

    /// The same constraints, evaluating nothing (what a value passes under `not` leaves no
    /// annotations).
    package var withoutEvaluation: Alternative {
        var copy = self
        copy.evaluation = Evaluation()
        return copy
    }

    /// Applies a schema's `unevaluatedProperties`/`unevaluatedItems` to what the schemas merged
    /// here leave unevaluated; afterwards everything counts as evaluated for enclosing schemas.
    package mutating func constrainUnevaluated(properties: SchemaNode?, items: SchemaNode?) {
        if let properties, type == .object, !evaluation.allNames {
            additionalRules.append(AdditionalRule(declared: evaluation.names, patterns: evaluation.patterns,
                                                  exprs: ExprList([.of(properties)])))
            evaluation.allNames = true
        }
        if let items, type == .array, !evaluation.allItems {
            while positional.count < evaluation.positions { positional.append(rest) }
            for index in evaluation.positions..<positional.count { positional[index].append(.of(items)) }
            rest.append(.of(items))
            evaluation.allItems = true
        }
    }

    /// Cheap contradictions found without compiling children.
    package var isObviouslyEmpty: Bool {
        if let allowed, allowed.isEmpty { return true }
        if let lower, let upper {
            if lower.value > upper.value { return true }
            if lower.value == upper.value && (lower.exclusive || upper.exclusive) { return true }
        }
        if let maxLength, minLength > maxLength { return true }
        if let maxItems, minItems > maxItems { return true }
        if let maxProperties, minProperties > maxProperties { return true }
        if !forbidden.isDisjoint(with: requiredNames) { return true }
        return false
    }

    /// The conjunction of two branches, or nil when they cannot both hold.
    package func intersected(with other: Alternative) -> Alternative? {
        guard type == other.type else { return nil }
        var r = self
        if let theirs = other.allowed {
            r.allowed = allowed.map { mine in mine.filter { theirs.contains($0) } } ?? theirs
        }
        r.excluded += other.excluded.filter { !r.excluded.contains($0) }

        r.lower = Self.tighterLower(lower, other.lower)
        r.upper = Self.tighterUpper(upper, other.upper)
        r.multiples += other.multiples.filter { !r.multiples.contains($0) }
        r.nonMultiples += other.nonMultiples.filter { !r.nonMultiples.contains($0) }

        r.minLength = max(minLength, other.minLength)
        r.maxLength = Self.smaller(maxLength, other.maxLength)
        r.patterns += other.patterns.filter { p in !r.patterns.contains { $0.source == p.source } }
        r.antiPatterns += other.antiPatterns.filter { p in !r.antiPatterns.contains { $0.source == p.source } }
        r.formats += other.formats.filter { !r.formats.contains($0) }

        r.minItems = max(minItems, other.minItems)
        r.maxItems = Self.smaller(maxItems, other.maxItems)
        let count = max(positional.count, other.positional.count)
        r.positional = (0..<count).map { i in
            var list = exprs(atPosition: i)
            list.append(contentsOf: other.exprs(atPosition: i))
            return list
        }
        r.rest.append(contentsOf: other.rest)
        r.unique = unique || other.unique
        r.contains += other.contains

        for property in other.properties {
            for expr in property.exprs.items { r.constrainProperty(property.name, expr) }
        }
        for name in other.required { r.require(name) }
        r.forbidden.formUnion(other.forbidden)
        r.patternRules += other.patternRules
        r.additionalRules += other.additionalRules
        r.propertyNames.append(contentsOf: other.propertyNames)
        r.minProperties = max(minProperties, other.minProperties)
        r.maxProperties = Self.smaller(maxProperties, other.maxProperties)
        r.dependentRequired += other.dependentRequired
        r.witnesses += other.witnesses
        r.evaluation = evaluation.merged(with: other.evaluation)
        return r.isObviouslyEmpty ? nil : r
    }

    private static func smaller(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    private static func tighterLower(_ a: Bound?, _ b: Bound?) -> Bound? {
        guard let a else { return b }
        guard let b else { return a }
        if a.value != b.value { return a.value > b.value ? a : b }
        return Bound(value: a.value, exclusive: a.exclusive || b.exclusive)
    }

    private static func tighterUpper(_ a: Bound?, _ b: Bound?) -> Bound? {
        guard let a else { return b }
        guard let b else { return a }
        if a.value != b.value { return a.value < b.value ? a : b }
        return Bound(value: a.value, exclusive: a.exclusive || b.exclusive)
    }
}
