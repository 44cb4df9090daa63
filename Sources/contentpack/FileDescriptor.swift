import Foundation

/// Raw descriptor reads and writes with retries, shared by the input and output streams.
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
