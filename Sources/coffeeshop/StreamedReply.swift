import Foundation
import LineEditing
import Synchronization

/// The game's text as shown on a terminal: wrapped to `width` (when there is one), room
/// headings in bold when `color`.
func rendered(_ text: String, width: Int?, color: Bool) -> String {
    let wrapped = width.map { WordWrap.wrap(text, width: $0) } ?? text
    let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        color && line.hasPrefix("== ") ? "\u{1B}[1m\(line)\u{1B}[0m" : String(line)
    }
    return lines.joined(separator: "\n")
}

/// A reply shown word by word as a character's line is written (on a terminal, with a real
/// model): each beginning the game reports prints its whole words not yet shown, and the
/// finished reply prints the rest — or, should it not begin with what was shown, all of it on
/// a line of its own.
final class StreamedReply: Sendable {
    private let width: Int?
    private let color: Bool
    /// The rendered text shown so far.
    private let shown = Mutex("")

    init(width: Int?, color: Bool) {
        self.width = width
        self.color = color
    }

    /// Shows the whole words of `beginning` not shown yet.
    func show(beginning: String) {
        guard let end = beginning.lastIndex(where: \.isWhitespace) else { return }
        let text = rendered(String(beginning[..<end]), width: width, color: color)
        shown.withLock { shown in
            guard text.count > shown.count, text.hasPrefix(shown) else { return }
            write(String(text.dropFirst(shown.count)))
            shown = text
        }
    }

    /// Shows what is left of the finished reply `text`.
    func finish(_ text: String) {
        let text = rendered(text, width: width, color: color)
        shown.withLock { shown in
            if text.hasPrefix(shown) {
                write(String(text.dropFirst(shown.count)) + "\n")
            } else {
                write("\n" + text + "\n")
            }
            shown = text
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
