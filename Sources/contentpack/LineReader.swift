import NPCKit

/// Splits an input into lines (on `\n`, without the terminator), reading it a block at a time,
/// so inputs of any size stream through in bounded memory (one line at a time plus a block).
/// A line longer than `lineLimit` bytes is refused, so an input without newlines (`/dev/zero`)
/// cannot fill memory.
struct LineReader {
    /// The longest line read by default (16 MiB).
    static let defaultLineLimit = 16 << 20

    private let input: FileInput
    private let lineLimit: Int
    private let role: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var atEnd = false
    /// Whether the last line returned had no `\n` after it (the input ended inside it).
    private(set) var lastLineIsUnterminated = false

    /// Lines of `input`; `role` names a line in the error for one too long ("input line").
    init(_ input: FileInput, lineLimit: Int = defaultLineLimit, role: String = "line") {
        self.input = input
        self.lineLimit = lineLimit
        self.role = role
    }

    /// The next line, or nil after the last one. A final line without `\n` is still returned.
    mutating func nextLine() throws(FileError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                return line
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lastLineIsUnterminated = true
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            if buffer.count > lineLimit {
                throw FileError(path: input.displayName, problem: .tooLarge(limit: lineLimit, role: role))
            }
            atEnd = try input.read(appendingTo: &buffer, count: 1 << 16) == 0
        }
    }
}
