import GuidedGeneration

/// `contentpack generate`: prints instances of a schema as JSON Lines. Instance `i` comes from
/// `SeededRandom.derived(seed:index:)`, so a run is reproducible from its seed and instance `i`
/// is the same whatever the count.
struct GenerateCommand: Command {
    static let name = "generate"
    static let abstract = "Generate instances of a JSON Schema as JSON Lines."
    static let synopsis = "generate --schema FILE.json [--count N] [--seed S]"
    static let discussion = """
        Prints N instances of the schema to standard output, one compact JSON value per line.
        Every instance conforms to the schema. The output depends only on the schema and the
        seed: instance i is the same in every run with that seed, whatever N is.
        """
    static let defaultCount = 1
    static let defaultSeed: UInt64 = 0
    static let options = [
        OptionSpec("--schema", value: "FILE.json", help: "The JSON Schema to generate from (required)."),
        OptionSpec("--count", value: "N", help: "How many instances to print (default: \(defaultCount))."),
        OptionSpec("--seed", value: "S", help: "Seed, 0 to \(UInt64.max) (default: \(defaultSeed))."),
    ]
    static let maximumPositionals = 0

    let schemaPath: String
    let count: Int
    let seed: UInt64

    init(arguments: CommandLineArguments) throws {
        schemaPath = try arguments.requiredValue("--schema")
        count = try arguments.integer("--count", default: Self.defaultCount, minimum: 0,
                                      requirement: "a non-negative integer")
        seed = try arguments.integer("--seed", default: Self.defaultSeed,
                                     requirement: "an integer from 0 to \(UInt64.max)")
    }

    func run() async throws -> ExitStatus {
        let schema = try SchemaFile.load(path: schemaPath)
        var output = StandardOutput()
        for index in 0..<count {
            var random = SeededRandom.derived(seed: seed, index: UInt64(index))
            try output.writeLine(schema.generate(random: &random).jsonString)
            if output.isClosed { break }
        }
        try output.flush()
        return .success
    }
}
