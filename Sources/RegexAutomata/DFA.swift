/// An immutable, minimal and trimmed deterministic finite automaton over Unicode scalars.
///
/// States are `0..<stateCount`; the start state is 0, the others numbered breadth-first, so two
/// automata of the same language are identical (`==`). Each state's outgoing transitions carry
/// pairwise disjoint scalar sets, at most one transition per target, sorted by their smallest
/// scalar. The automaton is *trimmed*: every state is reachable from the start and can reach an
/// accepting state, so a scalar without a transition leads to the implicit dead state. The one
/// exception is the empty language, represented by a single non-accepting state without
/// transitions. Nothing here decides how characters are chosen: samplers and token-level walkers
/// only read `transitions` and `accepting`.
///
/// `@usableFromInline`, or the inlinable `next(from:on:)` is compiled as a call in other modules.
@usableFromInline
package struct DFA: Sendable, Equatable {
    package struct Transition: Sendable, Equatable {
        package let label: ScalarSet
        package let target: Int
    }

    /// The default cap on the number of states any construction may produce.
    package static let stateLimit = 10_000

    package let accepting: [Bool]
    package let transitions: [[Transition]]
    /// `asciiNext[state * 128 + value]` is the target on an ASCII scalar, or -1.
    @usableFromInline let asciiNext: [Int32]

    package var start: Int { 0 }
    package var stateCount: Int { accepting.count }

    /// Builds the canonical automaton of an arbitrary one (targets may repeat within a state,
    /// labels must be disjoint): keeps the useful states, merges equivalent ones (so the result is
    /// the minimal DFA of the language) and numbers them breadth-first from `start`, with each
    /// state's transitions sorted. Automata of the same language come out identical.
    package init(reducing accepting: [Bool], transitions: [[Transition]], start: Int) {
        let count = accepting.count
        var reachable = Array(repeating: false, count: count)
        reachable[start] = true
        var queue = [start]
        var head = 0
        var incoming = Array(repeating: [Int](), count: count)
        while head < queue.count {
            let state = queue[head]
            head += 1
            for transition in transitions[state] where !transition.label.isEmpty {
                incoming[transition.target].append(state)
                if !reachable[transition.target] {
                    reachable[transition.target] = true
                    queue.append(transition.target)
                }
            }
        }
        var useful = Array(repeating: false, count: count)
        var pending = (0..<count).filter { reachable[$0] && accepting[$0] }
        for state in pending { useful[state] = true }
        while let state = pending.popLast() {
            for source in incoming[state] where !useful[source] {
                useful[source] = true
                pending.append(source)
            }
        }
        guard useful[start] else {
            self.init(canonical: [false], transitions: [[]])
            return
        }
        let classOf = DFAMinimizer.equivalenceClasses(accepting: accepting, transitions: transitions, useful: useful)
        var representative = Array(repeating: -1, count: count + 1)
        for state in 0..<count where useful[state] && representative[classOf[state]] < 0 {
            representative[classOf[state]] = state
        }
        var newIndex = Array(repeating: -1, count: count + 1)
        newIndex[classOf[start]] = 0
        var order = [classOf[start]]
        var newTransitions: [[Transition]] = []
        head = 0
        while head < order.count {
            let state = representative[order[head]]
            head += 1
            var labels: [Int: ScalarSet] = [:]
            var targets: [Int] = []
            for transition in transitions[state] where useful[transition.target] && !transition.label.isEmpty {
                let target = classOf[transition.target]
                if let existing = labels[target] {
                    labels[target] = existing.union(transition.label)
                } else {
                    labels[target] = transition.label
                    targets.append(target)
                }
            }
            let sorted = targets.map { (label: labels[$0]!, target: $0) }
                .sorted { $0.label.ranges[0].lowerBound < $1.label.ranges[0].lowerBound }
            newTransitions.append(sorted.map { item in
                if newIndex[item.target] < 0 {
                    newIndex[item.target] = order.count
                    order.append(item.target)
                }
                return Transition(label: item.label, target: newIndex[item.target])
            })
        }
        self.init(canonical: order.map { accepting[representative[$0]] }, transitions: newTransitions)
    }

    /// Trusts the input to be trimmed and numbered already.
    private init(canonical accepting: [Bool], transitions: [[Transition]]) {
        self.accepting = accepting
        self.transitions = transitions
        var ascii = Array(repeating: Int32(-1), count: accepting.count * 128)
        for (state, outgoing) in transitions.enumerated() {
            for transition in outgoing {
                for range in transition.label.ranges where range.lowerBound < 128 {
                    for value in range.lowerBound...min(range.upperBound, 127) {
                        ascii[state * 128 + Int(value)] = Int32(transition.target)
                    }
                }
            }
        }
        asciiNext = ascii
    }

    /// The state reached from `state` on `scalar`, or nil for the dead state. Inlinable: the
    /// matcher and the sampler in other modules take this step for every character.
    @inlinable package func next(from state: Int, on scalar: Unicode.Scalar) -> Int? {
        if scalar.value < 128 {
            let target = asciiNext[state * 128 + Int(scalar.value)]
            return target < 0 ? nil : Int(target)
        }
        return next(from: state, beyondASCII: scalar)
    }

    @usableFromInline func next(from state: Int, beyondASCII scalar: Unicode.Scalar) -> Int? {
        for transition in transitions[state] where transition.label.contains(scalar) {
            return transition.target
        }
        return nil
    }

    /// Whether the automaton accepts exactly `string`.
    package func accepts(_ string: String) -> Bool {
        var state = start
        for scalar in string.unicodeScalars {
            guard let next = next(from: state, on: scalar) else { return false }
            state = next
        }
        return accepting[state]
    }

    /// Whether the language is empty.
    package var isEmpty: Bool { !accepting[start] && transitions[start].isEmpty }

    /// The union of the labels leaving `state`.
    package func outgoingLabel(of state: Int) -> ScalarSet {
        transitions[state].reduce(ScalarSet.empty) { $0.union($1.label) }
    }
}
