/// A Thompson NFA over Unicode scalars, with `^`, `$` and lookarounds kept as position assertions.
///
/// Built back to front (each node is compiled knowing its continuation), so bounded repeats are
/// plain copies. State 0 is the only accepting state. The *search* form wraps the pattern in
/// `Σ* … Σ*`, which gives unanchored-search semantics when the automaton reads the whole input;
/// its trailing loop is the `absorbing` state: once it is active every extension is accepted.
/// A lookahead's body is compiled with the trailing loop only (the rest of the input starts with a
/// match), a lookbehind's with the leading one (the input so far ends with a match).
package struct NFA: Sendable {
    package enum State: Sendable {
        /// Consumes one scalar of `sets[set]`.
        case scalars(set: Int, next: Int)
        case split(Int, Int)
        /// Passable only at offset 0 of the input.
        case assertStart(next: Int)
        /// Passable only at the end of the input.
        case assertEnd(next: Int)
        /// Passable where `lookarounds[index]` holds; `LookaroundRun` decides where that is.
        case assertAround(index: Int, next: Int)
        case accept
    }

    package static let acceptState = 0

    package private(set) var states: [State] = [.accept]
    /// The distinct scalar sets consumed by `.scalars` states.
    package private(set) var sets: [ScalarSet] = []
    package private(set) var start = 0
    /// In the search form, the consuming state of the trailing `Σ*` loop.
    package private(set) var absorbing: Int?
    /// The lookarounds the `assertAround` states test, in the order met.
    package private(set) var lookarounds: [Lookaround] = []

    package struct Lookaround: Sendable, Equatable {
        package let body: RegexNode
        package let ahead: Bool
        package let negated: Bool
    }

    private var setIndex: [ScalarSet: Int] = [:]

    /// Compiles `node`; with `search`, for strings that contain a match anywhere.
    package init(_ node: RegexNode, search: Bool) {
        self.init(node, leading: search, trailing: search)
    }

    /// Compiles `node` with a `Σ*` loop before it (`leading`: strings that end with a match) and
    /// after it (`trailing`: strings that start with one).
    package init(_ node: RegexNode, leading: Bool, trailing: Bool) {
        var end = NFA.acceptState
        if trailing {
            let trailingSplit = add(.accept)
            let trailingLoop = add(.scalars(set: index(of: .all), next: trailingSplit))
            states[trailingSplit] = .split(NFA.acceptState, trailingLoop)
            absorbing = trailingLoop
            end = trailingSplit
        }
        start = compile(node, next: end)
        if leading {
            let leadingSplit = add(.accept)
            let leadingLoop = add(.scalars(set: index(of: .all), next: leadingSplit))
            states[leadingSplit] = .split(leadingLoop, start)
            start = leadingSplit
        }
        setIndex = [:]
    }

    private mutating func add(_ state: State) -> Int {
        states.append(state)
        return states.count - 1
    }

    private mutating func index(of set: ScalarSet) -> Int {
        if let existing = setIndex[set] { return existing }
        sets.append(set)
        setIndex[set] = sets.count - 1
        return sets.count - 1
    }

    /// Adds the states for `node` leading to `next`; returns its entry state.
    private mutating func compile(_ node: RegexNode, next: Int) -> Int {
        switch node {
        case .empty:
            return next
        case .scalars(let set):
            return add(.scalars(set: index(of: set), next: next))
        case .startAnchor:
            return add(.assertStart(next: next))
        case .endAnchor:
            return add(.assertEnd(next: next))
        case .lookaround(let body, let ahead, let negated):
            let lookaround = Lookaround(body: body, ahead: ahead, negated: negated)
            let index = lookarounds.firstIndex(of: lookaround) ?? lookarounds.count
            if index == lookarounds.count { lookarounds.append(lookaround) }
            return add(.assertAround(index: index, next: next))
        case .concatenation(let items):
            return items.reversed().reduce(next) { compile($1, next: $0) }
        case .alternation(let branches):
            let entries = branches.map { compile($0, next: next) }
            return entries.dropLast().reversed().reduce(entries[entries.count - 1]) { add(.split($1, $0)) }
        case .repetition(let body, let min, let max):
            var entry: Int
            var copies = min
            if let max {
                entry = next
                for _ in 0..<(max - min) {
                    entry = add(.split(compile(body, next: entry), next))
                }
            } else {
                // A placeholder for the loop's split, patched once the body exists.
                let loop = add(.accept)
                let bodyEntry = compile(body, next: loop)
                states[loop] = .split(bodyEntry, next)
                if min > 0 {
                    entry = bodyEntry
                    copies -= 1
                } else {
                    entry = loop
                }
            }
            for _ in 0..<copies {
                entry = compile(body, next: entry)
            }
            return entry
        }
    }
}
