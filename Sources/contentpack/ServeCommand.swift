import CommandLineSupport
import EngineProtocol
import Foundation
import ModelSelection
import NPCKit
import Synchronization

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
        response (a line longer than 16 MiB too, its bytes skipped) and the server keeps going.
        The protocol is described in docs/protocol.md.
        """
    static let options = [OptionSpec(flag: "--stdio", help: "Use standard input and output (the only transport; required).")] + ModelOptions.specs
    static let maximumPositionals = 0

    let model: ModelChoice
    let threads: Int?

    init(arguments: CommandLineArguments) throws {
        guard arguments.flag("--stdio") else { throw CommandFailure.usage("serve needs --stdio (the only transport)") }
        model = try ModelOptions.choice(arguments)
        threads = try ModelOptions.threads(arguments)
    }

    func run() async throws -> ExitStatus {
        let library = try PackOutput.library()
        let output = LineWriter()
        let threads = self.threads
        let server = EngineServer(library: library, model: try model.opened(threads: threads)?.model,
                                  resolveModel: { name in try ModelChoice(parsing: name).makeModel(threads: threads) }) { line in output.write(line) }
        for try await read in StandardInputLines.stream() {
            if output.failure != nil { break }
            switch read {
            case .line(let line): await server.receive(bytes: line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
            case .tooLong: await server.refuseLine(longerThan: LineReader.defaultLineLimit)
            }
        }
        await server.finish()
        if let failure = output.failure {
            throw CommandFailure.runtime("cannot write to standard output: \(FileError.reason(errno: failure))")
        }
        return .success
    }
}

/// Whole lines to standard output, one at a time from any thread, each written at once. The
/// first failure (the host closed its end, a full disk) is kept, and later lines are dropped.
private final class LineWriter: Sendable {
    /// The error number of the first write that failed; held while a line is written.
    private let failed = Mutex<Int32?>(nil)

    /// The error number of the first write that failed.
    var failure: Int32? { failed.withLock { $0 } }

    func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        failed.withLock { failed in
            guard failed == nil else { return }
            let code = bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: STDOUT_FILENO) }
            if code != 0 { failed = code }
        }
    }
}

/// Standard input's lines, as bytes, in an async stream read on a thread of their own so that a
/// request waiting for the host's tool answer never stops the next line from being read. A line
/// longer than 16 MiB comes as `.tooLong`, and reading goes on after it.
private enum StandardInputLines {
    static func stream() -> AsyncThrowingStream<LineReader.Read, any Error> {
        AsyncThrowingStream { continuation in
            Thread.detachNewThread {
                var lines = LineReader(FileInput.standardInput(), role: "request line")
                do {
                    while let read = try lines.next() { continuation.yield(read) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }
}
