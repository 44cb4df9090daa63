import Foundation
import Testing

/// What one run of the `contentpack` binary produced.
struct ContentPackResult {
    /// The exit code, or 128 + the signal number when a signal ended the process (as shells report it).
    let status: Int32
    let stdout: Data
    let stderr: Data

    var output: String { String(decoding: stdout, as: UTF8.self) }
    var errors: String { String(decoding: stderr, as: UTF8.self) }
    var outputLines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var errorLines: [String] { errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs a binary that `swift test` built next to the test bundle: `contentpack` unless told
/// otherwise (the `coffeeshop` tests use it too).
enum ContentPackProcess {
    /// The binary, looked for beside the test bundle (Linux runs the `.xctest` file itself; macOS
    /// loads a `.xctest` bundle into a runner), so any `--scratch-path` and configuration work.
    static func executable(named name: String) -> URL? {
        var directories = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let runner = Bundle.main.executableURL { directories.append(runner.deletingLastPathComponent()) }
        directories += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        return directories.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `contentpack arguments` with `input` on standard input (empty when nil) and collects
    /// both output streams. With a `timeout`, a run still going after that many seconds is killed
    /// (status 137) and recorded as an issue, so a hang fails the test instead of stalling it.
    static func run(_ arguments: [String], input: Data? = nil, binary: String = "contentpack", timeout: TimeInterval? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> ContentPackResult {
        let running = try launch(arguments, input: input, binary: binary)
        let watchdog = timeout.map { Watchdog(running.process, seconds: $0) }
        let stdout = PipeDrain(running.stdout)
        let result = running.finish(stdout: stdout.wait())
        if let watchdog, watchdog.fired {
            Issue.record("\(binary) \(arguments.joined(separator: " ")) still ran after \(Int(watchdog.seconds)) s and was killed",
                         sourceLocation: sourceLocation)
        }
        return result
    }

    /// Runs `contentpack arguments` with standard output going to `output` (a file or device the
    /// test opened) and collects standard error; the result's `stdout` is empty.
    static func run(_ arguments: [String], input: Data? = nil, writingTo output: FileHandle) throws -> ContentPackResult {
        let running = try launch(arguments, input: input, binary: "contentpack", output: output)
        return running.finish(stdout: Data())
    }

    /// Runs `contentpack arguments`, reads standard output up to its first newline, then closes
    /// it, as `contentpack ... | head -1` does. The result's `stdout` is what was read.
    static func runReadingFirstLine(_ arguments: [String]) throws -> ContentPackResult {
        let running = try launch(arguments, input: nil, binary: "contentpack")
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = running.stdout.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        try running.stdout.close()
        let firstLine = received.prefix { $0 != UInt8(ascii: "\n") } + Data("\n".utf8)
        return running.finish(stdout: firstLine)
    }

    /// Runs any program (a compiler, an interpreter, a client the test built) with `arguments`,
    /// adding `environment` to the test's own, and collects both output streams.
    static func run(program: URL, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> ContentPackResult {
        let running = try launch(arguments, input: input, program: program, environment: environment)
        let stdout = PipeDrain(running.stdout)
        return running.finish(stdout: stdout.wait())
    }

    /// `name` found on the PATH, or nil.
    static func onPath(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static func launch(_ arguments: [String], input: Data?, binary: String, output: FileHandle? = nil) throws -> RunningProcess {
        let found = Self.executable(named: binary)
        let path = try #require(found, "the \(binary) binary was not found next to the test bundle")
        return try launch(arguments, input: input, program: path, output: output)
    }

    private static func launch(_ arguments: [String], input: Data?, program: URL, environment: [String: String] = [:],
                               output: FileHandle? = nil) throws -> RunningProcess {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = output ?? stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        let stdinHandle = stdinPipe.fileHandleForWriting
        let data = input ?? Data()
        // The child may exit before reading all of its input; the write must then fail with
        // EPIPE rather than kill the test runner with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread {
            try? stdinHandle.write(contentsOf: data)
            try? stdinHandle.close()
        }
        return RunningProcess(process: process, stdout: stdoutPipe.fileHandleForReading,
                              stderr: PipeDrain(stderrPipe.fileHandleForReading))
    }

    private struct RunningProcess {
        let process: Process
        let stdout: FileHandle
        let stderr: PipeDrain

        func finish(stdout: Data) -> ContentPackResult {
            let stderr = stderr.wait()
            process.waitUntilExit()
            let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            return ContentPackResult(status: status, stdout: stdout, stderr: stderr)
        }
    }
}

/// Kills a process that runs past its time, from a thread of its own.
private final class Watchdog: @unchecked Sendable {
    let seconds: TimeInterval
    /// Set once, by the watching thread, before it kills the process; read after the process ended.
    private(set) var fired = false

    init(_ process: Process, seconds: TimeInterval) {
        self.seconds = seconds
        let identifier = process.processIdentifier
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            guard process.isRunning else { return }
            self.fired = true
            kill(identifier, SIGKILL)
        }
    }
}

/// Reads a pipe to its end on a thread of its own, so that a child blocked writing one stream never
/// waits on a reader blocked on the other. Not a Dispatch queue or a task: their pools are sized to
/// the cores and only grow slowly when their threads block.
private final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once, by the reading thread, before `done` is signalled; read only after waiting on it.
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
