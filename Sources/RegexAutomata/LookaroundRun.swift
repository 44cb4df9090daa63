/// Runs an NFA whose pattern has lookarounds, keeping each lookaround as an automaton of its own.
///
/// A lookbehind is a test of the input read so far, the same for every path: its automaton (the
/// strings that end with a match of the body, or the complement when negated) runs alongside the
/// whole input, and a path passes the assertion when that automaton is accepting there. A
/// lookahead is a test of the rest of the input, so a path that passes one takes on an
/// *obligation*: the body's automaton (strings that start with a match, or the complement) starts
/// there and must be accepting when the input ends. A path is a `Thread`: a consuming NFA state
/// and the obligations it owes. Obligations that accept everything from where they stand are
/// dropped, and those that die kill their thread, so the configurations stay finite and the
/// language regular; `DFA(lookaround:)` determinizes over them.
package struct LookaroundRun {
    package struct Thread: Hashable, Comparable {
        package var state: Int
        /// Obligation ids (`offsets[lookaround] + automaton state`), ascending.
        package var owed: [Int]

        /// By state, then fewest obligations first (so a thread comes after any that subsumes it).
        package static func < (left: Thread, right: Thread) -> Bool {
            if left.state != right.state { return left.state < right.state }
            if left.owed.count != right.owed.count { return left.owed.count < right.owed.count }
            return left.owed.lexicographicallyPrecedes(right.owed)
        }
    }

    /// Where a run stands: its live threads, each lookbehind automaton's state over the input so
    /// far (-1 once dead, unused for lookaheads), and whether the input may end here.
    package struct Configuration: Hashable {
        package var threads: [Thread]
        package var behind: [Int]
        package var accepting: Bool

        package var isDead: Bool { threads.isEmpty && !accepting }
    }

    package let nfa: NFA
    /// Per lookaround, the language its assertion accepts (see the type's comment).
    package let automata: [DFA]
    private let offsets: [Int]
    private let ownerOfObligation: [Int]
    /// `universal[offsets[i] + s]`: from state `s`, automaton `i` accepts every continuation.
    private let universal: [Bool]

    /// Builds the lookarounds' automata; throws when one exceeds `stateLimit`.
    package init(nfa: NFA, stateLimit: Int = DFA.stateLimit) throws(RegexError) {
        self.nfa = nfa
        var automata: [DFA] = []
        for lookaround in nfa.lookarounds {
            let body = NFA(lookaround.body, leading: !lookaround.ahead, trailing: lookaround.ahead)
            let matches = try DFA(nfa: body, stateLimit: stateLimit)
            automata.append(lookaround.negated ? matches.complement() : matches)
        }
        self.automata = automata
        var offsets: [Int] = []
        var owner: [Int] = []
        var universal: [Bool] = []
        for (index, automaton) in automata.enumerated() {
            offsets.append(owner.count)
            for state in 0..<automaton.stateCount {
                owner.append(index)
                let loops = automaton.transitions[state]
                universal.append(automaton.accepting[state] && loops.count == 1
                    && loops[0].target == state && loops[0].label == .all)
            }
        }
        self.offsets = offsets
        ownerOfObligation = owner
        self.universal = universal
    }

    /// Every scalar set that steers the run: the NFA's and the lookaround automata's labels.
    package var steeringSets: [ScalarSet] {
        nfa.sets + automata.flatMap { $0.transitions.flatMap { $0.map(\.label) } }
    }

    package var start: Configuration {
        let behind = nfa.lookarounds.indices.map { nfa.lookarounds[$0].ahead || automata[$0].isEmpty ? -1 : 0 }
        return closure(of: [Thread(state: nfa.start, owed: [])], behind: behind, atStart: true)
    }

    /// The configuration after reading `scalar`; dead when no thread survives.
    package func step(_ configuration: Configuration, on scalar: Unicode.Scalar) -> Configuration {
        let behind = configuration.behind.enumerated().map { index, state in
            state < 0 || nfa.lookarounds[index].ahead ? state : automata[index].next(from: state, on: scalar) ?? -1
        }
        var seeds: [Thread] = []
        threads: for thread in configuration.threads {
            guard case .scalars(let set, let next) = nfa.states[thread.state], nfa.sets[set].contains(scalar) else { continue }
            var owed: [Int] = []
            for obligation in thread.owed {
                let index = ownerOfObligation[obligation]
                guard let target = automata[index].next(from: obligation - offsets[index], on: scalar) else { continue threads }
                if !universal[offsets[index] + target] { owed.append(offsets[index] + target) }
            }
            seeds.append(Thread(state: next, owed: Self.sortedUnique(owed)))
        }
        return closure(of: seeds, behind: behind, atStart: false)
    }

    /// Whether the run accepts exactly `scalars` (for a search NFA: whether the pattern matches
    /// somewhere in them), in time linear in their count.
    package func accepts(_ scalars: [Unicode.Scalar]) -> Bool {
        var configuration = start
        for scalar in scalars {
            if isAbsorbed(configuration) { return true }
            configuration = step(configuration, on: scalar)
            if configuration.isDead { return false }
        }
        return configuration.accepting
    }

    /// Whether every extension of the input is accepted from here: the search form's trailing
    /// loop is active with nothing owed.
    package func isAbsorbed(_ configuration: Configuration) -> Bool {
        configuration.accepting && configuration.threads.count == 1 && configuration.threads[0].owed.isEmpty
            && configuration.threads[0].state == nfa.absorbing
    }

    private struct Item: Hashable {
        var state: Int
        var owed: [Int]
        var passedEnd: Bool
    }

    /// Follows every assertion-passing path from `seeds`, as `NFAClosure` does, with each path's
    /// obligations: `$` keeps only paths that end the input, and those accept only if what they
    /// owe accepts the empty rest.
    private func closure(of seeds: [Thread], behind: [Int], atStart: Bool) -> Configuration {
        var seen: Set<Item> = []
        var stack: [Item] = []
        func push(_ item: Item) {
            if seen.insert(item).inserted { stack.append(item) }
        }
        for seed in seeds.reversed() { push(Item(state: seed.state, owed: seed.owed, passedEnd: false)) }
        var threads: [Thread] = []
        var accepting = false
        while let item = stack.popLast() {
            switch nfa.states[item.state] {
            case .scalars:
                if !item.passedEnd { threads.append(Thread(state: item.state, owed: item.owed)) }
            case .split(let first, let second):
                push(Item(state: second, owed: item.owed, passedEnd: item.passedEnd))
                push(Item(state: first, owed: item.owed, passedEnd: item.passedEnd))
            case .assertStart(let next):
                if atStart { push(Item(state: next, owed: item.owed, passedEnd: item.passedEnd)) }
            case .assertEnd(let next):
                push(Item(state: next, owed: item.owed, passedEnd: true))
            case .assertAround(let index, let next):
                let automaton = automata[index]
                if !nfa.lookarounds[index].ahead {
                    let state = behind[index]
                    if state >= 0 && automaton.accepting[state] { push(Item(state: next, owed: item.owed, passedEnd: item.passedEnd)) }
                } else if item.passedEnd {
                    if automaton.accepting[automaton.start] { push(Item(state: next, owed: item.owed, passedEnd: true)) }
                } else if !automaton.isEmpty {
                    let obligation = offsets[index] + automaton.start
                    let owed = universal[obligation] ? item.owed : Self.sortedUnique(item.owed + [obligation])
                    push(Item(state: next, owed: owed, passedEnd: false))
                }
            case .accept:
                if item.owed.allSatisfy({ automata[ownerOfObligation[$0]].accepting[$0 - offsets[ownerOfObligation[$0]]] }) {
                    accepting = true
                }
            }
        }
        let canonical = Self.withoutSubsumed(threads)
        if accepting, let absorbing = nfa.absorbing, canonical.contains(Thread(state: absorbing, owed: [])) {
            return Configuration(threads: [Thread(state: absorbing, owed: [])], behind: [], accepting: true)
        }
        return Configuration(threads: canonical, behind: behind, accepting: accepting)
    }

    /// The threads sorted, without any that owes a superset of what another in the same state
    /// owes: it can accept nothing the other does not.
    private static func withoutSubsumed(_ threads: [Thread]) -> [Thread] {
        let sorted = sortedUnique(threads)
        var kept: [Thread] = []
        var groupStart = 0
        for thread in sorted {
            if kept.last?.state != thread.state { groupStart = kept.count }
            let covered = kept[groupStart...].contains { lighter in
                lighter.owed.allSatisfy { thread.owed.contains($0) }
            }
            if !covered { kept.append(thread) }
        }
        return kept
    }

    private static func sortedUnique<T: Comparable>(_ items: [T]) -> [T] {
        var result: [T] = []
        for item in items.sorted() where result.last != item { result.append(item) }
        return result
    }
}
