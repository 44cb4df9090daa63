import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata
import Synchronization
import TestSupport
import Testing

/// `--model URL` in `contentpack export` and `coffeeshop`, against a loopback OpenAI-style
/// server that answers every structured request with a valid instance of the schema it was sent
/// (or with garbage, to exercise the fallback).
@Suite struct ServerModelFlagTests {
    static func completion(_ content: String) -> LoopbackHTTPServer.Reply {
        .init(body: GeneratedContent(properties: [("choices", GeneratedContent(elements: [GeneratedContent(properties: [
            ("message", GeneratedContent(properties: [("role", GeneratedContent("assistant")), ("content", GeneratedContent(content))])),
        ])]))]).jsonString)
    }

    /// A server whose structured replies are instances of the requested schema, seeded by the request's position.
    static func validServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(answer: validReply)
    }

    /// A valid instance of the request's schema, seeded by the request's position.
    @Sendable static func validReply(_ index: Int, _ body: String) -> LoopbackHTTPServer.Reply {
        guard let request = try? GeneratedContent(json: body), let schema = request["response_format"]?["json_schema"]?["schema"],
              let compiled = try? GenerationSchema(jsonSchema: schema) else { return completion("Hello from the server.") }
        var random = SeededRandom(seed: UInt64(index))
        return completion(compiled.generate(random: &random).jsonString)
    }

    @Test func anExportFromAServerIsValidAndTheManifestNamesTheModel() throws {
        let server = try Self.validServer()
        let folder = try TemporaryDirectory()
        let pack = folder.url.appendingPathComponent("pack").path + "/"
        let result = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "4", "--out", pack, "--model", server.url.absoluteString,
                                                 "--model-name", "tiny", "--quiet"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.received.count == 4)
        #expect(try GeneratedContent(json: try #require(server.received.first))["model"] == GeneratedContent("tiny"))
        let schema = try GenerationSchema(jsonSchema: try GeneratedContent(json: try ContentPackProcess.run(["schema", "npc"]).output))
        let lines = try String(contentsOfFile: pack + "npc.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines { #expect(schema.isValid(try GeneratedContent(json: String(line)))) }
        let manifest = try GeneratedContent(json: try String(contentsOfFile: pack + "manifest.json", encoding: .utf8))
        #expect(manifest["options"]?["model"] == GeneratedContent(server.url.absoluteString))
        #expect(manifest["options"]?["modelName"] == GeneratedContent("tiny"))
    }

    /// An item the model keeps getting wrong is left out and named, the others are written, and
    /// the export exits 1; with the fallback, the embedded model makes it and the audit says which.
    @Test func anItemTheModelKeepsFailingIsLeftOutUnlessThereIsAFallback() throws {
        let garbage = try LoopbackHTTPServer { _, _ in Self.completion("this is not JSON") }
        let failed = try ContentPackProcess.run(["export", "--kind", "riddle", "--count", "2", "--model", garbage.url.absoluteString])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("2 riddle items were left out"), "\(failed.errors)")
        #expect(failed.errors.contains("broke its schema") && failed.errors.contains("--fallback procedural"), "\(failed.errors)")
        #expect(failed.stdout.isEmpty, "nothing invalid is written")

        // The first item's three tries (one and two retries) get garbage; the rest are valid.
        let firstFails = try LoopbackHTTPServer { index, body in
            index < 3 ? Self.completion("this is not JSON") : Self.validReply(index, body)
        }
        let folder = try TemporaryDirectory()
        let pack = folder.url.appendingPathComponent("pack").path + "/"
        let partly = try ContentPackProcess.run(["export", "--kind", "riddle", "--count", "3", "--out", pack, "--model", firstFails.url.absoluteString])
        #expect(partly.status == 1)
        #expect(partly.errors.contains("1 riddle item was left out") && partly.errors.contains("(item: 0)"), "\(partly.errors)")
        let lines = try String(contentsOfFile: pack + "riddle.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "the other items are kept")
        let audit = try GeneratedContent(json: try String(contentsOfFile: pack + "audit.json", encoding: .utf8))
        #expect(audit["failedItemIndices"]?["riddle"] == GeneratedContent(elements: [GeneratedContent(0)]))

        let rescuedPack = folder.url.appendingPathComponent("rescued").path + "/"
        let rescued = try ContentPackProcess.run(["export", "--kind", "riddle", "--count", "2", "--out", rescuedPack,
                                                  "--model", garbage.url.absoluteString, "--fallback", "procedural"])
        #expect(rescued.status == 0, "\(rescued.errors)")
        #expect(rescued.errors.contains("(2 by the procedural fallback: 0, 1)"), "\(rescued.errors)")
        let rescuedAudit = try GeneratedContent(json: try String(contentsOfFile: rescuedPack + "audit.json", encoding: .utf8))
        #expect(rescuedAudit["fallbackItems"] == GeneratedContent(2))
        #expect(rescuedAudit["fallbackItemIndices"]?["riddle"] == GeneratedContent(elements: [GeneratedContent(0), GeneratedContent(1)]))
    }

    @Test func theGameTalksThroughTheServer() throws {
        let server = try Self.validServer()
        let saves = try TemporaryDirectory()
        let result = try ContentPackProcess.run(["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path, "--model", server.url.absoluteString],
                                                input: Data("talk barista\nHow long have you worked here?\nbye\nquit\n".utf8), binary: "coffeeshop")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Juno: Hello from the server."))
    }

    /// A server that stops answering after two lines: the game goes on with the embedded model,
    /// says so once, and exits 0; with `--fallback none` it says what went wrong instead.
    @Test(arguments: [true, false])
    func theGameOutlivesAServerThatStopsAnswering(fallsBack: Bool) throws {
        // The barista's first two lines are answered; everything else (the customers the shift
        // brings, later lines) finds the server down.
        let baristaLines = Mutex(0)
        let server = try LoopbackHTTPServer { _, body in
            let line = body.contains("You are Juno") ? baristaLines.withLock { count in count += 1; return count } : Int.max
            return line <= 2 ? Self.completion("Hello from the server.") : .init(status: 503, body: "down for maintenance")
        }
        let saves = try TemporaryDirectory()
        let script = ["talk barista", "hello", "how long have you worked here?", "what do you recommend?", "any plans for saturday?", "bye", "quit"]
        let result = try ContentPackProcess.run(["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path, "--model", server.url.absoluteString]
                                                + (fallsBack ? [] : ["--fallback", "none"]),
                                                input: Data((script.joined(separator: "\n") + "\n").utf8), binary: "coffeeshop")
        #expect(result.status == 0, "\(result.errors)")
        let output = result.output
        #expect(output.components(separatedBy: "Juno: Hello from the server.").count == 3, "\(output)")
        if fallsBack {
            #expect(output.components(separatedBy: "speaks for it").count == 2, "told once:\n\(output)")
            #expect(!output.contains("Something went wrong"), "\(output)")
            #expect(output.components(separatedBy: "\nJuno: ").count == 5, "every line answered:\n\(output)")
        } else {
            #expect(output.contains("Something went wrong") && !output.contains("speaks for it"), "\(output)")
        }
        #expect(output.contains("Saved as 'autosave'."))
    }

    @Test func modelFlagErrors() throws {
        for (arguments, message) in [(["export", "--kind", "npc", "--model", "gpt"], "unknown model 'gpt'"),
                                     (["export", "--kind", "npc", "--fallback", "procedural"], "--fallback procedural goes with a model file or a server --model"),
                                     (["export", "--kind", "npc", "--model", "http://127.0.0.1:9", "--fallback", "magic"], "--fallback takes procedural"),
                                     (["serve", "--stdio", "--model-name", "x"], "go with a server URL"),
                                     (["export", "--kind", "npc", "--model", "http://127.0.0.1:9", "--tool-calling", "magic"], "--tool-calling takes auto, native or schema"),
                                     (["export", "--kind", "npc", "--model", "http://127.0.0.1:9", "--guided", "grammar"], "--guided takes auto, schema or value"),
                                     (["serve", "--stdio", "--guided", "value"], "go with a server URL"),
                                     (["export", "--kind", "npc", "--model", "http://127.0.0.1:9", "--timeout", "0"], "--timeout takes a positive number of seconds"),
                                     (["export", "--kind", "npc", "--timeout", "30"], "go with a server URL")] {
            let result = try ContentPackProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(result.errors)")
        }
        let unreachable = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "1", "--model", "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"])
        #expect(unreachable.status == 1)
        #expect(unreachable.errors.contains("cannot reach"), "\(unreachable.errors)")
    }

    /// A server that holds the request past `--timeout` is a one-line failure naming the wait,
    /// after the retries — not a hang.
    @Test func aServerThatDoesNotAnswerInTimeIsOneLine() throws {
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { _, _ in
            release.wait()
            release.signal()
            return .init(status: 500, body: "late")
        }
        defer { release.signal() }
        let result = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "1", "--model", server.url.absoluteString, "--timeout", "1"])
        #expect(result.status == 1)
        #expect(result.errors.contains("within 1 s"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }
}
