import CommandLineSupport
import ContentPacks
import NPCKit

/// `contentpack schema KIND`: prints the JSON Schema every item of a kind conforms to.
struct SchemaCommand: Command {
    static let name = "schema"
    static let abstract = "Print the JSON Schema of an item kind (npc, riddle, dialog)."
    static let synopsis = "schema npc|riddle|dialog"
    static let discussion = """
        Prints the JSON Schema (2020-12) that every exported item of the kind follows, built from
        the content (the menu's words and the attributes are choices). Validate an export with
        'contentpack validate --schema' against it.
        """
    static let options: [OptionSpec] = []
    static let maximumPositionals = 1

    let kind: PackKind

    init(arguments: CommandLineArguments) throws {
        guard let name = arguments.positionals.first else { throw CommandFailure.usage("missing kind; expected npc, riddle or dialog") }
        guard let kind = PackKind(rawValue: name) else { throw CommandFailure.usage("unknown kind '\(name)'; expected npc, riddle or dialog") }
        self.kind = kind
    }

    func run() async throws -> ExitStatus {
        let library = try PackOutput.library()
        var output = StandardOutput()
        try output.writeLine(try kind.schema(library: library).jsonSchema.prettyJSONString)
        try output.flush()
        return .success
    }
}
