import CommandLineSupport
import GuidedGeneration
import JSONSchema
import ModelSelection
import RegexAutomata

/// `contentpack generate`: prints instances of a schema as JSON Lines. Instance `i` comes from
/// `SeededRandom.derived(seed:index:)`, so a run is reproducible from its seed and instance `i`
/// is the same whatever the count.
struct GenerateCommand: Command {
    static let name = "generate"
    static let abstract = "Generate instances of a JSON Schema as JSON Lines."
    static let synopsis = "generate --schema FILE.json [--count N] [--seed S] [--model FILE.gguf|URL [--prompt TEXT]]"
    static let discussion = """
        Prints N instances of the schema to standard output, one compact JSON value per line.
        Every instance conforms to the schema. The output depends only on the schema and the
        seed: instance i is the same in every run with that seed, whatever N is.
        By default the instances are built directly from the schema. With --model a language
        model writes each one in answer to --prompt: a GGUF file decodes under the schema (valid
        by construction); a server's replies are validated.
        """
    static let defaultCount = 1
    static let defaultSeed: UInt64 = 0
    static let options = [
        OptionSpec("--schema", value: "FILE.json", help: "The JSON Schema to generate from (required)."),
        OptionSpec("--count", value: "N", help: "How many instances to print (default: \(defaultCount))."),
        OptionSpec("--seed", value: "S", help: "Seed, 0 to \(UInt64.max) (default: \(defaultSeed))."),
        OptionSpec("--prompt", value: "TEXT", help: "What the model is asked for each instance (default: \"\(defaultPrompt)\")."),
    ] + ModelOptions.specs
    static let defaultPrompt = "Write an example of this JSON Schema, with realistic values."
    static let maximumPositionals = 0

    let schemaPath: String
    let count: Int
    let seed: UInt64
    let model: ModelChoice
    let threads: Int?
    let prompt: String?

    init(arguments: CommandLineArguments) throws {
        schemaPath = try arguments.requiredValue("--schema")
        count = try arguments.integer("--count", default: Self.defaultCount, minimum: 0,
                                      requirement: "a non-negative integer")
        seed = try arguments.integer("--seed", default: Self.defaultSeed,
                                     requirement: "an integer from 0 to \(UInt64.max)")
        model = try ModelOptions.choice(arguments)
        threads = try ModelOptions.threads(arguments)
        prompt = arguments.value("--prompt")
        if prompt != nil, model.url == nil, model.file == nil { throw CommandFailure.usage("--prompt goes with --model FILE.gguf or a server URL") }
    }

    func run() async throws -> ExitStatus {
        let schema = try SchemaFile.load(path: schemaPath)
        let languageModel = try model.opened(threads: threads)?.model
        var output = StandardOutput()
        for index in 0..<count {
            var random = SeededRandom.derived(seed: seed, index: UInt64(index))
            let instance: GeneratedContent
            if let languageModel {
                let options = GenerationOptions(samplingMode: .random(top: 40, seed: random.next()))
                do {
                    instance = try await LanguageModelSession(model: languageModel)
                        .respond(to: prompt ?? Self.defaultPrompt, schema: schema, options: options).content
                } catch {
                    throw CommandFailure.runtime("instance \(index): \(model.label) could not write it: \(error)")
                }
            } else {
                instance = schema.generate(random: &random)
            }
            try output.writeLine(instance.jsonString)
            if output.isClosed { break }
        }
        try output.flush()
        return .success
    }
}
