import Foundation

/// A FIFO in a folder of its own, for checking that a path naming one is refused rather than
/// waited on: nothing ever writes to it, so a reader that opens it blocks for good. `withoutHanging`
/// runs such a reader with a time limit and, past it, opens the FIFO for writing itself, which
/// releases the blocked `open()`, so a regression fails the test instead of hanging the suite.
public final class TemporaryFIFO: Sendable {
    public let folder: URL
    public let path: String

    /// A new FIFO called `name`.
    public init(named name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent(name).path
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// What `body` returned or threw, or nil when it was still running after `seconds` (it was
    /// then released by a writer opening the FIFO, and has finished).
    public func withoutHanging<T: Sendable>(within seconds: TimeInterval = 30, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome<T>()
        Thread.detachNewThread {
            outcome.result = Result { try body() }
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .success { return outcome.result }
        // A writer's open wakes the reader's; once it is closed, the reader reads the end of input.
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        done.wait()
        return nil
    }

    /// Written once by the body's thread before it signals; read only after the wait.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
