import CommandLineSupport
import GuidedGeneration
import JSONSchema
import NPCKit

/// `contentpack validate`: checks JSON Lines against a schema and reports every violation with
/// its line number and JSON Pointer.
struct ValidateCommand: Command {
    static let name = "validate"
    static let abstract = "Check JSON Lines against a JSON Schema."
    static let synopsis = "validate --schema FILE.json [FILE.jsonl | -]"
    static let discussion = """
        Reads JSON Lines from FILE.jsonl, or from standard input when the file is '-' or absent,
        and skips blank lines. For each violation prints 'line N: POINTER: MESSAGE' to standard
        output ('(root)' is the whole value; a line that is not JSON gets 'line N: invalid JSON:
        column C: MESSAGE'), then a summary to standard error. Exits 0 when every line is valid
        and 1 when any is not.
        """
    static let options = [
        OptionSpec("--schema", value: "FILE.json", help: "The JSON Schema to check against (required)."),
    ]
    static let maximumPositionals = 1

    let schemaPath: String
    let inputPath: String?

    init(arguments: CommandLineArguments) throws {
        schemaPath = try arguments.requiredValue("--schema")
        inputPath = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
    }

    func run() async throws -> ExitStatus {
        let schema = try SchemaFile.load(path: schemaPath)
        let input = try inputPath.map { try FileInput(path: $0) } ?? .standardInput()
        var lines = LineReader(input, role: "JSON line")
        var output = StandardOutput()
        var lineNumber = 0
        var checked = 0
        var invalid = 0
        while let line = try lines.nextLine() {
            lineNumber += 1
            guard !line.allSatisfy(Self.isJSONWhitespace) else { continue }
            checked += 1
            let problems = Self.problems(in: line, schema: schema)
            if !problems.isEmpty { invalid += 1 }
            for problem in problems {
                try output.writeLine("line \(lineNumber): \(problem)")
            }
        }
        try output.flush()
        StandardError.writeLine(Self.summary(checked: checked, invalid: invalid))
        return invalid == 0 ? .success : .failure
    }

    /// What is wrong with one line: a syntax error, or each schema violation.
    private static func problems(in line: ArraySlice<UInt8>, schema: GenerationSchema) -> [String] {
        do {
            let content = try GeneratedContent(jsonBytes: line)
            return schema.violations(of: content).map(\.description)
        } catch let error as JSONSyntaxError {
            return ["invalid JSON: column \(error.column): \(error.message)"]
        } catch {
            return ["invalid JSON: \(error)"]
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    static func summary(checked: Int, invalid: Int) -> String {
        if checked == 0 { return "no lines to validate" }
        let lines = checked == 1 ? "line" : "lines"
        return invalid == 0 ? "all \(checked) \(lines) valid" : "\(invalid) of \(checked) \(lines) invalid"
    }
}
