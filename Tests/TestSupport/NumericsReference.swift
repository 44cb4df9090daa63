import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GuidedGeneration

/// The native runtime's logits beside an exact float64 forward pass of the same GGUF file
/// (`scripts/reference-logits.py`, run by the Python of `scripts/numerics-venv.sh`, which
/// `.ci/run` exports as `COFFEESHOP_NUMERICS_PYTHON`) and beside llama.cpp's server, compared as
/// log-probabilities (log-softmax over the whole vocabulary), since the server gives no raw logits.
/// Shared by `NumericsReferenceTests` and `guided-bench --only numerics`.
public enum NumericsReference {
    public static let python = ProcessInfo.processInfo.environment["COFFEESHOP_NUMERICS_PYTHON"]

    /// `scripts/reference-logits.py` in this repository.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/reference-logits.py")

    /// A fixed prompt: raw text, or a conversation to render with the model's chat template.
    public struct Prompt: Sendable {
        public let name: String
        public let text: String?
        public let messages: [ChatMessage]

        public static func raw(_ name: String, _ text: String) -> Prompt { Prompt(name: name, text: text, messages: []) }
        public static func chat(_ name: String, _ messages: [ChatMessage]) -> Prompt { Prompt(name: name, text: nil, messages: messages) }
    }

    /// The prompts compared: the chat prompt whose first token llama.cpp and we choose
    /// differently ("1" and "While"), with the template's default system message; a persona's chat
    /// prompt; raw text; and 200 tokens of prose, where rounding has the most positions to gather in.
    public static let prompts: [Prompt] = [
        .chat("chat: Name three drinks a coffee shop sells.", [ChatMessage(role: "user", content: "Name three drinks a coffee shop sells.")]),
        .chat("chat: Juno, what do you recommend today?", [ChatMessage(role: "system", content: "You are Juno, a barista."),
                                                          ChatMessage(role: "user", content: "What do you recommend today?")]),
        .raw("raw: The best coffee in the world is", "The best coffee in the world is"),
        .raw("raw: Q: What is the capital of France?", "Q: What is the capital of France?\nA:"),
        .raw("raw: 200 tokens of prose", String(repeating: "The espresso machine hissed as Juno steamed the milk, and the regulars at the window table argued about whether the new roast tasted of cherries or of smoke. ", count: 7)),
    ]

    /// Prompts longer than this many tokens are cut to it (the prose prompt).
    public static let maximumTokens = 200

    /// The reference's most likely tokens over which errors are measured.
    public static let topCount = 20

    /// How many of its most likely tokens the server is asked for: enough to hold the
    /// reference's top 20 however the two orders differ.
    public static let serverCount = 50

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The float64 reference's last-position logits for each prompt (one run of the script, which
    /// dequantizes each layer once for all of them). With `ggmlRounding`, the script's diagnostic
    /// pass instead: float64 but for 8-bit activation blocks and half-precision keys and values.
    public static func referenceLogits(python: String, model: String, prompts: [[Int]], ggmlRounding: Bool = false) throws -> [[Double]] {
        let request = try JSONSerialization.data(withJSONObject: ["prompts": prompts, "top": 1, "full": true,
                                                                  "rounding": ggmlRounding ? "ggml" : "exact"] as [String: Any])
        // Standard error goes to a file, so a chatty script cannot block on a full pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("reference-logits-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, model]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        input.fileHandleForWriting.write(request)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failure(description: "\(script.lastPathComponent) exited with \(process.terminationStatus): \(message.suffix(600))")
        }
        guard let results = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], results.count == prompts.count else {
            throw Failure(description: "\(script.lastPathComponent) printed no result per prompt: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return try results.map { result in
            guard let logits = result["logits"] as? [Double] ?? (result["logits"] as? [NSNumber])?.map(\.doubleValue) else {
                throw Failure(description: "\(script.lastPathComponent) printed no logits")
            }
            return logits
        }
    }

    /// One token's log-probability.
    public struct Choice: Sendable {
        public let id: Int
        public let logprob: Double
    }

    /// llama-server's `count` most likely first tokens after `tokens` (sent as ids, so both
    /// runtimes read the same sequence), with their log-probabilities before sampling: the
    /// softmax of the raw logits over the whole vocabulary (`post_sampling_probs` false).
    public static func serverChoices(url: URL, tokens: [Int], count: Int = serverCount) async throws -> [Choice] {
        var request = URLRequest(url: url.appendingPathComponent("completion"))
        request.httpMethod = "POST"
        request.timeoutInterval = 600
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: [
            "prompt": tokens, "n_predict": 1, "temperature": 0, "n_probs": count, "post_sampling_probs": false,
            "cache_prompt": false,
        ] as [String: Any])
        let (data, _) = try await URLSession.shared.data(for: request)
        guard let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let steps = reply["completion_probabilities"] as? [[String: Any]], let top = steps.first?["top_logprobs"] as? [[String: Any]]
        else { throw Failure(description: "llama-server's reply had no top_logprobs: \(String(decoding: data.prefix(300), as: UTF8.self))") }
        return try top.map { entry in
            guard let id = entry["id"] as? Int, let logprob = (entry["logprob"] as? NSNumber)?.doubleValue else {
                throw Failure(description: "llama-server's top_logprobs entry has no id or logprob: \(entry)")
            }
            return Choice(id: id, logprob: logprob)
        }
    }

    /// Log-softmax in double precision.
    public static func logSoftmax<T: BinaryFloatingPoint>(_ logits: [T]) -> [Double] {
        let values = logits.map { Double($0) }
        let largest = values.max() ?? 0
        let total = values.reduce(0) { $0 + exp($1 - largest) }
        let shift = largest + log(total)
        return values.map { $0 - shift }
    }

    /// The indices of the `count` largest values, largest first.
    public static func top(_ values: [Double], _ count: Int) -> [Int] {
        Array(values.indices.sorted { values[$0] > values[$1] || (values[$0] == values[$1] && $0 < $1) }.prefix(count))
    }

    /// One prompt's figures.
    public struct Comparison: Sendable {
        public let name: String
        public let tokens: Int
        /// Log-probabilities over the whole vocabulary.
        public let reference: [Double]
        public let ours: [Double]
        /// The server's most likely tokens, when a server was asked.
        public let server: [Choice]?
        /// The reference's diagnostic pass with ggml's roundings, when it was run.
        public let rounded: [Double]?

        public init(name: String, tokens: Int, referenceLogits: [Double], ourLogits: [Float], server: [Choice]?, roundedLogits: [Double]? = nil) {
            self.name = name
            self.tokens = tokens
            reference = NumericsReference.logSoftmax(referenceLogits)
            ours = NumericsReference.logSoftmax(ourLogits)
            self.server = server
            rounded = roundedLogits.map { NumericsReference.logSoftmax($0) }
        }

        /// From log-probabilities already computed.
        public init(name: String, tokens: Int, reference: [Double], ours: [Double], server: [Choice]?, rounded: [Double]? = nil) {
            self.name = name
            self.tokens = tokens
            self.reference = reference
            self.ours = ours
            self.server = server
            self.rounded = rounded
        }

        /// The reference's top 20.
        public var referenceTop: [Int] { NumericsReference.top(reference, NumericsReference.topCount) }

        /// Our largest |Δ log-probability| from the reference over its top 20.
        public var ourTopError: Double { referenceTop.map { abs(ours[$0] - reference[$0]) }.max() ?? 0 }

        /// The diagnostic pass's largest |Δ log-probability| from the exact one over the reference's top 20.
        public var roundedTopError: Double? { rounded.map { rounded in referenceTop.map { abs(rounded[$0] - reference[$0]) }.max() ?? 0 } }

        /// Our largest |Δ log-probability| over the whole vocabulary.
        public var ourVocabularyError: Double { zip(ours, reference).map { abs($0 - $1) }.max() ?? 0 }

        /// The root mean square of our Δ log-probability over the whole vocabulary.
        public var ourVocabularyRMS: Double {
            (zip(ours, reference).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(max(reference.count, 1))).squareRoot()
        }

        /// The server's largest |Δ log-probability| over the reference's top 20 (those of them it
        /// listed), and how many it did not list.
        public var serverTopError: (error: Double, missing: Int)? {
            guard let server else { return nil }
            let listed = Dictionary(server.map { ($0.id, $0.logprob) }, uniquingKeysWith: { first, _ in first })
            var error = 0.0, missing = 0
            for id in referenceTop {
                if let logprob = listed[id] { error = max(error, abs(logprob - reference[id])) } else { missing += 1 }
            }
            return (error, missing)
        }

        /// Each side's two most likely tokens.
        public var referenceFirstTwo: [Choice] { NumericsReference.top(reference, 2).map { Choice(id: $0, logprob: reference[$0]) } }
        public var ourFirstTwo: [Choice] { NumericsReference.top(ours, 2).map { Choice(id: $0, logprob: ours[$0]) } }
        public var serverFirstTwo: [Choice]? { server.map { Array($0.prefix(2)) } }
    }
}
