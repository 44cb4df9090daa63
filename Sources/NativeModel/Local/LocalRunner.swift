import ConstrainedDecoding
import Dispatch
import GuidedGeneration
import JSONSchema
import RegexAutomata
import Synchronization

/// The state behind a `LocalModel`: the mask vocabulary (built on first use), maskers by
/// schema (their caches warm across replies), the recent conversations' KV caches, and the
/// queue that runs one reply at a time (the transformer is not reentrant), off the caller's
/// executor.
final class LocalRunner: Sendable {
    let model: NativeModel
    let options: LocalModel.Options
    let contextSize: Int
    private let queue = DispatchQueue(label: "LocalModel.decoding")
    private let state: Mutex<State>

    private struct State {
        var vocabulary: (tokens: TokenVocabulary, speakable: [Bool])?
        var maskers: [(key: String, masker: TokenMasker)] = []
        var sessions: [NativeSession] = []
        var statistics = LocalModel.Statistics()
    }

    private static let keptMaskers = 8

    init(model: NativeModel, options: LocalModel.Options, contextSize: Int) {
        self.model = model
        self.options = options
        self.contextSize = contextSize
        state = Mutex(State())
    }

    var statistics: LocalModel.Statistics { state.withLock { $0.statistics } }

    /// The model's vocabulary as the masker reads it, and which tokens free text may use.
    var vocabulary: (tokens: TokenVocabulary, speakable: [Bool]) {
        if let built = state.withLock({ $0.vocabulary }) { return built }
        let words = model.tokenizer.vocabulary
        let tokens = TokenVocabulary(tokens: words.bytes, endOfSequence: words.endOfSequence, control: words.controlTokens)
        let speakable = tokens.tokens.indices.map { tokens.endOfSequence.contains($0) || !(tokens.control.contains($0) || tokens.tokens[$0].isEmpty) }
        state.withLock { $0.vocabulary = $0.vocabulary ?? (tokens, speakable) }
        return (tokens, speakable)
    }

    /// A masker for `schema`, reused while the schema is among the recent ones.
    private func masker(for schema: GenerationSchema) -> TokenMasker {
        let key = schema.jsonSchema.jsonString
        let vocabulary = self.vocabulary.tokens
        return state.withLock { state in
            if let index = state.maskers.firstIndex(where: { $0.key == key }) {
                let found = state.maskers.remove(at: index)
                state.maskers.append(found)
                return found.masker
            }
            let masker = TokenMasker(matcher: schema.matcher, vocabulary: vocabulary)
            state.maskers.append((key, masker))
            if state.maskers.count > Self.keptMaskers { state.maskers.removeFirst() }
            return masker
        }
    }

    /// The reply `plan` asks for, as text.
    func reply(_ plan: GuidedTurnPlan, options requested: GenerationOptions,
               partial: (@Sendable (GeneratedContent) -> Void)?) async throws -> String {
        let promptText: String
        do {
            promptText = try model.chatPrompt(plan.messages)
        } catch {
            throw LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: error.description))
        }
        let prompt = model.tokenizer.encode(promptText)
        guard prompt.count < contextSize else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription:
                "the prompt is \(prompt.count) tokens and the context window \(contextSize)"))
        }
        let masker = plan.replySchema.map(masker(for:))
        let budget = min(requested.maximumResponseTokens ?? options.maximumResponseTokens, contextSize - prompt.count)
        let sampling = samplerMode(requested)
        let flag = CancellationFlag()
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<GuidedDecoder.Outcome, any Error>) in
                queue.async { [self] in
                    continuation.resume(with: Result {
                        try decode(prompt: prompt, masker: masker, sampling: sampling, budget: budget, flag: flag,
                                   onText: partial.map { partial in { text in plan.partialContent(ofPrefix: text).map(partial) } })
                    })
                }
            }
        } onCancel: {
            flag.raise()
        }
        return outcome.text
    }

    /// Runs on the queue: picks the cached conversation sharing the longest prefix with
    /// `prompt`, decodes, and maps the runtime's stops to the session's errors.
    private func decode(prompt: [Int], masker: TokenMasker?, sampling: Sampler.Mode, budget: Int, flag: CancellationFlag,
                        onText: ((String) -> Void)?) throws -> GuidedDecoder.Outcome {
        let (session, reused) = checkOut(prompt)
        defer { state.withLock { $0.sessions.append(session) } }
        var sampler = Sampler(sampling)
        let (tokens, speakable) = vocabulary
        let decoder = GuidedDecoder(model: model, vocabulary: tokens, speakable: speakable, repetitionPenalty: Float(options.repetitionPenalty))
        do {
            let outcome = try decoder.decode(session: session, prompt: prompt, masker: masker, sampler: &sampler, budget: budget,
                                             isCancelled: { flag.isRaised }, onText: onText)
            state.withLock { state in
                state.statistics.replies += 1
                state.statistics.sampledTokens += outcome.sampledTokens
                state.statistics.forcedTokens += outcome.forcedTokens
                state.statistics.promptTokens += prompt.count - reused
                state.statistics.reusedPromptTokens += reused
            }
            return outcome
        } catch let stop as GuidedDecoder.Stop {
            switch stop {
            case .cancelled: throw CancellationError()
            case .budgetSpent(let limit):
                throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                    "the model did not finish its reply within \(limit) tokens; allow more with maximumResponseTokens or give the schema length limits"))
            case .stuck(let text):
                throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                    "no token of the model's vocabulary can continue the reply after \(text.suffix(80))"))
            }
        } catch let error as NativeModelError {
            switch error {
            case .contextFull(let needed, let limit):
                throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription:
                    "the reply needs \(needed) tokens of context and the window is \(limit)"))
            case .cancelled: throw CancellationError()
            case .unspellable: throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: error.description))
            default: throw error
            }
        } catch let mismatch as TokenMasker.Mismatch {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: mismatch.description))
        }
    }

    /// The cached conversation whose tokens share the longest prefix with `prompt` (a new one
    /// when there is room and none shares anything), and how many tokens it shares. When that
    /// conversation holds more than the shared prefix and there is room, the prompt gets a
    /// branch of it (the prefix copied) and it stays whole: requests that alternate between two
    /// prompts — a reply with tools asks under the action schema, then for the text — then
    /// each extend their own cache from turn to turn instead of cutting each other's back.
    private func checkOut(_ prompt: [Int]) -> (NativeSession, Int) {
        state.withLock { state in
            func shared(_ session: NativeSession) -> Int {
                zip(session.tokens, prompt).prefix { $0 == $1 }.count
            }
            let best = state.sessions.indices.max { shared(state.sessions[$0]) < shared(state.sessions[$1]) }
            if let best, shared(state.sessions[best]) > 0 || state.sessions.count >= options.cachedConversations {
                let reused = min(shared(state.sessions[best]), prompt.count - 1)
                if reused < state.sessions[best].tokens.count, state.sessions.count < options.cachedConversations {
                    return (state.sessions[best].branch(keeping: reused), reused)
                }
                return (state.sessions.remove(at: best), reused)
            }
            return (model.makeSession(contextLimit: contextSize), 0)
        }
    }

    /// The request's sampling as the runtime's sampler: greedy for `.greedy` or a temperature
    /// of 0; otherwise a seeded draw (a fresh seed when the request names none).
    private func samplerMode(_ requested: GenerationOptions) -> Sampler.Mode {
        let temperature = Float(requested.temperature ?? options.temperature)
        var fresh = SeededRandom()
        guard let sampling = requested.samplingMode else {
            return temperature == 0 ? .greedy : .sampled(temperature: temperature, topK: 40, topP: 0.95, seed: fresh.next())
        }
        if sampling.isGreedy || temperature == 0 { return .greedy }
        let seed = sampling.seed ?? fresh.next()
        if let top = sampling.top { return .sampled(temperature: temperature, topK: top, topP: 1, seed: seed) }
        return .sampled(temperature: temperature, topK: 0, topP: Float(sampling.probabilityThreshold ?? 1), seed: seed)
    }
}

/// Set when the task waiting for a reply is cancelled; the decoding loop reads it between tokens.
private final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
