import GuidedGeneration

extension ResolvedSampling {
    /// `choose(weights:random:)` in the shape grammars and text models take.
    var chooser: Grammar.Chooser {
        { [self] weights, random in choose(weights: weights, random: &random) }
    }
}
