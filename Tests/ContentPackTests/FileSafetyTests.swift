import Foundation
import GuidedGeneration
import JSONSchema
import Testing

/// End-to-end: what `contentpack` does with outputs that are not regular files, partial files
/// from other runs, closed pipes, endless inputs and failing writes.
@Suite struct FileSafetyTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    func path(_ name: String) -> String {
        folder.url.appendingPathComponent(name).path
    }

    static func export(_ arguments: [String]) throws -> ContentPackResult {
        try ContentPackProcess.run(["export", "--quiet"] + arguments)
    }

    /// Expects `--out target` refused with one line naming it and what it is, and no
    /// temporary file left beside it.
    func expectRefused(_ target: String, saying kind: String) throws {
        let result = try Self.export(["--kind", "npc", "--count", "3", "--out", target])
        #expect(result.status == 1, "\(target)")
        #expect(result.errorLines == ["contentpack: error: will not write to \(target): it is \(kind), not a regular file; give a regular file or a new path"])
        let partial = URL(fileURLWithPath: target).deletingLastPathComponent()
            .appendingPathComponent(".\(URL(fileURLWithPath: target).lastPathComponent).partial").path
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    @Test func outRefusesAFIFOAndASymbolicLinkAndLeavesThemAsTheyWere() throws {
        let fifo = path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        try expectRefused(fifo, saying: "a FIFO (named pipe)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)

        let target = try folder.write("old\n", to: "target.jsonl")
        let link = path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try expectRefused(link, saying: "a symbolic link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
    }

    @Test func outRefusesADirectoryWhereAPackFileGoes() throws {
        let pack = path("pack")
        try FileManager.default.createDirectory(atPath: pack + "/npc.jsonl", withIntermediateDirectories: true)
        let result = try Self.export(["--kind", "npc", "--count", "3", "--out", pack + "/"])
        #expect(result.status == 1)
        #expect(result.errorLines == ["contentpack: error: will not write to \(pack)/npc.jsonl: it is a directory, not a regular file; give a regular file or a new path"])
        #expect(!FileManager.default.fileExists(atPath: pack + "/.npc.jsonl.partial"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func outRefusesADeviceAndAFullDiskIsWordedForAPerson() throws {
        try expectRefused("/dev/full", saying: "a character device")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/full")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)

        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "2"], writingTo: full)
        #expect(result.status == 1)
        #expect(result.errorLines == ["contentpack: error: cannot write to standard output: the disk is full"])
    }

    @Test func aNewPathAndARegularFileAreWritten() throws {
        let target = try folder.write("old\n", to: "old.jsonl")
        #expect(try Self.export(["--kind", "npc", "--count", "3", "--out", target]).status == 0)
        #expect(try Self.export(["--kind", "npc", "--count", "3", "--out", path("new/npcs.jsonl")]).status == 0)
        let expected = try Self.export(["--kind", "npc", "--count", "3"]).stdout
        #expect(FileManager.default.contents(atPath: target) == expected)
        #expect(FileManager.default.contents(atPath: path("new/npcs.jsonl")) == expected)
    }

    /// Writes `text` as the temporary file of an export to `out.jsonl`, runs `--resume` with
    /// `arguments`, and expects it refused with `reason`, the file as it was and no output.
    func expectResumeRefused(_ text: String, _ arguments: [String], reason: String) throws {
        let partial = try folder.write(text, to: ".out.jsonl.partial")
        let result = try Self.export(["--out", path("out.jsonl"), "--resume"] + arguments)
        #expect(result.status == 1, "\(arguments)")
        #expect(result.errorLines == ["contentpack: error: cannot resume \(path("out.jsonl")) from \(partial): \(reason)"
                                      + " — remove \(partial) or export with the options it was made with"])
        #expect(FileManager.default.contents(atPath: partial) == Data(text.utf8))
        #expect(!FileManager.default.fileExists(atPath: path("out.jsonl")))
    }

    @Test func resumeRefusesAPartialFileFromOtherOptions() throws {
        let made = try Self.export(["--kind", "npc", "--count", "6", "--seed", "4"]).outputLines
        try #require(made.count == 6)
        let five = made.prefix(5).joined(separator: "\n") + "\n"
        try expectResumeRefused(five, ["--kind", "npc", "--count", "6", "--seed", "5"],
                                reason: "line 1 is not what seed 5 makes for item 0; it was made with other options")
        try expectResumeRefused(five, ["--kind", "npc", "--count", "4", "--seed", "4"], reason: "it has more than the 4 lines asked for")
        try expectResumeRefused(five, ["--kind", "riddle", "--count", "6", "--seed", "4"],
                                reason: "line 1 is not a riddle item ((root): missing required property 'question')")
        try expectResumeRefused(made[0] + "\nnot json\n", ["--kind", "npc", "--count", "6", "--seed", "4"],
                                reason: "line 2 is not JSON (line 1, column 1: invalid literal; expected 'null')")
        // Only the fifth line is another seed's: the last lines are made again too.
        let other = try Self.export(["--kind", "npc", "--count", "6", "--seed", "9"]).outputLines
        try expectResumeRefused((made.prefix(4) + [other[4]]).joined(separator: "\n") + "\n", ["--kind", "npc", "--count", "6", "--seed", "4"],
                                reason: "line 5 is not what seed 4 makes for item 4; it was made with other options")
    }

    /// A hang (an export of ten million items that never notices its reader left) ends at the
    /// time limit; the limit is generous, since the machine may be busy with other tests' models.
    @Test(.timeLimit(.minutes(10)))
    func anExportStopsWhenItsReaderGoesAway() throws {
        let result = try ContentPackProcess.runReadingFirstLine(["export", "--kind", "npc", "--count", "10000000"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(try GeneratedContent(json: result.outputLines[0])["name"] != nil)
    }

    @Test func jobsBeyondTheCoresAreLoweredWithANote() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let many = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "4", "--jobs", "1000"])
        #expect(many.status == 0)
        #expect(many.errorLines == ["contentpack: note: --jobs 1000 is more than the \(cores) active processor cores; using \(cores)"])
        #expect(many.stdout == (try Self.export(["--kind", "npc", "--count", "4"])).stdout)
        #expect(try Self.export(["--kind", "npc", "--count", "4", "--jobs", "1000"]).errors.isEmpty)
    }

    @Test func hugeAndUnreadableInputsAreRefused() throws {
        // 17 MiB of zero bytes and no newline, as a sparse file: nothing to write, all to read.
        let huge = path("huge.json")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(17 << 20)) == 0)
        let tooLarge = try ContentPackProcess.run(["generate", "--schema", huge])
        #expect(tooLarge.status == 1)
        #expect(tooLarge.errorLines == ["contentpack: error: \(huge) is larger than 16 MiB, the most a schema file may be; check the path"])
        let schema = try folder.write(Fixtures.digitSchema, to: "digit.json")
        let lines = try ContentPackProcess.run(["validate", "--schema", schema, huge])
        #expect(lines.status == 1)
        #expect(lines.errorLines == ["contentpack: error: \(huge) is larger than 16 MiB, the most a JSON line may be; check the path"])
        let zero = try ContentPackProcess.run(["validate", "--schema", schema, "/dev/zero"])
        #expect(zero.status == 1)
        #expect(zero.errorLines == ["contentpack: error: cannot read /dev/zero: it is a character device, not a file"])
        let directory = try ContentPackProcess.run(["generate", "--schema", folder.url.path])
        #expect(directory.status == 1)
        #expect(directory.errorLines == ["contentpack: error: cannot read \(folder.url.path): it is a directory, not a file"])
    }

    @Test func serveAnswersBytesThatAreNotUTF8WithAParseError() throws {
        let request = Data(#"{"id": 1, "method": "generate", "params": {"kind": "npc"}}"#.utf8)
        let result = try ContentPackProcess.run(["serve", "--stdio"], input: Data([0x7B, 0xFF, 0xFE, 0x7D, 0x0A]) + request + Data([0x0A]))
        #expect(result.status == 0)
        let replies = try result.outputLines.map { try GeneratedContent(json: $0) }
        #expect(replies.count == 2)
        #expect(replies.first?["error"]?["code"]?.numberValue == -32700)
        #expect(replies.last?["id"]?.numberValue == 1 && replies.last?["result"] != nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func serveFailsWhenItsOutputFails() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let request = Data((#"{"id": 1, "method": "generate", "params": {"kind": "npc"}}"# + "\n").utf8)
        let result = try ContentPackProcess.run(["serve", "--stdio"], input: request, writingTo: full)
        #expect(result.status == 1)
        #expect(result.errorLines == ["contentpack: error: cannot write to standard output: the disk is full"])
    }
}
