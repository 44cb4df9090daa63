import Foundation
import GGUF
import Testing
import TestSupport
@testable import NativeModel

/// A tiny model per tensor type, written by the test, run end to end: its logits agree with a
/// double-precision reference forward pass, incremental decoding and prefix reuse give the
/// logits a fresh batch gives, sampling is reproducible, and bad requests are typed errors.
@Suite struct TinyModelTests {
    static let prompt = [104, 101, 108, 108, 111, 33, 10, 7]

    static func load(_ tiny: TinyModel, threads: Int = 2, kernels: KernelVariant? = nil) throws -> NativeModel {
        try NativeModel(file: GGUFFile(bytes: Data(tiny.bytes), name: "tiny.gguf"), threads: threads, kernels: kernels)
    }

    /// A whole forward pass, prompt batch and single tokens, gives the same logits in every
    /// kernel variant this processor runs (every other type in the fast tier).
    @Test(arguments: TestTier.sample(SyntheticTensors.types, fastStride: 3))
    func everyKernelVariantGivesTheSameLogits(type: GGUFTensorType) throws {
        let tiny = TinyModel(type: type)
        func logits(_ variant: KernelVariant) throws -> [[UInt32]] {
            let session = try Self.load(tiny, kernels: variant).makeSession()
            return try [session.evaluate(Self.prompt), session.evaluate(Self.prompt + [3])].map { $0.map(\.bitPattern) }
        }
        let baseline = try logits(.baseline)
        for variant in KernelVariant.allCases where variant.isSupported {
            #expect(try logits(variant) == baseline, "\(type) with \(variant)")
        }
    }

    /// The largest logit difference, relative to the spread of the reference logits.
    static func relativeError(_ actual: [Float], _ expected: [Double]) -> Double {
        let spread = expected.max()! - expected.min()!
        return zip(actual, expected).map { abs(Double($0) - $1) }.max()! / spread
    }

    /// Every other type in the fast tier, every type in the integration tier.
    @Test(arguments: TestTier.sample(SyntheticTensors.types, fastStride: 3))
    func logitsAgreeWithAFloatReference(type: GGUFTensorType) throws {
        let tiny = TinyModel(type: type)
        let model = try Self.load(tiny)
        let reference = tiny.referenceLogits(Self.prompt)
        let session = model.makeSession()
        for length in [1, 4, Self.prompt.count] {
            let logits = try session.evaluate(Array(Self.prompt.prefix(length)))
            #expect(logits.count == tiny.vocabularySize)
            let error = Self.relativeError(logits, reference[length - 1])
            // Float weights leave half-precision rounding (the KV cache, attention); quantised
            // products also quantise activations to 8 bits. A wrong rotation direction gives 0.1 to 0.5.
            #expect(error < ([.f32, .f16, .bf16].contains(type) ? 0.01 : 0.05), "\(type) after \(length) tokens: \(error)")
        }
    }

    /// Gemma 3's block — scaled embeddings, Q/K norms, rotation in halves, norms after
    /// attention and the feed-forward block, GELU, and a first layer that sees only the last
    /// four positions — agrees with the float reference on prompts past the window, batched and
    /// a token at a time.
    @Test(arguments: [GGUFTensorType.f32, .q8_0, .q4_K])
    func gemma3LogitsAgreeWithAFloatReference(type: GGUFTensorType) throws {
        let tiny = TinyModel(type: type, architecture: "gemma3")
        let model = try Self.load(tiny)
        #expect(model.configuration.slidingLayers == [true, false] && model.configuration.slidingWindow == TinyModel.slidingWindow)
        let reference = tiny.referenceLogits(Self.prompt)
        let session = model.makeSession()
        for length in [1, 4, 6, Self.prompt.count] {
            let error = Self.relativeError(try session.evaluate(Array(Self.prompt.prefix(length))), reference[length - 1])
            #expect(error < (type == .f32 ? 0.01 : 0.05), "\(type) after \(length) tokens: \(error)")
        }
        let batch = try model.makeSession().evaluate(Self.prompt)
        #expect(try session.evaluate(Self.prompt) == batch)
    }

    @Test func incrementalDecodingAndPrefixReuseMatchAFreshBatch() throws {
        let model = try Self.load(TinyModel(type: .q4_K))
        let fresh = try model.makeSession().evaluate(Self.prompt)
        let incremental = model.makeSession()
        var logits: [Float] = []
        for length in 1...Self.prompt.count { logits = try incremental.evaluate(Array(Self.prompt.prefix(length))) }
        #expect(logits == fresh)
        // A different last token re-runs only that token; the shared prefix stays cached.
        let branched = Array(Self.prompt.dropLast()) + [65]
        #expect(try incremental.evaluate(branched) == model.makeSession().evaluate(branched))
        #expect(incremental.tokens == branched)
    }

    /// Tokens a schema forces are fed in one batch after the sampled one (`GuidedDecoder`): the
    /// batch gives exactly the logits, and leaves exactly the cache, that feeding them one
    /// forward pass each gives — for the types whose prompts run eight tokens per row (Q4_0,
    /// Q4_1) and those that run them one at a time.
    @Test(arguments: [GGUFTensorType.q4_0, .q4_1, .q8_0, .f16])
    func forcedTokensInOneBatchGiveTheLogitsOfOneAtATime(type: GGUFTensorType) throws {
        let model = try Self.load(TinyModel(type: type))
        let forced = [65, 66, 67, 68, 69, 70, 71, 72, 73, 74]
        let batched = model.makeSession(), single = model.makeSession()
        _ = try batched.evaluate(Self.prompt)
        var logits = try single.evaluate(Self.prompt)
        let together = try batched.evaluate(Self.prompt + forced)
        for count in 1...forced.count { logits = try single.evaluate(Self.prompt + forced.prefix(count)) }
        #expect(together.map(\.bitPattern) == logits.map(\.bitPattern), "\(type)")
        #expect(try batched.evaluate(batched.tokens + [3]).map(\.bitPattern) == single.evaluate(single.tokens + [3]).map(\.bitPattern), "\(type)")
    }

    /// A branch holds the prefix's keys and values copied: going on from it gives the logits a
    /// fresh session gives, and the session it came from keeps its own tokens and logits.
    @Test func aBranchCarriesThePrefixAndLeavesItsSourceWhole() throws {
        let model = try Self.load(TinyModel(type: .q8_0))
        let source = model.makeSession()
        let sourceLogits = try source.evaluate(Self.prompt)
        let branch = source.branch(keeping: 5)
        #expect(branch.tokens == Array(Self.prompt.prefix(5)))
        let other = Array(Self.prompt.prefix(5)) + [65, 66]
        #expect(try branch.evaluate(other) == model.makeSession().evaluate(other))
        #expect(source.tokens == Self.prompt)
        #expect(try source.evaluate(Self.prompt + [3]) == model.makeSession().evaluate(Self.prompt + [3]))
        #expect(try model.makeSession().evaluate(Self.prompt) == sourceLogits)
    }

    @Test func threadCountDoesNotChangeTheLogits() throws {
        let tiny = TinyModel(type: .q8_0)
        let one = try Self.load(tiny, threads: 1).makeSession().evaluate(Self.prompt)
        let three = try Self.load(tiny, threads: 3).makeSession().evaluate(Self.prompt)
        #expect(one == three)
    }

    @Test func seededSamplingRepeatsAndGreedyFollowsTheLogits() throws {
        let model = try Self.load(TinyModel(type: .q4_1))
        let sampler = Sampler(.sampled(temperature: 1.5, topK: 50, topP: 0.98, seed: 9))
        let first = try model.makeSession().complete(Self.prompt, maxTokens: 12, sampler: sampler, stopTokens: [])
        let second = try model.makeSession().complete(Self.prompt, maxTokens: 12, sampler: sampler, stopTokens: [])
        #expect(first == second)
        #expect(first.count == 12)
        let other = try model.makeSession().complete(Self.prompt, maxTokens: 12, sampler: Sampler(.sampled(temperature: 1.5, topK: 50, topP: 0.98, seed: 10)), stopTokens: [])
        #expect(first != other)
        let session = model.makeSession()
        let greedy = try session.complete(Self.prompt, maxTokens: 3, stopTokens: [])
        let logits = try model.makeSession().evaluate(Self.prompt)
        #expect(greedy.first == logits.indices.max { logits[$0] < logits[$1] })
    }

    @Test func requestsOutsideTheModelAreTypedErrors() throws {
        let model = try Self.load(TinyModel(type: .f16))
        let session = model.makeSession(contextLimit: 8)
        #expect(throws: NativeModelError.contextFull(needed: 9, limit: 8)) { try session.evaluate(Array(repeating: 5, count: 9)) }
        #expect(throws: NativeModelError.badToken(999, vocabularySize: model.vocabularySize)) { try session.evaluate([1, 999]) }
        #expect(throws: NativeModelError.contextFull(needed: 9, limit: 8)) {
            _ = try session.complete(Array(repeating: 5, count: 6), maxTokens: 10, stopTokens: [])
        }
    }

    @Test func cancellationStopsGeneration() async throws {
        let model = try Self.load(TinyModel(type: .q8_0))
        let task = Task { () throws -> [Int] in
            try model.makeSession().complete(Self.prompt, maxTokens: 40, stopTokens: []) { _ in
                withUnsafeCurrentTask { $0?.cancel() }
                return true
            }
        }
        await #expect(throws: NativeModelError.cancelled) { try await task.value }
    }

    @Test func filesTheRuntimeCannotRunAreRefusedByName() throws {
        #expect(throws: NativeModelError.unsupportedArchitecture("gemma2", file: "tiny.gguf")) {
            try Self.load(TinyModel(type: .f32, architecture: "gemma2"))
        }
        #expect(throws: NativeModelError.missingTensor("blk.1.ffn_up.weight", file: "tiny.gguf")) {
            try Self.load(TinyModel(type: .f32, omitting: "blk.1.ffn_up.weight"))
        }
        #expect(throws: NativeModelError.unsupportedTensorType(tensor: "token_embd.weight", type: "Q2_K")) {
            try Self.load(TinyModel(type: .q2_K))
        }
    }

    /// Found by fuzzing damaged model files: a rotary base or norm epsilon that is not a positive
    /// number made every activation NaN, and quantizing them trapped, killing the process.
    @Test(arguments: [Float(0), -1, .nan, .infinity])
    func hyperparametersThatMakeNoNumbersAreRefused(value: Float) throws {
        #expect(throws: NativeModelError.badHyperparameter(key: "llama.rope.freq_base", reason: "\(value) is not a positive number")) {
            try Self.load(TinyModel(type: .f32, ropeBase: value))
        }
        #expect(throws: NativeModelError.badHyperparameter(key: "llama.attention.layer_norm_rms_epsilon", reason: "\(value) is not a positive number")) {
            try Self.load(TinyModel(type: .f32, epsilon: value))
        }
    }

    /// Activations that are not numbers (NaN or infinite weights) quantize to zeros instead of
    /// trapping; the finite values of their block still quantize as before.
    @Test func nonFiniteActivationsQuantizeWithoutTrapping() {
        let vector = ActivationVector(count: 256)
        var input = (0..<256).map { Float($0 % 7) - 3 }
        input[3] = .nan
        input[40] = .infinity
        input[200] = -.infinity
        input.withUnsafeBufferPointer { vector.load($0.baseAddress!) }
        vector.prepare(.blocks32)
        vector.prepare(.blocks256)
        #expect(vector.quants[3] == 0 && vector.quantsK[3] == 0)
        #expect(vector.quants[0] == -127 && vector.quants[98] == -127, "finite values quantize as before")
    }

    @Test func theTokenizerUsesTheFilesMergesAndEndToken() throws {
        let model = try Self.load(TinyModel(type: .f32))
        let tokens = model.tokenizer.encode("hello hell<|end|>")
        #expect(tokens == [259, 32, 258, 260])
        #expect(model.tokenizer.decode(tokens) == "hello hell")
        #expect(model.tokenizer.decode(tokens, special: true) == "hello hell<|end|>")
    }
}
