/// The version and help texts.
enum Usage {
    static let toolName = "contentpack"
    static let version = "0.2.0"
    static let hint = "Run '\(toolName) --help' for usage."

    static var versionText: String { "\(toolName) \(version)" }

    static var overview: String {
        let width = CommandRegistry.all.map { $0.name.count }.max() ?? 0
        let commands = CommandRegistry.all.map { command in
            "  \(command.name.padding(to: width))  \(command.abstract)"
        }
        return """
            \(toolName) \(version): batch-generate game content from JSON Schemas and the coffee shop's
            content, in the formats engines read, and serve it to engines live.

            USAGE: \(toolName) <command> [options]

            COMMANDS:
            \(commands.joined(separator: "\n"))

            OPTIONS:
              -h, --help     Show this help, or a command's help after the command.
              --version      Show the version.

            Exit status: 0 success, 1 error or invalid input, 2 usage error.
            Run '\(toolName) help <command>' or '\(toolName) <command> --help' for a command's options.
            """
    }

    static func help(for command: any Command.Type) -> String {
        let rows = command.options.map { ("\($0.name) \($0.valueName)", $0.help) } + [("-h, --help", "Show this help.")]
        let width = rows.map(\.0.count).max() ?? 0
        let options = rows.map { "  \($0.0.padding(to: width))  \($0.1)" }
        return """
            USAGE: \(toolName) \(command.synopsis)

            \(command.abstract)

            \(command.discussion)

            OPTIONS:
            \(options.joined(separator: "\n"))
            """
    }
}

private extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
