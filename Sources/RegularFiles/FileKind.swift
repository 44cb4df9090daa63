import Foundation

/// What a path names: read without following a final symbolic link (`init(path:)`) — so a link
/// is reported as a link, not as what it points to — or following it (`init(followingLinks:)`),
/// for a path that is only read.
package enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case missing
    case regular
    case directory
    case symbolicLink
    case fifo
    case characterDevice
    case blockDevice
    case socket

    /// The kind of whatever `path` names now.
    package init(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            self = .missing
            return
        }
        self.init(mode: status.st_mode)
    }

    /// The kind of whatever `path` names now, through any symbolic links (`.missing` for a
    /// dangling one).
    init(followingLinks path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .missing
            return
        }
        self.init(mode: status.st_mode)
    }

    /// The kind from a `stat` mode.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .socket
        }
    }

    /// How a message names the kind: "a FIFO (named pipe)", "a directory", …
    package var description: String {
        switch self {
        case .missing: "missing"
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        }
    }
}
