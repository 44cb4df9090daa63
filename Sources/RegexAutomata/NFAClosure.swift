/// Epsilon closures of NFA state sets, and the linear-time simulation built on them.
///
/// The closure follows splits, `^` only when at the start of the input, and `$` edges as a
/// separate mode: consuming states reached after a `$` are dropped (nothing can follow the end),
/// but an accept reached that way counts when the input ends there.
package struct NFAClosure {
    package struct Result {
        /// Consuming states reached without passing `$`, ascending.
        package var consuming: [Int]
        /// Whether the accept state is reached without passing `$`.
        package var acceptsHere: Bool
        /// Whether the accept state is reached, passing `$` if need be: acceptance at input end.
        package var acceptsAtEnd: Bool
    }

    package let nfa: NFA
    /// `mark[2 * state + passedEnd] == generation` when visited in the current closure.
    private var mark: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int] = []

    package init(_ nfa: NFA) {
        self.nfa = nfa
        mark = Array(repeating: 0, count: nfa.states.count * 2)
    }

    package mutating func closure(of seeds: [Int], atStart: Bool) -> Result {
        generation &+= 1
        if generation == 0 {
            for index in mark.indices { mark[index] = 0 }
            generation = 1
        }
        var result = Result(consuming: [], acceptsHere: false, acceptsAtEnd: false)
        stack.removeAll(keepingCapacity: true)
        for seed in seeds { push(seed * 2) }
        while let item = stack.popLast() {
            let state = item >> 1
            let passedEnd = item & 1
            switch nfa.states[state] {
            case .scalars:
                if passedEnd == 0 { result.consuming.append(state) }
            case .split(let first, let second):
                push(second * 2 + passedEnd)
                push(first * 2 + passedEnd)
            case .assertStart(let next):
                if atStart { push(next * 2 + passedEnd) }
            case .assertEnd(let next):
                push(next * 2 + 1)
            case .assertAround:
                // Unreachable: automata with lookarounds are run by `LookaroundRun`.
                break
            case .accept:
                result.acceptsAtEnd = true
                if passedEnd == 0 { result.acceptsHere = true }
            }
        }
        result.consuming.sort()
        return result
    }

    private mutating func push(_ item: Int) {
        guard mark[item] != generation else { return }
        mark[item] = generation
        stack.append(item)
    }

    /// Whether the NFA accepts exactly `scalars`, in time linear in their count (for the search
    /// form: whether the pattern matches somewhere in them).
    package static func accepts(_ nfa: NFA, _ scalars: [Unicode.Scalar]) -> Bool {
        var closure = NFAClosure(nfa)
        var current = closure.closure(of: [nfa.start], atStart: true)
        for scalar in scalars {
            if current.acceptsHere, let absorbing = nfa.absorbing, current.consuming.contains(absorbing) {
                return true
            }
            var next: [Int] = []
            for state in current.consuming {
                if case .scalars(let set, let target) = nfa.states[state], nfa.sets[set].contains(scalar) {
                    next.append(target)
                }
            }
            if next.isEmpty { return false }
            current = closure.closure(of: next, atStart: false)
        }
        return current.acceptsAtEnd
    }
}
