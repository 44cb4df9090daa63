import Foundation

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
        guard !isClosed else { return }
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
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
        case let code: throw CommandFailure.runtime("cannot write to standard output: \(FileDescriptor.describe(code))")
        }
    }
}

/// Unbuffered standard error, for messages.
enum StandardError {
    static func writeLine(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: STDERR_FILENO) }
    }
}

/// A file or standard input, read in blocks through its file descriptor.
final class InputFile {
    /// How messages name the input: the path, or "standard input".
    let displayName: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool

    static func standardInput() -> InputFile {
        InputFile(descriptor: STDIN_FILENO, displayName: "standard input", ownsDescriptor: false)
    }

    /// Opens `path` for reading; `role` names the file in the error (e.g. "schema file").
    convenience init(path: String, role: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandFailure.runtime("cannot open \(role) '\(path)': \(FileDescriptor.describe(errno))")
        }
        self.init(descriptor: descriptor, displayName: "\(role) '\(path)'", ownsDescriptor: true)
    }

    private init(descriptor: Int32, displayName: String, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.displayName = displayName
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Appends up to `count` bytes to `buffer`; returns how many were read (0 at end of file).
    func read(appendingTo buffer: inout [UInt8], count: Int) throws -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        let got = buffer.withUnsafeMutableBytes {
            FileDescriptor.readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]), from: descriptor)
        }
        buffer.removeLast(count - max(got, 0))
        guard got >= 0 else {
            throw CommandFailure.runtime("cannot read \(displayName): \(FileDescriptor.describe(errno))")
        }
        return got
    }

    /// Reads everything to the end of the file.
    func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while try read(appendingTo: &bytes, count: 1 << 16) > 0 {}
        return bytes
    }
}

/// Splits an input into lines (on `\n`, without the terminator), reading it a block at a time,
/// so inputs of any size stream through in bounded memory (one line at a time plus a block).
struct LineReader {
    private let input: InputFile
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var atEnd = false

    init(_ input: InputFile) {
        self.input = input
    }

    /// The next line, or nil after the last one. A final line without `\n` is still returned.
    mutating func nextLine() throws -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                return line
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            atEnd = try input.read(appendingTo: &buffer, count: 1 << 16) == 0
        }
    }
}

/// Raw descriptor reads and writes with retries, shared by the streams above.
enum FileDescriptor {
    /// Writes every byte, retrying after interruptions and partial writes; returns 0 or an errno.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// Reads what is available into `bytes`, retrying after interruptions; returns the count
    /// (0 at end of file) or -1 with `errno` set.
    static func readSome(into bytes: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int {
        while true {
            let got = read(descriptor, bytes.baseAddress!, bytes.count)
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
