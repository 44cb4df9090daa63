import Foundation

/// Raw descriptor writes with retries, shared by the output streams.
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
}
