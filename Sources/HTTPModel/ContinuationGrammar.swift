import ConstrainedDecoding

/// A grammar in GBNF — the format llama.cpp's server takes in its `grammar` field, and vLLM's
/// grammar backends in `guided_grammar` — for exactly the texts that may follow a matcher state
/// up to the end of the value being written: the rest of a string and its closing quote, a key,
/// a number and the punctuation that ends it, an `enum` member, or a structural choice such as
/// `,` or `]` (with the next item when the choice opens one). A server that decodes under it
/// can only write bytes the matcher accepts, so a client that renders keys and punctuation
/// itself and asks a server for one value at a time gets a valid instance by construction —
/// `uniqueItems`, `not`, `oneOf` and patterns included, which servers' own schema converters drop.
///
/// The grammar is built by walking the matcher itself, byte by byte, from the state: states the
/// walk cannot tell apart share a rule. It keeps to printable ASCII (a server then has no
/// partial UTF-8 to handle) and to `byteLimit` bytes and `stateLimit` rules: where a walk stops
/// early the text may end there, and the client asks again from where it ended. Nil when no
/// printable ASCII text continues the state (a value that needs other characters).
///
/// ```swift
/// let matcher = try GenerationSchema(jsonSchema: #"{"enum": ["tea", "toast"]}"#).matcher
/// let grammar = ContinuationGrammar(matcher: matcher, from: matcher.start())!
/// grammar.text    // root ::= s0 / s0 ::= [\x22] s1 / … — "tea" or "toast", quotes included
/// ```
package struct ContinuationGrammar: Sendable {
    /// The grammar's text; its start rule is `root`.
    package let text: String
    /// How many matcher states the walk visited (one rule each).
    package let ruleCount: Int

    package static let printable = ByteSet(range: 0x20...0x7E)

    package init?(matcher: JSONMatcher, from start: JSONMatcher.State, byteLimit: Int = 96, stateLimit: Int = 1000) {
        var walk = Walk(matcher: matcher)
        walk.explore(from: start, byteLimit: byteLimit, stateLimit: stateLimit)
        guard let text = walk.render() else { return nil }
        self.text = text
        ruleCount = walk.nodes.count
    }
}

/// The walk behind `ContinuationGrammar`: a breadth-first search over matcher states, level by
/// level, with a rule per state and edges labelled by sets of bytes.
private struct Walk {
    struct Node {
        package var state: JSONMatcher.State
        /// Whether the text may end here (a whole instance, or where the walk stopped).
        package var accepting = false
        package var expanded = false
        /// Each target's bytes; target -1 is the end of the value.
        package var edges: [(bytes: ByteSet, target: Int)] = []
    }

    let matcher: JSONMatcher
    var nodes: [Node] = []
    var index: [[MatchThread]: Int] = [:]

    init(matcher: JSONMatcher) {
        self.matcher = matcher
    }

    mutating func explore(from start: JSONMatcher.State, byteLimit: Int, stateLimit: Int) {
        nodes = [Node(state: start, accepting: matcher.isComplete(start))]
        index = [Self.key(start): 0]
        var level = [0]
        for depth in 0..<byteLimit where !level.isEmpty {
            let firstNew = nodes.count
            var nextLevel: [Int] = []
            for node in level {
                expand(node, into: &nextLevel)
                if nodes.count > stateLimit, depth > 0 { break }
            }
            if nodes.count > stateLimit, depth > 0 {
                // Too wide to take whole: the text may end at this level, and the next request goes on from there.
                for node in nodes[firstNew...] { index[Self.key(node.state)] = nil }
                nodes.removeSubrange(firstNew...)
                for node in level {
                    nodes[node].expanded = false
                    nodes[node].edges = []
                }
                break
            }
            level = nextLevel
        }
        for node in nodes.indices where !nodes[node].expanded { nodes[node].accepting = true }
    }

    private mutating func expand(_ node: Int, into nextLevel: inout [Int]) {
        let state = nodes[node].state
        var candidates = ContinuationGrammar.printable
        if let bytes = matcher.candidateBytes(in: state) { candidates = ByteSet(candidates.filter(bytes.contains)) }
        var targets: [Int: ByteSet] = [:]
        for byte in candidates {
            guard let next = matcher.advanced(state, by: byte) else { continue }
            let target: Int
            if Self.endsValue(next) {
                target = -1
            } else if let known = index[Self.key(next)] {
                target = known
            } else {
                target = nodes.count
                index[Self.key(next)] = target
                nodes.append(Node(state: next, accepting: matcher.isComplete(next)))
                nextLevel.append(target)
            }
            targets[target, default: ByteSet()].insert(byte)
        }
        nodes[node].expanded = true
        nodes[node].edges = targets.sorted { $0.key < $1.key }.map { (bytes: $0.value, target: $0.key) }
    }

    /// After at least one byte: no value is being read and none is about to start — a scalar
    /// has ended, or a container opened, or a separator was read.
    private static func endsValue(_ state: JSONMatcher.State) -> Bool {
        state.threads.allSatisfy { $0.leaf == .none && $0.pending < 0 }
    }

    /// What tells two states apart for the rest of a value. The texts of items of unique arrays
    /// do not while a string or a key is being read (the walk ends with its closing quote, before
    /// any item can end), nor while a scalar item of one is (its cursor already excludes the
    /// earlier items). Keeping them would give every prefix a rule of its own.
    private static func key(_ state: JSONMatcher.State) -> [MatchThread] {
        state.threads.map { thread in
            var keyed = thread
            for index in thread.frames.indices {
                guard case .array(var frame) = thread.frames[index], frame.unique != nil, !frame.itemText.isEmpty else { continue }
                let irrelevant: Bool
                switch thread.leaf {
                case .string, .key: irrelevant = true
                case .number, .literal: irrelevant = index == thread.frames.count - 1
                case .none: irrelevant = false
                }
                guard irrelevant else { continue }
                frame.itemText = []
                keyed.frames[index] = .array(frame)
            }
            return keyed
        }
    }

    /// The grammar, with rules only for states from which the text can end, and one rule for
    /// states whose rules read the same; nil when the start cannot end.
    func render() -> String? {
        var live = nodes.map(\.accepting)
        var changed = true
        while changed {
            changed = false
            for node in nodes.indices where !live[node] && nodes[node].edges.contains(where: { $0.target < 0 || live[$0.target] }) {
                live[node] = true
                changed = true
            }
        }
        guard live[0] else { return nil }
        // A state the walk did not leave, or that may only end, is where the text ends: as after the value.
        let ends = nodes.map { !$0.expanded || ($0.accepting && $0.edges.isEmpty) }
        var same = Array(nodes.indices)
        var bodies: [String] = []
        changed = true
        while changed {
            bodies = nodes.indices.map { node in
                guard live[node] else { return "" }
                var byTarget: [Int: ByteSet] = [:]
                for edge in nodes[node].edges where edge.target < 0 || live[edge.target] {
                    byTarget[edge.target < 0 || ends[edge.target] ? -1 : same[edge.target], default: ByteSet()].formUnion(edge.bytes)
                }
                let alternatives = byTarget.sorted { $0.key < $1.key }.map { target, bytes in
                    Self.characterClass(bytes) + (target < 0 ? "" : " s\(target)")
                }.joined(separator: " | ")
                return nodes[node].accepting ? "( \(alternatives) )?" : alternatives
            }
            var first: [String: Int] = [:]
            var merged = same
            for node in nodes.indices where live[node] {
                if let earlier = first[bodies[node]] { merged[node] = earlier } else { first[bodies[node]] = node }
            }
            changed = merged != same
            same = merged
        }
        var lines = ["root ::= s0"]
        var seen: Set<Int> = [0]
        var queue = [0]
        while let node = queue.first {
            queue.removeFirst()
            lines.append("s\(node) ::= " + bodies[node])
            for edge in nodes[node].edges where edge.target >= 0 && live[edge.target] && !ends[edge.target] {
                if seen.insert(same[edge.target]).inserted { queue.append(same[edge.target]) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[…]` with every byte as a `\xHH` escape, runs as ranges.
    static func characterClass(_ bytes: ByteSet) -> String {
        var parts: [String] = []
        var values = Array(bytes)[...]
        while let low = values.popFirst() {
            var high = low
            while let next = values.first, next == high + 1 {
                high = next
                values.removeFirst()
            }
            parts.append(high == low ? hex(low) : hex(low) + "-" + hex(high))
        }
        return "[" + parts.joined() + "]"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "\\x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
