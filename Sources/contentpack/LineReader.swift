/// Splits an input into lines (on `\n`, without the terminator), reading it a block at a time,
/// so inputs of any size stream through in bounded memory (one line at a time plus a block).
struct LineReader {
    private let input: InputFile
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var atEnd = false

    init(_ input: InputFile) {
        self.input = input
    }

    /// The next line, or nil after the last one. A final line without `\n` is still returned.
    mutating func nextLine() throws -> ArraySlice<UInt8>? {
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
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            atEnd = try input.read(appendingTo: &buffer, count: 1 << 16) == 0
        }
    }
}
