/// The counting rules shared by the depth fixpoint and the generator, so that whatever the
/// compiler promises can be finished, the generator can finish: which array lengths (and how
/// many `contains` matches) and which object key sets are possible when only some child plans
/// are usable within the remaining depth.
package enum PlanFeasibility {
    /// A possible array length, with the possible numbers of `contains` matches.
    package struct ArrayOption: Equatable {
        package var count: Int
        package var matches: ClosedRange<Int>?
    }

    package static func arrayOptions(_ array: ArrayPlan, usable: (Int) -> Bool, capacity: (Int) -> Int) -> [ArrayOption] {
        var options: [ArrayOption] = []
        guard array.minItems <= array.sampleMaximum else { return [] }
        // Position facts do not depend on the length, so one pass counts them for every length:
        // after `n` positions, the counts are those of an array of `n` items.
        var mustMatch = 0
        var canMatch = 0
        for n in 0...array.sampleMaximum {
            if n >= array.minItems {
                if let contains = array.contains {
                    let low = max(mustMatch, contains.minimum)
                    let high = min(canMatch, contains.maximum ?? Int.max)
                    if low <= high { options.append(ArrayOption(count: n, matches: low...high)) }
                } else {
                    options.append(ArrayOption(count: n, matches: nil))
                }
            }
            // Position n, which every longer array fills.
            guard n < array.sampleMaximum, let plan = array.plan(at: n) else { break }
            if array.unique && capacity(plan) <= n { break }
            guard let contains = array.contains, n >= contains.from else {
                if !usable(plan) { break }
                continue
            }
            let matchable = usable(contains.matchingPlan(at: n))
            let missable = contains.nonMatchingPlan(at: n).map(usable) ?? usable(plan)
            if !matchable && !missable { break }
            if matchable { canMatch += 1 }
            if !missable { mustMatch += 1 }
        }
        return options
    }

    /// The key set an object starts from: its required properties closed under
    /// `dependentRequired`; nil when one of them is unavailable.
    package static func requiredClosure(_ object: ObjectPlan, usable: (Int) -> Bool) -> PropertySet? {
        guard let closure = object.requiredClosure, closure.plans.allSatisfy(usable) else { return nil }
        if let maximum = object.maxProperties, closure.indices.count > maximum { return nil }
        return closure.indices
    }

    /// Adds the property at `index` to `present` with the properties it brings along (its
    /// dependencies, transitively), when all of them are usable and the set stays within
    /// `maximum`; otherwise leaves `present` as it was. True when the property is in the set.
    @discardableResult
    package static func include(_ index: Int, in present: inout PropertySet, maximum: Int, _ object: ObjectPlan, usable: (Int) -> Bool) -> Bool {
        guard !present.contains(index) else { return true }
        if let needed = object.dependencies[index], needed.isEmpty {
            guard present.count < maximum, usable(object.properties[index].plan) else { return false }
            present.insert(index)
            return true
        }
        var added = PropertySet()
        var queue = [index]
        while let next = queue.popLast() {
            guard !present.contains(next), !added.contains(next) else { continue }
            guard let needed = object.dependencies[next], usable(object.properties[next].plan) else { return false }
            added.insert(next)
            queue += needed
        }
        guard present.count + added.count <= maximum else { return false }
        present.formUnion(added)
        return true
    }

    /// Whether the object can reach `minProperties` and stay within `maxProperties`.
    package static func objectFeasible(_ object: ObjectPlan, usable: (Int) -> Bool) -> Bool {
        guard var present = requiredClosure(object, usable: usable) else { return false }
        let maximum = object.maxProperties ?? Int.max
        for index in object.properties.indices where present.count < object.minProperties {
            include(index, in: &present, maximum: maximum, object, usable: usable)
        }
        var missing = object.minProperties - present.count
        for extra in object.extras where missing > 0 && usable(extra.plan) {
            missing -= min(missing, extra.names.capacity)
        }
        return missing <= 0
    }
}

/// The minimal depth that completes each plan node (a fixpoint over the plan graph), and the
/// number of distinct values each node can produce (for `uniqueItems`).
package enum PlanDepths {
    package static func compute(_ plan: GenerationPlan) -> [Int] {
        let ignoreCapacity: (Int) -> Int = { _ in Int.max }
        let first = fixpoint(plan, capacity: ignoreCapacity)
        let capacities = PlanCapacity(plan: plan, depths: first)
        return fixpoint(plan, capacity: { capacities.capacity($0) })
    }

    private static func fixpoint(_ plan: GenerationPlan, capacity: (Int) -> Int) -> [Int] {
        var depths = Array(repeating: Int.max, count: plan.nodes.count)
        var changed = true
        while changed {
            changed = false
            // The distinct finite depths, once per pass: a depth found with a list that misses
            // this pass's new values is only too large, and the next pass lowers it; the last
            // pass, which changes nothing, has the exact list.
            let candidates = Set(depths.filter { $0 != Int.max }).sorted()
            for (index, node) in plan.nodes.enumerated() {
                let depth = self.depth(of: node, depths: depths, candidates: candidates, capacity: capacity)
                if depth < depths[index] {
                    depths[index] = depth
                    changed = true
                }
            }
        }
        return depths
    }

    private static func depth(of node: PlanNode, depths: [Int], candidates: [Int], capacity: (Int) -> Int) -> Int {
        switch node {
        case .never: return Int.max
        case .null, .boolean, .choice, .number, .string: return 0
        case .alternatives(let branches): return branches.map { depths[$0] }.min() ?? Int.max
        case .array(let array):
            return smallestDepth(childDepths: depths, candidates: candidates) { usable in
                !PlanFeasibility.arrayOptions(array, usable: usable, capacity: capacity).isEmpty
            }
        case .object(let object):
            return smallestDepth(childDepths: depths, candidates: candidates) { usable in
                PlanFeasibility.objectFeasible(object, usable: usable)
            }
        }
    }

    /// The least D such that the node is feasible using only children of depth below D
    /// (0 when it is feasible with no child at all), D - 1 one of the `candidates`.
    private static func smallestDepth(childDepths: [Int], candidates: [Int], feasible: ((Int) -> Bool) -> Bool) -> Int {
        if feasible({ _ in false }) { return 0 }
        for child in candidates where feasible({ childDepths[$0] <= child }) {
            return child + 1
        }
        return Int.max
    }
}
