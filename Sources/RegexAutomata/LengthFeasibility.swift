/// Which (state, scalars consumed so far) pairs can still end in acceptance with a total length
/// inside a window `lower...upper`.
///
/// Past the lower bound the answer only depends on the shortest distance from the state to an
/// accepting one, so only the `lower` rows before it are tabulated, one bit per state: memory is
/// `lower × stateCount` bits however large `upper` is.
package struct LengthFeasibility: Sendable {
    package let lower: Int
    package let upper: Int
    /// Shortest number of scalars from each state to an accepting state (`Int.max` if none).
    package let distance: [Int]
    private let words: Int
    private let rows: [UInt64]

    package init(_ dfa: DFA, window: ClosedRange<Int>) {
        lower = max(window.lowerBound, 0)
        upper = window.upperBound
        distance = dfa.distancesToAcceptance()
        let count = dfa.stateCount
        words = (count + 63) / 64
        guard lower > 0 else {
            rows = []
            return
        }
        var table = Array(repeating: UInt64(0), count: lower * words)
        var below = Array(repeating: UInt64(0), count: words)
        for state in 0..<count where upper - lower >= distance[state] {
            below[state >> 6] |= 1 << UInt64(state & 63)
        }
        for consumed in stride(from: lower - 1, through: 0, by: -1) {
            let base = consumed * words
            for state in 0..<count {
                for transition in dfa.transitions[state]
                where below[transition.target >> 6] >> UInt64(transition.target & 63) & 1 != 0 {
                    table[base + state >> 6] |= 1 << UInt64(state & 63)
                    break
                }
            }
            below = Array(table[base..<(base + words)])
        }
        rows = table
    }

    /// Whether a string can still be completed from `state` after `consumed` scalars.
    package func canFinish(_ state: Int, consumed: Int) -> Bool {
        if consumed < lower {
            return rows[consumed * words + state >> 6] >> UInt64(state & 63) & 1 != 0
        }
        return consumed <= upper && distance[state] <= upper - consumed
    }

    /// Whether the string may end at `state` after `consumed` scalars.
    package func canEnd(_ dfa: DFA, _ state: Int, consumed: Int) -> Bool {
        dfa.accepting[state] && consumed >= lower && consumed <= upper
    }
}
