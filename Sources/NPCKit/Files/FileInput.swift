import Foundation
import RegularFiles

/// A file or standard input, read in blocks through its descriptor — the one way the library and
/// its tools read files. Whole-file reads take a size limit, so an input that never ends (an
/// endless pipe on standard input) is refused once past it instead of filling memory. A path
/// must name a regular file: a FIFO, a device (`/dev/zero`), a socket or a directory is refused
/// before it is opened.
///
/// ```swift
/// let bytes = try FileInput(path: "schema.json").readAll(limit: 16 << 20, role: "schema file")
/// ```
package final class FileInput {
    /// How messages name the input: the path, or "standard input".
    package let displayName: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let fileMode: mode_t
    /// The size of a regular file when opened (nil for pipes, devices and standard input).
    private let regularSize: Int?

    /// Standard input, read but never closed.
    package static func standardInput() -> FileInput {
        FileInput(descriptor: STDIN_FILENO, displayName: "standard input", ownsDescriptor: false)
    }

    /// Opens `path` for reading: a regular file (through any links), never a FIFO, a device or
    /// a directory (`RegularFile`), so opening cannot block.
    package convenience init(path: String) throws(FileError) {
        let descriptor: Int32
        do {
            descriptor = try RegularFile.openForReading(path)
        } catch {
            switch error {
            case .notAFile(let kind): throw FileError(path: path, problem: .notReadable(kind))
            case .system(let code): throw FileError(path: path, problem: .unreadable(FileError.reason(errno: code)))
            }
        }
        self.init(descriptor: descriptor, displayName: path, ownsDescriptor: true)
    }

    private init(descriptor: Int32, displayName: String, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.displayName = displayName
        self.ownsDescriptor = ownsDescriptor
        var status = stat()
        let known = fstat(descriptor, &status) == 0
        fileMode = known ? status.st_mode : 0
        regularSize = known && FileKind(mode: status.st_mode) == .regular ? Int(status.st_size) : nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Appends up to `count` bytes to `buffer`; returns how many were read (0 at end of file).
    package func read(appendingTo buffer: inout [UInt8], count: Int) throws(FileError) -> Int {
        // Read into scratch memory and copied over in one go: filling the buffer with zeros
        // first cost a generic call per byte in a debug build (4 s for a 16 MiB line).
        let (got, failure) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { scratch in
            while true {
                let got = Foundation.read(descriptor, scratch.baseAddress!, count)
                if got < 0, errno == EINTR { continue }
                if got > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<got])) }
                return (got, got < 0 ? errno : 0)
            }
        }
        guard got >= 0 else {
            throw FileError(path: displayName, problem: .unreadable(FileError.reason(errno: failure)))
        }
        return got
    }

    /// Everything to the end of the input, refused once it is more than `limit` bytes; `role`
    /// names the input in that error ("schema file").
    package func readAll(limit: Int, role: String) throws(FileError) -> [UInt8] {
        if let regularSize, regularSize > limit {
            throw FileError(path: displayName, problem: .tooLarge(limit: limit, role: role))
        }
        var bytes: [UInt8] = []
        while try read(appendingTo: &bytes, count: min(1 << 16, limit + 1 - bytes.count)) > 0 {
            if bytes.count > limit { throw FileError(path: displayName, problem: .tooLarge(limit: limit, role: role)) }
        }
        return bytes
    }

    /// The whole file at `path`, at most `limit` bytes.
    package static func contents(of path: String, limit: Int, role: String) throws(FileError) -> Data {
        Data(try FileInput(path: path).readAll(limit: limit, role: role))
    }
}
