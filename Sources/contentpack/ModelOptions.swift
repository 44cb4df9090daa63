import GuidedGeneration
import NativeModel

/// The model flags `export`, `generate` and `serve` share: `--model procedural|FILE.gguf|URL`,
/// `--threads N`, `--model-name NAME`, `--api-key-env VAR`, `--tool-calling auto|native|schema`,
/// `--guided auto|schema|value`, `--timeout SECONDS`.
enum ModelOptions {
    static let specs = [
        OptionSpec("--model", value: "MODEL", help: "procedural (the default, offline), a GGUF model file run in process, or the URL of an OpenAI-compatible server (several, comma-separated, share the work)."),
        OptionSpec("--threads", value: "N", help: "Cores a GGUF model's matrix products use (default: all)."),
        OptionSpec("--model-name", value: "NAME", help: "The server's model name (default: default)."),
        OptionSpec("--api-key-env", value: "VAR", help: "The environment variable holding the server's API key."),
        OptionSpec("--tool-calling", value: "MODE", help: "auto (default), native (tools and tool_calls) or schema (actions under JSON Schema)."),
        OptionSpec("--guided", value: "MODE", help: "How a server keeps replies to the schema: auto (default: per value where the server takes grammars), schema (response_format) or value (per value under GBNF grammars)."),
        OptionSpec("--timeout", value: "SECONDS", help: "How long a server has to answer one request (default: 120)."),
    ]

    static func choice(_ arguments: CommandLineArguments) throws -> ModelChoice {
        let choice: ModelChoice
        do {
            choice = try ModelChoice(parsing: arguments.value("--model") ?? "procedural", name: arguments.value("--model-name"),
                                     apiKeyEnvironmentVariable: arguments.value("--api-key-env"), toolCalling: arguments.value("--tool-calling"),
                                     guided: arguments.value("--guided"), timeout: arguments.value("--timeout"))
        } catch {
            throw CommandFailure.usage(error.description)
        }
        if choice.file == nil, arguments.value("--threads") != nil { throw CommandFailure.usage("--threads goes with a GGUF model file (--model FILE.gguf)") }
        return choice
    }

    /// The cores `--threads` names (nil: all).
    static func threads(_ arguments: CommandLineArguments) throws -> Int? {
        guard arguments.value("--threads") != nil else { return nil }
        return try arguments.integer("--threads", default: 1, minimum: 1, requirement: "a positive integer")
    }

    /// The model `choice` names, opened: nil for the embedded model; a model file that cannot be
    /// read or run is a runtime failure naming the file.
    static func model(_ choice: ModelChoice, threads: Int?) throws -> (any LanguageModel)? {
        do {
            return try choice.makeModel(threads: threads)
        } catch {
            throw CommandFailure.runtime("cannot run \(choice.file?.path ?? choice.label): \(error.description)")
        }
    }
}
