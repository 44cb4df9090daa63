import Foundation
import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// `coffeeshop` and `contentpack` pointed at the real llama.cpp server `.ci/run` starts
/// (`COFFEESHOP_LLM_URL`), the way a user runs them; skipped without it.
private let realServerURL = ProcessInfo.processInfo.environment["COFFEESHOP_LLM_URL"]

@Suite(.enabled(if: Prerequisite.ready(.llamaServer), Comment(rawValue: Prerequisite.reason(.llamaServer))))
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

    /// Without `--fallback`: every NPC comes from the server, written per value (the automatic
    /// mode on llama.cpp), valid for our validator and for Python `jsonschema` — attributes never
    /// repeated (`uniqueItems`), names matching the pattern — which `response_format` alone is not.
    @Test func anExportFromTheServerIsValidWithoutAFallback() async throws {
        try await MachineTurns.exclusively {
            let folder = try TemporaryDirectory()
            let pack = folder.url.appendingPathComponent("pack").path + "/"
            let result = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "8", "--seed", "3", "--jobs", "2", "--out", pack,
                                                     "--model", realServerURL!, "--model-name", "smollm2", "--timeout", "600", "--quiet"])
            #expect(result.status == 0, "\(result.errors)")
            let schemaJSON = try GeneratedContent(json: try ContentPackProcess.run(["schema", "npc"]).output)
            let schema = try GenerationSchema(jsonSchema: schemaJSON)
            let lines = try String(contentsOfFile: pack + "npc.jsonl", encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 8)
            var pairs: [String] = []
            for line in lines {
                let npc = try GeneratedContent(json: String(line))
                #expect(schema.violations(of: npc).isEmpty, "\(line)")
                let attributes = npc["attributes"]?.elements ?? []
                #expect(Set(attributes).count == attributes.count, "\(line)")
                pairs.append(GeneratedContent(properties: [("schema", schemaJSON), ("instance", npc)]).jsonString)
            }
            if let python = PythonJSONSchema.python {
                let (status, report) = try PythonJSONSchema.check(pairs, python: python)
                #expect(status == 0 && report.contains("invalid 0"), "\(report)")
            }
            let manifest = try GeneratedContent(json: try String(contentsOfFile: pack + "manifest.json", encoding: .utf8))
            #expect(manifest["options"]?["model"] == GeneratedContent(realServerURL!))
            let audit = try GeneratedContent(json: try String(contentsOfFile: pack + "audit.json", encoding: .utf8))
            #expect(audit["fallbackItems"] == GeneratedContent(0))
        }
    }

    /// The server goes away after three lines to the barista: the embedded model answers the
    /// fourth, the player is told once, and the game ends normally.
    @Test(.enabled(if: Prerequisite.ready(.llamaServerBinary), Comment(rawValue: Prerequisite.reason(.llamaServerBinary))))
    func theGameGoesOnWhenTheServerStops() async throws {
        try await MachineTurns.exclusively {
            let server = try await LlamaServerProcess.start()
            defer { server.kill() }
            let saves = try TemporaryDirectory()
            let game = Process()
            game.executableURL = ContentPackProcess.executable(named: "coffeeshop")
            game.arguments = ["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path, "--model", server.url.absoluteString, "--timeout", "600"]
            let input = Pipe()
            let output = Pipe()
            game.standardInput = input
            game.standardOutput = output
            game.standardError = FileHandle.nullDevice
            let transcript = GrowingText(output.fileHandleForReading)
            try game.run()
            func say(_ lines: String...) { input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }
            func answers() -> Int { transcript.text.components(separatedBy: "\nJuno: ").count - 1 }
            say("go counter", "talk barista", "hello")
            for (line, count) in [("what do you recommend?", 1), ("is the oat milk good?", 2)] {
                try await transcript.wait { _ in answers() >= count }
                say(line)
            }
            try await transcript.wait { _ in answers() >= 3 }
            server.kill()
            say("how long have you worked here?", "bye", "quit")
            input.fileHandleForWriting.closeFile()
            try await transcript.wait { $0.contains("Saved as 'autosave'.") }
            game.waitUntilExit()
            #expect(game.terminationStatus == 0)
            #expect(answers() == 4, "\(transcript.text)")
            #expect(transcript.text.components(separatedBy: "so the embedded model speaks for it").count == 2, "told once:\n\(transcript.text)")
        }
    }
}

/// Everything a pipe has said so far, read on a thread of its own.
private final class GrowingText: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty { lock.withLock { bytes.append(chunk) } }
            lock.withLock { ended = true }
        }
    }

    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

    /// Waits until `condition` holds for the text (polling every 50 ms), or the pipe has ended
    /// without it — then it throws, with the text.
    func wait(until condition: (String) -> Bool) async throws {
        while true {
            let (current, over) = lock.withLock { (String(decoding: bytes, as: UTF8.self), ended) }
            if condition(current) { return }
            if over { throw Ended(text: current) }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    struct Ended: Error, CustomStringConvertible {
        let text: String
        var description: String { "the game's output ended first:\n\(text)" }
    }
}
