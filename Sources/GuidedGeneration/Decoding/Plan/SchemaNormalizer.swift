/// Rewrites schema expressions into disjunctive normal form — lists of typed `Alternative`s —
/// distributing `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `$ref` and
/// `dependentSchemas`. Negation is pushed down keyword by keyword (De Morgan), so `not` and
/// `oneOf` become constructive: every alternative describes values that satisfy the whole
/// expression. What cannot be negated exactly is refused with its keyword and location.
struct SchemaNormalizer {
    let graph: SchemaGraph
    /// At most this many alternatives are kept for one expression. Keeping a subset of the cases
    /// of a disjunction stays exact — each kept case implies the whole — so larger expansions are
    /// cut rather than refused; what is cut is never used to prove two schemas disjoint.
    static let maximumAlternatives = 512
    /// At most this many expressions are expanded inside one another (references, `allOf`,
    /// `anyOf`, `not` … followed on the same value). Chains of bare references do not count (the
    /// graph skips them); deeper nesting is refused rather than exhausting the stack.
    static let maximumNesting = 400

    /// A case of a negation left out because it cannot be generated exactly.
    struct Omission: Equatable, Sendable {
        let keyword: String
        let pointer: String
        let reason: String
    }

    private(set) var omissions: [Omission] = []
    private var memo: [SchemaExpr: (alternatives: [Alternative], truncated: Bool)] = [:]
    /// Counts cuts; a computation during which it grew depends on a cut list.
    private var truncations = 0
    private var active: Set<SchemaExpr> = []

    init(graph: SchemaGraph) {
        self.graph = graph
    }

    /// The alternatives of an expression.
    mutating func alternatives(_ expr: SchemaExpr) throws -> [Alternative] {
        if let known = memo[expr] {
            if known.truncated { truncations += 1 }
            return known.alternatives
        }
        let truncationsBefore = truncations
        guard active.count < Self.maximumNesting else {
            throw GenerationSchema.SchemaError.unsupportedKeyword(
                keyword: "$ref", pointer: expr.location,
                context: .init(debugDescription: "references and combinators nest more than \(Self.maximumNesting) levels deep here"))
        }
        guard active.insert(expr).inserted else {
            throw GenerationSchema.SchemaError.unsupportedKeyword(
                keyword: "$ref", pointer: expr.location,
                context: .init(debugDescription: "the schema refers back to itself without describing anything in between, so no value can be checked or generated"))
        }
        defer { active.remove(expr) }
        let result: [Alternative]
        switch expr {
        case .node(let ref): result = try positive(ref.node)
        case .not(.node(let ref)): result = try negative(ref.node).map(\.withoutEvaluation)
        case .not(.not(let inner)): result = try alternatives(inner).map(\.withoutEvaluation)
        case .not(.all(let list)): result = try union(list.map { try alternatives($0.negated) }, at: expr.location)
        case .all(let list):
            var acc = Self.unconstrained
            for item in list { acc = try intersect(acc, try alternatives(item), at: item.location) }
            result = acc
        }
        var kept = result
        if kept.count > Self.maximumAlternatives {
            kept.removeLast(kept.count - Self.maximumAlternatives)
            truncations += 1
        }
        memo[expr] = (kept, truncations > truncationsBefore)
        return kept
    }

    /// The alternatives of an expression and whether they are only some of its cases.
    private mutating func completeAlternatives(_ expr: SchemaExpr) throws -> (alternatives: [Alternative], complete: Bool) {
        let before = truncations
        let result = try alternatives(expr)
        return (result, truncations == before)
    }

    /// One unconstrained alternative per JSON type.
    private static var unconstrained: [Alternative] {
        JSONTypeSet.singles.map { Alternative(type: $0) }
    }

    // MARK: - Positive

    private mutating func positive(_ node: SchemaNode) throws -> [Alternative] {
        if node.rejectsEverything { return [] }
        let start = truncations
        var result = base(node)
        if let target = try staticTarget(of: node) {
            result = try intersect(result, try alternatives(.of(target)), at: node.location)
        }
        for part in node.allOf {
            result = try intersect(result, try alternatives(.of(part)), at: part.location)
        }
        if let choices = node.anyOf {
            result = try intersect(result, try union(choices.map { try alternatives(.of($0)) }, at: node.location), at: node.location)
        }
        if let choices = node.oneOf {
            let context = truncations == start ? result : Self.unconstrained
            result = try intersect(result, try exactlyOne(choices, within: context, at: node.location), at: node.location)
        }
        if let negated = node.not {
            result = try intersect(result, try alternatives(.not(.of(negated))), at: negated.location)
        }
        if let condition = node.ifSchema {
            let then = try alternatives(.all([.of(condition)] + (node.thenSchema.map { [.of($0)] } ?? [])))
            let otherwise = try alternatives(.all([.not(.of(condition))] + (node.elseSchema.map { [.of($0)] } ?? [])))
            result = try intersect(result, then + otherwise, at: condition.location)
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
            throw GenerationSchema.SchemaError.unsupportedKeyword(
                keyword: "$dynamicRef", pointer: node.location,
                context: .init(debugDescription: "it resolves to different schemas depending on the path that reaches it; generation follows a $dynamicRef only where every path gives the same schema"))
        }
        return graph.target(of: node)
    }

    /// `oneOf`: each choice together with the negation of every other choice it may overlap.
    /// Overlap is judged within `context`, the complete alternatives of the sibling keywords
    /// (a `required` beside the `oneOf` can make otherwise overlapping choices disjoint).
    private mutating func exactlyOne(_ choices: [SchemaNode], within context: [Alternative], at location: String) throws -> [Alternative] {
        let each = try choices.map { choice -> (alternatives: [Alternative], complete: Bool) in
            let before = truncations
            let own = try intersect(context, try alternatives(.of(choice)), at: location)
            return (own, truncations == before)
        }
        var result: [Alternative] = []
        for (i, choice) in choices.enumerated() {
            var branch = [SchemaExpr.of(choice)]
            for (j, other) in choices.enumerated() where j != i {
                var separate = false
                if each[i].complete && each[j].complete {
                    separate = try disjoint(each[i].alternatives, each[j].alternatives, depth: 2)
                }
                if !separate { branch.append(.not(.of(other))) }
            }
            result += try alternatives(.all(branch))
        }
        return result
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
        let dependent = try alternatives(schema)
        for alt in alts {
            guard alt.type == .object else { result.append(alt); continue }
            if alt.isRequired(name) {
                result += try intersect([alt], dependent, at: location)
                continue
            }
            var without = alt
            without.forbidden.insert(name)
            if !without.isObviouslyEmpty { result.append(without) }
            if !alt.forbidden.contains(name) {
                var with = alt
                with.require(name)
                result += try intersect([with], dependent, at: location)
            }
        }
        return result
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
        for values in [node.enumValues, node.constValue.map { [$0] }].compactMap({ $0 }) {
            each(scalarTypes) { $0.excluded = values }
            if types.contains(.array) { result += try differing(from: values.filter { $0.elements != nil }, type: .array) }
            if types.contains(.object) { result += try differing(from: values.filter { $0.typeName == "object" }, type: .object) }
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
                for alt in try alternatives(.not(.of(names))) where alt.type == .string {
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
            result += try intersect([present], try alternatives(.not(.of(schema))), at: schema.location)
        }
        for (keyword, schema) in [("unevaluatedProperties", node.unevaluatedProperties), ("unevaluatedItems", node.unevaluatedItems)] {
            if let schema, !schema.isUnconstrained {
                omit(keyword, node, "the values it rejects depend on what the other keywords evaluate")
            }
        }

        if let target = try staticTarget(of: node) { result += try alternatives(.not(.of(target))) }
        for part in node.allOf { result += try alternatives(.not(.of(part))) }
        if let choices = node.anyOf { result += try alternatives(.all(choices.map { .not(.of($0)) })) }
        if let choices = node.oneOf {
            result += try alternatives(.all(choices.map { .not(.of($0)) }))
            for i in choices.indices {
                for j in choices.indices where j > i {
                    result += try alternatives(.all([.of(choices[i]), .of(choices[j])]))
                }
            }
        }
        if let negated = node.not { result += try alternatives(.of(negated)) }
        if let condition = node.ifSchema {
            if let then = node.thenSchema { result += try alternatives(.all([.of(condition), .not(.of(then))])) }
            if let otherwise = node.elseSchema { result += try alternatives(.all([.not(.of(condition)), .not(.of(otherwise))])) }
        }
        return result
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
    private mutating func differing(from values: [GeneratedContent], type: JSONTypeSet) throws -> [Alternative] {
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
            result = try intersect(result, cases, at: "")
        }
        return result
    }

    private static func constant(_ value: GeneratedContent) -> SchemaNode {
        let node = SchemaNode()
        node.constValue = value
        return node
    }

    // MARK: - Algebra

    private mutating func intersect(_ a: [Alternative], _ b: [Alternative], at location: String) throws -> [Alternative] {
        var result: [Alternative] = []
        for x in a {
            for y in b where x.type == y.type {
                if let both = x.intersected(with: y) { result.append(both) }
            }
            if result.count >= Self.maximumAlternatives {
                truncations += 1
                break
            }
        }
        return result
    }

    private func union(_ lists: [[Alternative]], at location: String) throws -> [Alternative] {
        lists.flatMap { $0 }
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
                        let left = try completeAlternatives(ex.expr)
                        let right = try completeAlternatives(ey.expr)
                        guard left.complete && right.complete,
                              try disjoint(left.alternatives, right.alternatives, depth: depth - 1) else { continue }
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
        let note = Omission(keyword: keyword, pointer: JSONPointer.append(node.location, keyword), reason: reason)
        if !omissions.contains(note) { omissions.append(note) }
    }
}
