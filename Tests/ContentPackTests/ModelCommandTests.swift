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
