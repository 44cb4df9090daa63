import GGUF

/// The shape of a llama-family transformer, read from a GGUF file's `{architecture}.*` keys.
///
/// ```swift
/// let configuration = try TransformerConfiguration(GGUFFile(contentsOf: url))
/// configuration.layers        // 30 for SmolLM2-135M
/// configuration.headDimension // 64
/// ```
public struct TransformerConfiguration: Sendable, Equatable {
    /// How RoPE pairs the dimensions of a head: llama's GGUF files permute Q and K so that
    /// neighbours rotate together; Qwen rotates dimension i with i + half.
    public enum RotaryPairing: Sendable, Equatable { case adjacent, halves }

    public static let architectures = ["llama", "qwen2", "qwen3"]

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
    }
}
