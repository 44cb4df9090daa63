import Foundation

/// Opens a path given by a user for reading only when it names a regular file (through any
/// symbolic links): the one check every reader of a model, a save, a schema, an import or a
/// content file goes through. A FIFO is refused before it is opened — opening one blocks until
/// something writes to it, which may be never — as are devices (opening some has side effects),
/// sockets and directories, each with a message naming what the path is.
///
/// ```swift
/// let descriptor = try RegularFile.openForReading("model.gguf")   // or RegularFile.Refusal
/// defer { close(descriptor) }
/// ```
package enum RegularFile {
    /// Why a path was not opened for reading.
    package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path names something other than a regular file.
        case notAFile(FileKind)
        /// The system refused to open it (an error number: no such file, no permission, …).
        case system(Int32)

        /// "it is a FIFO (named pipe), not a file", or the system's reason in its own words.
        package var description: String {
            switch self {
            case .notAFile(let kind): "it is \(kind), not a file"
            case .system(let code): String(cString: strerror(code))
            }
        }
    }

    /// Refuses `path` when it names something other than a regular file, for a reader that opens
    /// it some other way (`Data(contentsOf:)`); a missing path passes, for that reader's own error.
    package static func check(_ path: String) throws(Refusal) {
        let kind = FileKind(followingLinks: path)
        guard kind == .regular || kind == .missing else { throw .notAFile(kind) }
    }

    /// A descriptor for reading `path`, which the caller closes. The kind is checked before the
    /// path is opened and again on the open descriptor (opened without blocking, so a FIFO put in
    /// the file's place in between cannot hang it either).
    package static func openForReading(_ path: String) throws(Refusal) -> Int32 {
        try check(path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .system(code)
        }
        guard FileKind(mode: status.st_mode) == .regular else {
            close(descriptor)
            throw .notAFile(FileKind(mode: status.st_mode))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }
}
