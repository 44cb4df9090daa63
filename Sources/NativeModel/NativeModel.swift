import Foundation
import GGUF
import Synchronization

/// A language model run in this process from a GGUF file: llama-family weights (`llama`,
/// `qwen2`, `qwen3`) in F32/F16/BF16/Q8_0/Q4_0/Q4_1/Q5_0/Q5_1/Q4_K/Q5_K/Q6_K, the file's own tokenizer,
/// and matrix products split across `threads` cores. Nothing leaves the machine.
///
/// ```swift
/// let model = try NativeModel(contentsOf: URL(fileURLWithPath: "SmolLM2-135M-Instruct.Q4_1.gguf"))
/// let session = model.makeSession()
/// let reply = try session.complete(model.tokenizer.encode("The best coffee is"), maxTokens: 16)
/// print(model.tokenizer.decode(reply))
/// ```
public final class NativeModel: Sendable {
    public let file: GGUFFile
    public let configuration: TransformerConfiguration
    public let tokenizer: Tokenizer
    /// `tokenizer.chat_template`, when the file carries one.
    public let chatTemplate: String?
    public let threads: Int
    /// The CPU variant the matrix kernels run in.
    public let kernels: KernelVariant
    let transformer: Transformer

    /// Opens (memory-maps) and checks a model file. `threads` defaults to the machine's cores;
    /// `kernels` to `KernelVariant.fromEnvironment()` (the widest this processor runs).
    public convenience init(contentsOf url: URL, threads: Int? = nil, kernels: KernelVariant? = nil) throws(NativeModelError) {
        let file: GGUFFile
        do { file = try GGUFFile(contentsOf: url) } catch { throw .file(error) }
        try self.init(file: file, threads: threads, kernels: kernels)
    }

    public init(file: GGUFFile, threads: Int? = nil, kernels: KernelVariant? = nil) throws(NativeModelError) {
        let variant: KernelVariant
        if let kernels { variant = kernels } else { variant = try KernelVariant.fromEnvironment() }
        guard variant.isSupported else { throw .kernels(variant.rawValue, reason: "this processor does not run it") }
        let configuration = try TransformerConfiguration(file)
        let weights = try TransformerWeights(file, configuration)
        let tokenizer = try Tokenizer(file)
        guard tokenizer.vocabulary.texts.count >= weights.vocabularySize || tokenizer.vocabulary.texts.count > 0 else {
            throw .badTensorShape(tensor: "token_embd.weight", shape: [configuration.embedding, weights.vocabularySize], expected: "one row per vocabulary token")
        }
        self.file = file
        self.configuration = configuration
        self.tokenizer = tokenizer
        chatTemplate = file.metadata["tokenizer.chat_template"]?.string
        self.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        self.kernels = variant
        transformer = Transformer(configuration: configuration, weights: weights,
                                  products: ParallelProducts(pool: WorkerPool(threads: self.threads), kernels: Kernels(variant)))
    }

    /// The number of tokens the model's logits cover.
    public var vocabularySize: Int { transformer.weights.vocabularySize }

    /// A conversation with its own KV cache; `contextLimit` caps the file's context length.
    public func makeSession(contextLimit: Int? = nil) -> NativeSession {
        NativeSession(model: self, limit: min(contextLimit ?? configuration.contextLength, configuration.contextLength))
    }
}

/// One conversation with a `NativeModel`: the tokens processed so far and their KV cache. A new
/// prompt that starts with what the session has already processed only costs its new tokens.
///
/// ```swift
/// let session = model.makeSession(contextLimit: 2048)
/// var sampler = Sampler(.greedy)
/// var logits = try session.evaluate(prompt)
/// let token = sampler.next(logits)
/// logits = try session.evaluate(session.tokens + [token])   // only the new token runs
/// ```
///
/// A session may be shared between tasks and threads: each `evaluate` or `complete` holds the
/// session for the whole of its work, so concurrent calls run one after another, each seeing
/// the tokens the one before left.
public final class NativeSession: Sendable {
    public let model: NativeModel
    public let contextLimit: Int
    private let state: Mutex<State>

    /// What a call changes: the tokens processed and the cache holding their keys and values.
    private struct State {
        var tokens: [Int] = []
        let cache: KeyValueCache
    }

    init(model: NativeModel, limit: Int) {
        self.model = model
        contextLimit = limit
        let c = model.configuration
        state = Mutex(State(cache: KeyValueCache(layers: c.layers, width: c.keyValueHeads * c.headDimension, limit: limit)))
    }

    /// The tokens whose keys and values the cache holds.
    public var tokens: [Int] { state.withLock { $0.tokens } }

    /// A new session holding this one's first `count` tokens, their keys and values copied (not
    /// computed again), while this one keeps all of its own. It waits for an evaluation in
    /// progress, like `evaluate` does.
    func branch(keeping count: Int) -> NativeSession {
        let branch = NativeSession(model: model, limit: contextLimit)
        state.withLock { source in
            let tokens = Array(source.tokens.prefix(count))
            let from = LockedCache(cache: source.cache)
            branch.state.withLock { target in
                target.cache.copy(tokens.count, of: from.cache)
                target.tokens = tokens
            }
        }
        return branch
    }

    /// Makes the session hold exactly `sequence` and returns the logits for the token after it.
    /// The longest prefix shared with `tokens` is kept; only the rest is computed.
    public func evaluate(_ sequence: [Int]) throws(NativeModelError) -> [Float] {
        try state.withLock { state throws(NativeModelError) in try evaluate(sequence, in: &state) }
    }

    private func evaluate(_ sequence: [Int], in state: inout State) throws(NativeModelError) -> [Float] {
        guard !sequence.isEmpty else { throw .badToken(-1, vocabularySize: model.vocabularySize) }
        guard sequence.count <= contextLimit else { throw .contextFull(needed: sequence.count, limit: contextLimit) }
        if let bad = sequence.first(where: { !(0..<model.vocabularySize).contains($0) }) {
            throw .badToken(bad, vocabularySize: model.vocabularySize)
        }
        var shared = 0
        while shared < min(state.tokens.count, sequence.count - 1), state.tokens[shared] == sequence[shared] { shared += 1 }
        state.cache.count = shared
        state.tokens.removeSubrange(shared...)
        var logits: [Float] = []
        // Long prompts run in batches, so scratch memory stays bounded.
        var start = shared
        while start < sequence.count {
            let end = min(sequence.count, start + 256)
            logits = model.transformer.forward(Array(sequence[start..<end]), cache: state.cache)
            state.tokens += sequence[start..<end]
            start = end
        }
        return logits
    }

    /// Generates up to `maxTokens` tokens after `prompt`, stopping at an end-of-sequence token
    /// (not returned) or when `onToken` returns false; each token is passed to `onToken` as it
    /// comes. Task cancellation stops generation with `.cancelled`. The session is held until
    /// it returns, so `onToken` must not call it.
    public func complete(_ prompt: [Int], maxTokens: Int, sampler: Sampler = Sampler(.greedy), stopTokens: Set<Int>? = nil,
                         onToken: (Int) -> Bool = { _ in true }) throws(NativeModelError) -> [Int] {
        var sampler = sampler
        let stops = stopTokens ?? Set(model.tokenizer.vocabulary.endOfSequence)
        return try state.withLock { state throws(NativeModelError) in
            var logits = try evaluate(prompt, in: &state)
            var generated: [Int] = []
            while generated.count < maxTokens {
                if Task.isCancelled { throw .cancelled }
                let token = sampler.next(logits)
                if stops.contains(token) { break }
                generated.append(token)
                guard onToken(token), generated.count < maxTokens else { break }
                guard state.tokens.count < contextLimit else { throw .contextFull(needed: state.tokens.count + 1, limit: contextLimit) }
                logits = try evaluate(state.tokens + [token], in: &state)
            }
            return generated
        }
    }
}

/// A session's cache handed to the branch being filled from it. Safe because it is made and
/// read only inside the source session's lock, so no evaluation writes the cache meanwhile
/// (`ConcurrencyTests` branches a session while other tasks evaluate it).
private struct LockedCache: @unchecked Sendable {
    let cache: KeyValueCache
}
