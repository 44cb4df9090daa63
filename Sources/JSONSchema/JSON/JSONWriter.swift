extension GeneratedContent {
    /// Compact JSON text: keys in generation order, numbers in their shortest exact form
    /// (integral values without a fractional part), strings with the minimal RFC 8259 escapes.
    public var jsonString: String {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        writeJSON(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Indented JSON text (two spaces), for people to read.
    public var prettyJSONString: String {
        var out: [UInt8] = []
        writeJSON(into: &out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON text as UTF-8 to `out`.
    package func writeJSON(into out: inout [UInt8]) {
        switch storage {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n, let literal): JSONWriter.writeNumber(n, literal: literal, into: &out)
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.writeJSON(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(field.key, into: &out)
                out.append(UInt8(ascii: ":"))
                field.value.writeJSON(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func writeJSON(into out: inout [UInt8], indent: Int) {
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
        }
        switch storage {
        case .array(let items) where !items.isEmpty:
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                item.writeJSON(into: &out, indent: indent + 1)
            }
            newline(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let fields) where !fields.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                JSONWriter.writeString(field.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                field.value.writeJSON(into: &out, indent: indent + 1)
            }
            newline(indent)
            out.append(UInt8(ascii: "}"))
        default:
            writeJSON(into: &out)
        }
    }
}

extension GeneratedContent: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { jsonString }
    public var debugDescription: String { jsonString }
}

/// The JSON text encodings shared by every writer in the library.
package enum JSONWriter {
    /// Writes a finite double: integral values up to 2^53 as integers, others in the shortest
    /// representation that round-trips.
    package static func writeNumber(_ value: Double, into out: inout [UInt8]) {
        out.append(contentsOf: numberText(value).utf8)
    }

    /// Writes a number parsed from `literal`: as its double when that is the same decimal,
    /// otherwise as the exact decimal the text stands for (so 9007199254740993 keeps its digits).
    package static func writeNumber(_ value: Double, literal: String?, into out: inout [UInt8]) {
        out.append(contentsOf: numberText(value, literal: literal).utf8)
    }

    package static func numberText(_ value: Double, literal: String?) -> String {
        guard let literal, let exact = ExactDecimal(text: literal),
              exact.isInteger || exact != ExactDecimal(value) else {
            return numberText(value)
        }
        return exact.description
    }

    /// 2^53: every integer below it in magnitude is exactly a `Double` (and an `Int64`).
    package static let exactIntegerLimit = 9.007_199_254_740_992e15

    /// Integral doubles below this magnitude are exactly an `Int64`, written as one.
    package static let integerDigitsLimit = 9.2e18

    /// A double's shortest round-tripping decimal, in plain notation (never an exponent:
    /// `0.00001`, `100000000000000000000`), so every number has one spelling.
    package static func numberText(_ value: Double) -> String {
        precondition(value.isFinite, "JSON numbers are finite")
        if value == value.rounded(.towardZero), abs(value) < integerDigitsLimit {
            return String(Int64(value))
        }
        let shortest = "\(value)"
        if !shortest.contains("e") { return shortest }
        return ExactDecimal(text: shortest)!.description
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a string literal, copying runs that need no escape in one piece.
    package static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscape(byte, into: &out)
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscape(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            out.append(contentsOf: "u00".utf8)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }
}
