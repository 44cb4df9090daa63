import Foundation

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
        let (got, failure) = buffer.withUnsafeMutableBytes {
            let got = FileDescriptor.readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]), from: descriptor)
            return (got, got < 0 ? errno : 0)
        }
        buffer.removeLast(count - max(got, 0))
        guard got >= 0 else {
            throw CommandFailure.runtime("cannot read \(displayName): \(FileDescriptor.describe(failure))")
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
