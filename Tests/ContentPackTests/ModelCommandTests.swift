import Foundation
import TestSupport
import Testing

private let modelPath = ProcessInfo.processInfo.environment["COFFEESHOP_MODEL"]

/// `contentpack model` as a user runs it: bad command lines and bad files get one line and a
/// non-zero status; with SmolLM2 (`.ci/run` sets COFFEESHOP_MODEL from scripts/fetch-model.sh)
/// it describes, tokenizes and completes, the same way on every run.
struct ModelCommandTests {
    @Test("a wrong command line is a usage error", arguments: [
        (["model"], "missing action"),
        (["model", "run", "x.gguf"], "unknown action 'run'"),
        (["model", "info"], "missing model file"),
        (["model", "complete", "x.gguf", "--greedy", "--temperature", "0.7"], "contradict"),
        (["model", "tokenize", "x.gguf", "--chat"], "--chat applies to 'model complete' only"),
        (["model", "complete", "x.gguf", "--max-tokens", "0"], "--max-tokens"),
        (["model", "complete", "x.gguf", "--top-p", "2"], "--top-p"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try ContentPackProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test func aFileThatIsNotAModelIsRefusedInOneLine() throws {
        let directory = try TemporaryDirectory()
        let text = try directory.write("not a model\n", to: "notes.gguf")
        for (path, message) in [(text, "notes.gguf"), (directory.url.appendingPathComponent("absent.gguf").path, "absent.gguf")] {
            let result = try ContentPackProcess.run(["model", "info", path])
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1 && result.errors.contains(message), "\(result.errors)")
        }
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a model\n")
    }

    /// A file of an architecture the runtime does not run (Gemma 2's) is still described from
    /// its metadata, with why it cannot run; running it is refused in one line.
    @Test func aFileThatCannotRunIsStillDescribed() throws {
        var w = GGUFWriter()
        w.bytes.append(contentsOf: "GGUF".utf8)
        w.int(UInt32(3))
        w.int(UInt64(1))
        w.int(UInt64(7))
        w.key("general.architecture", type: GGUFWriter.string); w.string("gemma2")
        w.key("general.name", type: GGUFWriter.string); w.string("Gemma 2 2b")
        w.key("gemma2.block_count", type: GGUFWriter.uint32); w.int(UInt32(18))
        w.key("gemma2.embedding_length", type: GGUFWriter.uint32); w.int(UInt32(640))
        w.key("gemma2.rope.freq_base", type: GGUFWriter.float32); w.int(Float(1_000_000).bitPattern)
        w.key("tokenizer.ggml.model", type: GGUFWriter.string); w.string("llama")
        w.key("tokenizer.ggml.tokens", type: GGUFWriter.array); w.int(GGUFWriter.string); w.int(UInt64(3))
        for token in ["<pad>", "<eos>", "a"] { w.string(token) }
        w.string("token_embd.weight")
        w.int(UInt32(2)); w.int(UInt64(32)); w.int(UInt64(3))
        w.int(UInt32(6))
        w.int(UInt64(0))
        w.pad(to: 32)
        w.bytes += [UInt8](repeating: 0, count: 3 * 22)
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("gemma2.gguf").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(w.bytes)))
        let info = try ContentPackProcess.run(["model", "info", path])
        #expect(info.status == 0, "\(info.errors)")
        for line in ["name: Gemma 2 2b", "architecture: gemma2", "layers: 18", "embedding: 640", "feed-forward: (not given)",
                     "rope base: 1000000.0", "vocabulary: 3 (llama, pre-tokenizer default)", "tensors: 1 Q5_0", "chat template: no"] {
            #expect(info.outputLines.contains(line), "\(info.output)")
        }
        #expect(info.outputLines.last?.hasPrefix("runs here: no — ") == true && info.output.contains("gemma2"), "\(info.output)")
        let run = try ContentPackProcess.run(["model", "complete", path, "--prompt", "hi"])
        #expect(run.status == 1 && run.errorLines.count == 1 && run.errors.contains("gemma2"), "\(run.errors)")
    }

    @Test(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))))
    func describesTokenizesAndCompletesWithSmolLM2() throws {
        let model = try #require(modelPath)
        let info = try ContentPackProcess.run(["model", "info", model])
        #expect(info.status == 0)
        for line in ["architecture: llama", "layers: 30", "embedding: 576", "vocabulary: 49152 (gpt2, pre-tokenizer smollm)", "chat template: yes"] {
            #expect(info.outputLines.contains(line), "\(info.output)")
        }

        let tokens = try ContentPackProcess.run(["model", "tokenize", model], input: Data("Hello, barista!".utf8))
        #expect(tokens.status == 0)
        let ids = try #require(try JSONSerialization.jsonObject(with: tokens.stdout) as? [Int])
        #expect(ids.count >= 3 && ids.allSatisfy { (0..<49152).contains($0) })

        let arguments = ["model", "complete", model, "--prompt", "The best coffee in the world is", "--max-tokens", "12"]
        let greedy = try ContentPackProcess.run(arguments + ["--verbose"])
        #expect(greedy.status == 0, "\(greedy.errors)")
        #expect(greedy.output.trimmingCharacters(in: .whitespacesAndNewlines).count > 10)
        #expect(greedy.errors.contains("tok/s"))
        #expect(try ContentPackProcess.run(arguments + ["--greedy"]).output == greedy.output)

        let sampled = arguments + ["--temperature", "0.9", "--seed", "7"]
        let first = try ContentPackProcess.run(sampled), second = try ContentPackProcess.run(sampled)
        #expect(first.status == 0 && first.output == second.output)

        let chat = try ContentPackProcess.run(["model", "complete", model, "--chat", "--prompt", "Name one coffee drink.", "--max-tokens", "24"])
        #expect(chat.status == 0, "\(chat.errors)")
        #expect(!chat.output.contains("<|im_start|>") && chat.output.trimmingCharacters(in: .whitespacesAndNewlines).count > 2)
    }
}
