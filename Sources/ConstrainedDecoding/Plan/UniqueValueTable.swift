/// What generation needs to produce values distinct from others (`uniqueItems`), computed once
/// when the plan is compiled rather than per instance: the distinct-value count of every item
/// plan of a unique array, and how every object plan that can be asked for a value distinct from
/// others makes itself distinct (unique arrays' items, and what they pass that request on to:
/// alternatives' branches and distinguishing properties).
package struct UniqueValueTable: Sendable {
    private var capacities: [Int: Int] = [:]
    package private(set) var distinctions: [Int: ObjectDistinction] = [:]

    package static let empty = UniqueValueTable()

    private init() {}

    package init(plan: GenerationPlan) {
        let counter = PlanCapacity(plan: plan, depths: plan.minimumDepth)
        var pending: [Int] = []
        for case .array(let array) in plan.nodes where array.unique {
            let items = array.positional + (array.rest.map { [$0] } ?? [])
            for item in items where capacities[item] == nil {
                capacities[item] = counter.capacity(item)
            }
            pending += items
            if let contains = array.contains {
                pending += contains.matching + (contains.nonMatching ?? [])
            }
        }
        var visited = Set<Int>()
        while let index = pending.popLast() {
            guard visited.insert(index).inserted else { continue }
            switch plan.nodes[index] {
            case .alternatives(let branches):
                pending += branches
            case .object(let object):
                let distinction = counter.distinction(object)
                distinctions[index] = distinction
                if case .property(let property)? = distinction { pending.append(property.plan) }
            default:
                break
            }
        }
    }

    /// The distinct-value count of `index`, an item plan of a unique array.
    package func capacity(_ index: Int) -> Int {
        guard let capacity = capacities[index] else {
            preconditionFailure("plan \(index) is not the item plan of a unique array")
        }
        return capacity
    }
}
