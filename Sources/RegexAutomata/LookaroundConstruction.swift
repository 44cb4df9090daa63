extension DFA {
    /// Determinizes a run with lookarounds: one DFA state per reachable configuration, computed
    /// over the atoms of every set that steers it (the NFA's and the lookaround automata's), so
    /// the scalars of an atom all lead to the same configuration. Throws `tooComplex` beyond
    /// `stateLimit` configurations.
    package init(lookaround run: LookaroundRun, stateLimit: Int = DFA.stateLimit) throws(RegexError) {
        let partition = AlphabetPartition(run.steeringSets)
        let nfaSetAtoms = partition.atomsOfSet.prefix(run.nfa.sets.count)
        var ids: [LookaroundRun.Configuration: Int] = [:]
        var configurations: [LookaroundRun.Configuration] = []

        func identify(_ configuration: LookaroundRun.Configuration) throws(RegexError) -> Int {
            if let id = ids[configuration] { return id }
            guard configurations.count < stateLimit else { throw .tooComplex(limit: stateLimit) }
            ids[configuration] = configurations.count
            configurations.append(configuration)
            return configurations.count - 1
        }

        _ = try identify(run.start)
        var transitions: [[Transition]] = []
        var current = 0
        while current < configurations.count {
            let configuration = configurations[current]
            var atoms: Set<Int> = []
            for thread in configuration.threads {
                if case .scalars(let set, _) = run.nfa.states[thread.state] { atoms.formUnion(nfaSetAtoms[set]) }
            }
            var labels: [Int: [ClosedRange<UInt32>]] = [:]
            var order: [Int] = []
            for atom in atoms.sorted() {
                let ranges = partition.atoms[atom].ranges
                guard let scalar = Unicode.Scalar(ranges[0].lowerBound) else { continue }
                let next = run.step(configuration, on: scalar)
                if next.isDead { continue }
                let target = try identify(next)
                if labels[target] == nil { order.append(target) }
                labels[target, default: []].append(contentsOf: ranges)
            }
            transitions.append(order.map { Transition(label: ScalarSet(ranges: labels[$0] ?? []), target: $0) })
            current += 1
        }
        self.init(reducing: configurations.map(\.accepting), transitions: transitions, start: 0)
    }
}
