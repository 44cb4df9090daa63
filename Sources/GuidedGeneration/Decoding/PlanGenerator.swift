/// Walks a `GenerationPlan` with a seeded random source, producing a value that conforms by
/// construction. Every choice is made among options the compiler proved finishable within the
/// remaining depth, so the walk never backtracks and always terminates.
struct PlanGenerator {
    let plan: GenerationPlan
    let capacities: PlanCapacity
    let source: (any GenerationValueSource)?
    /// Values produced so far. Past `sizeAllowance`, optional structure (optional properties,
    /// array items beyond the minimum, map entries) is left out, so recursive schemas with many
    /// optional branches stay small; required structure is never affected.
    private var produced = 0
    static let sizeAllowance = 200

    init(plan: GenerationPlan, source: (any GenerationValueSource)?) {
        self.plan = plan
        self.capacities = PlanCapacity(plan: plan, depths: plan.minimumDepth)
        self.source = source
    }

    mutating func generate(random: inout SeededRandom) -> GeneratedContent {
        let budget = plan.minimumDepth[plan.root] + GenerationPlan.depthAllowance
        let context = FieldContext(hints: plan.hints[plan.root])
        return value(plan.root, budget: budget, context: context, excluding: [], random: &random)!
    }

    private func usable(_ index: Int, within budget: Int) -> Bool {
        plan.minimumDepth[index] <= budget
    }

    /// A value for node `index`, distinct from `excluding`; nil only when `excluding` leaves
    /// nothing (never when it is empty).
    private mutating func value(_ index: Int, budget: Int, context: FieldContext, excluding: [GeneratedContent],
                       random: inout SeededRandom) -> GeneratedContent? {
        produced += 1
        if let source, let proposal = source.proposeValue(for: context, random: &random),
           plan.accepts(proposal, at: index), !excluding.contains(proposal) {
            return proposal
        }
        switch plan.nodes[index] {
        case .never:
            return nil
        case .null:
            return excluding.contains(.null) ? nil : .null
        case .boolean:
            let values = [GeneratedContent(false), GeneratedContent(true)].filter { !excluding.contains($0) }
            return pick(values, context: context, random: &random)
        case .choice(let values):
            return pick(values.filter { !excluding.contains($0) }, context: context, random: &random)
        case .number(let grid):
            return grid.sample(random: &random, excluding: excluding.compactMap(\.numberValue)).map { GeneratedContent($0) }
        case .string(let strings):
            return string(strings, context: context, excluding: excluding, random: &random).map { GeneratedContent($0) }
        case .alternatives(let branches):
            var open = branches.filter { usable($0, within: budget) }
            while !open.isEmpty {
                let choice = Int(random.below(UInt64(open.count)))
                if let result = value(open[choice], budget: budget, context: context, excluding: excluding, random: &random) {
                    return result
                }
                open.remove(at: choice)
            }
            return nil
        case .array(let array):
            return self.array(array, budget: budget, context: context, random: &random)
        case .object(let object):
            return self.object(object, budget: budget, context: context, excluding: excluding, random: &random)
        }
    }

    private func pick(_ values: [GeneratedContent], context: FieldContext, random: inout SeededRandom) -> GeneratedContent? {
        guard !values.isEmpty else { return nil }
        if let source, let chosen = source.choose(among: values, for: context, random: &random), values.indices.contains(chosen) {
            return values[chosen]
        }
        return values[Int(random.below(UInt64(values.count)))]
    }

    private mutating func string(_ strings: StringPlan, context: FieldContext, excluding: [GeneratedContent],
                        random: inout SeededRandom) -> String? {
        let excludedHere = excluding.compactMap(\.stringValue)
        if let source, let proposal = source.proposeString(for: context, random: &random),
           strings.accepts(proposal), !excludedHere.contains(proposal) {
            return proposal
        }
        let guide = source?.characterGuide(for: context)
        let excluded = excludedHere.isEmpty ? strings.excluded : strings.excluded.union(excludedHere)
        return strings.sampler.sample(random: &random, guide: guide, excluding: excluded)
    }

    // MARK: - Arrays

    private mutating func array(_ array: ArrayPlan, budget: Int, context: FieldContext, random: inout SeededRandom) -> GeneratedContent? {
        let options = PlanFeasibility.arrayOptions(array, usable: { usable($0, within: budget - 1) },
                                                   capacity: { capacities.capacity($0) })
        guard !options.isEmpty else { return nil }
        let option = produced < Self.sizeAllowance ? options[Int(random.below(UInt64(options.count)))] : options[0]
        var matchingPositions = Set<Int>()
        if let contains = array.contains, let range = option.matches {
            matchingPositions = choosePositions(contains, count: option.count, matches: range, budget: budget, array: array, random: &random)
        }
        var items: [GeneratedContent] = []
        items.reserveCapacity(option.count)
        let parentHints = context.hints
        for i in 0..<option.count {
            var planIndex = array.plan(at: i)!
            if let contains = array.contains, i >= contains.from {
                planIndex = matchingPositions.contains(i) ? contains.matchingPlan(at: i) : (contains.nonMatchingPlan(at: i) ?? planIndex)
            }
            let itemContext = FieldContext(propertyName: context.propertyName, arrayIndex: i,
                                           hints: plan.hints[planIndex], parentHints: parentHints)
            guard let item = value(planIndex, budget: budget - 1, context: itemContext,
                                   excluding: array.unique ? items : [], random: &random) else { return nil }
            items.append(item)
        }
        return GeneratedContent(elements: items)
    }

    /// Which positions get a `contains` match: all that cannot miss, then random others.
    private func choosePositions(_ contains: ContainsPlan, count: Int, matches: ClosedRange<Int>, budget: Int,
                                 array: ArrayPlan, random: inout SeededRandom) -> Set<Int> {
        var must: [Int] = []
        var may: [Int] = []
        for i in contains.from..<max(contains.from, count) {
            let matchable = usable(contains.matchingPlan(at: i), within: budget - 1)
            let missable = contains.nonMatchingPlan(at: i).map { usable($0, within: budget - 1) }
                ?? usable(array.plan(at: i)!, within: budget - 1)
            if !missable { must.append(i) } else if matchable { may.append(i) }
        }
        let target = matches.lowerBound + Int(random.below(UInt64(matches.count)))
        var chosen = Set(must)
        while chosen.count < target, !may.isEmpty {
            chosen.insert(may.remove(at: Int(random.below(UInt64(may.count)))))
        }
        return chosen
    }

    // MARK: - Objects

    private mutating func object(_ object: ObjectPlan, budget: Int, context: FieldContext, excluding: [GeneratedContent],
                        random: inout SeededRandom) -> GeneratedContent? {
        let depths = plan.minimumDepth
        let fits: (Int) -> Bool = { depths[$0] <= budget - 1 }
        guard var present = PlanFeasibility.requiredClosure(object, usable: fits) else { return nil }
        let maximum = object.maxProperties ?? Int.max
        var distinguishing: ObjectPlan.Property?
        if !excluding.isEmpty, let property = capacities.distinguishingProperty(object) {
            distinguishing = property
            if !present.contains(property.name),
               let added = PlanFeasibility.closure(adding: property.name, to: present, object, usable: fits),
               present.count + added.count <= maximum {
                present += added
            }
        }
        let parentHints = context.hints
        for property in object.properties where !present.contains(property.name) && fits(property.plan) {
            let include = source?.includeOptional(property.name, in: parentHints, random: &random) ?? random.chance(0.5)
            guard (include && produced < Self.sizeAllowance) || present.count < object.minProperties else { continue }
            if let added = PlanFeasibility.closure(adding: property.name, to: present, object, usable: fits),
               present.count + added.count <= maximum {
                present += added
            }
        }
        var extraCount = max(0, object.minProperties - present.count)
        if object.isMap, present.count < maximum, produced < Self.sizeAllowance {
            extraCount = max(extraCount, min(maximum - present.count, 1 + Int(random.below(3))))
        }

        var fields: [(String, GeneratedContent)] = []
        fields.reserveCapacity(present.count + extraCount)
        for property in object.properties where present.contains(property.name) {
            var avoid: [GeneratedContent] = []
            if property.name == distinguishing?.name {
                avoid = excluding.compactMap { $0[property.name] }
            }
            let fieldContext = FieldContext(propertyName: property.name, hints: plan.hints[property.plan],
                                            parentHints: parentHints, siblings: fields)
            guard let value = value(property.plan, budget: budget - 1, context: fieldContext, excluding: avoid, random: &random) else {
                return nil
            }
            fields.append((property.name, value))
        }
        var usedNames = Set(fields.map(\.0))
        var sources = object.extras.filter { fits($0.plan) }
        while extraCount > 0, !sources.isEmpty {
            let choice = Int(random.below(UInt64(sources.count)))
            let extra = sources[choice]
            let nameContext = FieldContext(hints: FieldHints(description: "a property name"), parentHints: parentHints)
            guard let name = string(extra.names, context: nameContext, excluding: usedNames.map { GeneratedContent($0) }, random: &random) else {
                sources.remove(at: choice)
                continue
            }
            let fieldContext = FieldContext(propertyName: name, hints: plan.hints[extra.plan], parentHints: parentHints, siblings: fields)
            guard let value = value(extra.plan, budget: budget - 1, context: fieldContext, excluding: [], random: &random) else {
                return nil
            }
            fields.append((name, value))
            usedNames.insert(name)
            extraCount -= 1
        }
        return GeneratedContent(properties: fields)
    }
}
