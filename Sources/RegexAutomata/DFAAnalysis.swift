/// Questions about the language of a DFA, answered exactly.
extension DFA {
    /// Shortest number of scalars from each state to an accepting state (`Int.max` if none).
    package func distancesToAcceptance() -> [Int] {
        var incoming = Array(repeating: [Int](), count: stateCount)
        for (state, outgoing) in transitions.enumerated() {
            for transition in outgoing { incoming[transition.target].append(state) }
        }
        var distance = accepting.map { $0 ? 0 : Int.max }
        var queue = (0..<stateCount).filter { accepting[$0] }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for source in incoming[state] where distance[source] == Int.max {
                distance[source] = distance[state] + 1
                queue.append(source)
            }
        }
        return distance
    }

    /// The length of the shortest accepted string; nil for the empty language.
    package var shortestLength: Int? {
        isEmpty ? nil : distancesToAcceptance()[start]
    }

    /// For each state, the length of its longest accepted continuation; nil where a cycle makes
    /// continuations unbounded (the automaton being trimmed, every cycle leads to acceptance).
    package func longestContinuations() -> [Int?] {
        // A state is bounded iff none of its successors is unbounded or on a cycle: settle states
        // whose successors are all settled, repeatedly; what never settles is unbounded.
        var result = [Int?](repeating: nil, count: stateCount)
        var pendingSuccessors = transitions.map(\.count)
        var predecessors = Array(repeating: [Int](), count: stateCount)
        for (state, outgoing) in transitions.enumerated() {
            for transition in outgoing { predecessors[transition.target].append(state) }
        }
        var ready = (0..<stateCount).filter { pendingSuccessors[$0] == 0 }
        var settled = Array(repeating: false, count: stateCount)
        while let state = ready.popLast() {
            var longest = accepting[state] ? 0 : Int.min
            for transition in transitions[state] {
                if let next = result[transition.target] { longest = max(longest, next + 1) }
            }
            result[state] = longest
            settled[state] = true
            for source in predecessors[state] {
                pendingSuccessors[source] -= 1
                if pendingSuccessors[source] == 0 { ready.append(source) }
            }
        }
        for state in 0..<stateCount where !settled[state] { result[state] = nil }
        return result
    }

    /// The length of the longest accepted string; nil when the language is infinite (or empty).
    package var longestLength: Int? {
        guard !isEmpty, let order = topologicalOrder() else { return nil }
        var longest = Array(repeating: 0, count: stateCount)
        var best = 0
        for state in order {
            if accepting[state] { best = max(best, longest[state]) }
            for transition in transitions[state] {
                longest[transition.target] = max(longest[transition.target], longest[state] + 1)
            }
        }
        return best
    }

    /// The states in an order where every transition goes forward; nil if there is a cycle
    /// (which, the automaton being trimmed, means the language is infinite).
    private func topologicalOrder() -> [Int]? {
        var indegree = Array(repeating: 0, count: stateCount)
        for outgoing in transitions {
            for transition in outgoing { indegree[transition.target] += 1 }
        }
        var order = (0..<stateCount).filter { indegree[$0] == 0 }
        var head = 0
        while head < order.count {
            for transition in transitions[order[head]] {
                indegree[transition.target] -= 1
                if indegree[transition.target] == 0 { order.append(transition.target) }
            }
            head += 1
        }
        return order.count == stateCount ? order : nil
    }

    /// Whether some accepted string has a scalar count in `window`.
    package func hasString(lengthIn window: ClosedRange<Int>) -> Bool {
        if isEmpty { return false }
        return LengthFeasibility(self, window: window).canFinish(start, consumed: 0)
    }

    /// The number of distinct accepted strings whose scalar count lies in `window`, or `cap` if
    /// there are at least that many (including infinitely many).
    package func countStrings(lengthIn window: ClosedRange<Int>, cap: Int) -> Int {
        countStrings(from: start, longest: longestLength, lengthIn: window, cap: cap)
    }

    /// The same count for the strings read from `state`, whose longest accepted continuation is
    /// `longest` (nil when unbounded).
    package func countStrings(from state: Int, longest: Int?, lengthIn window: ClosedRange<Int>, cap: Int) -> Int {
        guard !isEmpty, cap > 0 else { return 0 }
        let lower = max(window.lowerBound, 0)
        var upper = window.upperBound
        if let longest {
            upper = min(upper, longest)
        } else if upper == Int.max {
            return cap
        }
        guard lower <= upper else { return 0 }
        // paths[s]: number of strings of the current length leading from `state` to s.
        var paths = Array(repeating: 0, count: stateCount)
        paths[state] = 1
        var total = 0
        var length = 0
        while true {
            if length >= lower {
                for state in 0..<stateCount where accepting[state] {
                    total = Self.saturatingAdd(total, paths[state], cap: cap)
                }
                if total >= cap { return cap }
            }
            if length == upper { return total }
            var next = Array(repeating: 0, count: stateCount)
            var any = false
            for state in 0..<stateCount where paths[state] > 0 {
                for transition in transitions[state] {
                    let (product, overflow) = paths[state].multipliedReportingOverflow(by: transition.label.count)
                    next[transition.target] = Self.saturatingAdd(
                        next[transition.target], overflow ? cap : min(product, cap), cap: cap)
                    any = true
                }
            }
            if !any { return total }
            paths = next
            length += 1
        }
    }

    private static func saturatingAdd(_ a: Int, _ b: Int, cap: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? cap : min(sum, cap)
    }
}
