/// Boolean operations on languages and constructors for simple ones. Every result is minimal,
/// trimmed and renumbered; products throw `tooComplex` beyond `stateLimit` states.
extension DFA {
    /// Strings accepted by both automata.
    package func intersection(_ other: DFA, stateLimit: Int = DFA.stateLimit) throws(RegexError) -> DFA {
        try DFA.product(self, other, keepLeftAlone: false, keepRightAlone: false, stateLimit: stateLimit) { $0 && $1 }
    }

    /// Strings accepted by either automaton.
    package func union(_ other: DFA, stateLimit: Int = DFA.stateLimit) throws(RegexError) -> DFA {
        try DFA.product(self, other, keepLeftAlone: true, keepRightAlone: true, stateLimit: stateLimit) { $0 || $1 }
    }

    /// Strings accepted by this automaton and not by `other`.
    package func subtracting(_ other: DFA, stateLimit: Int = DFA.stateLimit) throws(RegexError) -> DFA {
        try DFA.product(self, other, keepLeftAlone: true, keepRightAlone: false, stateLimit: stateLimit) { $0 && !$1 }
    }

    /// The strings of this language made only of scalars in `alphabet`: each label cut down to it
    /// (no product with another automaton is needed).
    package func restricted(to alphabet: ScalarSet) -> DFA {
        DFA(reducing: accepting, transitions: transitions.map { outgoing in
            outgoing.map { Transition(label: $0.label.intersection(alphabet), target: $0.target) }
        }, start: start)
    }

    /// Whether some string of the language has a scalar outside `alphabet`: since the automaton
    /// is trimmed, any transition with such a scalar leads on to an accepted string.
    package func usesScalars(outside alphabet: ScalarSet) -> Bool {
        transitions.contains { outgoing in outgoing.contains { !$0.label.isSubset(of: alphabet) } }
    }

    /// Strings over `alphabet` that this automaton rejects.
    package func complement(within alphabet: ScalarSet = .all) -> DFA {
        let sink = stateCount
        var completed: [[Transition]] = transitions.map { outgoing in
            var result = outgoing.compactMap { transition -> Transition? in
                let label = transition.label.intersection(alphabet)
                return label.isEmpty ? nil : Transition(label: label, target: transition.target)
            }
            let missing = alphabet.subtracting(outgoing.reduce(ScalarSet.empty) { $0.union($1.label) })
            if !missing.isEmpty { result.append(Transition(label: missing, target: sink)) }
            return result
        }
        completed.append(alphabet.isEmpty ? [] : [Transition(label: alphabet, target: sink)])
        return DFA(reducing: accepting.map { !$0 } + [true], transitions: completed, start: start)
    }

    /// The finite language of exactly `strings`.
    package static func literals<S: Sequence>(_ strings: S) -> DFA where S.Element == String {
        var accepting = [false]
        var children: [[Unicode.Scalar: Int]] = [[:]]
        var order: [[Unicode.Scalar]] = [[]]
        for string in strings {
            var node = 0
            for scalar in string.unicodeScalars {
                if let child = children[node][scalar] {
                    node = child
                } else {
                    accepting.append(false)
                    children.append([:])
                    order.append([])
                    children[node][scalar] = accepting.count - 1
                    order[node].append(scalar)
                    node = accepting.count - 1
                }
            }
            accepting[node] = true
        }
        let transitions = order.indices.map { node in
            order[node].map { Transition(label: ScalarSet($0), target: children[node][$0]!) }
        }
        return DFA(reducing: accepting, transitions: transitions, start: 0)
    }

    /// Every string over `alphabet` (Σ*).
    package static func universal(over alphabet: ScalarSet = .all) -> DFA {
        DFA(reducing: [true], transitions: [alphabet.isEmpty ? [] : [Transition(label: alphabet, target: 0)]], start: 0)
    }

    /// Every string over `alphabet` whose scalar count is at least `min` and, when `max` is given,
    /// at most `max`. Needs `max + 1` (or `min + 1`) states.
    package static func lengths(min: Int, max: Int?, over alphabet: ScalarSet = .all,
                        stateLimit: Int = DFA.stateLimit) throws(RegexError) -> DFA {
        precondition(min >= 0 && (max ?? min) >= min, "invalid length bounds")
        let last = max ?? min
        guard last < stateLimit else { throw .tooComplex(limit: stateLimit) }
        let accepting = (0...last).map { $0 >= min }
        let transitions = (0...last).map { state -> [Transition] in
            if state < last { return [Transition(label: alphabet, target: state + 1)] }
            return max == nil ? [Transition(label: alphabet, target: state)] : []
        }
        return DFA(reducing: accepting, transitions: transitions, start: 0)
    }

    /// The product automaton on pairs of states, where a missing side stands for the dead state.
    /// `keepLeftAlone` explores pairs whose right side is dead (needed when `accept(true, false)`
    /// can hold), and symmetrically.
    private static func product(
        _ left: DFA, _ right: DFA, keepLeftAlone: Bool, keepRightAlone: Bool, stateLimit: Int,
        accept: (Bool, Bool) -> Bool
    ) throws(RegexError) -> DFA {
        let dead = -1
        struct Pair: Hashable {
            package var left: Int
            package var right: Int
        }
        var ids: [Pair: Int] = [:]
        var pairs: [Pair] = []
        func identify(_ pair: Pair) throws(RegexError) -> Int {
            if let id = ids[pair] { return id }
            guard pairs.count < stateLimit else { throw .tooComplex(limit: stateLimit) }
            ids[pair] = pairs.count
            pairs.append(pair)
            return pairs.count - 1
        }
        _ = try identify(Pair(left: left.start, right: right.start))
        var transitions: [[Transition]] = []
        var current = 0
        while current < pairs.count {
            let pair = pairs[current]
            let leftOut = pair.left == dead ? [] : left.transitions[pair.left]
            let rightOut = pair.right == dead ? [] : right.transitions[pair.right]
            var outgoing: [Transition] = []
            for a in leftOut {
                for b in rightOut {
                    let label = a.label.intersection(b.label)
                    if !label.isEmpty {
                        outgoing.append(Transition(label: label, target: try identify(Pair(left: a.target, right: b.target))))
                    }
                }
            }
            if keepLeftAlone {
                let covered = pair.right == dead ? ScalarSet.empty : right.outgoingLabel(of: pair.right)
                for a in leftOut {
                    let label = a.label.subtracting(covered)
                    if !label.isEmpty {
                        outgoing.append(Transition(label: label, target: try identify(Pair(left: a.target, right: dead))))
                    }
                }
            }
            if keepRightAlone {
                let covered = pair.left == dead ? ScalarSet.empty : left.outgoingLabel(of: pair.left)
                for b in rightOut {
                    let label = b.label.subtracting(covered)
                    if !label.isEmpty {
                        outgoing.append(Transition(label: label, target: try identify(Pair(left: dead, right: b.target))))
                    }
                }
            }
            transitions.append(outgoing)
            current += 1
        }
        let accepting = pairs.map { pair in
            accept(pair.left != dead && left.accepting[pair.left], pair.right != dead && right.accepting[pair.right])
        }
        return DFA(reducing: accepting, transitions: transitions, start: 0)
    }
}
