import CommandLineSupport
import Foundation
import HTTPModel
import ModelSelection
import Testing

/// `--model` and its companion flags, as both programs and the engine API read them.
struct ModelChoiceTests {
    @Test func proceduralFileAndServerAreTellApart() throws {
        let embedded = try ModelChoice(parsing: "procedural")
        #expect(embedded.urls.isEmpty && embedded.file == nil && embedded.serverModel == nil && embedded.label == "procedural")
        let file = try ModelChoice(parsing: "models/SmolLM2.Q4_1.GGUF")
        #expect(file.file?.lastPathComponent == "SmolLM2.Q4_1.GGUF" && file.urls.isEmpty && file.label == "SmolLM2.Q4_1.GGUF")
        let server = try ModelChoice(parsing: "http://127.0.0.1:8080", name: "smollm2", timeout: "30")
        #expect(server.url?.absoluteString == "http://127.0.0.1:8080" && server.timeout == 30)
        #expect(server.serverModel is OpenAICompatibleModel)
        #expect(server.label == "http://127.0.0.1:8080 (smollm2)")
    }

    @Test func severalURLsMakeAPool() throws {
        let choice = try ModelChoice(parsing: "http://127.0.0.1:1, http://127.0.0.1:2", name: "smollm2")
        #expect(choice.urls.count == 2)
        #expect(choice.serverModel is ServerPool)
        #expect(choice.label == "http://127.0.0.1:1,http://127.0.0.1:2 (smollm2)")
    }

    @Test func refusalsNameTheFlag() {
        let cases: [(() throws -> ModelChoice, String)] = [
            ({ try ModelChoice(parsing: "http://127.0.0.1:1,nonsense") }, "unknown model"),
            ({ try ModelChoice(parsing: "gpt") }, "unknown model 'gpt'"),
            ({ try ModelChoice(parsing: "ftp://example.com") }, "unknown model"),
            ({ try ModelChoice(parsing: "http://127.0.0.1:1", toolCalling: "magic") }, "--tool-calling takes auto, native or schema"),
            ({ try ModelChoice(parsing: "http://127.0.0.1:1", guided: "all") }, "--guided takes auto, schema or value"),
            ({ try ModelChoice(parsing: "http://127.0.0.1:1", timeout: "-3") }, "--timeout takes a positive number"),
            ({ try ModelChoice(parsing: "http://127.0.0.1:1", timeout: "inf") }, "--timeout takes a positive number"),
            ({ try ModelChoice(parsing: "procedural", name: "x") }, "go with a server URL, not the procedural model"),
            ({ try ModelChoice(parsing: "a.gguf", guided: "value") }, "go with a server URL, not a model file"),
        ]
        for (make, message) in cases {
            do {
                _ = try make()
                Issue.record("accepted; expected '\(message)'")
            } catch let refusal as ModelChoice.Refusal {
                #expect(refusal.description.contains(message), "\(refusal.description)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func modelFlagsParseThroughTheSharedOptions() throws {
        let arguments = try CommandLineArguments(parsing: ["--model=m.gguf", "--threads", "2"], options: ModelOptions.specs, maximumPositionals: 0)
        #expect(try ModelOptions.choice(arguments).file?.lastPathComponent == "m.gguf")
        #expect(try ModelOptions.threads(arguments) == 2)
        let serverThreads = try CommandLineArguments(parsing: ["--model", "http://127.0.0.1:1", "--threads", "2"], options: ModelOptions.specs, maximumPositionals: 0)
        #expect(throws: UsageError("--threads goes with a GGUF model file (--model FILE.gguf)")) { try ModelOptions.choice(serverThreads) }
        let zero = try CommandLineArguments(parsing: ["--model", "m.gguf", "--threads", "0"], options: ModelOptions.specs, maximumPositionals: 0)
        #expect(throws: UsageError("option '--threads' must be a positive integer, got '0'")) { try ModelOptions.threads(zero) }
        let none = try CommandLineArguments(parsing: [], options: ModelOptions.specs, maximumPositionals: 0)
        #expect(try ModelOptions.choice(none).label == "procedural")
        #expect(try ModelOptions.threads(none) == nil)
    }
}
