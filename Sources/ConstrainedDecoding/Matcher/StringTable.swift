import RegexAutomata

/// A string field's language as the matcher reads it: the plan's full matching automaton, the
/// length window (no soft generation bound), the excluded values, and what answers "can this
/// string still end well?" exactly.
package struct StringTable: Sendable {
    package let dfa: DFA
    package let minLength: Int
    package let maxLength: Int?
    package let lengths: LengthFeasibility
    /// For each state, its longest accepted continuation (nil: unbounded).
    package let longest: [Int?]
    /// Excluded values the language could otherwise produce, as UTF-8.
    package let excluded: SortedByteStrings
    /// For each state, k when the strings accepted from it are exactly those of at least k more
    /// characters (any characters; 0: it accepts and stays put on every one), else -1. From such
    /// a state only the length window and the excluded values limit the string.
    package let anyStringAfter: [Int32]
    /// For each state, whether every string can be read from it (every state it reaches has a
    /// transition for every character; acceptance may still need more). With no maximum
    /// length, every in-string token is allowed there — as after a divergence from an excluded
    /// value, where all that is left out is a finite set of whole strings.
    package let readsAnything: [Bool]
    /// For each state from which the automaton is a single path — every state it reaches has at
    /// most one transition, all with the same characters — those characters; else nil. From
    /// such a state a token is allowed exactly when its characters are all of them and few
    /// enough for the path (see `pathRoom`).
    package let pathLabel: [ScalarSet?]

    package init(dfa: DFA, minLength: Int, maxLength: Int?, excluded: Set<String>) {
        self.dfa = dfa
        self.minLength = minLength
        self.maxLength = maxLength
        lengths = LengthFeasibility(dfa, window: minLength...(maxLength ?? Int.max))
        longest = dfa.longestContinuations()
        let inside = excluded.filter { string in
            let n = string.unicodeScalars.count
            return n >= minLength && maxLength.map { n <= $0 } ?? true && dfa.accepts(string)
        }
        self.excluded = SortedByteStrings(inside.map { Array($0.utf8) })
        anyStringAfter = Self.anyStringDistances(dfa)
        readsAnything = Self.statesReadingAnything(dfa)
        pathLabel = Self.pathLabels(dfa)
    }

    /// `pathLabel` for every state: each path is followed once, to where it forks, ends (a
    /// state without transitions: the empty label, which any label extends), meets a known
    /// state or closes a cycle (a path only if the whole cycle takes the same characters).
    private static func pathLabels(_ dfa: DFA) -> [ScalarSet?] {
        var labels = [ScalarSet?](repeating: nil, count: dfa.stateCount)
        var known = [Bool](repeating: false, count: dfa.stateCount)
        for start in 0..<dfa.stateCount where !known[start] {
            var path: [Int] = []
            var position: [Int: Int] = [:]
            var state = start
            var tail: ScalarSet?
            while true {
                if known[state] {
                    tail = labels[state]
                    break
                }
                let transitions = dfa.transitions[state]
                if transitions.count != 1 {
                    known[state] = true
                    labels[state] = transitions.isEmpty ? ScalarSet(ranges: []) : nil
                    tail = labels[state]
                    break
                }
                if let index = position[state] {
                    let cycle = path[index...].map { dfa.transitions[$0][0].label }
                    tail = cycle.allSatisfy { $0 == cycle[0] } ? cycle[0] : nil
                    break
                }
                position[state] = path.count
                path.append(state)
                state = transitions[0].target
            }
            for state in path.reversed() {
                let own = dfa.transitions[state][0].label
                if let label = tail, label.isEmpty || label == own {
                    tail = own
                } else {
                    tail = nil
                }
                labels[state] = tail
                known[state] = true
            }
        }
        return labels
    }

    /// How many characters a token may add from `state` after `length` characters when the
    /// state is on a single path: the path's steps stay viable up to that many (viability is
    /// prefix-closed), checked up to `limit`.
    package func pathRoom(from state: Int, length: Int, limit: Int) -> Int {
        var current = state
        var count = 0
        while count < limit, let transition = dfa.transitions[current].first,
              lengths.canFinish(transition.target, consumed: length + count + 1) {
            current = transition.target
            count += 1
        }
        return count
    }

    /// `readsAnything`: the largest set of states whose transitions take every character and
    /// lead only into the set.
    private static func statesReadingAnything(_ dfa: DFA) -> [Bool] {
        var inside = dfa.transitions.map { transitions in
            transitions.reduce(ScalarSet(ranges: [])) { $0.union($1.label) }.inverted().isEmpty
        }
        var changed = true
        while changed {
            changed = false
            for state in inside.indices where inside[state] && dfa.transitions[state].contains(where: { !inside[$0.target] }) {
                inside[state] = false
                changed = true
            }
        }
        return inside
    }

    /// `anyStringAfter` for every state: a state that accepts and loops on every character is
    /// 0; a non-accepting state whose one transition takes every character to a state at k is
    /// k + 1 (the minimal automaton of "at least k characters" is such a chain).
    private static func anyStringDistances(_ dfa: DFA) -> [Int32] {
        let takesAll = dfa.transitions.map { $0.count == 1 && $0[0].label.inverted().isEmpty }
        var distances = [Int32](repeating: -1, count: dfa.stateCount)
        for state in distances.indices where takesAll[state] && dfa.accepting[state] && dfa.transitions[state][0].target == state {
            distances[state] = 0
        }
        var changed = true
        while changed {
            changed = false
            for state in distances.indices where distances[state] < 0 && takesAll[state] && !dfa.accepting[state] {
                let next = distances[dfa.transitions[state][0].target]
                if next >= 0 {
                    distances[state] = next + 1
                    changed = true
                }
            }
        }
        return distances
    }

    package init(_ plan: StringPlan) {
        self.init(dfa: plan.matchDFA, minLength: plan.minLength, maxLength: plan.maxLength, excluded: plan.excluded)
    }

    /// Whether the string may end at `state` after `length` scalars (exclusions aside).
    package func canEnd(_ state: Int, length: Int) -> Bool {
        dfa.accepting[state] && length >= minLength && maxLength.map { length <= $0 } ?? true
    }

    /// Whether some character in `ranges` takes `state` (after `consumed` characters) on to a
    /// string that can still end inside the length window, exclusions aside.
    package func canTakeSomeOf(_ ranges: [ClosedRange<UInt32>], from state: Int, consumed: Int) -> Bool {
        dfa.transitions[state].contains { transition in
            transition.label.overlaps(ranges) && lengths.canFinish(transition.target, consumed: consumed + 1)
        }
    }

    /// Whether some continuation from `state` after `length` scalars ends in the language and is
    /// none of `pressing`: the excluded strings that extend the `depth` UTF-8 bytes read so far.
    package func canFinish(_ state: Int, length: Int, pressing: [ArraySlice<[UInt8]>], depth: Int) -> Bool {
        guard lengths.canFinish(state, consumed: length) else { return false }
        let count = pressing.reduce(0) { $0 + $1.count }
        if count == 0 { return true }
        let window = max(0, minLength - length)...(maxLength.map { $0 - length } ?? Int.max)
        let total = dfa.countStrings(from: state, longest: longest[state], lengthIn: window, cap: count + 1)
        if total > count { return true }
        // As few continuations as excluded strings: look for one that is not excluded.
        var suffixes = Set<ArraySlice<UInt8>>()
        for slice in pressing { for string in slice { suffixes.insert(string[depth...]) } }
        var found = false
        enumerateContinuations(from: state, length: length, limit: total) { bytes in
            if !suffixes.contains(bytes[...]) { found = true }
            return !found
        }
        return found
    }

    /// Calls `body` with the UTF-8 bytes of each accepted continuation from `state` (reached
    /// after `length` scalars) that ends inside the length window, at most `limit` of them, until
    /// `body` returns false. Only transitions that can still finish are taken, so the walk visits
    /// no more than the continuations it reports and their prefixes.
    private func enumerateContinuations(from state: Int, length: Int, limit: Int, _ body: ([UInt8]) -> Bool) {
        var emitted = 0
        var bytes: [UInt8] = []
        var go = true
        func walk(_ state: Int, _ length: Int) {
            guard go, emitted < limit else { return }
            if canEnd(state, length: length) {
                emitted += 1
                go = body(bytes)
            }
            for transition in dfa.transitions[state] where lengths.canFinish(transition.target, consumed: length + 1) {
                for range in transition.label.ranges {
                    for value in range {
                        guard go, emitted < limit else { return }
                        let mark = bytes.count
                        Unicode.Scalar(value)!.forEachUTF8Byte { bytes.append($0) }
                        walk(transition.target, length + 1)
                        bytes.removeSubrange(mark...)
                    }
                }
            }
        }
        walk(state, length)
    }
}
