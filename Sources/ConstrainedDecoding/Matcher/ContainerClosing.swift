import JSONSchema

/// The least text that closes an open object or array as the schema allows: the properties
/// still required (and, for `minProperties` or after a comma, the cheapest optional ones that
/// bring no others along), the items `minItems` and `contains` still ask for, each written as
/// its node's smallest value, then the bracket.
/// Nil where that would not be valid or is not known: an object that would need extra keys, a
/// unique array that would need a second item (equal smallest values), a node with no known
/// smallest value.
struct ContainerClosing {
    let tables: MatcherTables
    /// The smallest value of each plan node as compact JSON text, as known so far.
    let values: [[UInt8]?]

    /// The smallest value of a container or alternatives node, from the values of its parts.
    func smallest(_ node: Int) -> [UInt8]? {
        switch tables.plan.nodes[node] {
        case .object:
            let frame = ObjectFrame(node: Int32(node), needed: tables.objects[node]!.initiallyNeeded)
            return closing(.object(frame)).map { [UInt8(ascii: "{")] + $0 }
        case .array:
            let frame = ArrayFrame(node: Int32(node), unique: tables.arrays[node]!.array.unique ? .empty : nil)
            return closing(.array(frame)).map { [UInt8(ascii: "[")] + $0 }
        case .alternatives(let branches):
            return branches.compactMap { tables.usable[$0] ? values[$0] : nil }.min { $0.count < $1.count }
        default:
            return values[node]
        }
    }

    /// The text that closes `frame`; a frame whose item or value is being read takes it as
    /// ended.
    func closing(_ frame: MatchFrame) -> [UInt8]? {
        switch frame {
        case .object(let object): closing(object)
        case .array(let array): closing(array)
        }
    }

    private func closing(_ frame: ObjectFrame) -> [UInt8]? {
        let table = tables.objects[Int(frame.node)]!
        var text: [UInt8] = []
        var phase = frame.phase
        switch phase {
        case .afterKey:
            guard let value = values[Int(frame.valuePlan)] else { return nil }
            text = [UInt8(ascii: ":")] + value
            phase = .afterValue
        case .inValue:
            phase = .afterValue
        case .inKey:
            return nil
        case .opened, .afterComma, .afterValue:
            break
        }
        guard let properties = propertiesToAdd(frame, table, atLeastOne: phase == .afterComma) else { return nil }
        for (index, property) in properties.enumerated() {
            guard let value = values[table.properties[property].plan] else { return nil }
            if phase == .afterValue || index > 0 { text.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(table.properties[property].name, into: &text)
            text.append(UInt8(ascii: ":"))
            text += value
        }
        text.append(UInt8(ascii: "}"))
        return text
    }

    /// The declared properties the object still needs, with the cheapest optional ones that
    /// `minProperties` (or a comma already written) asks for — among those with no
    /// `dependentRequired` of their own — in declaration order.
    private func propertiesToAdd(_ frame: ObjectFrame, _ table: ObjectTable, atLeastOne: Bool) -> [Int]? {
        var chosen = frame.needed.map(Int.init)
        var missing = table.minProperties - Int(frame.count) - chosen.count
        if atLeastOne, chosen.isEmpty { missing = max(missing, 1) }
        if missing > 0 {
            guard !frame.extrasStarted else { return nil }
            let optional = (Int(frame.next)..<table.properties.count).filter { index in
                !chosen.contains(index) && table.dependencies[index].isEmpty && values[table.properties[index].plan] != nil
            }
            let cheapest = optional.sorted { cost($0, table) < cost($1, table) }.prefix(missing)
            guard cheapest.count == missing else { return nil }
            chosen += cheapest
        }
        if let maximum = table.maxProperties, Int(frame.count) + chosen.count > maximum { return nil }
        return chosen.sorted()
    }

    /// The length of a property written with its smallest value.
    private func cost(_ property: Int, _ table: ObjectTable) -> Int {
        table.properties[property].name.utf8.count + values[table.properties[property].plan]!.count
    }

    private func closing(_ frame: ArrayFrame) -> [UInt8]? {
        let array = tables.arrays[Int(frame.node)]!.array
        var count = Int(frame.count)
        var matches = Int(frame.matches)
        var phase = frame.phase
        if phase == .inItem {
            count += 1
            if frame.itemMatches { matches += 1 }
            phase = .afterItem
        }
        var text: [UInt8] = []
        let minimumMatches = array.contains?.minimum ?? 0
        var added = 0
        while count < array.minItems || matches < minimumMatches || (phase == .afterComma && added == 0) {
            // Smallest values are equal to each other, so a unique array takes one item at most.
            guard frame.unique == nil || count == 0, array.maxItems.map({ count < $0 }) ?? true else { return nil }
            var plan = array.plan(at: count)
            if let contains = array.contains, count >= contains.from {
                if matches < minimumMatches {
                    plan = contains.matchingPlan(at: count)
                    matches += 1
                } else if let other = contains.nonMatchingPlan(at: count) {
                    plan = other
                }
            }
            guard let plan, let value = values[plan] else { return nil }
            if phase == .afterItem || added > 0 { text.append(UInt8(ascii: ",")) }
            text += value
            count += 1
            added += 1
        }
        text.append(UInt8(ascii: "]"))
        return text
    }
}
