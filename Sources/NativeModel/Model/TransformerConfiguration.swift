import GGUF

/// The shape of a llama-family transformer, read from a GGUF file's `{architecture}.*` keys.
/// Gemma 3 is the same family with four differences this records: token embeddings scaled by
/// √embedding, a GELU-gated feed-forward block, a norm after attention and after the
/// feed-forward block, and sliding-window attention with its own RoPE base on five layers of
/// every six.
///
/// ```swift
/// let configuration = try TransformerConfiguration(GGUFFile(contentsOf: url))
/// configuration.layers        // 30 for SmolLM2-135M
/// configuration.headDimension // 64
/// ```
public struct TransformerConfiguration: Sendable, Equatable {
    /// How RoPE pairs the dimensions of a head: llama's GGUF files permute Q and K so that
    /// neighbours rotate together; Qwen and Gemma rotate dimension i with i + half.
    public enum RotaryPairing: Sendable, Equatable { case adjacent, halves }

    /// The feed-forward block's gate: SiLU (llama, Qwen) or GELU in its tanh form (Gemma).
    public enum Activation: Sendable, Equatable { case silu, gelu }

    public static let architectures = ["llama", "qwen2", "qwen3", "gemma3"]

    public let architecture: String
    public let layers: Int
    public let embedding: Int
    public let feedForward: Int
    public let heads: Int
    public let keyValueHeads: Int
    public let headDimension: Int
    public let contextLength: Int
    public let rotaryBase: Float
    public let rotaryDimensions: Int
    /// Positions are multiplied by this before rotation (1 unless linear RoPE scaling is set).
    public let rotaryScale: Float
    public let rotaryPairing: RotaryPairing
    public let normEpsilon: Float
    public let activation: Activation
    /// Token embeddings are multiplied by this before the first layer (Gemma: √embedding).
    public let embeddingScale: Float
    /// Attention scores are multiplied by this: 1/√headDimension, except Gemma 3 27B's
    /// 1/√(embedding/heads).
    public let attentionScale: Float
    /// How many positions back a sliding-window layer attends (the position itself included);
    /// nil when every layer attends to the whole context.
    public let slidingWindow: Int?
    /// Which layers use the sliding window (all false without one).
    public let slidingLayers: [Bool]
    /// The RoPE base of sliding-window layers (their positions are not scaled).
    public let slidingRotaryBase: Float
    /// Whether each block normalizes its attention output and its feed-forward output before
    /// adding them to the residual stream (Gemma).
    public let normalizesBlockOutputs: Bool

    public init(_ file: GGUFFile) throws(NativeModelError) {
        guard let architecture = file.metadata["general.architecture"]?.string else {
            throw .badHyperparameter(key: "general.architecture", reason: "missing")
        }
        guard Self.architectures.contains(architecture) else { throw .unsupportedArchitecture(architecture, file: file.name) }
        func integer(_ key: String, default fallback: Int? = nil) throws(NativeModelError) -> Int {
            let name = "\(architecture).\(key)"
            guard let value = file.metadata[name]?.integer ?? fallback else { throw .badHyperparameter(key: name, reason: "missing") }
            guard value > 0, value < 1 << 24 else { throw .badHyperparameter(key: name, reason: "\(value) is out of range") }
            return value
        }
        self.architecture = architecture
        layers = try integer("block_count")
        embedding = try integer("embedding_length")
        feedForward = try integer("feed_forward_length")
        heads = try integer("attention.head_count")
        keyValueHeads = try integer("attention.head_count_kv", default: heads)
        guard heads % keyValueHeads == 0 else {
            throw .badHyperparameter(key: "\(architecture).attention.head_count_kv", reason: "\(keyValueHeads) does not divide \(heads) heads")
        }
        headDimension = try integer("attention.key_length", default: embedding / heads)
        contextLength = try integer("context_length")
        rotaryDimensions = try integer("rope.dimension_count", default: headDimension)
        guard rotaryDimensions <= headDimension, rotaryDimensions % 2 == 0 else {
            throw .badHyperparameter(key: "\(architecture).rope.dimension_count", reason: "\(rotaryDimensions) does not fit heads of \(headDimension)")
        }
        func positive(_ key: String, default fallback: Double) throws(NativeModelError) -> Float {
            let name = "\(architecture).\(key)"
            let value = Float(file.metadata[name]?.number ?? fallback)
            guard value.isFinite, value > 0 else { throw .badHyperparameter(key: name, reason: "\(value) is not a positive number") }
            return value
        }
        rotaryBase = try positive("rope.freq_base", default: 10_000)
        normEpsilon = try positive("attention.layer_norm_rms_epsilon", default: 1e-6)
        let scaling = file.metadata["\(architecture).rope.scaling.type"]?.string ?? "none"
        switch scaling {
        case "none":
            rotaryScale = 1
        case "linear":
            let factor = file.metadata["\(architecture).rope.scaling.factor"]?.number ?? 1
            guard factor > 0 else { throw .badHyperparameter(key: "\(architecture).rope.scaling.factor", reason: "\(factor) is not positive") }
            rotaryScale = Float(1 / factor)
        default:
            throw .badHyperparameter(key: "\(architecture).rope.scaling.type", reason: "'\(scaling)' scaling is not supported (none and linear are)")
        }
        rotaryPairing = architecture == "llama" ? .adjacent : .halves
        let gemma = architecture == "gemma3"
        activation = gemma ? .gelu : .silu
        embeddingScale = gemma ? Float(embedding).squareRoot() : 1
        normalizesBlockOutputs = gemma
        attentionScale = gemma && layers == 62 ? 1 / Float(embedding / heads).squareRoot() : 1 / Float(headDimension).squareRoot()
        let window = gemma ? file.metadata["\(architecture).attention.sliding_window"]?.integer : nil
        if let window {
            guard window > 0 else { throw .badHyperparameter(key: "\(architecture).attention.sliding_window", reason: "\(window) is not positive") }
            let pattern = try integer("attention.sliding_window_pattern", default: 6)
            slidingWindow = window
            slidingLayers = (0..<layers).map { $0 % pattern < pattern - 1 }
        } else {
            slidingWindow = nil
            slidingLayers = Array(repeating: false, count: layers)
        }
        slidingRotaryBase = try positive("rope.freq_base_swa", default: 10_000)
    }
}
