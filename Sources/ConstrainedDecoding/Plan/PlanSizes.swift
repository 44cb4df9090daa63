/// The size of each plan node's smallest instance, counted in values and characters
/// (saturating): what a node costs once chosen when everything optional is left out and every
/// choice inside it is the smallest. Generation takes the smallest branch of a choice once its
/// size allowance is spent, so a recursive schema whose branches multiply (`anyOf: [null, an
/// array of ten of itself]`) stops growing; and the compiler refuses a node whose required
/// structure alone is too large to write (`minItems` 1,000 of `minItems` 1,000 of `minLength`
/// 1,000), which no single keyword reveals.
package enum PlanSizes {
    /// Sizes at or past this are "too large to count".
    package static let saturated = Int.max / 4
    /// Passes of the fixpoint before giving up on exactness (sizes only shrink from pass to
    /// pass, so what is left is an upper bound).
    package static let maximumPasses = 64

    /// The sizes, and whether they settled (exact) within `maximumPasses`.
    package static func compute(_ plan: GenerationPlan) -> (sizes: [Int], exact: Bool) {
        var sizes = Array(repeating: saturated, count: plan.nodes.count)
        for _ in 0..<maximumPasses {
            var changed = false
            for index in plan.nodes.indices where plan.minimumDepth[index] != Int.max {
                let size = self.size(of: plan.nodes[index], sizes: sizes, plan: plan)
                if size < sizes[index] {
                    sizes[index] = size
                    changed = true
                }
            }
            if !changed { return (sizes, true) }
        }
        return (sizes, false)
    }

    private static func size(of node: PlanNode, sizes: [Int], plan: GenerationPlan) -> Int {
        let usable: (Int) -> Bool = { plan.minimumDepth[$0] != Int.max }
        switch node {
        case .never: return saturated
        case .null, .boolean, .choice, .number: return 1
        case .string(let strings): return add(1, strings.minLength)
        case .alternatives(let branches):
            return branches.filter(usable).map { sizes[$0] }.min() ?? saturated
        case .array(let array):
            let count = max(array.minItems, array.contains?.minimum ?? 0)
            var total = 1
            for i in 0..<min(count, array.positional.count) { total = add(total, sizes[array.positional[i]]) }
            if count > array.positional.count {
                guard let rest = array.rest else { return saturated }
                total = add(total, times(count - array.positional.count, sizes[rest]))
            }
            return total
        case .object(let object):
            guard let required = object.requiredClosure else { return saturated }
            var total = 1
            for plan in required.plans { total = add(total, add(1, sizes[plan])) }
            let missing = object.minProperties - required.indices.count
            if missing > 0 {
                let extra = object.extras.filter { usable($0.plan) }.map { add($0.names.minLength, sizes[$0.plan]) }.min()
                let declared = object.properties.filter { usable($0.plan) }.map { sizes[$0.plan] }.min()
                guard let smallest = [extra, declared].compactMap({ $0 }).min() else { return saturated }
                total = add(total, times(missing, add(1, smallest)))
            }
            return total
        }
    }

    package static func add(_ a: Int, _ b: Int) -> Int {
        a >= saturated - b ? saturated : a + b
    }

    package static func times(_ count: Int, _ size: Int) -> Int {
        guard count > 0 else { return 0 }
        return size >= saturated / count ? saturated : count * size
    }
}
