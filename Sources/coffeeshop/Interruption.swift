import Foundation

/// The write end of the pipe the SIGINT handler writes to (a C signal handler can capture nothing).
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

/// Runs an action when the player presses Ctrl-C. The signal handler only writes a byte to a
/// pipe (all a handler may safely do); a thread of its own reads it and runs the action, so the
/// input loop may stay blocked reading a line meanwhile.
enum Interruption {
    static func onInterrupt(_ action: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        interruptionPipe = ends[1]
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(interruptionPipe, &byte, 1)
        }
        let readEnd = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            action()
        }
    }
}
