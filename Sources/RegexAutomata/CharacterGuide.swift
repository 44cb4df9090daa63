/// A source of preferences that steers a `DFASampler` walk, one scalar at a time (for example a
/// character n-gram model). The sampler keeps only the candidates the automaton and the length
/// window allow, draws among them by weight, and falls back to its own choice when none is left.
public protocol CharacterGuide: Sendable {
    /// Weighted continuations of `prefix`; `nil` as a scalar means "end the string here".
    /// Non-positive or non-finite weights are ignored.
    func candidates(after prefix: [Unicode.Scalar]) -> [(scalar: Unicode.Scalar?, weight: Double)]
}
