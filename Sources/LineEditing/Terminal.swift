import Foundation

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
public final class Terminal: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    private let lock = NSLock()
    private var saved: termios?
    private var line = LineBuffer()
    private var decoder = KeyDecoder()
    private var queued: [Key] = []

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Whether both ends are terminals.
    public static func isInteractive(input: Int32, output: Int32) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// Columns of the output terminal (80 when it does not say).
    public var width: Int {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// One line typed after `prompt`, or nil at end of input (Ctrl-D on an empty line, or the
    /// terminal gone).
    public func readLine(prompt: String) -> String? {
        enterRawMode()
        write(prompt)
        func redraw() {
            let back = line.characters.count - line.cursor
            write("\r" + prompt + line.text + "\u{1B}[K" + (back > 0 ? "\u{1B}[\(back)D" : ""))
        }
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            // Keys typed ahead of the last Enter are kept for this line.
            while !queued.isEmpty {
                switch line.apply(queued.removeFirst()) {
                case .editing: redraw()
                case .finished(let text):
                    write("\r\n")
                    return text
                case .endOfInput:
                    write("\r\n")
                    return nil
                }
            }
            let count = read(input, &bytes, bytes.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                write("\r\n")
                return nil
            }
            queued = decoder.keys(from: Array(bytes[0..<count]))
        }
    }

    /// Puts the terminal back as it was (safe to call from any thread, and more than once).
    public func restore() {
        lock.withLock {
            guard var settings = saved else { return }
            tcsetattr(input, TCSANOW, &settings)
            saved = nil
        }
    }

    private func enterRawMode() {
        lock.withLock {
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
