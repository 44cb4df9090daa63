/// What a reply with a budget of tokens can still afford: a decoder that keeps, before each
/// token, room for the fewest tokens that would finish the text as a valid instance — and
/// writes those when nothing else fits — always ends within its budget when the schema's
/// smallest instance fits in it.
extension TokenMasker {
    /// The fewest tokens that finish the text read into `state` as a valid instance: its
    /// shortest completion (`ShortestCompletions`) in the fewest tokens of the vocabulary.
    /// Empty when the text is complete; nil when no completion is known.
    package func finishingTokens(from state: JSONMatcher.State) -> [Int]? {
        if matcher.isComplete(state) { return [] }
        return completions.get.completion(of: state).flatMap(vocabulary.fewestTokens(spelling:))
    }

    /// Whether the text can be finished within `tokens` more after `token` (an end token ends
    /// it where the text is complete); false where no finish is known.
    package func canFinish(after token: Int, from state: JSONMatcher.State, within tokens: Int) -> Bool {
        var next = state
        guard (try? advance(&next, by: token)) != nil else { return false }
        if vocabulary.endOfSequence.contains(token) { return true }
        return finishingTokens(from: next).map { $0.count <= tokens } ?? false
    }

    /// The tokens of `mask` after which the text can still be finished within `tokens` more:
    /// a free string that must close, an optional property that must not open, an array that
    /// must end once it holds enough items.
    package func narrowed(_ mask: TokenMask, from state: JSONMatcher.State, finishingWithin tokens: Int) -> TokenMask {
        var narrowed = TokenMask(count: mask.count)
        for id in mask.allowedIDs where canFinish(after: id, from: state, within: tokens) { narrowed.insert(id) }
        return narrowed
    }
}
