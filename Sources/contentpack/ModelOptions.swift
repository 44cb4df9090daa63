import GuidedGeneration

/// The model flags `export` and `serve` share: `--model procedural|URL`, `--model-name NAME`,
/// `--api-key-env VAR`, `--tool-calling auto|native|schema`.
enum ModelOptions {
    static let specs = [
        OptionSpec("--model", value: "MODEL", help: "procedural (the default, offline) or the URL of an OpenAI-compatible server."),
        OptionSpec("--model-name", value: "NAME", help: "The server's model name (default: default)."),
        OptionSpec("--api-key-env", value: "VAR", help: "The environment variable holding the server's API key."),
        OptionSpec("--tool-calling", value: "MODE", help: "auto (default), native (tools and tool_calls) or schema (actions under JSON Schema)."),
    ]

    static func choice(_ arguments: CommandLineArguments) throws -> ModelChoice {
        do {
            return try ModelChoice(parsing: arguments.value("--model") ?? "procedural", name: arguments.value("--model-name"),
                                   apiKeyEnvironmentVariable: arguments.value("--api-key-env"), toolCalling: arguments.value("--tool-calling"))
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }
}
