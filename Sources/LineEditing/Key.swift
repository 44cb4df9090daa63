/// One key press, decoded from the bytes a terminal sends.
package enum Key: Equatable, Sendable {
    case character(Character)
    case enter, backspace, delete, left, right, up, down, home, end
    /// Ctrl-A … Ctrl-Z that edit: kill to the line's start (U), to its end (K), the word before (W).
    case killToStart, killToEnd, killWord
    /// Ctrl-D (end of input on an empty line, delete otherwise).
    case endOfInput
    /// A key or sequence with no meaning here (swallowed, never echoed).
    case ignored
}

/// Turns terminal input bytes into keys: UTF-8 characters, control keys, and the escape
/// sequences of arrow and editing keys (`ESC [ A`, `ESC O H`, `ESC [ 3 ~`, …). A sequence it does
/// not know is consumed whole and reported as `.ignored`, so no raw escape code reaches the line.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.keys(from: Array("a\u{1B}[D".utf8))   // [.character("a"), .left]
/// ```
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// The keys complete in `bytes` (with what an earlier call left incomplete); an incomplete
    /// sequence at the end waits for the next call.
    package mutating func keys(from bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            guard let (key, length) = Self.decode(pending) else { break }
            keys.append(key)
            pending.removeFirst(length)
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it takes; nil when more are needed.
    static func decode(_ bytes: [UInt8]) -> (Key, Int)? {
        let first = bytes[0]
        switch first {
        case 0x1B: return decodeEscape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01: return (.home, 1)
        case 0x05: return (.end, 1)
        case 0x02: return (.left, 1)
        case 0x06: return (.right, 1)
        case 0x10: return (.up, 1)
        case 0x0E: return (.down, 1)
        case 0x15: return (.killToStart, 1)
        case 0x0B: return (.killToEnd, 1)
        case 0x17: return (.killWord, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x00..<0x20: return (.ignored, 1)
        default:
            let length = first < 0xC0 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            guard bytes.count >= length else { return nil }
            guard let text = String(bytes: bytes[0..<length], encoding: .utf8), let character = text.first else { return (.ignored, 1) }
            return (.character(character), length)
        }
    }

    private static func decodeEscape(_ bytes: [UInt8]) -> (Key, Int)? {
        guard bytes.count >= 2 else { return nil }
        switch bytes[1] {
        case UInt8(ascii: "["):
            // CSI: parameter bytes 0x30–0x3F, then one final byte 0x40–0x7E.
            var index = 2
            while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let parameters = String(decoding: bytes[2..<index], as: UTF8.self)
            let length = index + 1
            switch (bytes[index], parameters) {
            case (UInt8(ascii: "A"), _): return (.up, length)
            case (UInt8(ascii: "B"), _): return (.down, length)
            case (UInt8(ascii: "C"), _): return (.right, length)
            case (UInt8(ascii: "D"), _): return (.left, length)
            case (UInt8(ascii: "H"), _): return (.home, length)
            case (UInt8(ascii: "F"), _): return (.end, length)
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
            case (UInt8(ascii: "~"), "3"): return (.delete, length)
            default: return (.ignored, length)
            }
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            switch bytes[2] {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            case UInt8(ascii: "C"): return (.right, 3)
            case UInt8(ascii: "D"): return (.left, 3)
            case UInt8(ascii: "H"): return (.home, 3)
            case UInt8(ascii: "F"): return (.end, 3)
            default: return (.ignored, 3)
            }
        default:
            // Alt+key and a lone Escape followed by more input: drop the Escape alone.
            return (.ignored, 1)
        }
    }
}
