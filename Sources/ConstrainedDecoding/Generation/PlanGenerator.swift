import JSONSchema
import RegexAutomata

/// Walks a `GenerationPlan` with a seeded random source, producing a value that conforms by
/// construction. Every choice is made among options the compiler proved finishable within the
/// remaining depth, so the walk never backtracks and always terminates.
///
/// Field contexts exist only for the value source: without one they are nil and never built,
/// which keeps the walk free of per-field copies. Checks test the context before the source,
/// so that a run without a source never copies the (nil) existential.
package struct PlanGenerator {
    package let plan: GenerationPlan
    package let source: (any GenerationValueSource)?
    /// Values produced so far. Past `sizeAllowance`, optional structure (optional properties,
    /// array items beyond the minimum, map entries) is left out, so recursive schemas with many
    /// optional branches stay small; required structure is never affected.
    private var produced = 0
    package static let sizeAllowance = 200
    /// The source again when generation drafts: it ends the walk once the root's fields are
    /// enough, returning the (possibly incomplete) root object.
    private let drafter: (any DraftingValueSource)?
    /// Set when a draft ended inside a root property, which is then left out.
    private var draftEnded = false
    private static let booleans = [GeneratedContent(false), GeneratedContent(true)]

    package init(plan: GenerationPlan, source: (any GenerationValueSource)?) {
        self.plan = plan
        self.source = source
        drafter = nil
    }

    /// A generator that drafts under `drafter`.
    package init(plan: GenerationPlan, drafter: any DraftingValueSource) {
        self.plan = plan
        source = drafter
        self.drafter = drafter
    }

    /// Attempts before `generate` gives up; each one draws afresh.
    package static let maximumAttempts = 8

    package mutating func generate(random: inout SeededRandom) -> GeneratedContent {
        let budget = plan.minimumDepth[plan.root] + GenerationPlan.depthAllowance
        let context = source == nil ? nil : FieldContext(hints: plan.hints[plan.root])
        for _ in 0..<Self.maximumAttempts {
            if let result = value(plan.root, budget: budget, context: context, excluding: [], random: &random) {
                return result
            }
            produced = 0
            draftEnded = false
        }
        // The compiler proved the root finishable and every count the walk relies on is a lower
        // bound, so no input reaches this line; reaching it is a bug in the plan's counting.
        preconditionFailure("generation plan promised a value it could not produce")
    }

    /// A value for node `index`, distinct from `excluding`; nil only when `excluding` leaves
    /// nothing (never when it is empty).
    private mutating func value(_ index: Int, budget: Int, context: FieldContext?, excluding: [GeneratedContent],
                                random: inout SeededRandom) -> GeneratedContent? {
        produced += 1
        if let context, let source, let proposal = source.proposeValue(for: context, random: &random),
           plan.accepts(proposal, at: index), !excluding.contains(proposal) {
            return proposal
        }
        guard let result = fresh(index, budget: budget, context: context, excluding: excluding, random: &random) else { return nil }
        // Every node avoids `excluding` by construction where its count promises it can; a
        // branch of an alternative that cannot is passed over for another.
        return excluding.contains(result) ? nil : result
    }

    /// A value for node `index` built from its plan.
    private mutating func fresh(_ index: Int, budget: Int, context: FieldContext?, excluding: [GeneratedContent],
                                random: inout SeededRandom) -> GeneratedContent? {
        switch plan.nodes[index] {
        case .never:
            return nil
        case .null:
            return excluding.contains(.null) ? nil : .null
        case .boolean:
            return pick(Self.booleans, excluding: excluding, context: context, random: &random)
        case .choice(let values):
            return pick(values, excluding: excluding, context: context, random: &random)
        case .number(let grid):
            return grid.sample(random: &random, excluding: excluding.compactMap(\.exactNumber))
        case .string(let strings):
            return string(strings, context: context, excluding: excluding, random: &random).map { GeneratedContent($0) }
        case .alternatives(let branches):
            let depths = plan.minimumDepth
            let usable: (Int) -> Bool = { depths[$0] <= budget }
            var open = branches.allSatisfy(usable) ? branches : branches.filter(usable)
            if produced >= Self.sizeAllowance {
                // Past the allowance the smallest branches come first, so that a recursion whose
                // branches multiply stops growing.
                let sizes = plan.minimumSize
                for branch in open.sorted(by: { (sizes[$0], $0) < (sizes[$1], $1) }) {
                    if let result = value(branch, budget: budget, context: context, excluding: excluding, random: &random) {
                        return result
                    }
                }
                return nil
            }
            while !open.isEmpty {
                let choice = Int(random.below(UInt64(open.count)))
                if let result = value(open[choice], budget: budget, context: context, excluding: excluding, random: &random) {
                    return result
                }
                open.remove(at: choice)
            }
            return nil
        case .array(let array):
            return self.array(array, budget: budget, context: context, excluding: excluding, random: &random)
        case .object(let object):
            return self.object(object, at: index, budget: budget, context: context, excluding: excluding, random: &random)
        }
    }

    /// One of `values` not in `excluding`: the source's choice, or a uniform one.
    private func pick(_ values: [GeneratedContent], excluding: [GeneratedContent], context: FieldContext?,
                      random: inout SeededRandom) -> GeneratedContent? {
        if let context, let source,
           let chosen = source.choose(among: values, for: context, random: &random), values.indices.contains(chosen) {
            // Choosing among all values and again among the allowed ones only when the choice is
            // excluded draws from the same distribution as choosing among the allowed ones, and
            // rarely needs their list (three attributes out of fifty, say).
            if !excluding.contains(values[chosen]) { return values[chosen] }
            let allowed = values.filter { !excluding.contains($0) }
            guard !allowed.isEmpty else { return nil }
            if let again = source.choose(among: allowed, for: context, random: &random), allowed.indices.contains(again) {
                return allowed[again]
            }
        }
        return values.randomElement(excluding: excluding, random: &random)
    }

    private mutating func string(_ strings: StringPlan, context: FieldContext?, excluding: [GeneratedContent],
                                 random: inout SeededRandom) -> String? {
        let excludedHere = Set(excluding.compactMap(\.stringValue))
        return string(strings, context: context, isExcluded: excludedHere.contains, random: &random) { guide, random in
            let excluded = excludedHere.isEmpty ? strings.excluded : strings.excluded.union(excludedHere)
            return strings.sampler.sample(random: &random, guide: guide, excluding: excluded)
        }
    }

    /// A string of `strings` that `isExcluded` does not name: the value source's proposal when
    /// it has an acceptable one, else `sample`'s walk with the source's character guide.
    private mutating func string(_ strings: StringPlan, context: FieldContext?, isExcluded: (String) -> Bool,
                                 random: inout SeededRandom,
                                 sample: ((any CharacterGuide)?, inout SeededRandom) -> String?) -> String? {
        if var context, let source {
            context.minimumLength = strings.minLength
            context.maximumLength = strings.maxLength
            context.isFreeForm = strings.isFreeForm
            if let proposal = source.firstAcceptedString(for: context, random: &random, accepts: { strings.accepts($0) && !isExcluded($0) }) {
                return proposal
            }
            // A draft that has what it needs leaves the field out rather than walk its automaton.
            if context.isRootProperty, let drafter, drafter.hasEnough(rootFields: context.siblingFields) {
                draftEnded = true
                return ""
            }
        }
        return sample(context.flatMap { source?.characterGuide(for: $0) }, &random)
    }

    /// Whether to include an optional property: the source's answer, or a fair coin.
    private func includes(_ name: String, parent: FieldContext?, random: inout SeededRandom) -> Bool {
        if let parent, let source, let answer = source.includeOptional(name, in: parent.hints, random: &random) {
            return answer
        }
        return random.chance(0.5)
    }

    // MARK: - Arrays

    /// An array for `array`; one of a length no array in `excluding` has, so that it differs
    /// from all of them.
    private mutating func array(_ array: ArrayPlan, budget: Int, context: FieldContext?, excluding: [GeneratedContent],
                                random: inout SeededRandom) -> GeneratedContent? {
        let depths = plan.minimumDepth
        let uniqueValues = plan.uniqueValues
        let usable: (Int) -> Bool = { depths[$0] <= budget - 1 }
        var options = PlanFeasibility.arrayOptions(array, usable: usable, capacity: { uniqueValues.capacity($0) })
        if !excluding.isEmpty {
            let takenLengths = Set(excluding.compactMap { $0.elements?.count })
            options.removeAll { takenLengths.contains($0.count) }
        }
        guard !options.isEmpty else { return nil }
        let option = produced < Self.sizeAllowance ? options[Int(random.below(UInt64(options.count)))] : options[0]
        var matchingPositions = Set<Int>()
        if let contains = array.contains, let range = option.matches {
            matchingPositions = choosePositions(contains, count: option.count, matches: range, array: array,
                                                usable: usable, random: &random)
        }
        var items: [GeneratedContent] = []
        items.reserveCapacity(option.count)
        var seen = Set<GeneratedContent>()
        for i in 0..<option.count {
            var planIndex = array.plan(at: i)!
            if let contains = array.contains, i >= contains.from {
                planIndex = matchingPositions.contains(i) ? contains.matchingPlan(at: i) : (contains.nonMatchingPlan(at: i) ?? planIndex)
            }
            let itemContext = context.map { parent in
                FieldContext(propertyName: parent.propertyName, arrayIndex: i, hints: plan.hints[planIndex], parentHints: parent.hints)
            }
            var item: GeneratedContent?
            if array.unique && items.count >= Self.hashedExclusionThreshold {
                item = freshDraw(random: &random) { generator, random in
                    generator.value(planIndex, budget: budget - 1, context: itemContext, excluding: [], random: &random)
                } isTaken: { seen.contains($0) }
            }
            if item == nil {
                item = value(planIndex, budget: budget - 1, context: itemContext, excluding: array.unique ? items : [], random: &random)
            }
            guard let item else { return nil }
            items.append(item)
            // The set is only read past the threshold, so it is filled when the list reaches it.
            if array.unique && items.count >= Self.hashedExclusionThreshold {
                if seen.isEmpty { seen = Set(items) } else { seen.insert(item) }
            }
        }
        return GeneratedContent(elements: items)
    }

    /// Past this many values to differ from, a value is first drawn freely and checked against a
    /// hash set: while most values are still free that is expected O(1), where excluding every
    /// earlier one exactly costs O(n) per value (quadratic over a long unique array).
    package static let hashedExclusionThreshold = 32
    /// Free draws tried before the exact, excluding walk.
    package static let freshDraws = 4

    /// The first of up to `freshDraws` values from `draw` that is not taken, or nil.
    private mutating func freshDraw<Value>(random: inout SeededRandom, _ draw: (inout PlanGenerator, inout SeededRandom) -> Value?,
                                           isTaken: (Value) -> Bool) -> Value? {
        for _ in 0..<Self.freshDraws {
            guard let candidate = draw(&self, &random) else { return nil }
            if !isTaken(candidate) { return candidate }
        }
        return nil
    }

    /// Which positions get a `contains` match: all that cannot miss, then random others.
    private func choosePositions(_ contains: ContainsPlan, count: Int, matches: ClosedRange<Int>, array: ArrayPlan,
                                 usable: (Int) -> Bool, random: inout SeededRandom) -> Set<Int> {
        var must: [Int] = []
        var may: [Int] = []
        for i in contains.from..<max(contains.from, count) {
            let matchable = usable(contains.matchingPlan(at: i))
            let missable = contains.nonMatchingPlan(at: i).map(usable) ?? usable(array.plan(at: i)!)
            if !missable { must.append(i) } else if matchable { may.append(i) }
        }
        let target = matches.lowerBound + Int(random.below(UInt64(matches.count)))
        var chosen = Set(must)
        while chosen.count < target, !may.isEmpty {
            let pick = Int(random.below(UInt64(may.count)))
            may.swapAt(pick, may.count - 1)
            chosen.insert(may.removeLast())
        }
        return chosen
    }

    // MARK: - Objects

    private mutating func object(_ object: ObjectPlan, at index: Int, budget: Int, context: FieldContext?,
                                 excluding: [GeneratedContent], random: inout SeededRandom) -> GeneratedContent? {
        let depths = plan.minimumDepth
        let fits: (Int) -> Bool = { depths[$0] <= budget - 1 }
        guard var present = PlanFeasibility.requiredClosure(object, usable: fits) else { return nil }
        let maximum = object.maxProperties ?? Int.max
        var distinguishing: ObjectPlan.Property?
        var distinctKeys: ExtraKeyLayout?
        switch excluding.isEmpty ? nil : plan.uniqueValues.distinctions[index] {
        case .property(let property)?:
            distinguishing = property
            if let at = object.index(of: property.name) {
                PlanFeasibility.include(at, in: &present, maximum: maximum, object, usable: fits)
            }
        case .extraKeys(let layout)?:
            distinctKeys = layout
        case nil:
            break
        }
        if distinctKeys == nil {
            for (at, property) in object.properties.enumerated() where !present.contains(at) && fits(property.plan) {
                let include = includes(property.name, parent: context, random: &random)
                guard (include && produced < Self.sizeAllowance) || present.count < object.minProperties else { continue }
                PlanFeasibility.include(at, in: &present, maximum: maximum, object, usable: fits)
            }
        }
        var extraCount = max(0, object.minProperties - present.count)
        var takenKeySets: [Set<String>] = []
        if let distinctKeys {
            takenKeySets = excluding.compactMap { value in
                guard case .object(let fields) = value.storage else { return nil }
                return Set(fields.map(\.key))
            }
            let presentNames = Set(object.properties.indices.filter(present.contains).map { object.properties[$0].name })
            if !distinctKeys.mayOmitExtras || takenKeySets.contains(presentNames) { extraCount = distinctKeys.count }
        } else if object.isMap, present.count < maximum, produced < Self.sizeAllowance {
            extraCount = max(extraCount, min(maximum - present.count, 1 + Int(random.below(3))))
        }

        var fields: [GeneratedContent.Field] = []
        fields.reserveCapacity(present.count + extraCount)
        for (at, property) in object.properties.enumerated() where present.contains(at) {
            var avoid: [GeneratedContent] = []
            if property.name == distinguishing?.name {
                avoid = excluding.compactMap { $0[property.name] }
            }
            // The context is a temporary of the call, so `fields` is uniquely owned again when
            // the value is appended.
            guard let value = value(property.plan, budget: budget - 1, context: context.map { parent in
                FieldContext(propertyName: property.name, hints: plan.hints[property.plan], parentHints: parent.hints, siblingFields: fields,
                             isRootProperty: index == plan.root)
            }, excluding: avoid, random: &random) else {
                return nil
            }
            if draftEnded { return GeneratedContent(storage: .object(fields)) }
            fields.append(GeneratedContent.Field(key: property.name, value: value))
            if index == plan.root, let drafter, drafter.hasEnough(rootFields: fields) {
                return GeneratedContent(storage: .object(fields))
            }
        }
        if extraCount > 0 {
            guard addExtras(extraCount, of: object, to: &fields, avoiding: takenKeySets, fits: fits, budget: budget,
                            context: context, random: &random) else {
                return nil
            }
        }
        return GeneratedContent(storage: .object(fields))
    }

    /// Adds `count` keys outside the declared properties (fewer when no source has names left);
    /// false when a value cannot be generated. The last key's name is chosen so that the
    /// object's set of key names is none of `takenKeySets`. Sources with printable ASCII names
    /// left are drawn from first, and those names first (`ObjectPlan.ExtraKeys.portableNames`).
    private mutating func addExtras(_ count: Int, of object: ObjectPlan, to fields: inout [GeneratedContent.Field],
                                    avoiding takenKeySets: [Set<String>], fits: (Int) -> Bool, budget: Int,
                                    context: FieldContext?, random: inout SeededRandom) -> Bool {
        var remaining = count
        var usedNames = Set(fields.map(\.key))
        // Sources by their index in `object.extras`.
        var sources = object.extras.indices.filter { fits(object.extras[$0].plan) }
        // Which sources may still have printable ASCII names to give.
        var portableLeft = sources.map { object.extras[$0].portableNames != nil }
        // The used names as a trie per name language (by source, portable or not), extended
        // key by key: rebuilding it for every key made 100,000 keys take minutes.
        var exclusions: [Int: (sampler: DFASampler, trie: ExclusionTrie)] = [:]
        while remaining > 0, !sources.isEmpty {
            let portable = sources.indices.filter { portableLeft[$0] }
            let choice = portable.isEmpty ? Int(random.below(UInt64(sources.count))) : portable[Int(random.below(UInt64(portable.count)))]
            let extra = object.extras[sources[choice]]
            let language = 2 * sources[choice] + (portableLeft[choice] ? 1 : 0)
            var names = extra.names
            if portableLeft[choice] {
                guard let portableNames = extra.portableNames?.get else {
                    portableLeft[choice] = false
                    continue
                }
                names = portableNames
            }
            let nameContext = context.map { parent in
                FieldContext(hints: FieldHints(description: "a property name"), parentHints: parent.hints)
            }
            // Names beyond the used ones, kept apart so that `usedNames` is not copied per key.
            var alsoAvoided = Set<String>()
            if remaining == 1 {
                for keys in takenKeySets where keys.count == usedNames.count + 1 && keys.isSuperset(of: usedNames) {
                    alsoAvoided.formUnion(keys.subtracting(usedNames))
                }
            }
            var name: String?
            if usedNames.count + alsoAvoided.count >= Self.hashedExclusionThreshold {
                name = freshDraw(random: &random) { generator, random in
                    generator.string(names, context: nameContext, excluding: [], random: &random)
                } isTaken: { usedNames.contains($0) || alsoAvoided.contains($0) }
            }
            if name == nil {
                name = string(names, context: nameContext, isExcluded: { usedNames.contains($0) || alsoAvoided.contains($0) },
                              random: &random) { guide, random in
                    let sampler = names.sampler
                    guard alsoAvoided.isEmpty else {
                        return sampler.sample(random: &random, guide: guide, excluding: names.excluded.union(usedNames).union(alsoAvoided))
                    }
                    let trie = exclusions[language]?.trie ?? sampler.exclusion(of: names.excluded.union(usedNames))
                    exclusions[language] = (sampler, trie)
                    return sampler.sample(random: &random, guide: guide, avoiding: trie)
                }
            }
            guard let name else {
                if portableLeft[choice] {
                    portableLeft[choice] = false
                } else {
                    sources.remove(at: choice)
                    portableLeft.remove(at: choice)
                }
                continue
            }
            guard let value = value(extra.plan, budget: budget - 1, context: context.map { parent in
                FieldContext(propertyName: name, hints: plan.hints[extra.plan], parentHints: parent.hints, siblingFields: fields, isRootProperty: false)
            }, excluding: [], random: &random) else {
                return false
            }
            fields.append(GeneratedContent.Field(key: name, value: value))
            usedNames.insert(name)
            // Taken out while extended, so the trie is not shared and is changed in place.
            for key in Array(exclusions.keys) {
                guard var exclusion = exclusions.removeValue(forKey: key) else { continue }
                exclusion.sampler.exclude(name, from: &exclusion.trie)
                exclusions[key] = exclusion
            }
            remaining -= 1
        }
        return true
    }
}
