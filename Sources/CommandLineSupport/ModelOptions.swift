import ModelSelection

/// The model flags every program shares: `--model procedural|FILE.gguf|URL`, `--threads N`,
/// `--model-name NAME`, `--api-key-env VAR`, `--tool-calling auto|native|schema`,
/// `--guided auto|schema|value`, `--timeout SECONDS`.
///
/// ```swift
/// let arguments = try CommandLineArguments(parsing: ["--model", "SmolLM2.gguf", "--threads", "2"],
///                                          options: ModelOptions.specs, maximumPositionals: 0)
/// let model = try ModelOptions.choice(arguments).makeModel(threads: try ModelOptions.threads(arguments))
/// ```
package enum ModelOptions {
    package static let specs = [
        OptionSpec("--model", value: "MODEL", help: "procedural (the default, offline), a GGUF model file run in process, or the URL of an OpenAI-compatible server (several, comma-separated, share the work)."),
        OptionSpec("--threads", value: "N", help: "Cores a GGUF model's matrix products use (default: all)."),
        OptionSpec("--model-name", value: "NAME", help: "The server's model name (default: default)."),
        OptionSpec("--api-key-env", value: "VAR", help: "The environment variable holding the server's API key."),
        OptionSpec("--tool-calling", value: "MODE", help: "auto (default), native (tools and tool_calls) or schema (actions under JSON Schema)."),
        OptionSpec("--guided", value: "MODE", help: "How a server keeps replies to the schema: auto (default: per value where the server takes grammars), schema (response_format) or value (per value under GBNF grammars)."),
        OptionSpec("--timeout", value: "SECONDS", help: "How long a server has to answer one request (default: 120)."),
    ]

    /// The model the flags name; a bad name, mode or flag combination is a usage error.
    package static func choice(_ arguments: CommandLineArguments) throws(UsageError) -> ModelChoice {
        let choice: ModelChoice
        do {
            choice = try ModelChoice(parsing: arguments.value("--model") ?? "procedural", name: arguments.value("--model-name"),
                                     apiKeyEnvironmentVariable: arguments.value("--api-key-env"), toolCalling: arguments.value("--tool-calling"),
                                     guided: arguments.value("--guided"), timeout: arguments.value("--timeout"))
        } catch {
            throw UsageError(error.description)
        }
        if choice.file == nil, arguments.value("--threads") != nil { throw UsageError("--threads goes with a GGUF model file (--model FILE.gguf)") }
        return choice
    }

    /// The cores `--threads` names (nil: all).
    package static func threads(_ arguments: CommandLineArguments) throws(UsageError) -> Int? {
        guard arguments.value("--threads") != nil else { return nil }
        return try arguments.integer("--threads", default: 1, minimum: 1, requirement: "a positive integer")
    }
}
