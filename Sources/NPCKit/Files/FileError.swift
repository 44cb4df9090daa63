import Foundation
import RegularFiles

/// Why a file could not be read or written, worded for a person: the path and what went wrong
/// ("cannot write saves/x.json: the folder is read-only"), never a raw system error text.
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or folder) concerned.
    let path: String
    let problem: Problem

    package enum Problem: Sendable, Equatable {
        /// Reading failed; the reason is already worded for a person.
        case unreadable(String)
        /// Writing failed; the reason is already worded for a person.
        case unwritable(String)
        /// The path is something a file must not be written over: a link, a device, a FIFO…
        case notReplaceable(FileKind)
        /// The path is not a regular file (a FIFO, a device, a directory…), so it is not read.
        case notReadable(FileKind)
        /// The input goes on past `limit` bytes; `role` says what the file is for ("schema file").
        case tooLarge(limit: Int, role: String)
    }

    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    package var description: String {
        switch problem {
        case .unreadable, .notReadable: "cannot read \(path): \(reason)"
        case .unwritable: "cannot write \(path): \(reason)"
        case .notReplaceable: "will not write to \(path): \(reason); give a regular file or a new path"
        case .tooLarge(let limit, let role): "\(path) is larger than \(Self.size(limit)), the most a \(role) may be; check the path"
        }
    }

    /// What went wrong, without the path: for messages that name the file already.
    var reason: String {
        switch problem {
        case .unreadable(let reason), .unwritable(let reason): reason
        case .notReplaceable(let kind): "it is \(kind), not a regular file"
        case .notReadable(let kind): "it is \(kind), not a file"
        case .tooLarge(let limit, let role): "it is larger than \(Self.size(limit)), the most a \(role) may be"
        }
    }

    /// "16 MiB", "512 KiB", "100 bytes".
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// A system error number in words; `inFolder` when creating a file in a folder, so that
    /// a refused permission is the folder's.
    package static func reason(errno code: Int32, inFolder: Bool = false) -> String {
        switch code {
        case EACCES, EPERM: inFolder ? "the folder is read-only (no permission to write in it)" : "permission denied"
        case EROFS: "the file system is read-only"
        case ENOSPC: "the disk is full"
        case EDQUOT: "the disk quota is used up"
        case EFBIG: "the file is too large for the file system"
        case ENOENT: "no such file or folder"
        case ENOTDIR: "a part of the path is not a folder"
        case EISDIR: "it is a directory"
        case EEXIST: "something of that name already exists"
        case ENAMETOOLONG: "the name is too long"
        case ELOOP: "it is a symbolic link (or too many links)"
        case EMFILE, ENFILE: "too many files are open"
        case EIO: "the disk or device reported an input/output error"
        case EXDEV: "the temporary file is on another file system"
        case ENXIO, ENODEV: "no device is there"
        case EPIPE: "the reader has gone away"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// A Foundation error in words, through the POSIX error beneath it when there is one.
    package static func reason(_ error: any Error, inFolder: Bool = false) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return reason(errno: Int32(nsError.code), inFolder: inFolder) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code), inFolder: inFolder)
        }
        guard let cocoa = error as? CocoaError else { return "\(error)" }
        switch cocoa.code {
        case .fileWriteOutOfSpace: return reason(errno: ENOSPC)
        case .fileWriteVolumeReadOnly: return reason(errno: EROFS)
        case .fileWriteNoPermission: return reason(errno: EACCES, inFolder: inFolder)
        case .fileReadNoPermission: return reason(errno: EACCES)
        case .fileNoSuchFile, .fileReadNoSuchFile: return reason(errno: ENOENT)
        case .fileWriteFileExists: return reason(errno: EEXIST)
        case .fileReadTooLarge: return reason(errno: EFBIG)
        case .fileWriteInvalidFileName, .fileReadInvalidFileName: return "the name is not valid"
        case .fileReadCorruptFile: return "the file is damaged"
        case .fileReadInapplicableStringEncoding: return "the text is not in a known encoding"
        default: return "the system refused (\(cocoa.code.rawValue))"
        }
    }
}
