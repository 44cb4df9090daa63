import Foundation
import GuidedGeneration
import JSONSchema
import Testing

/// End-to-end: a FIFO or a device given wherever a path is read — a model, a save, a schema, an
/// input, an import — is refused in one line naming the path and what it is (issue 43: a FIFO
/// blocked `open()` forever). Each run has a time limit, so a regression fails instead of hanging.
@Suite struct SpecialFileTests {
    static let timeout: TimeInterval = 60
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// A FIFO (no writer ever opens it) at `name` in the test's folder; its path.
    func fifo(_ name: String) throws -> String {
        let path = folder.url.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    static func fifoRefusal(_ path: String) -> String {
        "\(path): it is a FIFO (named pipe), not a file"
    }

    static func modelRefusal(_ path: String) -> String {
        "\(path): cannot be read: it is a FIFO (named pipe), not a file"
    }

    @Test func aFIFOAsTheModelIsRefused() throws {
        let model = try fifo("model.gguf")
        for arguments in [["model", "info", model], ["model", "complete", model, "--prompt", "Hi"], ["model", "tokenize", model, "--prompt", "Hi"],
                          ["generate", "--schema", try folder.write(Fixtures.digitSchema, to: "digit.json"), "--model", model]] {
            let run = try ContentPackProcess.run(arguments, timeout: Self.timeout)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errorLines.count == 1 && run.errors.contains(Self.modelRefusal(model)), "\(run.errors)")
        }
        let game = try ContentPackProcess.run(["--model", model, "--saves-dir", folder.url.appendingPathComponent("saves").path],
                                              input: Data("quit\n".utf8), binary: "coffeeshop", timeout: Self.timeout)
        #expect(game.status == 1)
        #expect(game.errorLines.count == 1 && game.errors.contains(Self.modelRefusal(model)), "\(game.errors)")
    }

    @Test func aFIFOAsARequestsModelIsAnsweredAndServingGoesOn() throws {
        let model = try fifo("model.gguf")
        let requests = #"{"id": 1, "method": "generate", "params": {"kind": "npc", "model": "\#(model)"}}"# + "\n"
            + #"{"id": 2, "method": "generate", "params": {"kind": "npc"}}"# + "\n"
        let run = try ContentPackProcess.run(["serve", "--stdio"], input: Data(requests.utf8), timeout: Self.timeout)
        #expect(run.status == 0)
        let replies = try run.outputLines.map { try GeneratedContent(json: $0) }
        let refusal = replies.first { $0["id"] == GeneratedContent(1) }
        #expect(refusal?["error"]?["code"] == GeneratedContent(-32602))
        #expect(refusal?["error"]?["message"]?.stringValue?.contains(Self.modelRefusal(model)) == true, "\(run.output)")
        #expect(replies.contains { $0["id"] == GeneratedContent(2) && $0["result"] != nil })
    }

    @Test func aFIFOOrADeviceAsASchemaOrAnInputIsRefused() throws {
        let pipe = try fifo("pipe.json")
        let schema = try folder.write(Fixtures.digitSchema, to: "digit.json")
        for arguments in [["generate", "--schema", pipe], ["validate", "--schema", schema, pipe], ["match", "--schema", schema, pipe],
                          ["validate", "--schema", pipe]] {
            let run = try ContentPackProcess.run(arguments, input: Data("5\n".utf8), timeout: Self.timeout)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errorLines == ["contentpack: error: cannot read \(Self.fifoRefusal(pipe))"], "\(arguments)")
        }
        let zero = try ContentPackProcess.run(["generate", "--schema", "/dev/zero"], timeout: Self.timeout)
        #expect(zero.errorLines == ["contentpack: error: cannot read /dev/zero: it is a character device, not a file"])
    }

    @Test func aFIFONamedLikeASaveIsListedAndRefusedNotWaitedOn() throws {
        let saves = folder.url.appendingPathComponent("saves")
        let save = try fifo("saves/slot.json")
        let flags = ["--seed", "7", "--today", "2026-11-28", "--saves-dir", saves.path]
        let loaded = try ContentPackProcess.run(flags + ["--load", "slot"], input: Data("quit\n".utf8), binary: "coffeeshop", timeout: Self.timeout)
        #expect(loaded.status == 1)
        #expect(loaded.errorLines == ["coffeeshop: the save 'slot' could not be read: cannot read \(Self.fifoRefusal(save))"])

        let played = try ContentPackProcess.run(flags, input: Data("saves\nload slot\nquit\n".utf8), binary: "coffeeshop", timeout: Self.timeout)
        #expect(played.status == 0)
        #expect(played.output.contains("slot — damaged, left as it is: cannot read \(Self.fifoRefusal(save))"), "\(played.output)")
        #expect(played.output.contains("Not loaded: the save 'slot' could not be read: cannot read \(Self.fifoRefusal(save))"))
        var status = stat()
        #expect(lstat(save, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "left as it was")
    }

    @Test func aFIFOAsContactsOrACalendarIsRefused() throws {
        for (flag, name) in [("--contacts", "friends.vcf"), ("--calendar", "plans.ics")] {
            let path = try fifo(name)
            let run = try ContentPackProcess.run([flag, path, "--saves-dir", folder.url.appendingPathComponent("saves").path],
                                                 input: Data("quit\n".utf8), binary: "coffeeshop", timeout: Self.timeout)
            #expect(run.status == 1)
            #expect(run.errorLines == ["coffeeshop: \(name): cannot be read (it is a FIFO (named pipe), not a file)"], "\(run.errors)")
        }
    }
}
