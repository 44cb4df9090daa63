extension DFA {
    /// Determinizes `nfa` by the subset construction, eagerly, over the atoms of its scalar sets.
    ///
    /// A DFA state stands for the consuming NFA states active after the input read so far, plus
    /// whether accepting there. The start state alone may pass `^`; acceptance may pass `$`. In the
    /// search form, any state containing the absorbing loop is collapsed to that loop alone,
    /// since everything is accepted from it. Throws `tooComplex` beyond `stateLimit` states.
    /// An NFA with lookarounds is determinized through `LookaroundRun` instead.
    package init(nfa: NFA, stateLimit: Int = DFA.stateLimit) throws(RegexError) {
        if !nfa.lookarounds.isEmpty {
            try self.init(lookaround: LookaroundRun(nfa: nfa, stateLimit: stateLimit), stateLimit: stateLimit)
            return
        }
        struct Key: Hashable {
            package var consuming: [Int]
            package var accepting: Bool
        }
        let partition = AlphabetPartition(nfa.sets)
        var closure = NFAClosure(nfa)
        var ids: [Key: Int] = [:]
        var keys: [Key] = []

        func identify(_ result: NFAClosure.Result) throws(RegexError) -> Int {
            var key = Key(consuming: result.consuming, accepting: result.acceptsAtEnd)
            if let absorbing = nfa.absorbing, result.acceptsHere, result.consuming.contains(absorbing) {
                key = Key(consuming: [absorbing], accepting: true)
            }
            if let id = ids[key] { return id }
            guard keys.count < stateLimit else { throw .tooComplex(limit: stateLimit) }
            ids[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }

        _ = try identify(closure.closure(of: [nfa.start], atStart: true))
        var transitions: [[Transition]] = []
        var buckets = Array(repeating: [Int](), count: partition.atoms.count)
        var current = 0
        while current < keys.count {
            var touched: [Int] = []
            for state in keys[current].consuming {
                guard case .scalars(let set, let next) = nfa.states[state] else { continue }
                for atom in partition.atomsOfSet[set] {
                    if buckets[atom].isEmpty { touched.append(atom) }
                    buckets[atom].append(next)
                }
            }
            touched.sort()
            var targetOfSeeds: [[Int]: Int] = [:]
            var atomsOfTarget: [Int: [Int]] = [:]
            var targetOrder: [Int] = []
            for atom in touched {
                let seeds = buckets[atom]
                buckets[atom] = []
                let target: Int
                if let known = targetOfSeeds[seeds] {
                    target = known
                } else {
                    target = try identify(closure.closure(of: seeds, atStart: false))
                    targetOfSeeds[seeds] = target
                }
                if atomsOfTarget[target] == nil { targetOrder.append(target) }
                atomsOfTarget[target, default: []].append(atom)
            }
            transitions.append(targetOrder.map { target in
                let ranges = atomsOfTarget[target]!.flatMap { partition.atoms[$0].ranges }
                return Transition(label: ScalarSet(ranges: ranges), target: target)
            })
            current += 1
        }
        self.init(reducing: keys.map(\.accepting), transitions: transitions, start: 0)
    }
}
