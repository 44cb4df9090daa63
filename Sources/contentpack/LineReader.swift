import Foundation
import NPCKit

/// Splits an input into lines (on `\n`, without the terminator), reading it a block at a time,
/// so inputs of any size stream through in bounded memory (one line at a time plus a block).
/// A line longer than `lineLimit` bytes is never held whole, so an input without newlines
/// (`/dev/zero`) cannot fill memory: `nextLine()` refuses it, and `next()` reports it and reads
/// on past its end.
struct LineReader {
    /// The longest line read by default (16 MiB).
    static let defaultLineLimit = 16 << 20

    /// What `next()` read: a line, or a line longer than the limit (reported once, as soon as it
    /// passes the limit; its bytes are skipped, not kept).
    enum Read {
        case line(ArraySlice<UInt8>)
        case tooLong
    }

    private let input: FileInput
    let lineLimit: Int
    private let role: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var atEnd = false
    /// Whether the bytes being read belong to a line already reported too long.
    private var skipping = false
    /// Whether the last line returned had no `\n` after it (the input ended inside it).
    private(set) var lastLineIsUnterminated = false

    /// Lines of `input`; `role` names a line in the error for one too long ("input line").
    init(_ input: FileInput, lineLimit: Int = defaultLineLimit, role: String = "line") {
        self.input = input
        self.lineLimit = lineLimit
        self.role = role
    }

    /// The next line, or nil after the last one. A final line without `\n` is still returned;
    /// a line longer than the limit is an error.
    mutating func nextLine() throws(FileError) -> ArraySlice<UInt8>? {
        switch try next() {
        case .line(let line): return line
        case .tooLong: throw FileError(path: input.displayName, problem: .tooLarge(limit: lineLimit, role: role))
        case nil: return nil
        }
    }

    /// The next line or the news that it is too long, or nil after the last one. After
    /// `.tooLong`, reading goes on at the line after it.
    mutating func next() throws(FileError) -> Read? {
        while true {
            if let newline = firstNewline(from: scanned) {
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                if skipping {
                    skipping = false
                    continue
                }
                return line.count > lineLimit ? .tooLong : .line(line)
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count, !skipping else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lastLineIsUnterminated = true
                return line.count > lineLimit ? .tooLong : .line(line)
            }
            if start > 0 || skipping {
                buffer.removeFirst(skipping ? buffer.count : start)
                scanned = buffer.count
                start = 0
            }
            if buffer.count > lineLimit {
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
                skipping = true
                return .tooLong
            }
            atEnd = try input.read(appendingTo: &buffer, count: 1 << 16) == 0
        }
    }

    /// The index of the first `\n` in the buffer at or after `index` (found by `memchr`: lines
    /// of megabytes are scanned at memory speed).
    private func firstNewline(from index: Int) -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard index < bytes.count, let found = memchr(bytes.baseAddress! + index, 0x0A, bytes.count - index) else { return nil }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }
}
