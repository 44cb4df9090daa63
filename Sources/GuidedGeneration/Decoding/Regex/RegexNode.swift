/// The syntax tree of a parsed pattern, reduced to what decides the language it matches: groups
/// (capturing or not) vanish into their contents, laziness is dropped, and every character-level
/// construct (literal, escape, class, `.`, `\p{…}`) becomes the set of scalars it matches.
indirect enum RegexNode: Sendable, Equatable {
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
}
