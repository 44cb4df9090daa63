import GGUF

/// Why a model file cannot be run, or a request to it cannot be served. Each case names the
/// tensor, key or construct at fault.
///
/// ```swift
/// do { _ = try NativeModel(contentsOf: url) } catch { print(error) }
/// // "model.gguf: architecture 'gemma2' is not supported (llama, qwen2 and qwen3 are)"
/// ```
public enum NativeModelError: Error, Equatable, CustomStringConvertible {
    /// The file itself could not be read.
    case file(GGUFError)
    case unsupportedArchitecture(String, file: String)
    case unsupportedTensorType(tensor: String, type: String)
    case missingTensor(String, file: String)
    case badTensorShape(tensor: String, shape: [Int], expected: String)
    /// A hyperparameter is missing or out of range.
    case badHyperparameter(key: String, reason: String)
    case unsupportedTokenizer(String)
    /// The prompt and reply would not fit the context window.
    case contextFull(needed: Int, limit: Int)
    /// A token id outside the vocabulary.
    case badToken(Int, vocabularySize: Int)
    /// The vocabulary has no tokens for some bytes of this text (a damaged or toy model).
    case unspellable(String)
    /// The chat template uses something the interpreter does not run, or failed.
    case template(String)
    case cancelled
    /// `COFFEESHOP_KERNELS` (or the caller) named a kernel variant that is unknown or that this
    /// processor does not run.
    case kernels(String, reason: String)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .unsupportedArchitecture(let name, let file):
            return "\(file): architecture '\(name)' is not supported (llama, qwen2 and qwen3 are)"
        case .unsupportedTensorType(let tensor, let type):
            return "tensor \(tensor) is stored as \(type), which the runtime does not read (F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K and Q6_K are)"
        case .missingTensor(let name, let file):
            return "\(file): tensor \(name) is missing"
        case .badTensorShape(let tensor, let shape, let expected):
            return "tensor \(tensor) has shape \(shape), expected \(expected)"
        case .badHyperparameter(let key, let reason):
            return "metadata \(key): \(reason)"
        case .unsupportedTokenizer(let reason):
            return "tokenizer: \(reason)"
        case .contextFull(let needed, let limit):
            return "the conversation needs \(needed) tokens but the context holds \(limit); start a new session or raise --context"
        case .badToken(let token, let size):
            return "token id \(token) is outside the vocabulary (0..<\(size))"
        case .unspellable(let text):
            return "the model's vocabulary cannot spell \(text.debugDescription): it has no token for some of its bytes"
        case .template(let reason):
            return "chat template: \(reason)"
        case .cancelled:
            return "generation was cancelled"
        case .kernels(let name, let reason):
            return "kernel variant '\(name)': \(reason) (\(KernelVariant.environmentKey) takes \(KernelVariant.allCases.map(\.rawValue).joined(separator: " or ")))"
        }
    }
}
