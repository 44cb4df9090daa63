import Foundation
import GuidedGeneration
import Testing
import TestSupport

/// `coffeeshop` and `contentpack` pointed at the real llama.cpp server `.ci/run` starts
/// (`COFFEESHOP_LLM_URL`), the way a user runs them; skipped without it.
private let realServerURL = ProcessInfo.processInfo.environment["COFFEESHOP_LLM_URL"]

@Suite(.enabled(if: realServerURL != nil, "no llama.cpp server: set COFFEESHOP_LLM_URL (scripts/llama-server.sh start)"))
struct RealServerCommandTests {
    @Test func theGameIsPlayedForAFewTurnsWithTheServer() async throws {
        try await MachineTurns.exclusively {
            let saves = try TemporaryDirectory()
            let script = ["go seating", "look", "go counter", "talk barista", "hello", "what do you recommend?", "bye", "score", "quit"]
            let result = try ContentPackProcess.run(["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path,
                                                     "--model", realServerURL!, "--model-name", "smollm2", "--timeout", "600"],
                                                    input: Data((script.joined(separator: "\n") + "\n").utf8), binary: "coffeeshop")
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors.isEmpty)
            let output = result.output
            #expect(output.components(separatedBy: "\nJuno: ").count == 3, "the barista answered both lines:\n\(output)")
            #expect(output.contains("== The Seating Area =="))
            #expect(output.contains("Saved as 'autosave'."))
            #expect(FileManager.default.fileExists(atPath: saves.url.appendingPathComponent("autosave.json").path))
        }
    }

    @Test func anExportFromTheServerIsValidWithTwoJobs() async throws {
        try await MachineTurns.exclusively {
            let folder = try TemporaryDirectory()
            let pack = folder.url.appendingPathComponent("pack").path + "/"
            let result = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "2", "--seed", "3", "--jobs", "2", "--out", pack,
                                                     "--model", realServerURL!, "--model-name", "smollm2", "--timeout", "600", "--fallback", "procedural", "--quiet"])
            #expect(result.status == 0, "\(result.errors)")
            let schema = try GenerationSchema(jsonSchema: try GeneratedContent(json: try ContentPackProcess.run(["schema", "npc"]).output))
            let lines = try String(contentsOfFile: pack + "npc.jsonl", encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 2)
            for line in lines { #expect(schema.isValid(try GeneratedContent(json: String(line)))) }
            let manifest = try GeneratedContent(json: try String(contentsOfFile: pack + "manifest.json", encoding: .utf8))
            #expect(manifest["options"]?["model"] == GeneratedContent(realServerURL!))
            #expect(manifest["options"]?["sampling"]?.stringValue?.contains("at most 800 tokens") == true)
            let audit = try GeneratedContent(json: try String(contentsOfFile: pack + "audit.json", encoding: .utf8))
            #expect((audit["fallbackItems"]?.numberValue).map { (0...2).contains(Int($0)) } == true)
        }
    }
}
