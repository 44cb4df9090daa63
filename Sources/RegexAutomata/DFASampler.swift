/// Draws strings accepted by a DFA whose length (in Unicode scalars) lies in a window, by a walk
/// that never reaches a dead end.
///
/// Building the sampler tabulates once which (state, length so far) pairs can still finish inside
/// the window (`LengthFeasibility`) and prepares a readable scalar draw for every transition; each
/// `sample` is then a single forward walk. At each step the walk may end (accepting state, length
/// in the window, string not excluded) or take a transition that can still finish. A guide's
/// candidates are filtered to those moves and drawn by weight; without a guide, or when none of
/// its candidates is allowed, the default rule applies: when both ending and continuing are
/// possible, end with probability `min(0.9, 0.15 + 0.05 × (length − lower))`, so strings stay
/// near the window's lower bound; otherwise take a uniformly drawn allowed transition and a
/// scalar from it by `ReadableScalarChoice`. Excluded strings are avoided exactly by walking
/// their trie alongside the DFA. Everything is deterministic for a given `SeededRandom` state.
package struct DFASampler: Sendable {
    package let dfa: DFA
    package let window: ClosedRange<Int>
    private let feasibility: LengthFeasibility
    /// The transitions of all states in one flat list: state `s` owns the entries from
    /// `firstTransition[s]` up to `firstTransition[s + 1]`, in the order of `dfa.transitions[s]`.
    /// `targets[k]` is the entry's target and `choices[k]` draws from its label; flat arrays keep
    /// the walk from copying nested arrays and scalar sets at every step.
    private let firstTransition: [Int]
    private let targets: [Int]
    private let choices: [ReadableScalarChoice]

    /// Nil iff the DFA accepts no string with a length in `window`.
    package init?(_ dfa: DFA, lengthIn window: ClosedRange<Int>) {
        let feasibility = LengthFeasibility(dfa, window: window)
        guard !dfa.isEmpty, feasibility.canFinish(dfa.start, consumed: 0) else { return nil }
        self.dfa = dfa
        self.window = window
        self.feasibility = feasibility
        var firstTransition = [0]
        for outgoing in dfa.transitions { firstTransition.append(firstTransition.last! + outgoing.count) }
        self.firstTransition = firstTransition
        targets = dfa.transitions.flatMap { $0.map(\.target) }
        choices = dfa.transitions.flatMap { $0.map { ReadableScalarChoice($0.label) } }
    }

    /// The probability of ending when continuing is also possible.
    package static func stopProbability(length: Int, lower: Int) -> Double {
        min(0.9, 0.15 + 0.05 * Double(max(length - lower, 0)))
    }

    /// A string the DFA accepts, with a length in the window and not in `excluding`; nil only if
    /// there is none.
    package func sample(
        random: inout SeededRandom, guide: (any CharacterGuide)? = nil, excluding: Set<String> = []
    ) -> String? {
        walk(random: &random, guide: guide, trie: excluding.isEmpty ? nil : exclusion(of: excluding))
    }

    /// `excluding` as a trie for `sample(random:guide:avoiding:)`, which a caller that avoids
    /// ever more strings keeps and extends with `exclude(_:from:)` instead of rebuilding.
    package func exclusion(of excluding: Set<String>) -> ExclusionTrie {
        ExclusionTrie(excluding, dfa: dfa, feasibility: feasibility)
    }

    /// Adds `string` to a trie this sampler made.
    package func exclude(_ string: String, from trie: inout ExclusionTrie) {
        trie.insert(string, dfa: dfa, feasibility: feasibility)
    }

    /// A string the DFA accepts, with a length in the window and none of the strings of
    /// `trie` (made by `exclusion(of:)`); nil only if there is none.
    package func sample(random: inout SeededRandom, guide: (any CharacterGuide)? = nil, avoiding trie: ExclusionTrie) -> String? {
        walk(random: &random, guide: guide, trie: trie)
    }

    private func walk(random: inout SeededRandom, guide: (any CharacterGuide)?, trie: ExclusionTrie?) -> String? {
        if let trie, !trie.nodes[0].viable { return nil }
        var node: Int? = trie == nil ? nil : 0
        var state = dfa.start
        var scalars: [Unicode.Scalar] = []
        var allowed: [Int] = []
        while true {
            let consumed = scalars.count
            let first = firstTransition[state]
            var canEnd = feasibility.canEnd(dfa, state, consumed: consumed)
            allowed.removeAll(keepingCapacity: true)
            if let trie, let node {
                if trie.nodes[node].excluded { canEnd = false }
                for (index, transition) in dfa.transitions[state].enumerated()
                where !allowedScalars(transition, after: consumed, trie: trie, node: node).isEmpty {
                    allowed.append(index)
                }
            } else {
                for index in 0..<(firstTransition[state + 1] - first)
                where feasibility.canFinish(targets[first + index], consumed: consumed + 1) {
                    allowed.append(index)
                }
            }

            var chosen: Unicode.Scalar?
            // A nil test rather than `if let`: binding would copy the existential at every step.
            if guide != nil,
               let pick = guidedChoice(guide!, scalars, state: state, canEnd: canEnd, trie: trie, node: node, random: &random)
            {
                guard let scalar = pick else { break }
                chosen = scalar
            } else {
                if canEnd && (allowed.isEmpty
                    || random.chance(Self.stopProbability(length: consumed, lower: feasibility.lower)))
                {
                    break
                }
                let index = allowed[Int(random.below(UInt64(allowed.count)))]
                if let trie, let node, !trie.children(of: trie.nodes[node], in: dfa.transitions[state][index].label).isEmpty {
                    let set = allowedScalars(dfa.transitions[state][index], after: consumed, trie: trie, node: node)
                    chosen = ReadableScalarChoice(set).draw(&random)
                } else {
                    chosen = choices[first + index].draw(&random)
                }
            }
            let scalar = chosen!
            scalars.append(scalar)
            state = dfa.next(from: state, on: scalar)!
            if let trie, let current = node { node = trie.child(of: current, on: scalar) }
        }
        return Self.text(scalars)
    }

    /// The string of `scalars`, encoded straight into the string's storage.
    private static func text(_ scalars: [Unicode.Scalar]) -> String {
        String(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
            var count = 0
            for scalar in scalars {
                for byte in UTF8.encode(scalar)! {
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    /// The scalars of `transition` that keep the walk able to finish with a string that is not
    /// excluded, when the walk is at trie node `node`.
    private func allowedScalars(_ transition: DFA.Transition, after consumed: Int, trie: ExclusionTrie, node: Int) -> ScalarSet {
        let kids = trie.children(of: trie.nodes[node], in: transition.label)
        var set = ScalarSet.empty
        if feasibility.canFinish(transition.target, consumed: consumed + 1) {
            set = kids.isEmpty ? transition.label : transition.label.subtracting(ScalarSet(ranges: kids.map { $0.scalar.value...$0.scalar.value }))
        }
        let viable = kids.filter { trie.nodes[$0.node].viable }
        if !viable.isEmpty {
            set = set.union(ScalarSet(ranges: viable.map { $0.scalar.value...$0.scalar.value }))
        }
        return set
    }

    /// The guide's pick among its allowed candidates: `.some(nil)` to end, `.some(scalar)` to
    /// continue, nil when no candidate is allowed.
    private func guidedChoice(
        _ guide: any CharacterGuide, _ prefix: [Unicode.Scalar], state: Int, canEnd: Bool,
        trie: ExclusionTrie?, node: Int?, random: inout SeededRandom
    ) -> Unicode.Scalar?? {
        var options: [Unicode.Scalar?] = []
        var weights: [Double] = []
        for candidate in guide.candidates(after: prefix) where candidate.weight > 0 && candidate.weight.isFinite {
            let allowed: Bool
            if let scalar = candidate.scalar {
                guard let target = dfa.next(from: state, on: scalar) else { continue }
                if let trie, let node, let child = trie.child(of: node, on: scalar) {
                    allowed = trie.nodes[child].viable
                } else {
                    allowed = feasibility.canFinish(target, consumed: prefix.count + 1)
                }
            } else {
                allowed = canEnd
            }
            if allowed {
                options.append(candidate.scalar)
                weights.append(candidate.weight)
            }
        }
        guard !options.isEmpty else { return nil }
        return .some(options[random.index(weights: weights)])
    }
}

extension DFA {
    /// A sampler for accepted strings with a scalar count in `window`; nil iff there is none.
    package func sampler(lengthIn window: ClosedRange<Int>) -> DFASampler? {
        DFASampler(self, lengthIn: window)
    }
}
