import Foundation
import Synchronization

/// The interactive terminal: reads lines with editing and history in raw mode (the terminal's
/// own echo and line discipline off from the first line on, so keys typed while the game works
/// are neither echoed nor lost; signals kept so Ctrl-C still interrupts), redraws the line as it
/// changes, and restores the terminal's settings with `restore()` (at exit, and before leaving
/// from a signal handler). Its width is read for word wrapping.
///
/// ```swift
/// let terminal = Terminal(input: STDIN_FILENO, output: STDOUT_FILENO)
/// while let line = terminal.readLine(prompt: "> ") { print(WordWrap.wrap("You said \(line)", width: terminal.width)) }
/// terminal.restore()
/// ```
package final class Terminal: Sendable {
    private let input: Int32
    private let output: Int32
    /// The settings to put back, while the terminal is in raw mode.
    private let saved = Mutex<termios?>(nil)
    /// The line being edited and the keys typed ahead of it.
    private let editing = Mutex(Editing())

    private struct Editing {
        var line = LineBuffer()
        var decoder = KeyDecoder()
        var queued: [Key] = []
    }

    package init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Whether both ends are terminals.
    package static func isInteractive(input: Int32, output: Int32) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// Columns of the output terminal (80 when it does not say).
    package var width: Int {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// One line typed after `prompt`, or nil at end of input (Ctrl-D on an empty line, or the
    /// terminal gone).
    package func readLine(prompt: String) -> String? {
        enterRawMode()
        write(prompt)
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            // Keys typed ahead of the last Enter are kept for this line.
            let outcome: LineBuffer.Outcome? = editing.withLock { editing in
                while !editing.queued.isEmpty {
                    let outcome = editing.line.apply(editing.queued.removeFirst())
                    guard case .editing = outcome else { return outcome }
                    let back = editing.line.characters.count - editing.line.cursor
                    write("\r" + prompt + editing.line.text + "\u{1B}[K" + (back > 0 ? "\u{1B}[\(back)D" : ""))
                }
                return nil
            }
            switch outcome {
            case .finished(let text)?:
                write("\r\n")
                return text
            case .endOfInput?:
                write("\r\n")
                return nil
            case .editing?, nil:
                break
            }
            let count = read(input, &bytes, bytes.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                write("\r\n")
                return nil
            }
            let typed = Array(bytes[0..<count])
            editing.withLock { $0.queued = $0.decoder.keys(from: typed) }
        }
    }

    /// Puts the terminal back as it was (safe to call from any thread, and more than once).
    package func restore() {
        saved.withLock { saved in
            guard var settings = saved else { return }
            tcsetattr(input, TCSANOW, &settings)
            saved = nil
        }
    }

    private func enterRawMode() {
        saved.withLock { saved in
            var settings = termios()
            guard saved == nil, tcgetattr(input, &settings) == 0 else { return }
            saved = settings
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
            settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
            withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(input, TCSANOW, &settings)
        }
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
