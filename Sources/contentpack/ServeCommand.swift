import Foundation
import NPCKit

/// `contentpack serve --stdio`: the JSON-lines protocol for engines (docs/protocol.md) on
/// standard input and output. Every line in is a request (or the host's answer to a tool call),
/// every line out a response (or a tool call for the host); the end of input shuts the server
/// down once the requests in progress are answered.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve the JSON-lines protocol for engines on standard input and output."
    static let synopsis = "serve --stdio"
    static let discussion = """
        Reads one JSON request per line from standard input and writes one JSON response per
        line to standard output: generate items of a kind or of a JSON Schema, open a session
        with instructions, a seed and the host's own tools, send it prompts (the server asks the
        host to run its tools with "tool.call" requests), close it. Malformed lines get an error
        response and the server keeps going. The protocol is described in docs/protocol.md.
        """
    static let options = [OptionSpec(flag: "--stdio", help: "Use standard input and output (the only transport; required).")] + ModelOptions.specs
    static let maximumPositionals = 0

    let model: ModelChoice

    init(arguments: CommandLineArguments) throws {
        guard arguments.flag("--stdio") else { throw CommandFailure.usage("serve needs --stdio (the only transport)") }
        model = try ModelOptions.choice(arguments)
    }

    func run() async throws -> ExitStatus {
        let library = try PackOutput.library()
        let output = LineWriter()
        let server = EngineServer(library: library, model: model.model) { line in output.write(line) }
        for await line in StandardInputLines.stream() {
            await server.receive(line)
        }
        await server.finish()
        return .success
    }
}

/// Whole lines to standard output, one at a time from any thread, each written at once.
private final class LineWriter: @unchecked Sendable {
    private let lock = NSLock()

    func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        lock.withLock { _ = bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: STDOUT_FILENO) } }
    }
}

/// Standard input's lines as an async stream, read on a thread of their own so that a request
/// waiting for the host's tool answer never stops the next line from being read.
private enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
        }
    }
}
