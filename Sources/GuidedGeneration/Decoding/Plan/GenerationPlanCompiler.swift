/// Compiles a schema graph into a `GenerationPlan`: each distinct conjunction of schema
/// expressions becomes one plan node (shared, so recursion is finite), its alternatives compiled
/// into exact domains, and a fixpoint then computes the minimal depth that completes each node.
struct GenerationPlanCompiler {
    private let graph: SchemaGraph
    private let validator: SchemaValidator
    private var normalizer: SchemaNormalizer
    private var nodes: [PlanNode] = []
    private var hints: [FieldHints] = []
    private var constraints: [ExprList?] = []
    private var memo: [ExprList: Int] = [:]

    init(graph: SchemaGraph) {
        self.graph = graph
        self.validator = SchemaValidator(graph: graph)
        self.normalizer = SchemaNormalizer(graph: graph)
    }

    mutating func compile() throws -> GenerationPlan {
        let root = try plan(for: ExprList([.of(graph.root)]))
        var plan = GenerationPlan(nodes: nodes, hints: hints, constraints: constraints, validator: validator,
                                  minimumDepth: [], root: root)
        plan.minimumDepth = PlanDepths.compute(plan)
        if plan.minimumDepth[root] == Int.max {
            var reason = "no value satisfies every constraint of the schema"
            if let omitted = normalizer.omissions.first {
                reason = "the only values left would need '\(omitted.keyword)' at \(omitted.pointer): \(omitted.reason)"
            }
            throw GenerationSchema.SchemaError.unsatisfiable(pointer: graph.root.location, context: .init(debugDescription: reason))
        }
        return plan
    }

    // MARK: - Nodes

    private mutating func plan(for exprs: ExprList) throws -> Int {
        if let known = memo[exprs] { return known }
        let index = append(.never, hints: Self.hints(for: exprs))
        constraints[index] = exprs
        memo[exprs] = index
        let alternatives = try normalizer.alternatives(exprs.expr)
        var branches: [PlanNode] = []
        var finite: [GeneratedContent] = []
        for alt in alternatives {
            if let allowed = alt.allowed {
                for value in allowed where !finite.contains(value) && satisfies(value, exprs) { finite.append(value) }
                continue
            }
            let node = try compile(alt, location: exprs.location)
            if case .never = node { continue }
            branches.append(node)
        }
        if !finite.isEmpty { branches.append(.choice(finite)) }
        switch branches.count {
        case 0: nodes[index] = .never
        case 1: nodes[index] = branches[0]
        default:
            let shared = hints[index]
            var indexes: [Int] = []
            for branch in branches { indexes.append(append(branch, hints: shared)) }
            nodes[index] = .alternatives(indexes)
        }
        return index
    }

    private mutating func append(_ node: PlanNode, hints nodeHints: FieldHints) -> Int {
        nodes.append(node)
        hints.append(nodeHints)
        constraints.append(nil)
        return nodes.count - 1
    }

    private static func hints(for exprs: ExprList) -> FieldHints {
        FieldHints(title: exprs.annotation { $0.title },
                   description: exprs.annotation { $0.description },
                   typeName: exprs.annotation { $0.typeName },
                   format: exprs.annotation { $0.format },
                   examples: exprs.annotation { $0.examples } ?? [])
    }

    /// Whether a value satisfies every expression (the validator is the ground truth for
    /// finite values such as `enum` members).
    private func satisfies(_ value: GeneratedContent, _ exprs: ExprList) -> Bool {
        exprs.items.allSatisfy { validator.satisfies(value, $0) }
    }

    private mutating func compile(_ alt: Alternative, location: String) throws -> PlanNode {
        switch alt.type {
        case .null:
            return alt.excluded.contains(.null) ? .never : .null
        case .boolean:
            let values = [false, true].map { GeneratedContent($0) }.filter { !alt.excluded.contains($0) }
            return values.count == 2 ? .boolean : (values.isEmpty ? .never : .choice(values))
        case .integer, .fraction:
            do {
                return .number(try NumberGrid(alt))
            } catch .empty {
                return .never
            } catch .tooPrecise(let step) {
                throw GenerationSchema.SchemaError.unsupportedKeyword(
                    keyword: "multipleOf", pointer: location,
                    context: .init(debugDescription: "\(step) has more than 15 decimals"))
            } catch {
                throw GenerationSchema.SchemaError.unsupportedKeyword(
                    keyword: "not", pointer: location,
                    context: .init(debugDescription: "too many excluded multiples to count exactly"))
            }
        case .string:
            return try StringLanguage.plan(for: alt, location: location).map { .string($0) } ?? .never
        case .array:
            return try compileArray(alt, location: location)
        default:
            return try compileObject(alt, location: location)
        }
    }

    // MARK: - Arrays

    private mutating func compileArray(_ alt: Alternative, location: String) throws -> PlanNode {
        if !alt.excluded.isEmpty {
            let relevant = alt.excluded.filter { value in
                guard let items = value.elements else { return false }
                return items.count >= alt.minItems && items.count <= (alt.maxItems ?? Int.max)
            }
            if !relevant.isEmpty { try refuseExclusion(location) }
        }
        guard alt.contains.count <= 1 else {
            throw GenerationSchema.SchemaError.unsupportedKeyword(
                keyword: "contains", pointer: location,
                context: .init(debugDescription: "several contains constraints on one array cannot be generated exactly"))
        }
        if alt.unique && !alt.contains.isEmpty {
            throw GenerationSchema.SchemaError.unsupportedKeyword(
                keyword: "uniqueItems", pointer: location,
                context: .init(debugDescription: "uniqueItems together with contains cannot be generated exactly"))
        }
        let positional = try alt.positional.map { try plan(for: $0) }
        let rest = try plan(for: alt.rest)
        var contains: ContainsPlan?
        if let rule = alt.contains.first {
            let span = max(alt.positional.count, rule.from) + 1
            var matching: [Int] = []
            var nonMatching: [Int]? = rule.maximum == nil ? nil : []
            for i in 0..<span {
                let base = alt.exprs(atPosition: i)
                matching.append(try plan(for: base.appending(rule.exprs.expr)))
                if nonMatching != nil { nonMatching!.append(try plan(for: base.appending(rule.exprs.expr.negated))) }
            }
            contains = ContainsPlan(minimum: rule.minimum, maximum: rule.maximum, from: rule.from,
                                    matching: matching, nonMatching: nonMatching)
        }
        let softMaximum = max(alt.minItems, contains?.minimum ?? 0, min(alt.positional.count, 3)) + 3
        return .array(ArrayPlan(minItems: alt.minItems, sampleMaximum: min(alt.maxItems ?? softMaximum, softMaximum),
                                positional: positional, rest: rest, unique: alt.unique, contains: contains))
    }

    // MARK: - Objects

    private mutating func compileObject(_ alt: Alternative, location: String) throws -> PlanNode {
        if !alt.excluded.isEmpty {
            let relevant = alt.excluded.filter { value in
                guard case .object(let fields) = value.storage else { return false }
                return alt.required.allSatisfy { value[$0] != nil } && !fields.contains { alt.forbidden.contains($0.key) }
            }
            if !relevant.isEmpty { try refuseExclusion(location) }
        }
        var names: [String] = alt.properties.map(\.name)
        for name in alt.required where !names.contains(name) { names.append(name) }
        for (name, needed) in alt.dependentRequired {
            for other in [name] + needed where !names.contains(other) { names.append(other) }
        }
        var properties: [ObjectPlan.Property] = []
        for name in names where !alt.forbidden.contains(name) {
            let isRequired = alt.required.contains(name)
            if !alt.propertyNames.isEmpty && !satisfies(GeneratedContent(name), alt.propertyNames) {
                if isRequired { return .never }
                continue
            }
            var exprs = alt.exprs(forProperty: name) ?? ExprList()
            for rule in alt.patternRules where rule.pattern.regex.matches(name) { exprs.append(contentsOf: rule.exprs) }
            for rule in alt.additionalRules
            where !rule.declared.contains(name) && !rule.patterns.contains(where: { $0.regex.matches(name) }) {
                exprs.append(contentsOf: rule.exprs)
            }
            properties.append(.init(name: name, plan: try plan(for: exprs), required: isRequired))
        }
        if alt.required.contains(where: { name in !properties.contains { $0.name == name } }) { return .never }

        let taken = Set(names).union(alt.forbidden)
        let extras = try extraKeys(alt, taken: taken, location: location)
        var dependencies: [String: [String]] = [:]
        for (name, needed) in alt.dependentRequired { dependencies[name, default: []] += needed }
        let isMap = alt.properties.isEmpty && alt.required.isEmpty && !extras.isEmpty
            && (!alt.patternRules.isEmpty || !alt.additionalRules.isEmpty)
        return .object(ObjectPlan(properties: properties, extras: extras, minProperties: alt.minProperties,
                                  maxProperties: alt.maxProperties, dependentRequired: dependencies, isMap: isMap))
    }

    /// Sources of keys beyond the declared ones: one per pattern rule (names matching that
    /// pattern only) and one for names matching no pattern, each with the value schema those
    /// names get.
    private mutating func extraKeys(_ alt: Alternative, taken: Set<String>, location: String) throws -> [ObjectPlan.ExtraKeys] {
        var patternSources: [String] = []
        var rulesByPattern: [String: (SchemaPattern, ExprList)] = [:]
        for rule in alt.patternRules {
            if rulesByPattern[rule.pattern.source] == nil {
                patternSources.append(rule.pattern.source)
                rulesByPattern[rule.pattern.source] = (rule.pattern, rule.exprs)
            } else {
                rulesByPattern[rule.pattern.source]!.1.append(contentsOf: rule.exprs)
            }
        }
        var nameLanguages: [DFA] = [DFA.universal(over: .all)]
        if !alt.propertyNames.isEmpty {
            nameLanguages = try normalizer.alternatives(alt.propertyNames.expr)
                .filter { $0.type == .string && $0.allowed == nil }
                .compactMap { try StringLanguage.plan(for: $0, location: location)?.dfa }
        }
        var result: [ObjectPlan.ExtraKeys] = []
        do {
            var classes: [(DFA, ExprList)] = []
            for source in patternSources {
                let (pattern, exprs) = rulesByPattern[source]!
                var language = try pattern.regex.searchDFA()
                for other in patternSources where other != source {
                    language = try language.intersection(try rulesByPattern[other]!.0.regex.searchDFA().complement())
                }
                var valueExprs = exprs
                for rule in alt.additionalRules where !rule.patterns.contains(where: { $0.source == source }) {
                    valueExprs.append(contentsOf: rule.exprs)
                }
                classes.append((language, valueExprs))
            }
            var unmatched = DFA.universal(over: .all)
            for source in patternSources {
                unmatched = try unmatched.intersection(try rulesByPattern[source]!.0.regex.searchDFA().complement())
            }
            var additional = ExprList()
            for rule in alt.additionalRules { additional.append(contentsOf: rule.exprs) }
            classes.append((unmatched, additional))
            for (language, valueExprs) in classes {
                for names in nameLanguages {
                    let dfa = try language.intersection(names)
                    guard let namePlan = StringLanguage.plan(dfa, minLength: 1, maxLength: nil, excluded: taken)
                            ?? StringLanguage.plan(dfa, minLength: 0, maxLength: nil, excluded: taken) else { continue }
                    result.append(.init(names: namePlan, plan: try plan(for: valueExprs)))
                }
            }
        } catch let error as RegexError {
            throw GenerationSchema.SchemaError.unsupportedKeyword(
                keyword: "patternProperties", pointer: location, context: .init(debugDescription: error.description))
        }
        return result
    }

    private func refuseExclusion(_ location: String) throws {
        throw GenerationSchema.SchemaError.unsupportedKeyword(
            keyword: "not", pointer: location,
            context: .init(debugDescription: "excluding particular arrays or objects cannot be generated exactly"))
    }
}
