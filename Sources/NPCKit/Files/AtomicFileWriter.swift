import Foundation
import RegularFiles

/// Writes a file under a temporary name beside it and renames it over the target only once it
/// is complete and flushed, so the target always holds either its old bytes or all the new
/// ones. Only a regular file is ever replaced: a target that is a symbolic link, a directory,
/// a FIFO, a device or a socket is refused before anything is written (and checked again just
/// before the rename), so "writing" to `/dev/full` never turns it into a regular file.
///
/// The writer holds an exclusive lock (`flock`) on its temporary file until it commits or
/// abandons it, and cuts the file only once it holds the lock: a second writer of the same
/// temporary is refused instead of truncating the first one's bytes, and
/// `removeAbandoned(temporary:)` can tell a file left by a writer that was killed (no lock —
/// the system drops it with the process) from one being written now.
///
/// ```swift
/// let writer = try AtomicFileWriter(target: "out.jsonl", temporary: ".out.jsonl.partial")
/// try writer.write(Array("{}\n".utf8))
/// try writer.commit()
/// ```
package final class AtomicFileWriter {
    let target: String
    let temporary: String
    private var descriptor: Int32

    /// Refuses `path` unless it is a regular file or nothing yet.
    package static func checkReplaceable(_ path: String) throws(FileError) {
        let kind = FileKind(path: path)
        guard kind == .regular || kind == .missing else { throw FileError(path: path, problem: .notReplaceable(kind)) }
    }

    /// Opens `temporary` for writing `target`: created empty, or — with `keeping` — an existing
    /// temporary file cut to its first `keeping` bytes and written on from there.
    package init(target: String, temporary: String, keeping: Int? = nil) throws(FileError) {
        try Self.checkReplaceable(target)
        try Self.checkReplaceable(temporary)
        self.target = target
        self.temporary = temporary
        descriptor = try Self.openLocked(temporary, target: target)
        guard ftruncate(descriptor, off_t(keeping ?? 0)) == 0, lseek(descriptor, 0, SEEK_END) >= 0 else { throw failure(errno) }
    }

    /// `temporary` opened for writing (created when missing, not cut yet), a regular file, locked
    /// by this writer and still the file of that name (a cleanup may remove a file between its
    /// opening and its locking: then it is opened again). A lock held elsewhere for more than a
    /// moment is another writer's, and refused.
    private static func openLocked(_ temporary: String, target: String) throws(FileError) -> Int32 {
        for attempt in 0..<5 {
            let opened = open(temporary, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                let code = errno
                throw FileError(path: target, problem: .unwritable(FileError.reason(errno: code, inFolder: code == EACCES || code == EPERM)))
            }
            var status = stat()
            guard fstat(opened, &status) == 0, FileKind(mode: status.st_mode) == .regular else {
                close(opened)
                throw FileError(path: temporary, problem: .notReplaceable(FileKind(mode: status.st_mode)))
            }
            if flock(opened, LOCK_EX | LOCK_NB) == 0 {
                if isStill(opened, named: temporary) { return opened }
            } else if attempt == 4 {
                close(opened)
                throw FileError(path: target, problem: .unwritable("another process is writing it now"))
            }
            close(opened)
            usleep(10_000)
        }
        throw FileError(path: target, problem: .unwritable("its temporary file kept disappearing while it was opened"))
    }

    /// Whether `path` still names the file open as `descriptor`.
    private static func isStill(_ descriptor: Int32, named path: String) -> Bool {
        var opened = stat(), named = stat()
        return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0 && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Removes `temporary` if it is a regular file no writer holds: what a writer killed before
    /// its rename left behind. One being written now, by this process or another, is locked and
    /// stays; so does anything that is not a regular file. Returns whether it was removed.
    @discardableResult
    package static func removeAbandoned(temporary: String) -> Bool {
        let opened = open(temporary, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else { return false }
        defer { close(opened) }
        var status = stat()
        guard fstat(opened, &status) == 0, FileKind(mode: status.st_mode) == .regular,
              flock(opened, LOCK_EX | LOCK_NB) == 0, isStill(opened, named: temporary) else { return false }
        return unlink(temporary) == 0
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes` to the temporary file.
    package func write(_ bytes: [UInt8]) throws(FileError) {
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

    /// Flushes the temporary file to disk and renames it over the target (checked again first),
    /// holding its lock until it has its new name.
    package func commit() throws(FileError) {
        guard fsync(descriptor) == 0 else { throw failure(errno) }
        try Self.checkReplaceable(target)
        guard rename(temporary, target) == 0 else { throw failure(errno) }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw failure(errno) }
    }

    /// Removes the temporary file (while still holding its lock) and closes it: a write given up.
    package func discard() {
        guard descriptor >= 0 else { return }
        if Self.isStill(descriptor, named: temporary) { unlink(temporary) }
        abandon()
    }

    /// Closes the temporary file and leaves it where it is (for a later resume).
    package func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func failure(_ code: Int32) -> FileError {
        FileError(path: target, problem: .unwritable(FileError.reason(errno: code)))
    }

    /// Creates `folder` and the folders above it when missing.
    package static func createFolder(_ folder: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: folder, problem: .unwritable(FileError.reason(error, inFolder: true)))
        }
    }
}
