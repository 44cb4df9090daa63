import Foundation
import NPCKit

/// Buffered standard output. Writes go out in large blocks; when the reader has gone away
/// (`EPIPE`, e.g. `contentpack generate ... | head -1`), the output is marked closed and further
/// writes are dropped, so commands can stop early and exit quietly. `SIGPIPE` must be ignored
/// (see `main.swift`) for `EPIPE` to be reported rather than kill the process.
struct StandardOutput {
    private static let blockSize = 1 << 16
    private var buffer: [UInt8] = []
    private(set) var isClosed = false

    init() {
        buffer.reserveCapacity(Self.blockSize + 4096)
    }

    /// Appends `text` and a newline, writing the buffer out once it holds a block.
    mutating func writeLine(_ text: String) throws {
        try write(text + "\n")
    }

    /// Appends `text`, writing the buffer out once it holds a block.
    mutating func write(_ text: String) throws {
        guard !isClosed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes out everything buffered.
    mutating func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !isClosed else { return }
        let result = buffer.withUnsafeBytes { FileDescriptor.writeAll($0, to: STDOUT_FILENO) }
        switch result {
        case 0: break
        case EPIPE: isClosed = true
        case let code: throw CommandFailure.runtime("cannot write to standard output: \(FileError.reason(errno: code))")
        }
    }
}

/// Thrown to stop a command once standard output's reader has gone away; the command then
/// exits quietly with success, as if it had been asked for only what was read.
struct OutputClosed: Error {}

/// Unbuffered standard error, for messages.
enum StandardError {
    static func writeLine(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: STDERR_FILENO) }
    }
}
