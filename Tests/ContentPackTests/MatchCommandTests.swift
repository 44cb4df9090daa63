import Foundation
import Testing

@Suite("contentpack match")
struct MatchCommandTests {
    let files: TemporaryDirectory
    let schemaPath: String

    init() throws {
        files = try TemporaryDirectory()
        schemaPath = try files.write(Fixtures.npcSchema, to: "npc.json")
    }

    private func match(_ text: String, _ extra: [String] = []) throws -> (status: Int32, line: String) {
        let result = try ContentPackProcess.run(["match", "--schema", schemaPath] + extra, input: Data(text.utf8))
        #expect(result.errors.isEmpty)
        #expect(result.outputLines.count == 1)
        return (result.status, result.outputLines.first ?? "")
    }

    @Test func everyGeneratedLineIsComplete() throws {
        let generated = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "12", "--seed", "9"])
        for line in generated.outputLines {
            let (status, verdict) = try match(line + "\n")
            #expect(status == 0)
            #expect(verdict == "complete", "\(line)")
        }
    }

    @Test func theFirstByteOffTheSchemaIsNamedWithItsPointer() throws {
        let (status, line) = try match(#"{"name":"bob","level":3}"#)
        #expect(status == 1)
        #expect(line == "'b' at byte 9 leaves the schema at /name (expected one of [A-Z])")
        let (_, level) = try match(#"  {"name":"Bob","level":11}"#)
        // 10 is the maximum: after "1" only "0" or the comma before the required tags fit.
        #expect(level == "'1' at byte 25 leaves the schema at /level (expected one of [, 0])", "offsets count the white space before the text")
    }

    @Test func prefixesAreIncompleteUnlessAsked() throws {
        #expect(try match(#"{"name":"Bob","#) == (1, "incomplete (could go on)"))
        #expect(try match(#"{"name":"Bob","#, ["--prefix"]) == (0, "incomplete (could go on)"))
        #expect(try match("") == (1, "incomplete (no text)"))
    }

    @Test func textAfterTheValueIsRefused() throws {
        let (status, line) = try match(#"{"name":"Bob","level":3,"tags":["shy"]} {}"#)
        #expect(status == 1)
        #expect(line == "text at byte 40 follows the complete value that ended at byte 39")
    }

    @Test func endlessInputStopsAtTheFirstBadByte() throws {
        let binary = try #require(ContentPackProcess.executable(named: "contentpack"))
        let result = try ContentPackProcess.run(program: URL(fileURLWithPath: "/bin/sh"),
                                                ["-c", "exec \"$0\" match --schema \"$1\" < /dev/zero", binary.path, schemaPath])
        #expect(result.status == 1)
        #expect(result.outputLines == ["byte 0x0 at byte 0 leaves the schema at the root (expected one of [{])"])
    }

    @Test func usageErrors() throws {
        let missing = try ContentPackProcess.run(["match"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("--schema"))
        let absent = try ContentPackProcess.run(["match", "--schema", schemaPath, files.url.appendingPathComponent("nope.json").path])
        #expect(absent.status == 1)
        #expect(absent.errors.contains("cannot read \(files.url.appendingPathComponent("nope.json").path): no such file or folder"))
    }
}
