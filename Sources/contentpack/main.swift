import CommandLineSupport
import Foundation

// Without this, writing to a closed pipe (`contentpack generate | head -1`) kills the process;
// ignored, the write fails with EPIPE and the command stops quietly.
signal(SIGPIPE, SIG_IGN)

/// Picks the command from the first argument and runs it; returns the exit status.
func runContentPack(_ arguments: [String]) async throws -> ExitStatus {
    guard let first = arguments.first else {
        throw CommandFailure.usage("missing command; expected one of: \(CommandRegistry.names)")
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help", "help":
        guard let name = rest.first else {
            print(Usage.overview)
            return .success
        }
        guard rest.count == 1, let command = CommandRegistry.command(named: name) else {
            throw CommandFailure.usage("no help for '\(rest.joined(separator: " "))'; commands: \(CommandRegistry.names)")
        }
        print(Usage.help(for: command))
        return .success
    case "--version":
        if let extra = rest.first { throw CommandFailure.usage("unexpected argument '\(extra)'") }
        print(Usage.versionText)
        return .success
    case let option where option.hasPrefix("-"):
        throw CommandFailure.usage("unknown option '\(option)'")
    default:
        guard let command = CommandRegistry.command(named: first) else {
            throw CommandFailure.usage("unknown command '\(first)'; expected one of: \(CommandRegistry.names)")
        }
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            print(Usage.help(for: command))
            return .success
        }
        let chosen: any Command
        do {
            chosen = try command.init(arguments: try CommandLineArguments(parsing: rest, options: command.options,
                                                                          maximumPositionals: command.maximumPositionals))
        } catch let usage as UsageError {
            throw CommandFailure.usage(usage.description)
        }
        return try await chosen.run()
    }
}

let status: ExitStatus
do {
    status = try await runContentPack(Array(CommandLine.arguments.dropFirst()))
} catch is OutputClosed {
    status = .success
} catch let failure as CommandFailure {
    StandardError.writeLine("\(Usage.toolName): error: \(oneLine(failure.message))")
    if case .usage = failure { StandardError.writeLine(Usage.hint) }
    status = failure.status
} catch {
    StandardError.writeLine("\(Usage.toolName): error: \(oneLine("\(error)"))")
    status = .failure
}
exit(status.rawValue)

/// Keeps an error to one line whatever text it quotes.
func oneLine(_ message: String) -> String {
    message.split(whereSeparator: \.isNewline).joined(separator: " ")
}
