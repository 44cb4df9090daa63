import CommandLineSupport
import GuidedGeneration
import NPCKit

/// `contentpack match`: runs JSON text through a schema's incremental matcher — the acceptor a
/// guided decoder steers a language model with — and reports where the text leaves the schema.
struct MatchCommand: Command {
    static let name = "match"
    static let abstract = "Find the first byte where JSON text leaves a schema (guided decoding's view)."
    static let synopsis = "match --schema FILE.json [--prefix] [FILE | -]"
    static let discussion = """
        Reads one JSON text from FILE, or from standard input when the file is '-' or absent,
        and feeds it byte by byte to the schema's matcher. The matcher reads compact JSON: no
        white space inside, object properties in declaration order, strings escaped the way
        the library writes them; white space around the text is ignored. Prints one line:
        'complete' (a whole valid instance; exit 0), 'incomplete (could go on)' (a prefix of
        one; exit 1, or 0 with --prefix), or where the text left the schema — the byte offset,
        the byte, the JSON Pointer of the value and the bytes that were possible (exit 1).
        Reading stops at the first byte that does not fit.
        """
    static let options = [
        OptionSpec("--schema", value: "FILE.json", help: "The JSON Schema to match against (required)."),
        OptionSpec(flag: "--prefix", help: "Exit 0 for text that can still become a valid instance."),
    ]
    static let maximumPositionals = 1

    let schemaPath: String
    let inputPath: String?
    let acceptPrefix: Bool

    init(arguments: CommandLineArguments) throws {
        schemaPath = try arguments.requiredValue("--schema")
        inputPath = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        acceptPrefix = arguments.flag("--prefix")
    }

    func run() async throws -> ExitStatus {
        let matcher = try SchemaFile.load(path: schemaPath).matcher
        let input = try inputPath.map { try FileInput(path: $0) } ?? .standardInput()
        var output = StandardOutput()
        var state = matcher.start()
        var started = false
        var offset = 0
        var trailing: Int?
        var block: [UInt8] = []
        while true {
            block.removeAll(keepingCapacity: true)
            guard try input.read(appendingTo: &block, count: 1 << 16) > 0 else { break }
            guard offset + block.count <= Self.inputLimit else {
                throw FileError(path: input.displayName, problem: .tooLarge(limit: Self.inputLimit, role: "JSON text to match"))
            }
            for byte in block {
                defer { offset += 1 }
                if Self.isJSONWhitespace(byte), !started || trailing != nil || matcher.isComplete(state) {
                    if started, trailing == nil { trailing = offset }
                    continue
                }
                if let trailing {
                    try output.writeLine("text at byte \(offset) follows the complete value that ended at byte \(trailing)")
                    try output.flush()
                    return .failure
                }
                started = true
                do {
                    try matcher.advance(&state, by: byte)
                } catch {
                    try output.writeLine(error.description(offset: offset))
                    try output.flush()
                    return .failure
                }
            }
        }
        let complete = matcher.isComplete(state)
        try output.writeLine(complete ? "complete" : started ? "incomplete (could go on)" : "incomplete (no text)")
        try output.flush()
        return complete || (acceptPrefix && started) ? .success : .failure
    }

    /// The longest text matched (16 MiB), so an input that never ends is refused.
    static let inputLimit = 16 << 20

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
