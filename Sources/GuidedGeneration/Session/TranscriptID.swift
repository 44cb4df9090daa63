import Foundation
import Synchronization

extension Transcript {
    /// A fresh identifier for an entry or a segment — the default of every `id:` parameter.
    /// One random prefix per process and a counter: unique within the process and, with 64
    /// random bits, across processes. (A UUID per entry would read the kernel's random source
    /// each time on Linux.)
    ///
    /// ```swift
    /// let output = Transcript.ToolOutput(id: Transcript.makeID(), toolName: "events", segments: [])
    /// ```
    public static func makeID() -> String {
        "\(idPrefix)-\(idCounter.next())"
    }

    private static let idPrefix = String(UInt64.random(in: .min ... .max), radix: 36)
    private static let idCounter = IDCounter()

    private final class IDCounter: Sendable {
        private let value = Mutex(0)

        func next() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }
    }
}
