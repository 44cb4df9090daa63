import Foundation
import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// `contentpack export --model URL,URL` over two real llama.cpp servers of the test's own, one
/// killed while it works on an item: the item is made again on the other server, and the pack
/// has every item, valid (skipped without the llama.cpp build `scripts/llama-server.sh` makes).
@Suite(.enabled(if: Prerequisite.ready(.llamaServerBinary), Comment(rawValue: Prerequisite.reason(.llamaServerBinary))))
struct ServerPoolCommandTests {
    @Test func anExportOverTwoServersLosesNothingWhenOneDies() async throws {
        try await MachineTurns.exclusively {
            let first = try await LlamaServerProcess.start()
            let second = try await LlamaServerProcess.start()
            defer { first.kill(); second.kill() }
            let folder = try TemporaryDirectory()
            let pack = folder.url.appendingPathComponent("pack").path + "/"
            let export = Process()
            export.executableURL = try #require(ContentPackProcess.executable(named: "contentpack"))
            export.arguments = ["export", "--kind", "npc", "--count", "4", "--seed", "4", "--out", pack, "--quiet",
                                "--model", "\(first.url.absoluteString),\(second.url.absoluteString)", "--model-name", "smollm2", "--timeout", "600", "--fallback", "procedural"]
            let errors = Pipe()
            export.standardError = errors
            export.standardOutput = FileHandle.nullDevice
            try export.run()
            // The second server gets the second item at once (one job per server); it dies on it.
            try await second.waitUntilBusy()
            second.kill()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            export.waitUntilExit()
            #expect(export.terminationStatus == 0, "\(message)")
            #expect(message.isEmpty, "\(message)")

            let schema = try GenerationSchema(jsonSchema: try GeneratedContent(json: try ContentPackProcess.run(["schema", "npc"]).output))
            let lines = try String(contentsOfFile: pack + "npc.jsonl", encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 4)
            for line in lines { #expect(schema.isValid(try GeneratedContent(json: String(line)))) }
            let manifest = try GeneratedContent(json: try String(contentsOfFile: pack + "manifest.json", encoding: .utf8))
            #expect(manifest["kinds"]?["npc"]?["count"]?.numberValue == 4)
            #expect(manifest["options"]?["model"]?.stringValue == "\(first.url.absoluteString),\(second.url.absoluteString)")
            let servers = try #require(manifest["options"]?["modelServers"]?.stringValue)
            #expect(servers.contains("\(second.url.absoluteString): 0 requests") && servers.contains(first.url.absoluteString), "\(servers)")
        }
    }
}
