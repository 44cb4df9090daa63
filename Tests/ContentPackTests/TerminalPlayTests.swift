#if os(Linux)
import Foundation
import LineEditing
import Testing

/// `coffeeshop` on a pseudo-terminal, typed at key by key: line editing, history on the arrow
/// keys, unknown escape sequences swallowed, text wrapped to the terminal's width.
@Suite struct TerminalPlayTests {
    /// Linux's pseudo-terminal ioctls (<asm-generic/ioctls.h>: _IOW('T', 0x31, int) and
    /// _IOR('T', 0x30, unsigned int)), which the Glibc module does not export.
    static let unlockPseudoTerminal: UInt = 0x4004_5431
    static let pseudoTerminalNumber: UInt = 0x8004_5430

    /// Runs `coffeeshop` on a new pseudo-terminal `columns` wide, sends `keys` in chunks (one
    /// per typed line) and returns everything it wrote.
    static func play(_ keys: [String], columns: UInt16) throws -> String {
        // A new pseudo-terminal pair: /dev/ptmx is the master; unlocked, its number names the slave.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, Self.unlockPseudoTerminal, &unlock) == 0 && ioctl(master, Self.pseudoTerminalNumber, &number) == 0)
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        let saves = try TemporaryDirectory()
        let process = Process()
        process.executableURL = try #require(ContentPackProcess.executable(named: "coffeeshop"))
        process.arguments = ["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path, "--no-color"]
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        close(slave)
        var output = Data()
        func drain(until deadline: Date) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { if !process.isRunning { return } else { continue } }
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { return }
                output.append(contentsOf: buffer[0..<count])
                // A prompt at the end means the game waits for the next line.
                if output.suffix(2) == Data("> ".utf8) { return }
            }
        }
        drain(until: Date().addingTimeInterval(30))
        for chunk in keys {
            _ = chunk.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
            drain(until: Date().addingTimeInterval(30))
        }
        drain(until: Date().addingTimeInterval(30))
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    /// The text as a terminal would show it: escape sequences and carriage returns removed.
    static func visibleLines(_ text: String) -> [String] {
        let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
        // "\r\n" is one Character in Swift: split the scalars.
        return plain.unicodeScalars.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }.map { String(String.UnicodeScalarView($0)) }
    }

    @Test func linesAreEditedRecalledAndWrapped() throws {
        let left = "\u{1B}[D", up = "\u{1B}[A", pageUp = "\u{1B}[5~"
        let output = try Self.play(["lok" + left + "o\r", "go seatinx\u{7F}g\r", up + up + "\r", pageUp + "scroe" + left + left + left + "\u{1B}[3~" + "o\r", "quit\r"],
                                   columns: 50)
        let lines = Self.visibleLines(output)
        #expect(lines.contains("> look"), "Left and a typed letter fix 'lok'")
        #expect(lines.contains("> go seating"), "Backspace fixes 'seatinx'")
        #expect(lines.filter { $0.hasPrefix("== The Seating Area") }.count == 2, "Up twice recalls 'look', played in the seating area")
        #expect(output.contains("Score 0, coins 0"), "Delete fixes 'scroe'")
        #expect(!output.contains("[5~") && !output.contains("^["), "no escape code is echoed")
        let wide = lines.filter { $0.count > 50 }
        #expect(wide.isEmpty, "every line fits 50 columns: \(wide)")
        #expect(output.contains("Thanks for visiting."))
    }

    @Test func keysDecodeAndEditTheLine() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("a\u{1B}[".utf8)) == [.character("a")], "an incomplete sequence waits")
        #expect(decoder.keys(from: Array("D\u{1B}OH\u{1B}[3~é".utf8)) == [.left, .home, .delete, .character("é")])
        #expect(decoder.keys(from: Array("\u{1B}[1;5C\u{1B}[200~".utf8)) == [.right, .ignored])
        var line = LineBuffer(history: ["make order", "go patio"])
        for key: Key in [.character("h"), .character("i"), .up] { _ = line.apply(key) }
        #expect(line.text == "go patio")
        _ = line.apply(.up)
        #expect(line.text == "make order")
        _ = line.apply(.down)
        _ = line.apply(.down)
        #expect(line.text == "hi", "walking back down restores the draft")
        for key: Key in [.character(" "), .character("t"), .character("o"), .killWord] { _ = line.apply(key) }
        #expect(line.text == "hi ")
        #expect(line.apply(.enter) == .finished("hi "))
        #expect(line.history == ["make order", "go patio", "hi "])
        #expect(line.apply(.endOfInput) == .endOfInput)
    }

    @Test func wrappingKeepsWordsAndIndentation() {
        #expect(WordWrap.wrap("A long oak counter worn smooth", width: 12) == "A long oak\ncounter worn\nsmooth")
        #expect(WordWrap.wrap("  make order    make what they asked for", width: 20) == "  make order    make\n  what they asked\n  for")
        #expect(WordWrap.wrap("short\n\nlines stay", width: 40) == "short\n\nlines stay")
        #expect(WordWrap.wrap("abcdefghijklmnopqrstuvwxyz", width: 10) == "abcdefghij\nklmnopqrst\nuvwxyz")
    }
}
#endif
