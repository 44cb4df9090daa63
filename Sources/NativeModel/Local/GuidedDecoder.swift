import ConstrainedDecoding
import GuidedGeneration

/// Writes one reply with a `NativeSession`: free text sampled until the end of the turn, or
/// structured text under a `TokenMasker` — bytes the schema forces (keys, punctuation, the rest
/// of the only enum value left) are tokenized and fed in one batch without sampling, and the
/// model samples only where it has a choice, among the tokens the mask allows.
struct GuidedDecoder {
    let model: NativeModel
    let vocabulary: TokenVocabulary
    /// Whether each token may appear in free text: text tokens and the ends of a reply.
    let speakable: [Bool]
    /// Logits of tokens among the last `repetitionWindow` chosen ones are weakened by this
    /// factor (1: off), as llama.cpp's repeat penalty does: small models otherwise loop.
    let repetitionPenalty: Float
    static let repetitionWindow = 64

    /// What one reply cost.
    struct Outcome {
        var text: String
        var sampledTokens = 0
        var forcedTokens = 0
    }

    enum Stop: Error {
        /// The reply did not end within the token budget (structured replies only).
        case budgetSpent(Int)
        /// No token can continue the structured text (the mask is empty).
        case stuck(String)
        case cancelled
    }

    /// The reply after `prompt`. `onText`, when given (a streamed reply), gets the text so far
    /// after each token.
    func decode(session: NativeSession, prompt: [Int], masker: TokenMasker?, sampler: inout Sampler, budget: Int,
                isCancelled: () -> Bool, onText: ((String) -> Void)?) throws -> Outcome {
        if let masker {
            return try decodeStructured(session: session, prompt: prompt, masker: masker, sampler: &sampler, budget: budget,
                                        isCancelled: isCancelled, onText: onText)
        }
        let ends = vocabulary.endOfSequence
        var logits = try session.evaluate(prompt)
        var decoder = TokenTextDecoder(tokenizer: model.tokenizer)
        var outcome = Outcome(text: "")
        var ended = false
        while outcome.sampledTokens < budget {
            if isCancelled() { throw Stop.cancelled }
            let token = sampler.next(penalized(logits, recent: session.tokens.suffix(outcome.sampledTokens))) { speakable[$0] }
            if ends.contains(token) { ended = true; break }
            outcome.sampledTokens += 1
            let piece = decoder.append(token)
            if !piece.isEmpty {
                outcome.text += piece
                onText?(outcome.text)
            }
            guard outcome.sampledTokens < budget else { break }
            logits = try session.evaluate(session.tokens + [token])
        }
        outcome.text += decoder.finish()
        if !ended { outcome.text = Self.lastWholeSentence(of: outcome.text) }
        return outcome
    }

    /// `logits` with the tokens of the last `repetitionWindow` of `recent` made less likely.
    private func penalized(_ logits: [Float], recent: ArraySlice<Int>) -> [Float] {
        guard repetitionPenalty != 1, !recent.isEmpty else { return logits }
        var adjusted = logits
        for token in Set(recent.suffix(Self.repetitionWindow)) where adjusted.indices.contains(token) {
            adjusted[token] = adjusted[token] > 0 ? adjusted[token] / repetitionPenalty : adjusted[token] * repetitionPenalty
        }
        return adjusted
    }

    /// A reply cut off by its token budget, ended at its last finished sentence (the whole
    /// text when no sentence has finished).
    static func lastWholeSentence(of text: String) -> String {
        var end: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if ".!?".contains(text[index]), next == text.endIndex || text[next].isWhitespace || text[next] == "\"" { end = next }
            index = next
        }
        guard let end else { return text }
        return String(text[..<end])
    }

    /// The structured reply keeps room for its shortest finish (`TokenMasker.finishingTokens`):
    /// a forced run or a sampled token that would leave too little is not taken — the model
    /// chooses again among the tokens that leave enough — and once only the finish fits, it is
    /// written. So the reply ends within `budget` whenever the finish fits; when even that
    /// does not (or no finish is known and the budget runs out), it stops with `budgetSpent`.
    private func decodeStructured(session: NativeSession, prompt: [Int], masker: TokenMasker, sampler: inout Sampler, budget: Int,
                                  isCancelled: () -> Bool, onText: ((String) -> Void)?) throws -> Outcome {
        let matcher = masker.matcher
        var state = matcher.start()
        var sequence = prompt
        var chosen: [Int] = []
        var bytes: [UInt8] = []
        var outcome = Outcome(text: "")
        /// Feeds tokens the model did not sample: forced bytes, or the reply's finish.
        func feed(_ tokens: [Int]) throws {
            guard !tokens.isEmpty else { return }
            for token in tokens { try masker.advance(&state, by: token) }
            sequence += tokens
            for token in tokens { bytes += vocabulary.bytes(of: token) }
            outcome.forcedTokens += tokens.count
            onText?(String(decoding: bytes, as: UTF8.self))
        }
        while !(matcher.isComplete(state) && !matcher.canContinue(state)) {
            if isCancelled() { throw Stop.cancelled }
            let left = budget - outcome.sampledTokens - outcome.forcedTokens
            let finish = masker.finishingTokens(from: state)
            if let finish, finish.count >= left {
                guard finish.count == left else { throw Stop.budgetSpent(budget) }
                try feed(finish)
                break
            }
            guard left > 0 else { throw Stop.budgetSpent(budget) }
            // A trailing, unfinished UTF-8 character is left for the model to sample: the tokenizer cannot take it alone.
            let forcedBytes = matcher.forcedBytes(in: state)
            let forced = Array(forcedBytes.prefix(TokenTextDecoder.completePrefix(forcedBytes)))
            if !forced.isEmpty {
                let tokens = try model.tokenizer.spell(String(decoding: forced, as: UTF8.self))
                if let finish, !leavesRoom(tokens, from: state, masker: masker, within: left) {
                    try feed(finish)
                    break
                }
                try feed(tokens)
                continue
            }
            let logits = penalized(try session.evaluate(sequence), recent: chosen[...])
            let mask = masker.mask(for: state)
            guard !mask.isEmpty else { throw Stop.stuck(String(decoding: bytes, as: UTF8.self)) }
            var token = sampler.next(logits, allowed: mask.contains)
            if let finish, !masker.canFinish(after: token, from: state, within: left - 1) {
                let narrowed = masker.narrowed(mask, from: state, finishingWithin: left - 1)
                guard !narrowed.isEmpty else {
                    try feed(finish)
                    break
                }
                token = sampler.next(logits, allowed: narrowed.contains)
            }
            if vocabulary.endOfSequence.contains(token) { break }
            try masker.advance(&state, by: token)
            sequence.append(token)
            chosen.append(token)
            bytes += vocabulary.bytes(of: token)
            outcome.sampledTokens += 1
            onText?(String(decoding: bytes, as: UTF8.self))
        }
        outcome.text = String(decoding: bytes, as: UTF8.self)
        return outcome
    }

    /// Whether feeding `tokens` from `state` leaves the reply's finish within `left` tokens.
    private func leavesRoom(_ tokens: [Int], from state: JSONMatcher.State, masker: TokenMasker, within left: Int) -> Bool {
        var after = state
        for token in tokens {
            guard (try? masker.advance(&after, by: token)) != nil else { return false }
        }
        return masker.finishingTokens(from: after).map { tokens.count + $0.count <= left } ?? false
    }
}
