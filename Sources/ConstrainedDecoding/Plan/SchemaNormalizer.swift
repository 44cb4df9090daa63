import JSONSchema
import RegexAutomata

/// Rewrites schema expressions into disjunctive normal form — lists of typed `Alternative`s —
/// distributing `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `$ref` and
/// `dependentSchemas`. Negation is pushed down keyword by keyword (De Morgan), so `not` and
/// `oneOf` become constructive: every alternative describes values that satisfy the whole
/// expression. What cannot be negated exactly is refused with its keyword and location.
package struct SchemaNormalizer {
    package let graph: SchemaGraph
    /// An expression may have up to this many cases; one with more is refused with the keyword
    /// that made them (never cut, which would leave valid values out). Products of disjunctions
    /// (`allOf` of `anyOf`s, `oneOf` exclusivity, negations) are what grow past it.
    package static let maximumCases = 1024
    /// At most this many expressions are expanded inside one another (references, `allOf`,
    /// `anyOf`, `not` … followed on the same value). Chains of bare references do not count (the
    /// graph skips them); deeper nesting is refused rather than exhausting the stack. The
    /// validator follows as many (`SchemaValidator.maximumHops`), so it checks what compiles.
    package static let maximumNesting = SchemaValidator.maximumHops

    /// A part left out because it cannot be generated exactly: a case of a negation, or a
    /// branch with more than `maximumCases` cases.
    package struct Omission: Equatable, Sendable {
        package let keyword: String
        package let pointer: String
        package let reason: String

        /// The error that refuses this part on its own.
        package var refusal: SchemaError {
            .unsupportedKeyword(keyword: keyword, pointer: pointer, context: .init(debugDescription: reason))
        }
    }

    /// A product past `maximumCases`, carried up through every expression that contains it.
    private struct Overflow: Error {
        let part: Omission
    }

    package private(set) var omissions: [Omission] = []
    private var memo: [SchemaExpr: [Alternative]] = [:]
    /// Expressions whose expansion overflowed; the answer is the same on every path.
    private var overflowed: [SchemaExpr: Overflow] = [:]
    private var active: Set<SchemaExpr> = []

    package init(graph: SchemaGraph) {
        self.graph = graph
    }

    /// The alternatives of an expression: all of its cases, or a refusal naming the keyword
    /// whose combination has more than `maximumCases`.
    package mutating func alternatives(_ expr: SchemaExpr) throws -> [Alternative] {
        do {
            return try cases(expr)
        } catch let overflow as Overflow {
            throw overflow.part.refusal
        }
    }

    private mutating func cases(_ expr: SchemaExpr) throws -> [Alternative] {
        if let known = memo[expr] { return known }
        if let known = overflowed[expr] { throw known }
        guard active.count < Self.maximumNesting else {
            throw SchemaError.unsupportedKeyword(
                keyword: "$ref", pointer: expr.location,
                context: .init(debugDescription: "references and combinators nest more than \(Self.maximumNesting) levels deep here"))
        }
        guard active.insert(expr).inserted else {
            throw SchemaError.unsupportedKeyword(
                keyword: "$ref", pointer: expr.location,
                context: .init(debugDescription: "the schema refers back to itself without describing anything in between, so no value can be checked or generated"))
        }
        defer { active.remove(expr) }
        do {
            let result = try expand(expr)
            memo[expr] = result
            return result
        } catch let overflow as Overflow {
            overflowed[expr] = overflow
            throw overflow
        }
    }

    private mutating func expand(_ expr: SchemaExpr) throws -> [Alternative] {
        switch expr {
        case .node(let ref): return try positive(ref.node)
        case .not(.node(let ref)): return try negative(ref.node).map(\.withoutEvaluation)
        case .not(.not(let inner)): return try cases(inner).map(\.withoutEvaluation)
        case .not(.all(let list)): return try bounded(list.flatMap { try cases($0.negated) }, keyword: "not", at: expr.location)
        case .all(let list):
            var result = Self.unconstrained
            for item in list { result = try intersect(result, try cases(item), keyword: "allOf", at: item.location) }
            return result
        }
    }

    /// One unconstrained alternative per JSON type.
    private static var unconstrained: [Alternative] {
        JSONTypeSet.singles.map { Alternative(type: $0) }
    }

    // MARK: - Positive

    private mutating func positive(_ node: SchemaNode) throws -> [Alternative] {
        if node.rejectsEverything { return [] }
        var result = base(node)
        if let target = try staticTarget(of: node) {
            result = try intersect(result, try cases(.of(target)), keyword: "$ref", at: node.location)
        }
        for part in node.allOf {
            result = try intersect(result, try cases(.of(part)), keyword: "allOf", at: part.location)
        }
        if let choices = node.anyOf {
            result = try intersect(result, try union(choices.map { .of($0) }), keyword: "anyOf", at: node.location)
        }
        if let choices = node.oneOf {
            result = try intersect(result, try exactlyOne(choices, within: result, at: node.location), keyword: "oneOf", at: node.location)
        }
        if let negated = node.not {
            result = try intersect(result, try cases(.not(.of(negated))), keyword: "not", at: negated.location)
        }
        if let condition = node.ifSchema {
            let then = try cases(.all([.of(condition)] + (node.thenSchema.map { [.of($0)] } ?? [])))
            let otherwise = try cases(.all([.not(.of(condition))] + (node.elseSchema.map { [.of($0)] } ?? [])))
            result = try intersect(result, then + otherwise, keyword: "if", at: condition.location)
        }
        for (name, schema) in node.dependentSchemas {
            result = try splitOnDependency(result, name: name, schema: .of(schema), at: schema.location)
        }
        if node.unevaluatedProperties != nil || node.unevaluatedItems != nil {
            for index in result.indices {
                result[index].constrainUnevaluated(properties: node.unevaluatedProperties, items: node.unevaluatedItems)
            }
        }
        return result
    }

    /// The node's reference target, which generation can only follow when it is the same on every
    /// path (a `$dynamicRef` may resolve by the path that reaches it).
    private func staticTarget(of node: SchemaNode) throws -> SchemaNode? {
        guard graph.resolvesStatically(node) else {
            throw SchemaError.unsupportedKeyword(
                keyword: "$dynamicRef", pointer: node.location,
                context: .init(debugDescription: "it resolves to different schemas depending on the path that reaches it; generation follows a $dynamicRef only where every path gives the same schema"))
        }
        return graph.target(of: node)
    }

    /// `oneOf`: each choice together with the negation of every other choice it may overlap.
    /// Overlap is judged within `context`, the alternatives of the sibling keywords
    /// (a `required` beside the `oneOf` can make otherwise overlapping choices disjoint).
    private mutating func exactlyOne(_ choices: [SchemaNode], within context: [Alternative], at location: String) throws -> [Alternative] {
        let each = choices.map { try? intersect(context, try cases(.of($0)), keyword: "oneOf", at: location) }
        var branches: [SchemaExpr] = []
        for (i, choice) in choices.enumerated() {
            var branch = [SchemaExpr.of(choice)]
            for (j, other) in choices.enumerated() where j != i {
                let separate = try each[i].flatMap { a in try each[j].map { try disjoint(a, $0, depth: 2) } } ?? false
                if !separate { branch.append(.not(.of(other))) }
            }
            branches.append(.all(branch))
        }
        return try union(branches)
    }

    /// The alternatives of a schema's own assertions, one per type it allows.
    private func base(_ node: SchemaNode) -> [Alternative] {
        let types = node.types ?? .all
        var result: [Alternative] = []
        for type in JSONTypeSet.singles where types.contains(type) {
            var alt = Alternative(type: type)
            if let values = node.enumValues {
                alt.allowed = values.filter { JSONTypeSet(of: $0) == type }
            }
            if let constant = node.constValue {
                let fits = JSONTypeSet(of: constant) == type ? [constant] : []
                alt.allowed = alt.allowed.map { $0.filter { $0 == constant } } ?? fits
            }
            switch type {
            case .integer, .fraction: applyNumeric(node, to: &alt)
            case .string: applyString(node, to: &alt)
            case .array: applyArray(node, to: &alt)
            case .object: applyObject(node, to: &alt)
            default: break
            }
            if !alt.isObviouslyEmpty { result.append(alt) }
        }
        return result
    }

    private func applyNumeric(_ node: SchemaNode, to alt: inout Alternative) {
        if let m = node.exactNumber("minimum") { alt.lower = .init(value: m, exclusive: false) }
        if let m = node.exactNumber("exclusiveMinimum"), alt.lower.map({ m >= $0.value }) ?? true { alt.lower = .init(value: m, exclusive: true) }
        if let m = node.exactNumber("maximum") { alt.upper = .init(value: m, exclusive: false) }
        if let m = node.exactNumber("exclusiveMaximum"), alt.upper.map({ m <= $0.value }) ?? true { alt.upper = .init(value: m, exclusive: true) }
        if let m = node.exactNumber("multipleOf") { alt.multiples = [m] }
    }

    private func applyString(_ node: SchemaNode, to alt: inout Alternative) {
        alt.minLength = node.minLength ?? 0
        alt.maxLength = node.maxLength
        if let pattern = node.pattern { alt.patterns = [pattern] }
        if let name = node.format, let format = StringFormat(rawValue: name) { alt.formats = [format] }
    }

    private func applyArray(_ node: SchemaNode, to alt: inout Alternative) {
        alt.minItems = node.minItems ?? 0
        alt.maxItems = node.maxItems
        alt.positional = (node.prefixItems ?? []).map { ExprList([.of($0)]) }
        if let items = node.items { alt.rest = ExprList([.of(items)]) }
        alt.evaluation.positions = alt.positional.count
        alt.evaluation.allItems = node.items != nil
        alt.unique = node.uniqueItems
        if let contains = node.contains {
            alt.contains = [.init(exprs: ExprList([.of(contains)]), minimum: node.minContains ?? 1,
                                  maximum: node.maxContains, from: 0)]
        }
    }

    private func applyObject(_ node: SchemaNode, to alt: inout Alternative) {
        for (name, schema) in node.properties { alt.constrainProperty(name, .of(schema)) }
        alt.patternRules = node.patternProperties.map { .init(pattern: $0.pattern, exprs: ExprList([.of($0.schema)])) }
        if let additional = node.additionalProperties, !additional.isUnconstrained {
            alt.additionalRules = [.init(declared: Set(node.properties.map(\.name)),
                                         patterns: node.patternProperties.map(\.pattern),
                                         exprs: ExprList([.of(additional)]))]
        }
        alt.evaluation.names = Set(node.properties.map(\.name))
        alt.evaluation.patterns = node.patternProperties.map(\.pattern)
        alt.evaluation.allNames = node.additionalProperties != nil
        if let names = node.propertyNames { alt.propertyNames = ExprList([.of(names)]) }
        for name in node.required { alt.require(name) }
        alt.minProperties = node.minProperties ?? 0
        alt.maxProperties = node.maxProperties
        alt.dependentRequired = node.dependentRequired
    }

    /// `dependentSchemas`: objects either lack the property or have it and satisfy the schema.
    private mutating func splitOnDependency(_ alts: [Alternative], name: String, schema: SchemaExpr,
                                            at location: String) throws -> [Alternative] {
        var result: [Alternative] = []
        let dependent = try cases(schema)
        for alt in alts {
            guard alt.type == .object else { result.append(alt); continue }
            if alt.isRequired(name) {
                result += try intersect([alt], dependent, keyword: "dependentSchemas", at: location)
                continue
            }
            var without = alt
            without.forbidden.insert(name)
            if !without.isObviouslyEmpty { result.append(without) }
            if !alt.forbidden.contains(name) {
                var with = alt
                with.require(name)
                result += try intersect([with], dependent, keyword: "dependentSchemas", at: location)
            }
        }
        return try bounded(result, keyword: "dependentSchemas", at: location)
    }

    // MARK: - Negative

    private mutating func negative(_ node: SchemaNode) throws -> [Alternative] {
        if node.rejectsEverything { return Self.unconstrained }
        let types = node.types ?? .all
        var result: [Alternative] = []
        for type in JSONTypeSet.singles where !types.contains(type) { result.append(Alternative(type: type)) }
        func each(_ typeSet: JSONTypeSet, _ change: (inout Alternative) -> Void) {
            for type in JSONTypeSet.singles where typeSet.contains(type) && types.contains(type) {
                var alt = Alternative(type: type)
                change(&alt)
                if !alt.isObviouslyEmpty { result.append(alt) }
            }
        }
        let scalarTypes: JSONTypeSet = [.null, .boolean, .integer, .fraction, .string]
        for (keyword, values) in [("enum", node.enumValues), ("const", node.constValue.map { [$0] })] {
            guard let values else { continue }
            let pointer = JSONPointer.append(node.location, keyword)
            each(scalarTypes) { $0.excluded = values }
            if types.contains(.array) { result += try differing(from: values.filter { $0.elements != nil }, type: .array, keyword: keyword, at: pointer) }
            if types.contains(.object) { result += try differing(from: values.filter { $0.typeName == "object" }, type: .object, keyword: keyword, at: pointer) }
        }

        if let m = node.exactNumber("minimum") { each(.number) { $0.upper = .init(value: m, exclusive: true) } }
        if let m = node.exactNumber("exclusiveMinimum") { each(.number) { $0.upper = .init(value: m, exclusive: false) } }
        if let m = node.exactNumber("maximum") { each(.number) { $0.lower = .init(value: m, exclusive: true) } }
        if let m = node.exactNumber("exclusiveMaximum") { each(.number) { $0.lower = .init(value: m, exclusive: false) } }
        if let m = node.exactNumber("multipleOf") { each(.number) { $0.nonMultiples = [m] } }

        if let m = node.minLength, m > 0 { each(.string) { $0.maxLength = m - 1 } }
        if let m = node.maxLength { each(.string) { $0.minLength = m + 1 } }
        if let pattern = node.pattern { each(.string) { $0.antiPatterns = [pattern] } }
        if let name = node.format, let format = StringFormat(rawValue: name) {
            if format == .regex {
                each(.string) { $0.patterns = [Self.unclosedGroup] }
            } else {
                omit("format", node, "a value that must not be a valid \(name) is not generated")
            }
        }

        if let m = node.minItems, m > 0 { each(.array) { $0.maxItems = m - 1 } }
        if let m = node.maxItems { each(.array) { $0.minItems = m + 1 } }
        let prefix = node.prefixItems ?? []
        for (i, schema) in prefix.enumerated() {
            each(.array) { alt in
                alt.minItems = i + 1
                alt.positional = Array(repeating: ExprList(), count: i) + [ExprList([.not(.of(schema))])]
            }
        }
        if let items = node.items, !items.isUnconstrained {
            each(.array) { $0.contains = [.init(exprs: ExprList([.not(.of(items))]), minimum: 1, maximum: nil, from: prefix.count)] }
        }
        if node.uniqueItems {
            omit("uniqueItems", node, "arrays that must contain duplicates are not generated")
        }
        if let contains = node.contains {
            let minimum = node.minContains ?? 1
            if minimum > 0 {
                each(.array) { $0.contains = [.init(exprs: ExprList([.of(contains)]), minimum: 0, maximum: minimum - 1, from: 0)] }
            }
            if let maximum = node.maxContains {
                each(.array) { $0.contains = [.init(exprs: ExprList([.of(contains)]), minimum: maximum + 1, maximum: nil, from: 0)] }
            }
        }

        for (name, schema) in node.properties where !schema.isUnconstrained {
            each(.object) { alt in
                alt.require(name)
                alt.constrainProperty(name, .not(.of(schema)))
            }
        }
        if types.contains(.object) {
            for (pattern, schema) in node.patternProperties where !schema.isUnconstrained {
                let names = try pattern.regex.searchDFA()
                if names.isEmpty {
                    omit("patternProperties", node, "no property name to break it with")
                } else {
                    result.append(witness(among: names, value: .not(.of(schema))))
                }
            }
            if let additional = node.additionalProperties, !additional.isUnconstrained {
                var names = try DFA.universal(over: .all).subtracting(DFA.literals(node.properties.map(\.name)))
                for (pattern, _) in node.patternProperties {
                    names = try names.intersection(try pattern.regex.searchDFA().complement())
                }
                if names.isEmpty {
                    omit("additionalProperties", node, "no property name to break it with")
                } else {
                    result.append(witness(among: names, value: .not(.of(additional))))
                }
            }
            if let names = node.propertyNames, !names.isUnconstrained {
                var found = false
                for alt in try cases(.not(.of(names))) where alt.type == .string {
                    let language: DFA?
                    if let allowed = alt.allowed {
                        language = DFA.literals(allowed.compactMap(\.stringValue))
                    } else if let plan = try StringLanguage.plan(for: alt, location: names.location) {
                        // A length window too wide for an automaton leaves this case out.
                        language = try? plan.matchDFA.intersection(DFA.lengths(min: plan.minLength, max: plan.maxLength))
                            .subtracting(DFA.literals(plan.excluded))
                    } else {
                        language = nil
                    }
                    if let language, !language.isEmpty {
                        result.append(witness(among: language, value: nil))
                        found = true
                    }
                }
                if !found { omit("propertyNames", node, "no property name breaks it") }
            }
        }
        for name in node.required { each(.object) { $0.forbidden = [name] } }
        if let m = node.minProperties, m > 0 { each(.object) { $0.maxProperties = m - 1 } }
        if let m = node.maxProperties { each(.object) { $0.minProperties = m + 1 } }
        for (name, needed) in node.dependentRequired {
            for other in needed where other != name {
                each(.object) { alt in
                    alt.require(name)
                    alt.forbidden = [other]
                }
            }
        }
        for (name, schema) in node.dependentSchemas {
            var present = Alternative(type: .object)
            present.require(name)
            result += try intersect([present], try cases(.not(.of(schema))), keyword: "dependentSchemas", at: schema.location)
        }
        for (keyword, schema) in [("unevaluatedProperties", node.unevaluatedProperties), ("unevaluatedItems", node.unevaluatedItems)] {
            if let schema, !schema.isUnconstrained {
                omit(keyword, node, "the values it rejects depend on what the other keywords evaluate")
            }
        }

        if let target = try staticTarget(of: node) { result += try cases(.not(.of(target))) }
        for part in node.allOf { result += try cases(.not(.of(part))) }
        if let choices = node.anyOf { result += try cases(.all(choices.map { .not(.of($0)) })) }
        if let choices = node.oneOf {
            result += try cases(.all(choices.map { .not(.of($0)) }))
            for i in choices.indices {
                for j in choices.indices where j > i {
                    result += try cases(.all([.of(choices[i]), .of(choices[j])]))
                }
            }
        }
        if let negated = node.not { result += try cases(.of(negated)) }
        if let condition = node.ifSchema {
            if let then = node.thenSchema { result += try cases(.all([.of(condition), .not(.of(then))])) }
            if let otherwise = node.elseSchema { result += try cases(.all([.not(.of(condition)), .not(.of(otherwise))])) }
        }
        return try bounded(result, keyword: "not", at: node.location)
    }

    /// An object that has property `name` (with a value satisfying `value`, if given).
    private func witness(_ name: String, value: SchemaExpr?) -> Alternative {
        var alt = Alternative(type: .object)
        alt.require(name)
        if let value { alt.constrainProperty(name, value) }
        return alt
    }

    /// Objects with some property named from `names` whose value satisfies `value`.
    private func witness(among names: DFA, value: SchemaExpr?) -> Alternative {
        var alt = Alternative(type: .object)
        alt.witnesses = [.init(names: names, value: value)]
        return alt
    }

    /// Arrays or objects of `type` that differ from every one of `values` (a negated `enum` or
    /// `const`): for each value, a missing or extra member or a member that differs.
    private mutating func differing(from values: [GeneratedContent], type: JSONTypeSet,
                                     keyword: String, at location: String) throws -> [Alternative] {
        var result = [Alternative(type: type)]
        for value in values {
            var cases: [Alternative] = []
            switch value.storage {
            case .array(let items):
                if !items.isEmpty { var alt = Alternative(type: .array); alt.maxItems = items.count - 1; cases.append(alt) }
                var longer = Alternative(type: .array)
                longer.minItems = items.count + 1
                cases.append(longer)
                for (i, item) in items.enumerated() {
                    var alt = Alternative(type: .array)
                    alt.minItems = i + 1
                    alt.positional = Array(repeating: ExprList(), count: i) + [ExprList([.not(.of(Self.constant(item)))])]
                    cases.append(alt)
                }
            case .object(let fields):
                var larger = Alternative(type: .object)
                larger.minProperties = fields.count + 1
                cases.append(larger)
                for field in fields {
                    var missing = Alternative(type: .object)
                    missing.forbidden = [field.key]
                    cases.append(missing)
                    cases.append(witness(field.key, value: .not(.of(Self.constant(field.value)))))
                }
            default:
                continue
            }
            result = try intersect(result, cases, keyword: keyword, at: location)
        }
        return result
    }

    private static func constant(_ value: GeneratedContent) -> SchemaNode {
        let node = SchemaNode()
        node.constValue = value
        return node
    }

    // MARK: - Algebra

    /// Every value both lists allow, case by case; `keyword` and `location` name what combines
    /// them if that makes more than `maximumCases`.
    private func intersect(_ a: [Alternative], _ b: [Alternative], keyword: String, at location: String) throws -> [Alternative] {
        var result: [Alternative] = []
        for x in a {
            for y in b where x.type == y.type {
                guard let both = x.intersected(with: y) else { continue }
                result.append(both)
                if result.count > Self.maximumCases { throw Self.overflow(keyword, at: location) }
            }
        }
        return result
    }

    /// `list` itself, or the refusal when it has more than `maximumCases`.
    private func bounded(_ list: [Alternative], keyword: String, at location: String) throws -> [Alternative] {
        guard list.count > Self.maximumCases else { return list }
        throw Self.overflow(keyword, at: location)
    }

    private static func overflow(_ keyword: String, at location: String) -> Overflow {
        Overflow(part: Omission(keyword: keyword, pointer: location,
                                reason: "combined with the subschemas around it, it has more than \(maximumCases) cases (each choice multiplies them); generation keeps every case or none, so this part is refused"))
    }

    /// The cases of every choice of an `anyOf` or `oneOf`. A choice with too many cases is left
    /// out and recorded — the others still satisfy the whole — unless nothing else is left.
    private mutating func union(_ choices: [SchemaExpr]) throws -> [Alternative] {
        var result: [Alternative] = []
        var overflows: [Overflow] = []
        for choice in choices {
            do {
                result += try cases(choice)
            } catch let overflow as Overflow {
                overflows.append(overflow)
            }
        }
        if result.isEmpty, let first = overflows.first { throw first }
        for overflow in overflows { record(overflow.part) }
        return result
    }

    /// Whether no value can satisfy both lists, judged from their types, values and (for
    /// objects) a shared required property whose own alternatives are disjoint.
    private mutating func disjoint(_ a: [Alternative], _ b: [Alternative], depth: Int) throws -> Bool {
        for x in a {
            for y in b where x.type == y.type {
                guard let both = x.intersected(with: y) else { continue }
                guard depth > 0, both.type == .object else { return false }
                var separated = false
                for name in x.required where y.isRequired(name) {
                    if let ex = x.exprs(forProperty: name), let ey = y.exprs(forProperty: name) {
                        guard let left = try? cases(ex.expr), let right = try? cases(ey.expr),
                              try disjoint(left, right, depth: depth - 1) else { continue }
                        separated = true
                        break
                    }
                }
                if !separated { return false }
            }
        }
        return true
    }

    /// Leaves out one disjunct of a negation. The other disjuncts still imply the negation, so
    /// generation stays exact; the note explains a schema that ends up with no case left.
    /// Strings that open a group and never close it: never a valid regex (in ECMA-262, and in the
    /// regex dialects validators check `format: "regex"` with), so "not a regex" has strings to offer.
    private static let unclosedGroup = SchemaPattern(source: #"^\([^()\[\]{}\\*+?|]*$"#, regex: try! RegexPattern(#"^\([^()\[\]{}\\*+?|]*$"#))

    private mutating func omit(_ keyword: String, _ node: SchemaNode, _ reason: String) {
        record(Omission(keyword: keyword, pointer: JSONPointer.append(node.location, keyword), reason: reason))
    }

    private mutating func record(_ note: Omission) {
        if !omissions.contains(note) { omissions.append(note) }
    }
}
