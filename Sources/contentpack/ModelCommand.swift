import CommandLineSupport
import Foundation
import GGUF
import GuidedGeneration
import NativeModel
import NPCKit

/// `contentpack model info|tokenize|complete FILE.gguf`: looks inside a GGUF model and runs
/// it in process with the native runtime — its hyperparameters, the token ids of a text, or a
/// continuation of a prompt.
struct ModelCommand: Command {
    static let name = "model"
    static let abstract = "Inspect or run a GGUF model in process (info, tokenize, complete)."
    static let synopsis = "model info|tokenize|complete FILE.gguf [--prompt TEXT] [--chat] [--greedy | --temperature T --seed S] [--max-tokens N]"
    static let discussion = """
        Runs a llama-family GGUF model (llama, qwen2, qwen3; F32/F16/BF16/Q8_0/Q4_0/Q4_1/Q5_0/
        Q5_1/Q4_K/Q5_K/Q6_K) on this machine with the native runtime; nothing is uploaded.
          info      the architecture, sizes, tokenizer and tensor types of the file, and
                    whether it runs here (any GGUF file is described, even one that cannot run)
          tokenize  the token ids of the prompt, as a JSON array
          complete  the model's continuation of the prompt, streamed as it is generated
        The prompt is --prompt TEXT, or standard input when --prompt is absent. With --chat it is
        one user message, wrapped by the model's own chat template (tokenizer.chat_template);
        without it, it is raw text, and special tokens written in it (e.g. <|im_start|>) are
        read as such. Decoding is greedy (--greedy, the default) unless --temperature is above
        0; sampling is seeded, so the same seed gives the same text.
        The matrix kernels run in the widest variant this processor offers (avx2 where it has
        AVX2, FMA and F16C; baseline on any other x86-64 or arm64), every variant giving the
        same bits; COFFEESHOP_KERNELS=baseline|avx2 names one ('info' shows which runs).
        """
    static let defaultMaxTokens = 128
    static let options: [OptionSpec] = [
        OptionSpec("--prompt", value: "TEXT", help: "The text to tokenize or continue (default: standard input)."),
        OptionSpec(flag: "--chat", help: "Send the prompt as a user message through the model's chat template."),
        OptionSpec("--max-tokens", value: "N", help: "Most tokens 'complete' generates (default: \(defaultMaxTokens))."),
        OptionSpec(flag: "--greedy", help: "Always take the most likely token (the default)."),
        OptionSpec("--temperature", value: "T", help: "Above 0 to sample (default: 0, greedy)."),
        OptionSpec("--top-k", value: "K", help: "Sample among the K most likely tokens (default: 40)."),
        OptionSpec("--top-p", value: "P", help: "Then among the fewest whose probability reaches P (default: 0.95)."),
        OptionSpec("--seed", value: "S", help: "Seed for sampling, 0 to \(UInt64.max) (default: 0)."),
        OptionSpec("--threads", value: "N", help: "Cores for the matrix products (default: all)."),
        OptionSpec("--context", value: "N", help: "Context window in tokens (default: the model's, at most 4096)."),
        OptionSpec(flag: "--verbose", help: "Print timings (prompt and generation tokens per second) to standard error."),
    ]
    static let maximumPositionals = 2

    enum Action: String { case info, tokenize, complete }

    let action: Action
    let modelPath: String
    let prompt: String?
    let chat: Bool
    let maxTokens: Int
    let sampling: Sampler.Mode
    let threads: Int?
    let context: Int
    let verbose: Bool

    init(arguments: CommandLineArguments) throws {
        guard let name = arguments.positionals.first else { throw CommandFailure.usage("missing action; expected info, tokenize or complete") }
        guard let action = Action(rawValue: name) else { throw CommandFailure.usage("unknown action '\(name)'; expected info, tokenize or complete") }
        self.action = action
        guard arguments.positionals.count == 2 else { throw CommandFailure.usage("missing model file; usage: contentpack \(Self.synopsis)") }
        modelPath = arguments.positionals[1]
        prompt = arguments.value("--prompt")
        chat = arguments.flag("--chat")
        if chat && action != .complete { throw CommandFailure.usage("--chat applies to 'model complete' only") }
        maxTokens = try arguments.integer("--max-tokens", default: Self.defaultMaxTokens, minimum: 1, requirement: "a positive integer")
        let temperature = try Self.fraction(arguments, "--temperature", default: 0, range: 0...100)
        let topK = try arguments.integer("--top-k", default: 40, minimum: 1, requirement: "a positive integer")
        let topP = try Self.fraction(arguments, "--top-p", default: 0.95, range: 0.000_001...1)
        let seed = try arguments.integer("--seed", default: UInt64(0), requirement: "an integer from 0 to \(UInt64.max)")
        if arguments.flag("--greedy") && temperature > 0 { throw CommandFailure.usage("--greedy and --temperature above 0 contradict each other; pick one") }
        sampling = temperature == 0 ? .greedy : .sampled(temperature: temperature, topK: topK, topP: topP, seed: seed)
        threads = arguments.value("--threads") == nil ? nil : try arguments.integer("--threads", default: 1, minimum: 1, requirement: "a positive integer")
        context = try arguments.integer("--context", default: 4096, minimum: 1, requirement: "a positive integer")
        verbose = arguments.flag("--verbose")
    }

    private static func fraction(_ arguments: CommandLineArguments, _ name: String, default value: Float,
                                 range: ClosedRange<Float>) throws -> Float {
        guard let text = arguments.value(name) else { return value }
        guard let number = Float(text), number.isFinite, range.contains(number) else {
            throw CommandFailure.usage("option '\(name)' must be a number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    func run() async throws -> ExitStatus {
        let model: NativeModel
        var output = StandardOutput()
        do { model = try NativeModel(contentsOf: URL(fileURLWithPath: modelPath), threads: threads) } catch {
            // A file that parses but cannot run (another architecture, tensor type or
            // tokenizer) is still described, with why it cannot run.
            guard action == .info, let file = try? GGUFFile(contentsOf: URL(fileURLWithPath: modelPath)) else {
                throw CommandFailure.runtime(error.description)
            }
            try writeInfo(of: file, refusal: error.description, to: &output)
            try output.flush()
            return .success
        }
        switch action {
        case .info:
            try writeInfo(model, to: &output)
        case .tokenize:
            let tokens = model.tokenizer.encode(try promptText())
            try output.writeLine("[" + tokens.map(String.init).joined(separator: ", ") + "]")
        case .complete:
            try complete(model, to: &output)
        }
        try output.flush()
        return .success
    }

    /// The longest prompt read from standard input (1 MiB).
    static let promptLimit = 1 << 20

    private func promptText() throws -> String {
        if let prompt { return prompt }
        let bytes = try FileInput.standardInput().readAll(limit: Self.promptLimit, role: "prompt")
        guard let text = String(bytes: bytes, encoding: .utf8) else { throw CommandFailure.runtime("standard input is not UTF-8 text") }
        return text
    }

    private func writeInfo(_ model: NativeModel, to output: inout StandardOutput) throws {
        let c = model.configuration
        let vocabulary = model.tokenizer.vocabulary
        let lines = [
            "file: \(modelPath)",
            "name: \(model.file.metadata["general.name"]?.string ?? "(none)")",
            "architecture: \(c.architecture)",
            "layers: \(c.layers)",
            "embedding: \(c.embedding)",
            "feed-forward: \(c.feedForward)",
            "heads: \(c.heads) (key/value heads: \(c.keyValueHeads), head size: \(c.headDimension))",
            "context: \(c.contextLength)",
            "rope base: \(c.rotaryBase)",
            "vocabulary: \(model.vocabularySize) (\(vocabulary.model), pre-tokenizer \(model.file.metadata["tokenizer.ggml.pre"]?.string ?? "default"))",
            Self.tensorTypes(of: model.file),
            "chat template: \(model.chatTemplate == nil ? "no" : "yes")",
            "kernels: \(model.kernels) (this processor runs \(KernelVariant.allCases.filter(\.isSupported).map(\.rawValue).joined(separator: ", ")))",
            "runs here: yes",
        ]
        for line in lines { try output.writeLine(line) }
    }

    /// "tensors: 1 F32, 210 Q4_1": how many tensors of each type the file holds.
    private static func tensorTypes(of file: GGUFFile) -> String {
        var types: [String: Int] = [:]
        for tensor in file.tensors { types[tensor.type.description, default: 0] += 1 }
        return "tensors: " + types.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }

    /// What the file's own metadata says, for a model the runtime cannot run, and why not.
    private func writeInfo(of file: GGUFFile, refusal: String, to output: inout StandardOutput) throws {
        let metadata = file.metadata
        let architecture = metadata["general.architecture"]?.string ?? "(none)"
        func value(_ key: String) -> String {
            guard let found = metadata["\(architecture).\(key)"] else { return "(not given)" }
            return found.integer.map(String.init) ?? found.number.map { String($0) } ?? found.string ?? "(not a number)"
        }
        let vocabulary = metadata["tokenizer.ggml.tokens"]?.array.map { String($0.count) } ?? "(none)"
        let lines = [
            "file: \(modelPath)",
            "name: \(metadata["general.name"]?.string ?? "(none)")",
            "architecture: \(architecture)",
            "layers: \(value("block_count"))",
            "embedding: \(value("embedding_length"))",
            "feed-forward: \(value("feed_forward_length"))",
            "heads: \(value("attention.head_count")) (key/value heads: \(value("attention.head_count_kv")))",
            "context: \(value("context_length"))",
            "rope base: \(value("rope.freq_base"))",
            "vocabulary: \(vocabulary) (\(metadata["tokenizer.ggml.model"]?.string ?? "no tokenizer"), pre-tokenizer \(metadata["tokenizer.ggml.pre"]?.string ?? "default"))",
            Self.tensorTypes(of: file),
            "chat template: \(metadata["tokenizer.chat_template"] == nil ? "no" : "yes")",
            "runs here: no — \(refusal)",
        ]
        for line in lines { try output.writeLine(line) }
    }

    private func complete(_ model: NativeModel, to output: inout StandardOutput) throws {
        var text = try promptText()
        if chat {
            do { text = try model.chatPrompt([ChatMessage(role: "user", content: text)]) } catch { throw CommandFailure.runtime(error.description) }
        }
        let prompt = model.tokenizer.encode(text)
        let session = model.makeSession(contextLimit: context)
        var decoder = TokenTextDecoder(tokenizer: model.tokenizer)
        let clock = ContinuousClock()
        let start = clock.now
        var firstToken: ContinuousClock.Instant?
        var writeError: Error?
        var out = output
        let generated: [Int]
        do {
            generated = try session.complete(prompt, maxTokens: maxTokens, sampler: Sampler(sampling)) { token in
                if firstToken == nil { firstToken = clock.now }
                do {
                    try out.write(decoder.append(token))
                    try out.flush()
                    return true
                } catch {
                    writeError = error
                    return false
                }
            }
        } catch {
            throw CommandFailure.runtime(error.description)
        }
        if let writeError { throw writeError }
        try out.writeLine(decoder.finish())
        try out.flush()
        output = out
        if verbose {
            let end = clock.now
            let promptTime = (firstToken ?? end) - start
            let generationTime = end - (firstToken ?? end)
            // The first token comes with the prompt; generation's rate counts the tokens after it.
            let rate = generated.count > 1
                ? String(format: "%.1f tok/s", Double(generated.count - 1) / max(generationTime.seconds, 1e-9)) : "no rate (one token or none)"
            StandardError.writeLine(String(format: "prompt: %d tokens, %.1f tok/s, first token after %.0f ms; generation: %d tokens, ",
                                           prompt.count, Double(prompt.count) / promptTime.seconds, promptTime.seconds * 1000, generated.count) + rate)
        }
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
