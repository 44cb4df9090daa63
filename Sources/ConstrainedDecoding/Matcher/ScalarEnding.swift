import RegexAutomata

/// How the scalar a reading is inside — a string, an object key, a number, a literal — ends
/// soonest: a search over the matcher's own steps, so what it finds is read exactly as the
/// matcher reads it (lengths, patterns, excluded values, the earlier items of a unique array).
extension MatcherTables {
    /// The readings the search visits at most before it gives up; far more than any string
    /// automaton or literal trie of a real schema needs.
    static let maximumScalarSearch = 1 << 12

    /// The fewest bytes that end the scalar `thread` is reading and then write `tail` of the
    /// reading there — a string or key closed by its quote, a number or literal that may stop
    /// where it is (what encloses it takes the next byte) — counted together, so a key is
    /// chosen with what its value and the rest of its object cost (every other scalar leaves
    /// the same reading behind whatever it holds, so its first end is its best). A reading
    /// outside any scalar ends at once; one that expects a scalar value reads a whole one. Nil
    /// when no end whose tail is known is found.
    func endOfScalar(_ thread: MatchThread, then tail: (MatchThread) -> [UInt8]?) -> [UInt8]? {
        scalarEnding(thread, then: tail)?.text
    }

    /// `endOfScalar`'s text, with the reading where the scalar ended (before the tail).
    func scalarEnding(_ thread: MatchThread, then tail: (MatchThread) -> [UInt8]?) -> (text: [UInt8], reading: MatchThread)? {
        let tailsDiffer = if case .key = thread.leaf { true } else { false }
        // Dijkstra by bytes: each bucket holds the readings reached with that many, and the
        // whole texts (ended, tail written) that cost that many.
        var buckets: [(readings: [(thread: MatchThread, bytes: [UInt8])], ended: [(text: [UInt8], reading: MatchThread)])] = [([(thread, [])], [])]
        var seen = Set<MatchThread>()
        var cost = 0
        while cost < buckets.count {
            if let ending = buckets[cost].ended.first { return ending }
            for (current, bytes) in buckets[cost].readings where seen.insert(current).inserted {
                guard seen.count < Self.maximumScalarSearch else { return nil }
                if scalarMayEnd(current), let rest = tail(current) {
                    if rest.isEmpty || !tailsDiffer { return (bytes + rest, current) }
                    while buckets.count <= cost + rest.count { buckets.append(([], [])) }
                    buckets[cost + rest.count].ended.append((bytes + rest, current))
                    continue
                }
                for step in scalarSteps(current) {
                    var reached = [current]
                    for byte in step {
                        var next: [MatchThread] = []
                        for reading in reached { advance(reading, byte, into: &next) }
                        reached = next
                    }
                    let total = cost + step.count
                    while buckets.count <= total { buckets.append(([], [])) }
                    for reading in reached { buckets[total].readings.append((reading, bytes + step)) }
                }
            }
            cost += 1
        }
        return nil
    }

    /// Whether the reading is outside any scalar, or in a number or literal that may end here.
    private func scalarMayEnd(_ thread: MatchThread) -> Bool {
        guard thread.pending < 0 else { return false }
        switch thread.leaf {
        case .none: return true
        case .string, .key: return false
        case .number(let cursor):
            return numbers[Int(cursor.node)]!.accepts(cursor, excluding: uniqueItemsOfTopArray(thread)?.numbers ?? [])
        case .literal(let cursor): return literalCanEnd(cursor)
        }
    }

    /// The byte strings worth trying next inside a scalar: the closing quote and, for each way
    /// on in the automaton (or each declared name the key may still be), its cheapest character
    /// as written; inside an escape or character begun, its first byte that reads on; a
    /// literal's next bytes; and for a number one byte, the first digit that ends it or else the
    /// first byte that keeps it going, a point before the digits (its texts branch ten ways at
    /// every digit, too many to search).
    private func scalarSteps(_ thread: MatchThread) -> [[UInt8]] {
        let quote = [UInt8(ascii: "\"")]
        if thread.pending >= 0 { return Self.scalarFirstBytes.map { [$0] } }
        switch thread.leaf {
        case .none:
            return []
        case .string(let cursor):
            if cursor.decoder.nextBytes != nil { return firstContinuation(of: thread) }
            let table = strings[Int(cursor.node)]!
            return [quote] + table.dfa.transitions[Int(cursor.language.state)].compactMap { Self.cheapestText(in: $0.label) }
        case .key(let cursor):
            if cursor.decoder.nextBytes != nil { return firstContinuation(of: thread) }
            guard case .object(let frame)? = thread.frames.last, let table = objects[Int(frame.node)] else { return [] }
            var steps = [quote]
            let depth = cursor.bytes.count
            for position in allowedPositions(cursor) {
                let name = table.names.strings[Int(position)]
                if name.count > depth, let scalar = name[depth...].firstScalar { steps.append(Self.written(scalar)) }
            }
            for (index, extra) in cursor.extras.enumerated() {
                guard let extra else { continue }
                steps += table.extras[index].names.dfa.transitions[Int(extra.state)].compactMap { Self.cheapestText(in: $0.label) }
            }
            return steps
        case .number:
            let reached = Self.numberBytes.map { byte in
                var next: [MatchThread] = []
                advance(thread, byte, into: &next)
                return (byte, next)
            }
            let step = reached.first { $0.1.contains(where: scalarMayEnd) } ?? reached.first { !$0.1.isEmpty }
            return step.map { [[$0.0]] } ?? []
        case .literal(let cursor):
            return choices[Int(cursor.node)]!.nodes[Int(cursor.trieNode)].children.map { [$0.byte] }
        }
    }

    /// The first byte that continues the escape or character `thread` has begun, as a step.
    private func firstContinuation(of thread: MatchThread) -> [[UInt8]] {
        var next: [MatchThread] = []
        for byte in UInt8.min...UInt8.max {
            advance(thread, byte, into: &next)
            if !next.isEmpty { return [[byte]] }
        }
        return []
    }

    /// The bytes a scalar value can start with (containers are closed another way).
    private static let scalarFirstBytes: [UInt8] = Array("\"-0123456789tfn".utf8)
    private static let numberBytes: [UInt8] = Array(".0123456789".utf8)

    /// The character of `label` with the shortest written form inside a JSON string (printable
    /// ASCII before escapes and longer UTF-8), as written; nil for an empty label.
    private static func cheapestText(in label: ScalarSet) -> [UInt8]? {
        var best: [UInt8]?
        for range in label.ranges {
            var candidates = [range.lowerBound]
            var printable = max(range.lowerBound, 0x20)
            while printable == 0x22 || printable == 0x5C { printable += 1 }
            if printable <= min(range.upperBound, 0x7E) { candidates.append(printable) }
            for value in candidates {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = written(scalar)
                if text.count < best?.count ?? Int.max { best = text }
            }
        }
        return best
    }

    /// A character as the library writes it inside a JSON string.
    private static func written(_ scalar: Unicode.Scalar) -> [UInt8] {
        StringTokenMasks.written(ArraySlice(String(scalar).utf8))
    }
}
