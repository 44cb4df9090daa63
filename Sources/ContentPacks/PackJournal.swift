import Digest
import Foundation

/// A running record of the lines a JSON Lines export has written to its temporary file — how
/// many, how many bytes, and a chain of their SHA-256 digests — kept in a small file beside it
/// so that `--resume` can tell whether those lines are still the ones the export wrote. A line
/// changed, swapped, repeated, dropped or reformatted after the export stopped changes the
/// chain; lines past the record (written after it was last saved) are made again instead.
///
/// It guards against accidents and edits, not forgery: anyone who rewrites the journal too can
/// make it agree (a pack's manifest digests are the place to check a finished pack).
///
/// ```swift
/// var journal = PackJournal()
/// journal.absorb(Array("{\"name\":\"Ada\"}\n".utf8))
/// journal.lines        // 1
/// PackJournal(text: journal.text) == journal   // true
/// ```
package struct PackJournal: Equatable, Sendable {
    /// The complete lines recorded.
    package private(set) var lines = 0
    /// The bytes of those lines, newlines included.
    package private(set) var bytes = 0
    /// SHA-256 over the previous chain value followed by each line (without its newline).
    private(set) var chain = [UInt8](repeating: 0, count: 32)
    /// Whether the export left an item out after the lines recorded (`markGap`): the lines
    /// after them no longer stand at their items' indices, so they are recorded no more, and a
    /// resume starts after the recorded lines and makes the rest again.
    package private(set) var hasGap = false
    /// The bytes of a line not yet ended, carried over to the next `absorb`.
    private var pending: [UInt8] = []

    package init() {}

    /// Records the complete lines in `chunk`; a last line without its newline waits for the rest.
    /// Nothing is recorded after a gap.
    package mutating func absorb(_ chunk: some Collection<UInt8>) {
        guard !hasGap else { return }
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                add(line: pending)
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
    }

    /// Records one complete line (given without its newline).
    package mutating func add(line: some Collection<UInt8>) {
        chain = SHA256.digest(of: chain + line)
        lines += 1
        bytes += line.count + 1
    }

    /// Notes that an item was left out after the lines recorded so far.
    package mutating func markGap() {
        hasGap = true
        pending.removeAll()
    }

    /// The same record of lines, without the gap.
    package var withoutGap: PackJournal {
        var journal = self
        journal.hasGap = false
        return journal
    }

    /// The journal as its file holds it.
    package var text: String {
        "coffeeshop export journal 1\nlines \(lines)\nbytes \(bytes)\nchain \(chain.map { String(format: "%02x", $0) }.joined())\n"
            + (hasGap ? "gap\n" : "")
    }

    /// Reads a journal's file text; nil for anything else (a journal cut short or damaged).
    package init?(text: String) {
        let fields = text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
        guard fields.count == 4 || (fields.count == 5 && fields[4] == ["gap"]), fields[0] == ["coffeeshop", "export journal 1"],
              fields[1].count == 2, fields[1][0] == "lines", let lines = Int(fields[1][1]), lines >= 0,
              fields[2].count == 2, fields[2][0] == "bytes", let bytes = Int(fields[2][1]), bytes >= lines,
              fields[3].count == 2, fields[3][0] == "chain", let chain = Self.bytes(hex: fields[3][1]), chain.count == 32
        else { return nil }
        self.lines = lines
        self.bytes = bytes
        self.chain = chain
        hasGap = fields.count == 5
    }

    /// Where the journal of the temporary file `partial` is kept.
    package static func file(of partial: URL) -> URL {
        partial.deletingLastPathComponent().appendingPathComponent(partial.lastPathComponent + ".journal")
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
