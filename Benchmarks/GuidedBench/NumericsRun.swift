import Foundation
import GuidedGeneration
import NativeModel
import TestSupport

/// The native runtime's numerics (`--only numerics`): for each of `NumericsReference.prompts`,
/// tokenized by our tokenizer, the last position's logits from `NativeSession.evaluate`, from the
/// float64 reference (`scripts/reference-logits.py`), and — with a llama-server (`--url`, default
/// `$COFFEESHOP_LLM_URL`) on the same file — the server's top log-probabilities for the same ids;
/// and the reference's diagnostic pass with ggml's roundings (8-bit activations, half KV), to show
/// how far those roundings alone move an exact computation.
struct NumericsRun {
    let rows: [NumericsReference.Comparison]
    let serverURL: URL?
    let model: NativeModel

    init(options: Options) async throws {
        let path = options.modelPath ?? ""
        guard let python = options.numericsPython else {
            throw NumericsReference.Failure(description: "--only numerics needs --numerics PYTHON (scripts/numerics-venv.sh prints it)")
        }
        let model = try NativeModel(contentsOf: URL(fileURLWithPath: path), threads: options.threads)
        self.model = model
        var tokens: [[Int]] = []
        for prompt in NumericsReference.prompts {
            let text = try prompt.text ?? model.chatPrompt(prompt.messages)
            tokens.append(Array(model.tokenizer.encode(text).prefix(NumericsReference.maximumTokens)))
        }
        if options.verbose {
            for (prompt, ids) in zip(NumericsReference.prompts, tokens) { MaskBenchRun.log("\(prompt.name): \(ids)\n") }
        }
        let ours = try tokens.map { try model.makeSession().evaluate($0) }
        let reference = try NumericsReference.referenceLogits(python: python, model: path, prompts: tokens)
        let rounded = try NumericsReference.referenceLogits(python: python, model: path, prompts: tokens, ggmlRounding: true)
        serverURL = options.serverURL ?? ProcessInfo.processInfo.environment["COFFEESHOP_LLM_URL"].flatMap(URL.init(string:))
        var rows: [NumericsReference.Comparison] = []
        for index in tokens.indices {
            var server: [NumericsReference.Choice]?
            if let serverURL { server = try await NumericsReference.serverChoices(url: serverURL, tokens: tokens[index]) }
            rows.append(NumericsReference.Comparison(name: NumericsReference.prompts[index].name, tokens: tokens[index].count,
                                                     referenceLogits: reference[index], ourLogits: ours[index], server: server,
                                                     roundedLogits: rounded[index]))
        }
        self.rows = rows
    }

    func describe(_ choices: [NumericsReference.Choice]) -> String {
        choices.map { "\(model.tokenizer.decode([$0.id], special: true).debugDescription) " + String(format: "%.3f", $0.logprob) }
            .joined(separator: ", ")
    }
}
