/// How one reading (`MatchThread`) takes a byte: the successor readings, each of which can still
/// be completed to a valid instance (a reading that could not is never produced, which is what
/// keeps the matcher free of dead ends).
extension MatcherTables {
    package func advance(_ input: MatchThread, _ byte: UInt8, into out: inout [MatchThread]) {
        var thread = input
        recordInUniqueItems(&thread, byte)
        if thread.pending >= 0 {
            begin(thread, byte, into: &out)
            return
        }
        switch thread.leaf {
        case .none: stepFrame(thread, byte, into: &out)
        case .string(let cursor): stepString(thread, cursor, byte, into: &out)
        case .key(let cursor): stepKey(thread, cursor, byte, into: &out)
        case .number(let cursor): stepNumber(thread, cursor, byte, into: &out)
        case .literal(let cursor): stepLiteral(thread, cursor, byte, into: &out)
        }
    }

    /// Whether the reading is a whole valid instance.
    package func isComplete(_ thread: MatchThread) -> Bool {
        if thread.isFinished { return true }
        guard thread.frames.isEmpty, thread.pending < 0 else { return false }
        switch thread.leaf {
        case .number(let cursor): return numbers[Int(cursor.node)]!.accepts(cursor, excluding: [])
        case .literal(let cursor): return literalCanEnd(cursor)
        default: return false
        }
    }

    /// Items of unique arrays keep their text: every byte read inside one is theirs.
    private func recordInUniqueItems(_ thread: inout MatchThread, _ byte: UInt8) {
        for index in thread.frames.indices {
            guard case .array(var frame) = thread.frames[index], frame.unique != nil, frame.phase == .inItem else { continue }
            // A placeholder first, so the text's buffer is not shared while it grows.
            thread.frames[index] = .array(ArrayFrame(node: 0))
            frame.itemText.append(byte)
            thread.frames[index] = .array(frame)
        }
    }

    // MARK: - Values

    /// The first byte of the value of `thread.pending`.
    package func begin(_ input: MatchThread, _ byte: UInt8, into out: inout [MatchThread]) {
        let node = Int(input.pending)
        guard usable[node] else { return }
        var thread = input
        thread.pending = -1
        let unique = uniqueItemsOfTopArray(thread)
        switch plan.nodes[node] {
        case .never:
            return
        case .alternatives(let branches):
            for branch in branches where usable[branch] {
                var alternative = input
                alternative.pending = Int32(branch)
                begin(alternative, byte, into: &out)
            }
        case .object:
            guard byte == UInt8(ascii: "{"), structuredItemFits(node, earlier: unique?.objects) else { return }
            thread.frames.append(.object(ObjectFrame(node: Int32(node), needed: objects[node]!.initiallyNeeded)))
            out.append(thread)
        case .array:
            guard byte == UInt8(ascii: "["), structuredItemFits(node, earlier: unique?.arrays) else { return }
            thread.frames.append(.array(ArrayFrame(node: Int32(node), unique: arrays[node]!.array.unique ? .empty : nil)))
            out.append(thread)
        case .string:
            guard byte == UInt8(ascii: "\"") else { return }
            let table = strings[node]!
            let earlier = unique?.strings
            let cursor = StringCursor(node: Int32(node), language: LanguageCursor(table, other: earlier), earlier: earlier)
            guard cursor.language.isViable(table, other: earlier) else { return }
            thread.leaf = .string(cursor)
            out.append(thread)
        case .choice, .boolean, .null:
            let trie = choices[node]!
            guard let child = trie.child(of: 0, on: byte) else { return }
            let earlier = unique?.texts
            let range = earlier.map { $0.narrow(0..<$0.count, depth: 0, byte: byte) } ?? 0..<0
            let cursor = LiteralCursor(node: Int32(node), trieNode: Int32(child), depth: 1, earlier: earlier, earlierRange: range.range32)
            guard literalIsViable(cursor) else { return }
            thread.leaf = .literal(cursor)
            out.append(thread)
        case .number:
            let language = numbers[node]!
            guard let cursor = NumberCursor(node: node, first: byte, fractions: language.allowsFractions,
                                            canonical: isInsideUniqueItem(thread)),
                  language.canComplete(cursor, excluding: unique?.numbers ?? []) else { return }
            thread.leaf = .number(cursor)
            out.append(thread)
        }
    }

    /// The earlier items when the value being started is an item of a unique array.
    func uniqueItemsOfTopArray(_ thread: MatchThread) -> UniqueItems? {
        guard case .array(let frame)? = thread.frames.last, frame.phase == .inItem else { return nil }
        return frame.unique
    }

    private func isInsideUniqueItem(_ thread: MatchThread) -> Bool {
        thread.frames.contains { frame in
            if case .array(let array) = frame { return array.unique != nil && array.phase == .inItem }
            return false
        }
    }

    /// The reading once its string value closes, whatever the value holds; nil when the content
    /// matters to what follows (inside an item of a unique array).
    package func closedString(_ input: MatchThread) -> MatchThread? {
        guard !isInsideUniqueItem(input) else { return nil }
        var thread = input
        thread.leaf = .none
        return finishValue(&thread, dropLastByte: false) ? thread : nil
    }

    /// Whether a structured item can still differ from the `earlier` items of its kind (arrays
    /// or objects) of a unique array, judged by the node's distinct-value count (a lower
    /// bound); items of other kinds never equal it, so a mixed array may hold one of each.
    private func structuredItemFits(_ node: Int, earlier: Int?) -> Bool {
        guard let earlier else { return true }
        return capacities[node] > earlier
    }

    /// The value just read is complete: the enclosing container takes it. False when that breaks
    /// the container (an item equal to an earlier one of a unique array). `dropLastByte`: the
    /// byte that ended the value (after a number) is the container's, not the item's.
    private func finishValue(_ thread: inout MatchThread, dropLastByte: Bool) -> Bool {
        guard let last = thread.frames.indices.last else { return true }
        switch thread.frames[last] {
        case .array(var frame):
            frame.count += 1
            if frame.itemMatches { frame.matches += 1 }
            if let unique = frame.unique {
                if dropLastByte { frame.itemText.removeLast() }
                guard let added = unique.adding(text: frame.itemText) else { return false }
                frame.unique = added
                frame.itemText = []
            }
            frame.itemMatches = false
            frame.phase = .afterItem
            thread.frames[last] = .array(frame)
        case .object(var frame):
            frame.phase = .afterValue
            thread.frames[last] = .object(frame)
        }
        return true
    }

    // MARK: - Scalars

    private func stepString(_ input: MatchThread, _ cursor: StringCursor, _ byte: UInt8, into out: inout [MatchThread]) {
        var thread = input
        switch stringStep(cursor, byte) {
        case .rejected:
            return
        case .inside(let next):
            thread.leaf = .string(next)
            out.append(thread)
        case .closed:
            thread.leaf = .none
            guard finishValue(&thread, dropLastByte: false) else { return }
            out.append(thread)
        }
    }

    package enum StringStep {
        case rejected
        case inside(StringCursor)
        case closed
    }

    /// One byte of a string value, judged by the string alone.
    package func stringStep(_ cursor: StringCursor, _ byte: UInt8) -> StringStep {
        let table = strings[Int(cursor.node)]!
        var next = cursor
        switch next.decoder.feed(byte) {
        case .invalid:
            return .rejected
        case .partial:
            guard next.language.isViable(afterSomeOf: next.decoder.possibleScalars, table, other: cursor.earlier) else { return .rejected }
        case .scalar(let scalar):
            guard let language = next.language.advanced(by: scalar, table, other: cursor.earlier),
                  language.isViable(table, other: cursor.earlier) else { return .rejected }
            next.language = language
        case .end:
            return cursor.language.canEnd(table, other: cursor.earlier) ? .closed : .rejected
        }
        return .inside(next)
    }

    private func stepNumber(_ input: MatchThread, _ cursor: NumberCursor, _ byte: UInt8, into out: inout [MatchThread]) {
        let language = numbers[Int(cursor.node)]!
        let excluded = uniqueItemsOfTopArray(input)?.numbers ?? []
        var next = cursor
        var thread = input
        if next.feed(byte) {
            guard language.canComplete(next, excluding: excluded) else { return }
            thread.leaf = .number(next)
            out.append(thread)
            return
        }
        // Any other byte ends the number, and belongs to what encloses it.
        guard language.accepts(cursor, excluding: excluded) else { return }
        thread.leaf = .none
        guard finishValue(&thread, dropLastByte: true) else { return }
        stepFrame(thread, byte, into: &out)
    }

    private func stepLiteral(_ input: MatchThread, _ cursor: LiteralCursor, _ byte: UInt8, into out: inout [MatchThread]) {
        let trie = choices[Int(cursor.node)]!
        var thread = input
        if let child = trie.child(of: Int(cursor.trieNode), on: byte) {
            var next = cursor
            next.trieNode = Int32(child)
            next.depth += 1
            if let earlier = cursor.earlier {
                next.earlierRange = earlier.narrow(cursor.earlierRange.range, depth: Int(cursor.depth), byte: byte).range32
            }
            guard literalIsViable(next) else { return }
            thread.leaf = .literal(next)
            out.append(thread)
            return
        }
        // A number among the values may be followed by what encloses it.
        guard literalCanEnd(cursor) else { return }
        thread.leaf = .none
        guard finishValue(&thread, dropLastByte: true) else { return }
        stepFrame(thread, byte, into: &out)
    }

    /// Whether the literal's text may end here (a value ends, not taken already).
    func literalCanEnd(_ cursor: LiteralCursor) -> Bool {
        let trie = choices[Int(cursor.node)]!
        guard trie.nodes[Int(cursor.trieNode)].terminal else { return false }
        if let earlier = cursor.earlier, earlier.containsPrefix(cursor.earlierRange.range, depth: Int(cursor.depth)) { return false }
        return true
    }

    /// Whether some value below the literal's trie node is not taken by an earlier item.
    private func literalIsViable(_ cursor: LiteralCursor) -> Bool {
        guard let earlier = cursor.earlier, !cursor.earlierRange.isEmpty else { return true }
        let trie = choices[Int(cursor.node)]!
        let taken = earlier.strings[cursor.earlierRange.range].filter { trie.texts.index(of: $0) != nil }.count
        return trie.nodes[Int(cursor.trieNode)].valuesBelow > taken
    }

    // MARK: - Keys

    private func stepKey(_ input: MatchThread, _ cursor: KeyCursor, _ byte: UInt8, into out: inout [MatchThread]) {
        guard case .object(let frame)? = input.frames.last else { return }
        let table = objects[Int(frame.node)]!
        var next = cursor
        var thread = input
        switch next.decoder.feed(byte) {
        case .invalid:
            return
        case .partial:
            guard keyIsViable(next, frame, table, afterSomeOf: next.decoder.possibleScalars) else { return }
        case .scalar(let scalar):
            let depth = next.bytes.count
            scalar.forEachUTF8Byte { next.bytes.append($0) }
            next.declared = table.names.narrow(next.declared.range, depth: depth, bytes: next.bytes[depth...]).range32
            for index in next.extras.indices {
                next.extras[index] = next.extras[index]?.advanced(by: scalar, table.extras[index].names, other: frame.usedExtras)
            }
            guard keyIsViable(next, frame, table, afterSomeOf: nil) else { return }
        case .end:
            endKey(thread, cursor, frame, table, into: &out)
            return
        }
        thread.leaf = .key(next)
        out.append(thread)
    }

    /// Whether the key can still become an allowed declared name or an extra key — after one of
    /// `ranges` when the next scalar is only partly read.
    private func keyIsViable(_ key: KeyCursor, _ frame: ObjectFrame, _ table: ObjectTable, afterSomeOf ranges: [ClosedRange<UInt32>]?) -> Bool {
        let depth = key.bytes.count
        for position in allowedPositions(key) {
            guard let ranges else { return true }
            let name = table.names.strings[Int(position)]
            if name.count > depth, let scalar = name[depth...].firstScalar,
               ranges.contains(where: { $0.contains(scalar.value) }) {
                return true
            }
        }
        for (index, extra) in key.extras.enumerated() {
            guard let extra else { continue }
            let names = table.extras[index].names
            if let ranges {
                if extra.isViable(afterSomeOf: ranges, names, other: frame.usedExtras) { return true }
            } else if extra.isViable(names, other: frame.usedExtras) {
                return true
            }
        }
        return false
    }

    /// The allowed declared names (sorted positions) that the key so far is a prefix of.
    package func allowedPositions(_ key: KeyCursor) -> ArraySlice<Int32> {
        let low = key.allowed.lowerBound(of: key.declared.lowerBound)
        let high = key.allowed.lowerBound(of: key.declared.upperBound)
        return key.allowed[low..<high]
    }

    private func endKey(_ thread: MatchThread, _ key: KeyCursor, _ frame: ObjectFrame, _ table: ObjectTable,
                        into out: inout [MatchThread]) {
        if table.names.containsPrefix(key.declared.range, depth: key.bytes.count),
           key.allowed.binarySearch(key.declared.lowerBound) != nil {
            out.append(keyedDeclared(thread, frame, table, position: Int(key.declared.lowerBound), key: key.bytes))
        }
        for (index, extra) in key.extras.enumerated() {
            guard let extra, extra.canEnd(table.extras[index].names, other: frame.usedExtras) else { continue }
            out.append(keyedExtra(thread, frame, table, index: index, key: key.bytes))
        }
    }

    /// The reading once its key closes as the allowed declared name at sorted `position`.
    package func keyedDeclared(_ thread: MatchThread, _ frame: ObjectFrame, _ table: ObjectTable, position: Int, key: [UInt8]) -> MatchThread {
        let index = Int(table.declarationIndex[position])
        var next = frame
        next.key = key
        next.valuePlan = Int32(table.properties[index].plan)
        next.needed = neededAfterAdding(index, frame, table)!.filter { $0 != Int32(index) }
        next.present.append(Int32(index))
        next.next = Int32(index + 1)
        return keyed(thread, next)
    }

    /// The reading once its key closes as an extra key of language `index`.
    package func keyedExtra(_ thread: MatchThread, _ frame: ObjectFrame, _ table: ObjectTable, index: Int, key: [UInt8]) -> MatchThread {
        var next = frame
        next.key = key
        next.valuePlan = Int32(table.extras[index].plan)
        next.extrasStarted = true
        next.next = Int32(table.properties.count)
        next.usedExtras = frame.usedExtras.inserting(key)
        return keyed(thread, next)
    }

    /// The reading after a whole key: one more property in `frame`, its value next.
    private func keyed(_ thread: MatchThread, _ frame: ObjectFrame) -> MatchThread {
        var frame = frame
        frame.count += 1
        frame.phase = .afterKey
        var successor = thread
        successor.leaf = .none
        successor.frames[successor.frames.count - 1] = .object(frame)
        return successor
    }

    /// The key cursor a new key starts with, or nil when no key may come.
    private func startKey(_ frame: ObjectFrame, _ table: ObjectTable) -> KeyCursor? {
        var allowed: [Int32] = []
        if !frame.extrasStarted, !table.properties.isEmpty {
            let limit = Int(frame.needed.first ?? Int32(table.properties.count - 1))
            if Int(frame.next) <= limit {
                for index in Int(frame.next)...limit where isAddable(index, frame, table) {
                    allowed.append(table.sortedPosition[index])
                }
            }
            allowed.sort()
        }
        let extrasOpen = extrasAreAddable(frame, table)
        let extras = table.extras.map { extra -> LanguageCursor? in
            extrasOpen ? LanguageCursor(extra.names, other: frame.usedExtras) : nil
        }
        let key = KeyCursor(declared: 0..<Int32(table.names.count), allowed: allowed, extras: extras)
        return keyIsViable(key, frame, table, afterSomeOf: nil) ? key : nil
    }

    /// The declared properties still needed once property `index` is added, or nil when adding
    /// it would strand a dependency declared before it.
    private func neededAfterAdding(_ index: Int, _ frame: ObjectFrame, _ table: ObjectTable) -> [Int32]? {
        var needed = frame.needed
        for dependency in table.dependencies[index] {
            if dependency < Int32(index) {
                guard frame.present.binarySearch(dependency) != nil else { return nil }
            } else if !needed.contains(dependency) {
                needed.append(dependency)
            }
        }
        return needed.sorted()
    }

    private func isAddable(_ index: Int, _ frame: ObjectFrame, _ table: ObjectTable) -> Bool {
        guard usable[table.properties[index].plan], let needed = neededAfterAdding(index, frame, table) else { return false }
        let stillNeeded = needed.filter { $0 != Int32(index) }
        guard stillNeeded.allSatisfy({ usable[table.properties[Int($0)].plan] }) else { return false }
        let count = Int(frame.count) + 1
        if let maximum = table.maxProperties, count + stillNeeded.count > maximum { return false }
        if table.minProperties > count + stillNeeded.count {
            return reachableCount(after: index, needed: stillNeeded, count: count, frame, table) >= table.minProperties
        }
        return true
    }

    /// A count of properties the object can surely reach after adding property `index`: the
    /// needed ones, then later optional ones taken greedily, then extra keys.
    private func reachableCount(after index: Int, needed: [Int32], count: Int, _ frame: ObjectFrame, _ table: ObjectTable) -> Int {
        var total = count + needed.count
        let maximum = table.maxProperties ?? Int.max
        var taken = Set(needed)
        for later in (index + 1)..<table.properties.count where total < maximum && !taken.contains(Int32(later)) {
            guard usable[table.properties[later].plan] else { continue }
            let dependencies = table.dependencies[later].filter { !taken.contains($0) }
            guard dependencies.allSatisfy({ $0 > Int32(later) && usable[table.properties[Int($0)].plan] }),
                  total + 1 + dependencies.count <= maximum else { continue }
            total += 1 + dependencies.count
            taken.insert(Int32(later))
            taken.formUnion(dependencies)
        }
        let room = maximum - total
        return total + min(room, max(0, table.extraCapacity - frame.usedExtras.count))
    }

    private func extrasAreAddable(_ frame: ObjectFrame, _ table: ObjectTable) -> Bool {
        guard !table.extras.isEmpty, frame.needed.isEmpty else { return false }
        let count = Int(frame.count) + 1
        if let maximum = table.maxProperties, count > maximum { return false }
        if table.minProperties > count {
            return table.extraCapacity - frame.usedExtras.count - 1 >= table.minProperties - count
        }
        return true
    }

    // MARK: - Containers

    package func stepFrame(_ input: MatchThread, _ byte: UInt8, into out: inout [MatchThread]) {
        guard let last = input.frames.indices.last else { return }
        var thread = input
        switch input.frames[last] {
        case .array(var frame):
            switch frame.phase {
            case .opened:
                if byte == UInt8(ascii: "]") { closeArray(thread, frame, into: &out) } else { startItem(thread, frame, byte, into: &out) }
            case .afterComma:
                startItem(thread, frame, byte, into: &out)
            case .afterItem:
                if byte == UInt8(ascii: ","), canStartItem(thread, frame) {
                    frame.phase = .afterComma
                    thread.frames[last] = .array(frame)
                    out.append(thread)
                } else if byte == UInt8(ascii: "]") {
                    closeArray(thread, frame, into: &out)
                }
            case .inItem:
                return
            }
        case .object(var frame):
            let table = objects[Int(frame.node)]!
            switch frame.phase {
            case .opened, .afterComma, .afterValue:
                if byte == UInt8(ascii: "}"), frame.phase != .afterComma {
                    guard frame.needed.isEmpty, Int(frame.count) >= table.minProperties else { return }
                    thread.frames.removeLast()
                    guard finishValue(&thread, dropLastByte: false) else { return }
                    out.append(thread)
                } else if byte == UInt8(ascii: ","), frame.phase == .afterValue {
                    guard startKey(frame, table) != nil else { return }
                    frame.phase = .afterComma
                    thread.frames[last] = .object(frame)
                    out.append(thread)
                } else if byte == UInt8(ascii: "\""), frame.phase != .afterValue, let key = startKey(frame, table) {
                    frame.phase = .inKey
                    thread.frames[last] = .object(frame)
                    thread.leaf = .key(key)
                    out.append(thread)
                }
            case .afterKey:
                guard byte == UInt8(ascii: ":") else { return }
                frame.phase = .inValue
                thread.frames[last] = .object(frame)
                thread.pending = frame.valuePlan
                out.append(thread)
            case .inKey, .inValue:
                return
            }
        }
    }

    private func closeArray(_ input: MatchThread, _ frame: ArrayFrame, into out: inout [MatchThread]) {
        let array = arrays[Int(frame.node)]!.array
        guard Int(frame.count) >= array.minItems, Int(frame.matches) >= (array.contains?.minimum ?? 0) else { return }
        var thread = input
        thread.frames.removeLast()
        guard finishValue(&thread, dropLastByte: false) else { return }
        out.append(thread)
    }

    /// The plans the next item may take, with whether it is started as a `contains` match.
    private func itemOptions(_ frame: ArrayFrame) -> [(plan: Int, matches: Bool)] {
        let table = arrays[Int(frame.node)]!
        let array = table.array
        let position = Int(frame.count)
        guard array.maxItems.map({ position < $0 }) ?? true, let base = array.plan(at: position) else { return [] }
        if position + 1 < array.minItems, table.firstUnusablePosition < array.minItems { return [] }
        guard let contains = array.contains, position >= contains.from else {
            return usable[base] ? [(base, false)] : []
        }
        var options: [(plan: Int, matches: Bool)] = []
        // Matches still possible after this item: enough to reach the minimum either way?
        let after = table.matchablePositions(from: position + 1)
        let matched = Int(frame.matches)
        let matching = contains.matchingPlan(at: position)
        if usable[matching], contains.maximum.map({ matched + 1 <= $0 }) ?? true,
           after == Int.max || matched + 1 + after >= contains.minimum {
            options.append((matching, true))
        }
        let missing = contains.nonMatchingPlan(at: position) ?? base
        if usable[missing], after == Int.max || matched + after >= contains.minimum {
            options.append((missing, false))
        }
        return options
    }

    private func startItem(_ input: MatchThread, _ frame: ArrayFrame, _ byte: UInt8, into out: inout [MatchThread]) {
        for option in itemOptions(frame) {
            var item = frame
            item.phase = .inItem
            item.itemMatches = option.matches
            if item.unique != nil { item.itemText = [byte] }
            var thread = input
            thread.frames[thread.frames.count - 1] = .array(item)
            thread.pending = Int32(option.plan)
            begin(thread, byte, into: &out)
        }
    }

    /// Whether another item can follow `,`: some item option has some first byte.
    private func canStartItem(_ thread: MatchThread, _ frame: ArrayFrame) -> Bool {
        var scratch: [MatchThread] = []
        for byte in Self.valueFirstBytes {
            startItem(thread, frame, byte, into: &scratch)
            if !scratch.isEmpty { return true }
        }
        return false
    }

    /// Every byte a JSON value can start with.
    package static let valueFirstBytes: [UInt8] = Array("{[\"-0123456789tfn".utf8)
}
