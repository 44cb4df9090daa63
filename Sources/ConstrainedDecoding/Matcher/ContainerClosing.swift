import JSONSchema

/// The least text that closes an open object or array as the schema allows: the properties
/// still required (and, for `minProperties` or after a comma, the cheapest others: optional
/// ones that bring no others along, and extra keys), the items `minItems` and `contains` still
/// ask for, each written as its node's smallest value, then the bracket.
/// Nil where that would not be valid or is not known: a unique array that would need a second
/// item (equal smallest values), a node with no known smallest value.
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
            if phase == .afterValue || index > 0 { text.append(UInt8(ascii: ",")) }
            text += property
        }
        text.append(UInt8(ascii: "}"))
        return text
    }

    /// The properties the object still needs, each written `"name":value`, in the order the
    /// matcher takes them: the declared ones it needs, with the cheapest others that
    /// `minProperties` (or a comma already written) asks for — declared optional ones with no
    /// `dependentRequired` of their own, and extra keys, which come after every declared one.
    private func propertiesToAdd(_ frame: ObjectFrame, _ table: ObjectTable, atLeastOne: Bool) -> [[UInt8]]? {
        var declared = frame.needed.map(Int.init)
        var extras: [[UInt8]] = []
        var missing = table.minProperties - Int(frame.count) - declared.count
        if atLeastOne, declared.isEmpty { missing = max(missing, 1) }
        if missing > 0 {
            // The extra keys come cheapest first, so the cheapest candidates of all are the cheapest mix.
            let optional = (Int(frame.next)..<table.properties.count).filter { index in
                !declared.contains(index) && table.dependencies[index].isEmpty
            }
            let candidates = optional.compactMap { index in written(index, table).map { (index: index as Int?, text: $0) } }
                + cheapestExtras(frame, table, upTo: missing).map { (index: nil, text: $0) }
            let cheapest = candidates.sorted { $0.text.count < $1.text.count }.prefix(missing)
            guard cheapest.count == missing else { return nil }
            declared += cheapest.compactMap(\.index)
            extras = cheapest.filter { $0.index == nil }.map(\.text)
        }
        if let maximum = table.maxProperties, Int(frame.count) + declared.count + extras.count > maximum { return nil }
        var properties: [[UInt8]] = []
        for property in declared.sorted() {
            guard let text = written(property, table) else { return nil }
            properties.append(text)
        }
        return properties + extras
    }

    /// A declared property written with its smallest value.
    private func written(_ property: Int, _ table: ObjectTable) -> [UInt8]? {
        guard let value = values[table.properties[property].plan] else { return nil }
        var text: [UInt8] = []
        JSONWriter.writeString(table.properties[property].name, into: &text)
        return text + [UInt8(ascii: ":")] + value
    }

    /// Up to `limit` extra properties the object can still take, each written with its
    /// smallest value and the cheapest once the names before it are taken — found by the
    /// matcher's own steps from a key that may only be extra.
    private func cheapestExtras(_ frame: ObjectFrame, _ table: ObjectTable, upTo limit: Int) -> [[UInt8]] {
        guard !table.extras.isEmpty else { return [] }
        var frame = frame
        var found: [[UInt8]] = []
        let valued: (MatchThread) -> [UInt8]? = { keyed in
            guard case .object(let object)? = keyed.frames.last else { return nil }
            return values[Int(object.valuePlan)].map { [UInt8(ascii: ":")] + $0 }
        }
        while found.count < limit {
            frame.phase = .inKey
            let key = KeyCursor(declared: 0..<Int32(table.names.count), allowed: [],
                                extras: table.extras.map { LanguageCursor($0.names, other: frame.usedExtras) })
            guard let ending = tables.scalarEnding(MatchThread(frames: [.object(frame)], pending: -1, leaf: .key(key)), then: valued),
                  case .object(let keyed)? = ending.reading.frames.last else { break }
            found.append([UInt8(ascii: "\"")] + ending.text)
            frame = keyed
        }
        return found
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
