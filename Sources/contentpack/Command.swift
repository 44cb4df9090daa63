import CommandLineSupport
/// One `contentpack` subcommand: its name, its help, the options it accepts, and how it runs.
///
/// Adding a command means writing a type that conforms and listing it in `CommandRegistry.all`;
/// parsing, `--help` and error reporting are shared.
protocol Command {
    /// The word that selects the command (`contentpack NAME ...`).
    static var name: String { get }
    /// One line for the command list in `contentpack --help`.
    static var abstract: String { get }
    /// The usage line after `contentpack`, e.g. `generate --schema FILE.json [--count N]`.
    static var synopsis: String { get }
    /// What the command does, in a few lines of help text.
    static var discussion: String { get }
    /// The options the command accepts (`--help` is added for every command).
    static var options: [OptionSpec] { get }
    /// The most positional arguments the command accepts.
    static var maximumPositionals: Int { get }

    /// Reads the command's settings from parsed arguments, throwing `CommandFailure.usage` when
    /// they are missing or malformed.
    init(arguments: CommandLineArguments) throws

    /// Runs the command, writing data to standard output and messages to standard error.
    func run() async throws -> ExitStatus
}

/// Every command `contentpack` knows, in the order the help lists them.
enum CommandRegistry {
    static var all: [any Command.Type] { [GenerateCommand.self, ValidateCommand.self, MatchCommand.self, ExportCommand.self, SchemaCommand.self, ServeCommand.self, ModelCommand.self] }

    static func command(named name: String) -> (any Command.Type)? {
        all.first { $0.name == name }
    }

    static var names: String { all.map { $0.name }.joined(separator: ", ") }
}

/// The process exit status: 0 success, 1 runtime error or failed check, 2 usage error.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

/// A failure that ends the run, with a one-line message for standard error.
enum CommandFailure: Error {
    /// The command line is wrong (exit 2; a hint to run `--help` follows the message).
    case usage(String)
    /// The command line is fine but the work failed: unreadable file, refused schema (exit 1).
    case runtime(String)

    var message: String {
        switch self {
        case .usage(let message), .runtime(let message): message
        }
    }

    var status: ExitStatus {
        switch self {
        case .usage: .usage
        case .runtime: .failure
        }
    }
}
