import Foundation
import Testing

@Suite("contentpack command line")
struct CommandLineTests {
    let files: TemporaryDirectory
    let schemaPath: String

    init() throws {
        files = try TemporaryDirectory()
        schemaPath = try files.write(Fixtures.npcSchema, to: "npc.json")
    }

    /// Usage errors and the message each must give. `SCHEMA` stands for a readable schema file.
    static let usageErrors: [([String], String)] = [
        ([], "missing command; expected one of: generate, validate, match, export, schema, serve, model"),
        (["bogus"], "unknown command 'bogus'; expected one of: generate, validate, match, export, schema, serve, model"),
        (["--bogus"], "unknown option '--bogus'"),
        (["help", "bogus"], "no help for 'bogus'; commands: generate, validate, match, export, schema, serve, model"),
        (["--version", "now"], "unexpected argument 'now'"),
        (["generate"], "missing required option '--schema'"),
        (["generate", "--schema"], "option '--schema' needs a value (FILE.json)"),
        (["generate", "--schema", "--count", "3"], "option '--schema' needs a value (FILE.json)"),
        (["generate", "--schema="], "option '--schema' needs a value (FILE.json)"),
        (["generate", "--schema", "SCHEMA", "--colour", "red"], "unknown option '--colour'"),
        (["generate", "--schema", "SCHEMA", "--count", "ten"], "option '--count' must be a non-negative integer, got 'ten'"),
        (["generate", "--schema", "SCHEMA", "--count", "-1"], "option '--count' must be a non-negative integer, got '-1'"),
        (["generate", "--schema", "SCHEMA", "--count", "1.5"], "option '--count' must be a non-negative integer, got '1.5'"),
        (["generate", "--schema", "SCHEMA", "--count", "99999999999999999999"],
         "option '--count' must be a non-negative integer, got '99999999999999999999'"),
        (["generate", "--schema", "SCHEMA", "--seed", "x"],
         "option '--seed' must be an integer from 0 to 18446744073709551615, got 'x'"),
        (["generate", "--schema", "SCHEMA", "--seed", "-3"],
         "option '--seed' must be an integer from 0 to 18446744073709551615, got '-3'"),
        (["generate", "--schema", "SCHEMA", "--seed", "18446744073709551616"],
         "option '--seed' must be an integer from 0 to 18446744073709551615, got '18446744073709551616'"),
        (["generate", "--schema", "SCHEMA", "--count", "1", "--count", "2"], "option '--count' given more than once"),
        (["generate", "--schema", "SCHEMA", "--schema=SCHEMA"], "option '--schema' given more than once"),
        (["generate", "--schema", "SCHEMA", "extra.json"], "unexpected argument 'extra.json'"),
        (["validate", "--schema", "SCHEMA", "a.jsonl", "b.jsonl"], "unexpected argument 'b.jsonl'"),
        (["validate", "--count", "3"], "unknown option '--count'"),
    ]

    @Test("usage errors exit 2 with a one-line message and a hint", arguments: usageErrors)
    func usageError(arguments: [String], message: String) throws {
        let result = try ContentPackProcess.run(arguments.map { $0.replacingOccurrences(of: "SCHEMA", with: schemaPath) })
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines == ["contentpack: error: \(message)", "Run 'contentpack --help' for usage."])
    }

    @Test("a missing schema file exits 1")
    func missingSchema() throws {
        let missing = files.url.appendingPathComponent("absent.json").path
        for command in ["generate", "validate"] {
            let result = try ContentPackProcess.run([command, "--schema", missing], input: Data())
            #expect(result.status == 1)
            #expect(result.errorLines == ["contentpack: error: cannot read \(missing): no such file or folder"])
        }
    }

    @Test("a schema file that is not JSON exits 1 naming the line and column")
    func malformedSchema() throws {
        let path = try files.write("{\"type\":\n  \"string\",}", to: "broken.json")
        let result = try ContentPackProcess.run(["generate", "--schema", path])
        #expect(result.status == 1)
        #expect(result.errorLines == ["contentpack: error: schema file '\(path)' is not valid JSON: line 2, column 12: trailing comma before '}'"])
    }

    @Test("a schema the library refuses exits 1 naming the keyword and its pointer", arguments: [
        (#"{"$ref": "http://example.com/x.json"}"#, #"unsupported '$ref' at "/$ref""#),
        (#"{"properties": {"word": {"type": "string", "pattern": "(a)\\1"}}}"#,
         #"unsupported 'pattern' at "/properties/word/pattern""#),
    ])
    func refusedSchema(schema: String, expected: String) throws {
        let path = try files.write(schema, to: "refused.json")
        let result = try ContentPackProcess.run(["generate", "--schema", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.errorLines
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("contentpack: error: schema file '\(path)' cannot be used: \(expected): ") == true,
                "got: \(result.errors)")
    }

    @Test("help is printed to standard output with status 0", arguments: [
        (["--help"], "USAGE: contentpack <command>"), (["-h"], "USAGE: contentpack <command>"),
        (["help"], "USAGE: contentpack <command>"),
        (["help", "generate"], "USAGE: contentpack generate --schema"),
        (["generate", "--help"], "USAGE: contentpack generate --schema"),
        (["generate", "--count", "x", "-h"], "USAGE: contentpack generate --schema"),
        (["validate", "--help"], "USAGE: contentpack validate --schema"),
    ])
    func help(arguments: [String], expectedStart: String) throws {
        let result = try ContentPackProcess.run(arguments)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains(expectedStart))
    }

    @Test("the overview lists every command")
    func overviewListsCommands() throws {
        let output = try ContentPackProcess.run(["--help"]).output
        #expect(output.contains("  generate  "))
        #expect(output.contains("  validate  "))
        #expect(output.contains("  match  "))
    }

    @Test("--version prints the name and a semantic version")
    func version() throws {
        let result = try ContentPackProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.wholeMatch(of: /contentpack \d+\.\d+\.\d+\n/) != nil)
    }
}
