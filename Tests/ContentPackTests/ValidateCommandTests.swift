import Foundation
import Testing

@Suite("contentpack validate")
struct ValidateCommandTests {
    let files: TemporaryDirectory
    let schemaPath: String

    init() throws {
        files = try TemporaryDirectory()
        schemaPath = try files.write(Fixtures.npcSchema, to: "npc.json")
    }

    @Test("accepts generate's output on standard input, absent or named '-'", arguments: [[], ["-"]])
    func acceptsGeneratedOutput(input: [String]) throws {
        let generated = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "200", "--seed", "5"])
        let result = try ContentPackProcess.run(["validate", "--schema", schemaPath] + input, input: generated.stdout)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines == ["all 200 lines valid"])
    }

    @Test("reports every violation with its line and pointer, skips blank lines, exits 1")
    func reportsViolations() throws {
        let lines = [
            #"{"name":"Bob","level":3,"tags":["shy"]}"#,
            "",
            #"{"name":"bob","level":11,"tags":[],"x":1}"#,
            "   ",
            #"{"name":"Al\nx","level":1,"tags":["loud"]}"#,
            #"{"name":"Ann","level":2,"tags":["shy"]}"#,
        ]
        let path = try files.write(lines.joined(separator: "\n"), to: "npcs.jsonl")
        let result = try ContentPackProcess.run(["validate", "--schema", schemaPath, path])
        #expect(result.status == 1)
        #expect(result.outputLines == [
            #"line 3: /name: "bob" does not match the pattern ^[A-Z][a-z]{2,8}$"#,
            "line 3: /level: 11 is greater than the maximum 10",
            "line 3: /tags: array of 0 items has fewer than 1",
            #"line 3: /x: property "x" is not allowed"#,
            #"line 5: /name: "Al\nx" does not match the pattern ^[A-Z][a-z]{2,8}$"#,
        ])
        #expect(result.errorLines == ["2 of 4 lines invalid"])
    }

    @Test("reports a line that is not JSON with its column, and one that is not UTF-8")
    func reportsMalformedLines() throws {
        var input = Data((#"{"name":"Bob","level":3,"tags":["shy"]}"# + "\n[1, 2,]\r\n").utf8)
        input.append(contentsOf: [0x22, 0xFF, 0x22, 0x0A])
        let result = try ContentPackProcess.run(["validate", "--schema", schemaPath], input: input)
        #expect(result.status == 1)
        #expect(result.outputLines == [
            "line 2: invalid JSON: column 7: trailing comma before ']'",
            "line 3: invalid JSON: column 2: invalid UTF-8 byte sequence",
        ])
        #expect(result.errorLines == ["2 of 3 lines invalid"])
    }

    @Test("a root-level violation is reported at (root)")
    func rootViolation() throws {
        let result = try ContentPackProcess.run(["validate", "--schema", schemaPath], input: Data("42\n".utf8))
        #expect(result.status == 1)
        #expect(result.outputLines == ["line 1: (root): expected object, found integer"])
        #expect(result.errorLines == ["1 of 1 line invalid"])
    }

    @Test("empty input is valid")
    func emptyInput() throws {
        let result = try ContentPackProcess.run(["validate", "--schema", schemaPath], input: Data("\n\n".utf8))
        #expect(result.status == 0)
        #expect(result.errorLines == ["no lines to validate"])
    }

    @Test("a missing input file is a runtime error")
    func missingInput() throws {
        let missing = files.url.appendingPathComponent("absent.jsonl").path
        let result = try ContentPackProcess.run(["validate", "--schema", schemaPath, missing])
        #expect(result.status == 1)
        #expect(result.errorLines == ["contentpack: error: cannot read \(missing): no such file or folder"])
    }
}
