import ConstrainedDecoding
import Foundation
import GGUF
import GuidedGeneration
import JSONSchema

/// Token-mask time over a real model's vocabulary, on the protocol of
/// `../shared/tools/peers/llguidance_masks.py` so the two can be compared: every k-th MaskBench
/// file (sorted paths, up to `schemas`), its first valid labelled instance written as our
/// matcher reads it, tokenized greedily (longest match), and a mask computed before each token.
struct MaskRun {
    var files = 0
    var withInstance = 0
    var compiled = 0
    /// Instances the matcher had no text for (compiled, but a valid instance it cannot write).
    var unwritten = 0
    var compileSeconds: [Double] = []
    var maskSeconds: [Double] = []
    let vocabularySize: Int

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(options: Options) throws {
        guard let path = options.modelPath else {
            throw Failure(description: "--only masks needs --model FILE.gguf (or COFFEESHOP_LLAMA_MODEL; scripts/llama-server.sh fetches one)")
        }
        let gguf = try GGUFVocabulary(GGUFFile(contentsOf: URL(fileURLWithPath: path)))
        let vocabulary = TokenVocabulary(tokens: gguf.bytes, endOfSequence: gguf.endOfSequence, control: gguf.controlTokens)
        vocabularySize = vocabulary.count
        let tokenizer = GreedyTokenizer(vocabulary: vocabulary)
        for file in Self.sample(root: options.dataRoot, count: options.maskSchemas) {
            files += 1
            guard let data = FileManager.default.contents(atPath: file.path),
                  let document = try? GeneratedContent(jsonBytes: data), let schemaJSON = document["schema"],
                  let instance = (document["tests"]?.elements ?? []).first(where: { $0["valid"]?.boolValue == true })?["data"]
            else { continue }
            withInstance += 1
            let clock = Stopwatch()
            guard let schema = try? GenerationSchema(jsonSchema: schemaJSON) else { continue }
            let matcher = schema.matcher
            compileSeconds.append(clock.seconds)
            compiled += 1
            guard let text = matcher.text(of: instance) else {
                unwritten += 1
                continue
            }
            let masker = TokenMasker(matcher: matcher, vocabulary: vocabulary)
            var state = matcher.start()
            for token in tokenizer.tokens(of: text) {
                let maskClock = Stopwatch()
                let mask = masker.mask(for: state)
                maskSeconds.append(maskClock.seconds)
                guard mask.contains(token), (try? masker.advance(&state, by: token)) != nil else {
                    throw Failure(description: "\(file.lastPathComponent): the mask refused token \(token) of an accepted text")
                }
            }
            if options.verbose { MaskBenchRun.log("\(file.lastPathComponent): \(text.count) bytes\n") }
        }
    }

    /// The protocol's files: all MaskBench files sorted by path, every k-th, at most `count`.
    static func sample(root: URL, count: Int) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        let all = (enumerator?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "json" }
            .sorted { $0.path < $1.path }
        let step = max(1, all.count / count)
        return Array(Swift.stride(from: 0, to: all.count, by: step).map { all[$0] }.prefix(count))
    }

    /// The figure at fraction `p` of `values` (nearest rank, as the other runs report), 0 when empty.
    func percentile(_ values: [Double], _ p: Double) -> Double {
        values.isEmpty ? 0 : SessionRun.Latency(name: "", samples: values).percentile(p)
    }

    var meanMask: Double { maskSeconds.isEmpty ? 0 : maskSeconds.reduce(0, +) / Double(maskSeconds.count) }
}

/// Longest-match tokenization over a vocabulary's text tokens (the peer script's tokenizer).
struct GreedyTokenizer {
    private var ids: [[UInt8]: Int] = [:]
    private var longest = 1

    init(vocabulary: TokenVocabulary) {
        for id in vocabulary.tokens.indices where !vocabulary.control.contains(id) && !vocabulary.tokens[id].isEmpty {
            let bytes = vocabulary.tokens[id]
            if ids[bytes] == nil { ids[bytes] = id }
            longest = max(longest, bytes.count)
        }
    }

    func tokens(of text: [UInt8]) -> [Int] {
        var result: [Int] = []
        var start = 0
        while start < text.count {
            var length = min(longest, text.count - start)
            while length > 0, ids[Array(text[start..<start + length])] == nil { length -= 1 }
            guard length > 0 else { break }
            result.append(ids[Array(text[start..<start + length])]!)
            start += length
        }
        return result
    }
}

/// The same protocol run by llguidance, through the peer script, when a Python with it is given.
enum LLGuidancePeer {
    static let script = Options.defaultDataRoot.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/peers/llguidance_masks.py")

    /// The script's one-line summary, or why there is none.
    static func run(python: String, model: String, options: Options) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, model, options.dataRoot.path, String(options.maskSchemas)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            return "not run: \(python): \(error.localizedDescription)"
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 ? text : "failed (exit \(process.terminationStatus)): \(text.split(separator: "\n").last ?? "")"
    }
}
