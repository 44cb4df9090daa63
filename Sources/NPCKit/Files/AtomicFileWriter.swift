import Foundation

/// Writes a file under a temporary name beside it and renames it over the target only once it
/// is complete and flushed, so the target always holds either its old bytes or all the new
/// ones. Only a regular file is ever replaced: a target that is a symbolic link, a directory,
/// a FIFO, a device or a socket is refused before anything is written (and checked again just
/// before the rename), so "writing" to `/dev/full` never turns it into a regular file.
///
/// ```swift
/// let writer = try AtomicFileWriter(target: "out.jsonl", temporary: ".out.jsonl.partial")
/// try writer.write(Array("{}\n".utf8))
/// try writer.commit()
/// ```
public final class AtomicFileWriter {
    public let target: String
    public let temporary: String
    private var descriptor: Int32

    /// Refuses `path` unless it is a regular file or nothing yet.
    public static func checkReplaceable(_ path: String) throws(FileError) {
        let kind = FileKind(path: path)
        guard kind == .regular || kind == .missing else { throw FileError(path: path, problem: .notReplaceable(kind)) }
    }

    /// Opens `temporary` for writing `target`: created empty, or — with `keeping` — an existing
    /// temporary file cut to its first `keeping` bytes and written on from there.
    public init(target: String, temporary: String, keeping: Int? = nil) throws(FileError) {
        try Self.checkReplaceable(target)
        try Self.checkReplaceable(temporary)
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (keeping == nil ? O_TRUNC : 0)
        let opened = open(temporary, flags, 0o644)
        guard opened >= 0 else {
            let code = errno
            throw FileError(path: target, problem: .unwritable(FileError.reason(errno: code, inFolder: code == EACCES || code == EPERM)))
        }
        descriptor = opened
        self.target = target
        self.temporary = temporary
        var status = stat()
        guard fstat(opened, &status) == 0, FileKind(mode: status.st_mode) == .regular else {
            close(opened)
            throw FileError(path: temporary, problem: .notReplaceable(FileKind(mode: status.st_mode)))
        }
        if let keeping {
            guard ftruncate(opened, off_t(keeping)) == 0, lseek(opened, 0, SEEK_END) >= 0 else { throw failure(errno) }
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes` to the temporary file.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            offset += written
        }
    }

    /// Flushes the temporary file to disk and renames it over the target (checked again first).
    public func commit() throws(FileError) {
        guard fsync(descriptor) == 0 else { throw failure(errno) }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw failure(errno) }
        try Self.checkReplaceable(target)
        guard rename(temporary, target) == 0 else { throw failure(errno) }
    }

    /// Closes the temporary file and leaves it where it is (for a later resume).
    public func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func failure(_ code: Int32) -> FileError {
        FileError(path: target, problem: .unwritable(FileError.reason(errno: code)))
    }

    /// Creates `folder` and the folders above it when missing.
    public static func createFolder(_ folder: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: folder, problem: .unwritable(FileError.reason(error, inFolder: true)))
        }
    }
}
