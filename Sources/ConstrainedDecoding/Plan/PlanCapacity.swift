/// Distinct-value counts of plan nodes, saturating, and conservative where exact counting would
/// be costly. Each count is a promise the generator keeps: given fewer excluded values than the
/// count, it can produce one that is none of them. Structures count one way of telling them
/// apart — an object through its best distinguishing property or through the names of its extra
/// keys, an array through its length.
///
/// Counts are remembered per node: recursive schemas share subplans, and recounting them on every
/// path is exponential. A count taken while a cycle was cut is lower than the true one, which
/// keeps every remembered figure a valid lower bound.
package final class PlanCapacity {
    package let plan: GenerationPlan
    package let depths: [Int]
    package static let cap = 1 << 20
    private var known: [Int: Int] = [:]

    package init(plan: GenerationPlan, depths: [Int]) {
        self.plan = plan
        self.depths = depths
    }

    package func capacity(_ index: Int) -> Int {
        var visiting = Set<Int>()
        return capacity(index, &visiting)
    }

    private func capacity(_ index: Int, _ visiting: inout Set<Int>) -> Int {
        if let count = known[index] { return count }
        guard depths[index] != Int.max, visiting.insert(index).inserted else { return 0 }
        defer { visiting.remove(index) }
        let count = count(index, &visiting)
        known[index] = count
        return count
    }

    private func count(_ index: Int, _ visiting: inout Set<Int>) -> Int {
        switch plan.nodes[index] {
        case .never: return 0
        case .null: return 1
        case .boolean: return 2
        case .choice(let values): return values.count
        case .number(let grid): return grid.capacity(cap: Self.cap)
        case .string(let strings): return min(strings.capacity, Self.cap)
        case .alternatives(let branches):
            return branches.map { capacity($0, &visiting) }.max() ?? 0
        case .object(let object):
            let distinguishing = Self.candidates(object).map { capacity($0.plan, &visiting) }
            return max(1, distinguishing.max() ?? 1, extraKeyCapacity(object))
        case .array(let array):
            let options = PlanFeasibility.arrayOptions(array, usable: isUsable, capacity: { capacity($0, &visiting) })
            return max(1, Set(options.map(\.count)).count)
        }
    }

    private func isUsable(_ index: Int) -> Bool { depths[index] != Int.max }

    /// Properties that can tell objects apart: the required ones, or any declared one when the
    /// object has room for another key.
    private static func candidates(_ object: ObjectPlan) -> [ObjectPlan.Property] {
        let required = object.properties.filter(\.required)
        if !required.isEmpty || object.maxProperties == 0 { return required }
        return object.properties.filter { object.dependentRequired[$0.name]?.isEmpty ?? true }
    }

    /// How to make an object differ from others (for unique items): through the values of one
    /// property, or through the names of its extra keys, whichever tells more objects apart.
    package func distinction(_ object: ObjectPlan) -> ObjectDistinction? {
        let property = Self.candidates(object).max { capacity($0.plan) < capacity($1.plan) }
        let byProperty = property.map { capacity($0.plan) } ?? 0
        if let layout = ExtraKeyLayout(object, usable: isUsable), extraKeyCapacity(object) > byProperty {
            return .extraKeys(layout)
        }
        return property.map { .property($0) }
    }

    /// Objects made of the required properties and `layout.count` extra keys differ by their
    /// sets of key names: the last name is free among the usable names (`names - count + 1`
    /// sets), and with no extra key needed, the object without one is another.
    private func extraKeyCapacity(_ object: ObjectPlan) -> Int {
        guard let layout = ExtraKeyLayout(object, usable: isUsable) else { return 0 }
        var names = 0
        for extra in object.extras where isUsable(extra.plan) {
            names = min(Self.cap, names + extra.names.capacity)
        }
        guard names >= layout.count else { return 0 }
        return min(Self.cap, names - layout.count + 1 + (layout.mayOmitExtras ? 1 : 0))
    }
}

/// How the generator makes an object differ from excluded ones.
package enum ObjectDistinction: Sendable {
    /// A value of this property that no excluded object has.
    case property(ObjectPlan.Property)
    /// The required properties plus extra keys whose set of names no excluded object has.
    case extraKeys(ExtraKeyLayout)
}

/// The shape of objects told apart by their extra keys: the required properties (with their
/// dependencies) and `count` extra keys — at least one, more when `minProperties` asks.
package struct ExtraKeyLayout: Sendable {
    package let count: Int
    /// Whether the required properties alone are also a valid object (no extra key needed).
    package let mayOmitExtras: Bool

    /// Nil when the required properties are unavailable or leave no room for an extra key.
    package init?(_ object: ObjectPlan, usable: (Int) -> Bool) {
        guard !object.extras.isEmpty, let required = PlanFeasibility.requiredClosure(object, usable: usable) else { return nil }
        let missing = max(0, object.minProperties - required.count)
        count = max(1, missing)
        mayOmitExtras = missing == 0
        if let maximum = object.maxProperties, required.count + count > maximum { return nil }
    }
}
