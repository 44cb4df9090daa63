import Synchronization

extension Transcript {
    /// A fresh identifier for an entry or a segment — the default of every `id:` parameter.
    /// One random prefix per process and a counter: unique within the process and, with 40
    /// random bits, across processes in all but one case in a trillion. (A UUID per entry would
    /// read the kernel's random source each time on Linux.) Up to the two-billionth identifier
    /// it fits Swift's 15-byte inline string, so making one allocates nothing.
    ///
    /// ```swift
    /// let output = Transcript.ToolOutput(id: Transcript.makeID(), toolName: "events", segments: [])
    /// ```
    public static func makeID() -> String {
        var number = idCounter.add(1, ordering: .relaxed).newValue
        var digits = 1
        var rest = number / 36
        while rest > 0 {
            digits += 1
            rest /= 36
        }
        let prefix = idPrefix.utf8
        return String(unsafeUninitializedCapacity: prefix.count + digits) { buffer in
            let end = buffer.initialize(fromContentsOf: prefix) + digits
            for position in (end - digits ..< end).reversed() {
                buffer[position] = idDigits[number % 36]
                number /= 36
            }
            return end
        }
    }

    private static let idDigits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    private static let idPrefix = String(UInt64.random(in: 0 ..< 1 << 40), radix: 36) + "-"
    private static let idCounter = Atomic<Int>(0)
}
