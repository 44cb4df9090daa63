import JSONSchema
import RegexAutomata

/// Compiles a schema graph into a `GenerationPlan`: each distinct conjunction of schema
/// expressions becomes one plan node (shared, so recursion is finite), its alternatives compiled
/// into exact domains, and a fixpoint then computes the minimal depth that completes each node.
package struct GenerationPlanCompiler {
    private let graph: SchemaGraph
    private let validator: SchemaValidator
    private var normalizer: SchemaNormalizer
    private var nodes: [PlanNode] = []
    private var hints: [FieldHints] = []
    private var constraints: [ExprList?] = []
    private var memo: [ExprList: Int] = [:]
    /// Cases left out because they cannot be generated exactly.
    private var dropped: [SchemaError] = []
    /// A bound on distinct compiled conjunctions: recursive schemas combined with negation can
    /// otherwise produce ever new ones. Large catalogues (thousands of definitions, objects with
    /// 100,000 properties) stay within it; each node costs microseconds, so reaching it takes
    /// seconds, not minutes.
    package static let maximumNodes = 200_000
    /// At most this many values nest inside one another in a compiled plan (properties, items
    /// and references to them); deeper schemas are refused rather than exhausting the stack of
    /// the compiler, the generator or the matcher.
    package static let maximumNesting = 256
    private var nesting = 0
    /// String plans by what they depend on: large schemas repeat the same string constraints
    /// (a pattern, a format, a length) thousands of times, and each plan costs automaton work.
    private var stringPlans: [StringKey: StringPlan?] = [:]

    private struct StringKey: Hashable {
        let patterns: [String]
        let antiPatterns: [String]
        let formats: [StringFormat]
        let minLength: Int
        let maxLength: Int?
        let excluded: Set<String>

        init(_ alt: Alternative) {
            patterns = alt.patterns.map(\.source)
            antiPatterns = alt.antiPatterns.map(\.source)
            formats = alt.formats
            minLength = alt.minLength
            maxLength = alt.maxLength
            excluded = Set(alt.excluded.compactMap(\.stringValue))
        }
    }
    /// The most items, properties or characters generation puts at one place in a value: a
    /// case asking for more (`minItems: 1e9`) is refused rather than run until memory is gone.
    /// Validation has no such limit.
    package static let maximumSize = 100_000
    /// The most items a `uniqueItems` array must hold for generation: each item is kept apart
    /// from every earlier one, which costs time in proportion to their number.
    package static let maximumUniqueItems = 1_000

    package init(graph: SchemaGraph) {
        self.graph = graph
        self.validator = SchemaValidator(graph: graph)
        self.normalizer = SchemaNormalizer(graph: graph)
    }

    /// What generation leaves out (`GenerationSchema.leftOut`), once each, in the order met.
    package var leftOut: [SchemaError] {
        var seen = Set<String>()
        return (dropped + normalizer.omissions.map(\.refusal)).filter { seen.insert($0.description).inserted }
    }

    package mutating func compile() throws -> GenerationPlan {
        let root = try plan(for: ExprList([.of(graph.root)]))
        var plan = GenerationPlan(nodes: nodes, hints: hints, constraints: constraints, validator: validator,
                                  minimumDepth: [], root: root)
        plan.minimumDepth = PlanDepths.compute(plan)
        if plan.minimumDepth[root] == Int.max {
            if let first = dropped.first { throw first }
            var reason = "no value satisfies every constraint of the schema"
            if let omitted = normalizer.omissions.first {
                reason = "the only values left would need '\(omitted.keyword)' at \(omitted.pointer): \(omitted.reason)"
            }
            throw SchemaError.unsatisfiable(pointer: graph.root.location, context: .init(debugDescription: reason))
        }
        let (sizes, exact) = PlanSizes.compute(plan)
        plan.minimumSize = sizes
        if exact { try Self.checkForcedSizes(plan) }
        plan.uniqueValues = UniqueValueTable(plan: plan)
        return plan
    }

    /// The most values and characters a node's required structure may add up to: a node past it
    /// (`minItems` 1,000 of `minItems` 1,000 of `minLength` 1,000) is refused, since generation
    /// writes at least that much whenever it is chosen.
    package static let maximumForcedSize = 1_000_000

    private static func checkForcedSizes(_ plan: GenerationPlan) throws {
        for index in plan.nodes.indices where plan.minimumDepth[index] != Int.max && plan.minimumSize[index] > maximumForcedSize {
            let keyword: String
            switch plan.nodes[index] {
            case .array: keyword = "minItems"
            case .object(let object): keyword = object.minProperties > object.properties.filter(\.required).count ? "minProperties" : "required"
            case .string: keyword = "minLength"
            default: continue
            }
            let size = plan.minimumSize[index] >= PlanSizes.saturated ? "an uncountable number of" : "\(plan.minimumSize[index])"
            throw SchemaError.unsupportedKeyword(
                keyword: keyword, pointer: location(of: index, in: plan),
                context: .init(debugDescription: "its smallest value holds \(size) values and characters; generation writes at most \(maximumForcedSize) for one"))
        }
    }

    /// The schema location of a node (a branch has its alternatives node's).
    private static func location(of index: Int, in plan: GenerationPlan) -> String {
        if let exprs = plan.constraints[index] { return exprs.location }
        for (owner, node) in plan.nodes.enumerated() {
            if case .alternatives(let branches) = node, branches.contains(index) { return location(of: owner, in: plan) }
        }
        return ""
    }

    // MARK: - Nodes

    private mutating func plan(for exprs: ExprList) throws -> Int {
        if let known = memo[exprs] { return known }
        guard nodes.count < Self.maximumNodes else {
            throw SchemaError.unsupportedKeyword(
                keyword: "$ref", pointer: exprs.location,
                context: .init(debugDescription: "the schema's combinations of references need more than \(Self.maximumNodes) generation steps to compile"))
        }
        guard nesting < Self.maximumNesting else {
            throw SchemaError.unsupportedKeyword(
                keyword: "$ref", pointer: exprs.location,
                context: .init(debugDescription: "values nest more than \(Self.maximumNesting) levels deep here"))
        }
        nesting += 1
        defer { nesting -= 1 }
        let index = append(.never, hints: Self.hints(for: exprs))
        constraints[index] = exprs
        memo[exprs] = index
        let alternatives = try normalizer.alternatives(exprs.expr)
        var branches: [PlanNode] = []
        var finite: [GeneratedContent] = []
        var listed = Set<GeneratedContent>()
        for alt in alternatives {
            if let allowed = alt.allowed {
                for value in allowed where !listed.contains(value) && satisfies(value, exprs) {
                    finite.append(value)
                    listed.insert(value)
                }
                continue
            }
            do {
                for concrete in try resolvingWitnesses(alt, location: exprs.location) {
                    let node = try compile(concrete, location: exprs.location)
                    if case .never = node { continue }
                    branches.append(node)
                }
            } catch let error as SchemaError {
                // A case that cannot be generated exactly is left out; the others still
                // satisfy the schema. The error is reported if nothing is left.
                dropped.append(error)
                continue
            }
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
        try Self.checkSize(alt, location: location)
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
            } catch {
                throw SchemaError.unsupportedKeyword(
                    keyword: "not", pointer: location,
                    context: .init(debugDescription: "too many excluded multiples to count exactly"))
            }
        case .string:
            let key = StringKey(alt)
            if let known = stringPlans[key] { return known.map { .string($0) } ?? .never }
            let strings = try StringLanguage.plan(for: alt, location: location)
            stringPlans[key] = strings
            return strings.map { .string($0) } ?? .never
        case .array:
            return try compileArray(alt, location: location)
        default:
            return try compileObject(alt, location: location)
        }
    }

    /// Refuses a case whose smallest value is too large to generate (see `maximumSize`).
    private static func checkSize(_ alt: Alternative, location: String) throws {
        var demands: [(keyword: String, count: Int)] = []
        if alt.type == .string { demands = [("minLength", alt.minLength)] }
        if alt.type == .array {
            demands = [("minItems", alt.minItems)] + alt.contains.map { ("minContains", $0.minimum) }
            if alt.unique && alt.minItems > maximumUniqueItems {
                throw SchemaError.unsupportedKeyword(
                    keyword: "uniqueItems", pointer: location,
                    context: .init(debugDescription: "asks for \(alt.minItems) distinct items; generation keeps at most \(maximumUniqueItems) items apart"))
            }
        }
        if alt.type == .object { demands = [("minProperties", alt.minProperties)] }
        for demand in demands where demand.count > maximumSize {
            throw SchemaError.unsupportedKeyword(
                keyword: demand.keyword, pointer: location,
                context: .init(debugDescription: "asks for at least \(demand.count) in one value; generation writes at most \(maximumSize)"))
        }
    }

    // MARK: - Arrays

    private mutating func compileArray(_ alt: Alternative, location: String) throws -> PlanNode {
        var alt = alt
        alt.contains.removeAll { $0.minimum == 0 && $0.maximum == nil }
        if alt.contains.count > 1 {
            guard alt.contains.allSatisfy({ $0.maximum == nil }) else {
                throw SchemaError.unsupportedKeyword(
                    keyword: "contains", pointer: location,
                    context: .init(debugDescription: "several contains constraints with maxContains on one array cannot be generated exactly"))
            }
            alt = Self.dedicatingPositions(alt)
        }
        if alt.unique && !alt.contains.isEmpty {
            throw SchemaError.unsupportedKeyword(
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
        return .array(ArrayPlan(minItems: alt.minItems, maxItems: alt.maxItems, sampleMaximum: min(alt.maxItems ?? softMaximum, softMaximum),
                                positional: positional, rest: rest, unique: alt.unique, contains: contains))
    }

    /// Several lower-bound-only `contains` rules: each gets its own positions, in order, which
    /// become positional constraints (one exact way to satisfy them all).
    private static func dedicatingPositions(_ alt: Alternative) -> Alternative {
        var result = alt
        var next = 0
        for rule in alt.contains {
            next = max(next, rule.from)
            for _ in 0..<rule.minimum {
                while result.positional.count <= next { result.positional.append(alt.rest) }
                result.positional[next].append(rule.exprs.expr)
                next += 1
            }
        }
        result.contains = []
        result.minItems = max(alt.minItems, next)
        return result
    }

    // MARK: - Objects

    private mutating func compileObject(_ alt: Alternative, location: String) throws -> PlanNode {
        var names: [String] = alt.properties.map(\.name)
        var named = Set(names)
        for name in alt.required where named.insert(name).inserted { names.append(name) }
        for (name, needed) in alt.dependentRequired {
            for other in [name] + needed where named.insert(other).inserted { names.append(other) }
        }
        var properties: [ObjectPlan.Property] = []
        for name in names where !alt.forbidden.contains(name) {
            let isRequired = alt.isRequired(name)
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
        let compiled = Set(properties.map(\.name))
        if alt.required.contains(where: { !compiled.contains($0) }) { return .never }

        let taken = named.union(alt.forbidden)
        let extras = try extraKeys(alt, taken: taken, location: location)
        var dependencies: [String: [String]] = [:]
        for (name, needed) in alt.dependentRequired { dependencies[name, default: []] += needed }
        let isMap = alt.properties.isEmpty && alt.required.isEmpty && !extras.isEmpty
            && (!alt.patternRules.isEmpty || !alt.additionalRules.isEmpty)
        return .object(ObjectPlan(properties: properties, extras: extras, minProperties: alt.minProperties,
                                  maxProperties: alt.maxProperties, dependentRequired: dependencies, isMap: isMap))
    }

    /// At most this many concrete cases are made of one object case with witnesses.
    package static let maximumWitnessCases = 32

    /// An object case with witnesses, as concrete cases, those adding the fewest properties
    /// first. A witness's property is a property the case already names, or a new name — one
    /// every remaining witness could share, one it shares with another witness, or its own —
    /// taken from each class of names the case treats alike (the same pattern rules, one
    /// property-name language), so some case puts the name where its value can exist.
    private mutating func resolvingWitnesses(_ alt: Alternative, location: String) throws -> [Alternative] {
        guard alt.type == .object, !alt.witnesses.isEmpty else { return [alt] }
        // Naming a witness adds a required property, which changes no class of names.
        let classes = try nameClasses(alt, location: location)
        var result: [Alternative] = []
        for newNames in 0...alt.witnesses.count where result.count < Self.maximumWitnessCases {
            result += Self.resolvingWitnesses(alt, addingExactly: newNames, classes: classes)
        }
        return Array(result.prefix(Self.maximumWitnessCases))
    }

    private static func resolvingWitnesses(_ alt: Alternative, addingExactly newNames: Int, classes: [NameClass]) -> [Alternative] {
        guard let witness = alt.witnesses.first else { return newNames == 0 ? [alt] : [] }
        var rest = alt
        rest.witnesses.removeFirst()
        let named = alt.properties.map(\.name) + alt.required
        var candidates = named.filter { !alt.forbidden.contains($0) && witness.names.accepts($0) }.map { ($0, false) }
        if newNames > 0 {
            let taken = Set(named).union(alt.forbidden)
            let sharedByAll = rest.witnesses.reduce(Optional(witness.names)) { language, other in
                language.flatMap { try? $0.intersection(other.names) }
            }
            let sharedWithOne = rest.witnesses.map { try? witness.names.intersection($0.names) }
            for language in ([sharedByAll] + sharedWithOne + [witness.names]).compactMap({ $0 }) {
                for nameClass in classes {
                    guard let dfa = try? nameClass.language.intersection(language),
                          let names = nameClass.namePlan(dfa, excluding: taken) else { continue }
                    var random = SeededRandom(seed: 0x5EED)
                    guard var name = names.sampler.sample(random: &random, excluding: names.excluded) else { continue }
                    // A name every regex dialect reads alike, when there is one (`portableScalars`).
                    if !name.unicodeScalars.allSatisfy(NameClass.portableScalars.contains),
                       let portable = nameClass.portableNamePlan(dfa, excluding: taken) {
                        var random = SeededRandom(seed: 0x5EED)
                        name = portable.sampler.sample(random: &random, excluding: portable.excluded) ?? name
                    }
                    candidates.append((name, true))
                }
            }
        }
        var result: [Alternative] = []
        var tried = Set<String>()
        for (name, isNew) in candidates where tried.insert(name).inserted && result.count < Self.maximumWitnessCases {
            var concrete = rest
            concrete.require(name)
            if let value = witness.value { concrete.constrainProperty(name, value) }
            if concrete.isObviouslyEmpty { continue }
            result += resolvingWitnesses(concrete, addingExactly: newNames - (isNew ? 1 : 0), classes: classes)
        }
        return result
    }

    /// Names an object case treats alike: those matching the same pattern rules (and so taking
    /// the same value schema), within one of the `propertyNames` languages.
    package struct NameClass {
        package let language: DFA
        package let minLength: Int
        package let maxLength: Int?
        package let excluded: Set<String>
        package let valueExprs: ExprList

        /// Names from `language` (the class's own, or part of it) in the class's length window
        /// and not in `taken`: non-empty names when there are any.
        package func namePlan(_ language: DFA, excluding taken: Set<String>) -> StringPlan? {
            let excluded = taken.union(self.excluded)
            return StringLanguage.plan(language, minLength: max(1, minLength), maxLength: maxLength, excluded: excluded)
                ?? StringLanguage.plan(language, minLength: minLength, maxLength: maxLength, excluded: excluded)
        }

        /// The printable ASCII names of `language` (`namePlan`'s, made of `portableScalars`), which
        /// generation draws first; nil when there are none, or when they are all of its names.
        /// Never the empty name: `namePlan` gives non-empty names whenever the class has any, and
        /// the matcher keeps to its names ("" is the only printable name that `.{1,}` leaves, yet
        /// "\n" is one too).
        package func portableNamePlan(_ language: DFA, excluding taken: Set<String>) -> StringPlan? {
            guard language.usesScalars(outside: Self.portableScalars) else { return nil }
            return StringLanguage.plan(language.restricted(to: Self.portableScalars), minLength: max(1, minLength), maxLength: maxLength,
                                       excluded: taken.union(excluded))
        }

        /// Printable ASCII: names of these scalars every regex dialect reads alike. The patterns of
        /// `patternProperties` are ECMA-262's, but validators often run them with their own
        /// engine (Python's `re` lets `.` match `\r` and U+2028, `$` match before a final `\n`,
        /// `\d` and `\w` match other scripts' digits and letters), so a name with such characters
        /// could match a pattern there and not here, and its value be checked against a subschema
        /// it was never generated for.
        package static let portableScalars = ScalarSet(range: 0x20...0x7E)
    }

    /// Sources of keys beyond the declared ones: one per class of names (`nameClasses`), each
    /// with the value schema those names get, and its printable ASCII names to draw first.
    private mutating func extraKeys(_ alt: Alternative, taken: Set<String>, location: String) throws -> [ObjectPlan.ExtraKeys] {
        var result: [ObjectPlan.ExtraKeys] = []
        for nameClass in try nameClasses(alt, location: location) {
            guard let namePlan = nameClass.namePlan(nameClass.language, excluding: taken) else { continue }
            result.append(.init(names: namePlan, portableNames: ComputedOnce { nameClass.portableNamePlan(nameClass.language, excluding: taken) },
                                plan: try plan(for: nameClass.valueExprs)))
        }
        return result
    }

    /// One class per set of pattern rules its names match (every set when there are few
    /// patterns, single patterns otherwise), plus the names matching none, each within each
    /// `propertyNames` language.
    private mutating func nameClasses(_ alt: Alternative, location: String) throws -> [NameClass] {
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
        // Each propertyNames alternative keeps its whole string plan: the DFA alone would drop
        // its length window and excluded names.
        var nameLanguages: [(dfa: DFA, minLength: Int, maxLength: Int?, excluded: Set<String>)] = [(DFA.universal(over: .all), 0, nil, [])]
        if !alt.propertyNames.isEmpty {
            let alternatives = try normalizer.alternatives(alt.propertyNames.expr).filter { $0.type == .string }
            nameLanguages = try alternatives.filter { $0.allowed == nil }
                .compactMap { try StringLanguage.plan(for: $0, location: location) }
                .map { ($0.dfa, $0.minLength, $0.maxLength, $0.excluded) }
            // Enumerated names (`propertyNames: {enum: […]}`) form one finite language.
            let listed = alternatives.flatMap { $0.allowed ?? [] }
                .filter { satisfies($0, alt.propertyNames) }.compactMap(\.stringValue)
            if !listed.isEmpty { nameLanguages.append((DFA.literals(listed), 0, nil, [])) }
        }
        var result: [NameClass] = []
        do {
            let languages = try patternSources.map { try rulesByPattern[$0]!.0.regex.searchDFA() }
            let subsets: [[Int]] = patternSources.count <= 4
                ? (1..<(1 << patternSources.count)).map { mask in patternSources.indices.filter { mask & (1 << $0) != 0 } }
                : patternSources.indices.map { [$0] }
            var classes: [(DFA, ExprList)] = []
            for subset in subsets + [[]] {
                var language = DFA.universal(over: .all)
                for i in patternSources.indices {
                    language = try language.intersection(subset.contains(i) ? languages[i] : languages[i].complement())
                }
                var valueExprs = ExprList()
                for i in subset { valueExprs.append(contentsOf: rulesByPattern[patternSources[i]]!.1) }
                for rule in alt.additionalRules
                where !rule.patterns.contains(where: { p in subset.contains { patternSources[$0] == p.source } }) {
                    valueExprs.append(contentsOf: rule.exprs)
                }
                classes.append((language, valueExprs))
            }
            for (language, valueExprs) in classes {
                for names in nameLanguages {
                    result.append(NameClass(language: try language.intersection(names.dfa), minLength: names.minLength,
                                            maxLength: names.maxLength, excluded: names.excluded, valueExprs: valueExprs))
                }
            }
        } catch let error as RegexError {
            throw SchemaError.unsupportedKeyword(
                keyword: "patternProperties", pointer: location, context: .init(debugDescription: error.description))
        }
        return result
    }
}
