import Foundation
import NativeModel
import TestSupport

/// The native runtime beside llama.cpp (`--only native`): one model file, one thread count, the
/// same 200 prompt tokens (sent to the server as ids) and the same number of greedy tokens.
/// The server is started here with `-np 1` and its own `/completion` timings are read, so
/// neither side pays for HTTP; it is stopped before the native rounds run. Each figure is the
/// median of `rounds` after one untimed round on each side; prompt caching is off.
struct NativeRun {
    struct Figures {
        var promptPerSecond: [Double] = []
        var generatedPerSecond: [Double] = []
        var firstTokenSeconds: [Double] = []
    }

    static let promptTokens = 200
    let threads: Int
    let generated: Int
    let native: Figures
    let server: Figures
    let fileBytes: Int
    let peakResidentBytes: Int

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(options: Options) async throws {
        let path = options.modelPath ?? "", threads = options.threads, generated = options.generateTokens
        self.threads = threads
        self.generated = generated
        let model = try NativeModel(contentsOf: URL(fileURLWithPath: path), threads: threads)
        fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let prompt = Self.prompt(model)
        // One side at a time, so neither competes with the other for the cores.
        var theirs = Figures()
        let server: LlamaServerProcess
        do {
            server = try await LlamaServerProcess.start(binary: options.llamaServer ?? "", model: path, threads: threads)
        } catch {
            throw Failure(description: "cannot start \(options.llamaServer ?? "llama-server") on \(path): \(error.localizedDescription)")
        }
        do {
            _ = try await server.complete(prompt, tokens: 8)
            for _ in 0..<options.rounds {
                let timings = try await server.complete(prompt, tokens: generated)
                theirs.promptPerSecond.append(timings.promptPerSecond)
                theirs.generatedPerSecond.append(timings.generatedPerSecond)
                theirs.firstTokenSeconds.append(timings.promptSeconds)
            }
        } catch {
            server.kill()
            throw error
        }
        server.kill()
        var ours = Figures(), warmUp = Figures()
        try Self.measure(model, prompt: prompt, generated: 8, into: &warmUp)
        for _ in 0..<options.rounds { try Self.measure(model, prompt: prompt, generated: generated, into: &ours) }
        native = ours
        self.server = theirs
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        peakResidentBytes = Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        peakResidentBytes = Int(usage.ru_maxrss)
        #endif
    }

    /// 200 tokens of the shop's own prose, the same ids for both runtimes.
    private static func prompt(_ model: NativeModel) -> [Int] {
        let sentence = "The espresso machine hissed as Juno steamed the milk, and the regulars at the window table argued about whether the new roast tasted of cherries or of smoke. "
        var tokens: [Int] = []
        while tokens.count < promptTokens { tokens += model.tokenizer.encode(sentence) }
        return Array(tokens.prefix(promptTokens))
    }

    private static func measure(_ model: NativeModel, prompt: [Int], generated: Int, into native: inout Figures) throws {
        let session = model.makeSession(contextLimit: prompt.count + generated + 1)
        let start = Stopwatch()
        var logits = try session.evaluate(prompt)
        var next = greatest(logits)
        let promptSeconds = start.seconds
        native.firstTokenSeconds.append(promptSeconds)
        native.promptPerSecond.append(Double(prompt.count) / promptSeconds)
        let decoding = Stopwatch()
        for _ in 0..<generated {
            logits = try session.evaluate(session.tokens + [next])
            next = greatest(logits)
        }
        native.generatedPerSecond.append(Double(generated) / decoding.seconds)
    }

    private static func greatest(_ logits: [Float]) -> Int {
        logits.indices.max { logits[$0] < logits[$1] } ?? 0
    }

    static func median(_ values: [Double]) -> Double {
        SessionRun.Latency(name: "", samples: values).percentile(0.5)
    }
}

/// The timings llama-server reports for one completion.
extension LlamaServerProcess {
    struct Timings {
        let promptPerSecond: Double
        let generatedPerSecond: Double
        let promptSeconds: Double
    }

    /// One `/completion` of `tokens` greedy tokens after `prompt`, waited for in `poll` (no CPU
    /// taken from the server, no deadline that load could reach).
    func complete(_ prompt: [Int], tokens: Int) async throws -> Timings {
        let reply = try await post("completion", json: [
            "prompt": prompt, "n_predict": tokens, "temperature": 0, "cache_prompt": false, "ignore_eos": true,
        ])
        guard let timings = (reply as? [String: Any])?["timings"] as? [String: Any],
              let prompt = timings["prompt_per_second"] as? Double, let generated = timings["predicted_per_second"] as? Double,
              let promptMilliseconds = timings["prompt_ms"] as? Double
        else { throw NativeRun.Failure(description: "llama-server's reply had no timings: \(String(describing: reply).prefix(200))") }
        return Timings(promptPerSecond: prompt, generatedPerSecond: generated, promptSeconds: promptMilliseconds / 1000)
    }
}
