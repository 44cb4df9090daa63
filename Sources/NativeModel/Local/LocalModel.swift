import Foundation
import GGUF
import GuidedGeneration

/// A real language model run in this process from a GGUF file, whose every structured reply is
/// valid by construction: a reply with a schema is decoded under a `TokenMasker` — the bytes
/// the schema forces are fed without sampling, and the model samples only among the tokens the
/// mask allows — so `repliesFollowTheSchema` is true and nothing is checked and retried. Tools
/// are offered as an action schema decoded the same way, so every tool call names a real tool
/// with valid arguments; the session's loop runs them. Free text ends at the chat template's
/// end of turn. Prompts are rendered by the model's own chat template, counted with its own
/// tokenizer, and the longest prefix a recent request shared is not computed again. Nothing
/// leaves the machine.
///
/// ```swift
/// let model = try LocalModel(contentsOf: URL(fileURLWithPath: "SmolLM2-135M-Instruct.Q4_1.gguf"))
/// let session = LanguageModelSession(model: model, instructions: "You are a barista.")
/// let npc = try await session.respond(to: "Invent a customer.", schema: schema).content   // always valid
/// ```
public struct LocalModel: LanguageModel {
    /// How the model runs.
    public struct Options: Sendable, Equatable {
        /// Cores for the matrix products (nil: all).
        public var threads: Int?
        /// The context window in tokens (capped at the model's own).
        public var contextSize: Int
        /// Most tokens of one reply when the request's options name no limit.
        public var maximumResponseTokens: Int
        /// The sampling temperature when the request's options name none.
        public var temperature: Double
        /// How many recent conversations keep their computed prompt for reuse.
        public var cachedConversations: Int
        /// Rounds of tool calls per prompt before the model must answer.
        public var toolRounds: Int
        /// How much less likely a token the reply chose in its last 64 becomes (1: not at all);
        /// small models otherwise repeat themselves.
        public var repetitionPenalty: Double

        public init(threads: Int? = nil, contextSize: Int = 4096, maximumResponseTokens: Int = 512, temperature: Double = 0.8,
                    cachedConversations: Int = 2, toolRounds: Int = 1, repetitionPenalty: Double = 1.3) {
            self.threads = threads
            self.contextSize = max(16, contextSize)
            self.maximumResponseTokens = max(1, maximumResponseTokens)
            self.temperature = max(0, temperature)
            self.cachedConversations = max(1, cachedConversations)
            self.toolRounds = max(0, toolRounds)
            self.repetitionPenalty = repetitionPenalty.isFinite ? max(1, repetitionPenalty) : 1
        }
    }

    /// What the model has done so far, for benchmarks and `--verbose` summaries.
    public struct Statistics: Sendable, Equatable {
        public var replies = 0
        /// Tokens the model chose.
        public var sampledTokens = 0
        /// Tokens the schema forced, fed without sampling.
        public var forcedTokens = 0
        /// Prompt tokens computed.
        public var promptTokens = 0
        /// Prompt tokens an earlier request had already computed.
        public var reusedPromptTokens = 0
    }

    public let model: NativeModel
    public let options: Options
    let runner: LocalRunner

    /// Opens (memory-maps) and checks a GGUF model file.
    public init(contentsOf url: URL, options: Options = Options()) throws(NativeModelError) {
        self.init(model: try NativeModel(contentsOf: url, threads: options.threads), options: options)
    }

    public init(model: NativeModel, options: Options = Options()) {
        self.model = model
        self.options = options
        runner = LocalRunner(model: model, options: options, contextSize: min(options.contextSize, model.configuration.contextLength))
    }

    public var contextSize: Int { runner.contextSize }
    public var repliesFollowTheSchema: Bool { true }

    /// Structured replies and tool calls under the mask, streamed as the tokens are decoded.
    public var capabilities: LanguageModelCapabilities { [.guidedGeneration, .toolCalling, .streaming, .followsExamples] }
    public var statistics: Statistics { runner.statistics }

    public func tokenCount(for text: String) -> Int {
        model.tokenizer.encode(text, addBeginning: false, parseSpecial: false, continuing: true).count
    }

    /// Builds the vocabulary's token tries, which the first structured reply would otherwise wait for.
    public func prewarm() async {
        _ = runner.vocabulary
    }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        var plan = try GuidedTurnPlan(request: request, toolRounds: options.toolRounds)
        while true {
            let text = try await runner.reply(plan, options: request.options, partial: request.partialContentHandler)
            switch try plan.read(text) {
            case .turn(let turn): return turn.endingAtWords(under: request.schema)
            case .answerInText: plan = try plan.answering
            }
        }
    }
}
