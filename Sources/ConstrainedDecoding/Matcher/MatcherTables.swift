/// What the matcher precomputes once per plan: for every plan node, the table its values are
/// read against (string languages, choice tries, number languages, object keys), and which nodes
/// have a finite instance at all.
package final class MatcherTables: Sendable {
    package let plan: GenerationPlan
    /// Whether a node has a finite instance (a value the matcher may start).
    package let usable: [Bool]
    package let strings: [StringTable?]
    package let choices: [ChoiceTrie?]
    package let numbers: [NumberLanguage?]
    package let objects: [ObjectTable?]
    package let arrays: [ArrayTable?]
    /// Lower bounds on the number of distinct values of each node (for unique arrays).
    package let capacities: [Int]

    package init(plan: GenerationPlan, integersAreLexical: Bool) {
        self.plan = plan
        let usable = plan.minimumDepth.map { $0 != Int.max }
        self.usable = usable
        var strings = [StringTable?](repeating: nil, count: plan.nodes.count)
        var choices = [ChoiceTrie?](repeating: nil, count: plan.nodes.count)
        var numbers = [NumberLanguage?](repeating: nil, count: plan.nodes.count)
        var objects = [ObjectTable?](repeating: nil, count: plan.nodes.count)
        var arrays = [ArrayTable?](repeating: nil, count: plan.nodes.count)
        for (index, node) in plan.nodes.enumerated() where usable[index] {
            switch node {
            case .string(let strings_): strings[index] = StringTable(strings_)
            case .choice(let values): choices[index] = ChoiceTrie(values)
            case .boolean: choices[index] = .booleans
            case .null: choices[index] = .null
            case .number(let grid): numbers[index] = NumberLanguage(grid: grid, integersAreLexical: integersAreLexical)
            case .object(let object): objects[index] = ObjectTable(object, usable: usable)
            case .array(let array): arrays[index] = ArrayTable(array, usable: usable)
            case .never, .alternatives: break
            }
        }
        self.strings = strings
        self.choices = choices
        self.numbers = numbers
        self.objects = objects
        self.arrays = arrays
        let counter = PlanCapacity(plan: plan, depths: plan.minimumDepth)
        capacities = plan.nodes.indices.map { usable[$0] ? counter.capacity($0) : 0 }
    }
}

/// An object node's keys for matching: declared names sorted for prefix walks, dependencies
/// closed, and the languages of the extra keys.
package struct ObjectTable: Sendable {
    package struct Extra: Sendable {
        package let names: StringTable
        package let plan: Int
    }

    package let properties: [ObjectPlan.Property]
    package let minProperties: Int
    package let maxProperties: Int?
    /// Declared names as UTF-8, sorted.
    package let names: SortedByteStrings
    /// For each sorted position, the declaration index of that name.
    package let declarationIndex: [Int32]
    /// For each declaration index, its sorted position.
    package let sortedPosition: [Int32]
    /// For each declaration index, the declared properties it brings along (dependentRequired,
    /// closed under itself), as declaration indexes.
    package let dependencies: [[Int32]]
    /// The declaration indexes an object starts out needing (required, with their dependencies).
    package let initiallyNeeded: [Int32]
    package let extras: [Extra]
    /// How many extra keys an object can hold at most (saturating).
    package let extraCapacity: Int

    package init(_ object: ObjectPlan, usable: [Bool]) {
        properties = object.properties
        minProperties = object.minProperties
        maxProperties = object.maxProperties
        let utf8 = object.properties.map { Array($0.name.utf8) }
        names = SortedByteStrings(utf8)
        var declarationIndex = [Int32](repeating: 0, count: utf8.count)
        var sortedPosition = [Int32](repeating: 0, count: utf8.count)
        for (i, name) in utf8.enumerated() {
            let position = names.index(of: name)!
            declarationIndex[position] = Int32(i)
            sortedPosition[i] = Int32(position)
        }
        self.declarationIndex = declarationIndex
        self.sortedPosition = sortedPosition
        let indexOfName = Dictionary(object.properties.enumerated().map { ($1.name, Int32($0)) }, uniquingKeysWith: { a, _ in a })
        dependencies = object.properties.map { property in
            var closure: [Int32] = []
            var queue = object.dependentRequired[property.name] ?? []
            while let name = queue.popLast() {
                guard name != property.name, let index = indexOfName[name], !closure.contains(index) else { continue }
                closure.append(index)
                queue += object.dependentRequired[name] ?? []
            }
            return closure.sorted()
        }
        var needed: [Int32] = []
        for (i, property) in object.properties.enumerated() where property.required {
            needed.append(Int32(i))
            needed += dependencies[i]
        }
        initiallyNeeded = Array(Set(needed)).sorted()
        extras = object.extras.filter { usable[$0.plan] }.map { Extra(names: StringTable($0.names), plan: $0.plan) }
        extraCapacity = extras.reduce(0) { total, extra in
            let (sum, overflow) = total.addingReportingOverflow(extra.names.dfa.countStrings(
                lengthIn: extra.names.minLength...(extra.names.maxLength ?? Int.max), cap: 1 << 20))
            return overflow ? Int.max : sum
        }
    }
}

/// An array node's item plans for matching.
package struct ArrayTable: Sendable {
    package let array: ArrayPlan
    /// The first position with no usable plan (positions before it can all hold an item).
    package let firstUnusablePosition: Int
    /// For `contains`: whether each position's matching plan is usable (the last entry stands
    /// for every later position).
    private let matchable: [Bool]

    package init(_ array: ArrayPlan, usable: [Bool]) {
        self.array = array
        matchable = array.contains?.matching.map { usable[$0] } ?? []
        var position = 0
        while let plan = array.plan(at: position), usable[plan], position <= array.positional.count {
            position += 1
        }
        if position > array.positional.count, let rest = array.rest, usable[rest] { position = Int.max }
        firstUnusablePosition = position
    }

    /// How many positions from `start` (up to the array's bound) could hold a `contains` match,
    /// saturating at `Int.max`.
    package func matchablePositions(from start: Int) -> Int {
        guard let contains = array.contains, !matchable.isEmpty else { return 0 }
        let end = min(array.maxItems ?? Int.max, firstUnusablePosition)
        guard start < end else { return 0 }
        var count = 0
        let first = max(start, contains.from)
        if first < min(end, matchable.count) {
            for position in first..<min(end, matchable.count) where matchable[position] { count += 1 }
        }
        if end > max(first, matchable.count), matchable[matchable.count - 1] {
            if end == Int.max { return Int.max }
            count += end - max(first, matchable.count)
        }
        return count
    }
}
