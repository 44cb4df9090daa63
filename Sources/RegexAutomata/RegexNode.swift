/// The syntax tree of a parsed pattern, reduced to what decides the language it matches: groups
/// (capturing or not) vanish into their contents, laziness is dropped, and every character-level
/// construct (literal, escape, class, `.`, `\p{…}`) becomes the set of scalars it matches.
/// Word boundaries are spelled as the lookarounds they abbreviate.
package indirect enum RegexNode: Sendable, Equatable {
    /// Matches the empty string.
    case empty
    /// Matches one scalar from the set.
    case scalars(ScalarSet)
    /// `^`: only at offset 0 of the input.
    case startAnchor
    /// `$`: only at the end of the input.
    case endAnchor
    case concatenation([RegexNode])
    case alternation([RegexNode])
    /// `max == nil` means unbounded.
    case repetition(RegexNode, min: Int, max: Int?)
    /// A zero-width test: `(?=…)`/`(?!…)` (`ahead`) hold when the body matches at the start of
    /// the rest of the input, `(?<=…)`/`(?<!…)` when it matches at the end of the input read so
    /// far; `negated` for the `!` forms.
    case lookaround(RegexNode, ahead: Bool, negated: Bool)

    /// Whether a lookaround occurs anywhere in the tree.
    package var containsLookaround: Bool {
        containsLookaround(ahead: true) || containsLookaround(ahead: false)
    }

    /// Whether `node` occurs anywhere in the tree, lookaround bodies included.
    package func contains(_ node: RegexNode) -> Bool {
        if self == node { return true }
        switch self {
        case .empty, .scalars, .startAnchor, .endAnchor: return false
        case .lookaround(let body, _, _), .repetition(let body, _, _): return body.contains(node)
        case .concatenation(let items), .alternation(let items): return items.contains { $0.contains(node) }
        }
    }

    /// Whether a lookaround looking the given way occurs anywhere in the tree.
    package func containsLookaround(ahead: Bool) -> Bool {
        switch self {
        case .empty, .scalars, .startAnchor, .endAnchor: false
        case .lookaround(let body, let direction, _): direction == ahead || body.containsLookaround(ahead: ahead)
        case .concatenation(let items), .alternation(let items): items.contains { $0.containsLookaround(ahead: ahead) }
        case .repetition(let body, _, _): body.containsLookaround(ahead: ahead)
        }
    }
}
