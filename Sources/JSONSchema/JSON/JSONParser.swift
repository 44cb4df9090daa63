/// An error in JSON text, with the position of the first offending character.
///
/// ```swift
/// do { _ = try GeneratedContent(json: "[1, 2,]") }
/// catch let error as JSONSyntaxError { print(error) }   // line 1, column 7: trailing comma before ']'
/// ```
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the error.
    public let line: Int
    /// 1-based column (in Unicode scalars) of the error.
    public let column: Int
    /// What is wrong.
    public let message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

extension GeneratedContent {
    /// Parses JSON text strictly, per RFC 8259: no trailing commas, no leading zeros, no comments,
    /// no raw control characters in strings, no unpaired surrogate escapes, and nothing after the
    /// value but white space. Errors are `JSONSyntaxError`s with a line and column.
    ///
    /// Limits (RFC 8259 §9 lets a parser set them), so that hostile text ends in an error rather
    /// than a crash or a hang: nesting deeper than 512 levels; a number longer than 1,000
    /// characters; a number beyond a `Double`'s range — too large (`1e309`), or not zero but too
    /// small to be told from zero (`1e-400`). Numbers are kept exactly: without the last limit the
    /// 12 bytes `1e-999999999` would be written back as a gigabyte of zeros.
    public init(json: String) throws {
        var text = json
        self = try text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    /// Parses JSON from UTF-8 bytes (invalid UTF-8 is an error), as `init(json:)` does.
    public init<Bytes: Collection>(jsonBytes bytes: Bytes) throws where Bytes.Element == UInt8 {
        let array = Array(bytes)
        self = try array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes that builds `GeneratedContent` in document order.
package struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    package static let maximumDepth = 512
    /// The longest number literal read: exact arithmetic on a number's digits costs time that
    /// grows faster than their count, and no real document needs more.
    package static let maximumNumberLength = 1_000

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package mutating func parseDocument() throws -> GeneratedContent {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw error("a byte order mark is not allowed in JSON text", at: 0)
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("expected a JSON value, found end of input") }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeByte(at: index)) after the JSON value")
        }
        return value
    }

    private mutating func parseValue() throws -> GeneratedContent {
        guard index < bytes.count else { throw error("expected a JSON value, found end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return GeneratedContent(storage: .string(try parseString()))
        case UInt8(ascii: "t"): try expectLiteral("true"); return GeneratedContent(storage: .bool(true))
        case UInt8(ascii: "f"): try expectLiteral("false"); return GeneratedContent(storage: .bool(false))
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return GeneratedContent(storage: try parseNumber())
        default:
            throw error("expected a JSON value, found \(describeByte(at: index))")
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws -> GeneratedContent {
        try enter()
        defer { depth -= 1 }
        index += 1
        var fields: [GeneratedContent.Field] = []
        var positions: [String: Int] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return GeneratedContent(storage: .object(fields))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object: expected a key or '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
                throw error("expected a string key, found \(describeByte(at: index))")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error("expected ':' after the key \"\(key)\", found \(describeByte(at: index))")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if let existing = positions[key] {
                fields[existing].value = value
            } else {
                positions[key] = fields.count
                fields.append(GeneratedContent.Field(key: key, value: value))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' in object, found \(describeByte(at: index))")
        }
        return GeneratedContent(storage: .object(fields))
    }

    private mutating func parseArray() throws -> GeneratedContent {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [GeneratedContent] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return GeneratedContent(storage: .array(items))
        }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw error("trailing comma before ']'") }
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' in array, found \(describeByte(at: index))")
        }
        return GeneratedContent(storage: .array(items))
    }

    private mutating func parseNumber() throws -> GeneratedContent.Storage {
        let start = index
        var plain = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("expected a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("leading zeros are not allowed in numbers", at: index - 1)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            plain = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let mantissa = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            plain = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        guard index - start <= JSONParser.maximumNumberLength else {
            throw error("a number longer than \(JSONParser.maximumNumberLength) characters", at: start)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large to represent", at: start)
        }
        if value == 0, mantissa.contains(where: { $0 > UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            throw error("the number \(text) is too small to represent (not zero, but closer to it than any Double)", at: start)
        }
        let digits = index - start - (bytes[start] == UInt8(ascii: "-") ? 1 : 0)
        return .number(value, literal: plain && digits <= 15 ? nil : text)
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return try decodeUTF8(slice, offset: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("raw control character U+\(hex4(UInt32(byte))) in a string; escape it") }
            index += 1
        }
        var scalars = String.UnicodeScalarView()
        let prefix = try decodeUTF8(UnsafeBufferPointer(rebasing: bytes[start..<index]), offset: start)
        scalars.append(contentsOf: prefix.unicodeScalars)
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: try decodeUTF8(UnsafeBufferPointer(rebasing: bytes[runStart..<index]), offset: runStart).unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("raw control character U+\(hex4(UInt32(byte))) in a string; escape it") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            scalars.append(contentsOf: try decodeUTF8(UnsafeBufferPointer(rebasing: bytes[runStart..<index]), offset: runStart).unicodeScalars)
            scalars.append(try parseEscape())
            runStart = index
        }
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence", at: escapeStart) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4(escapeStart: escapeStart)
            if (0xDC00...0xDFFF).contains(first) {
                throw error("unpaired low surrogate \\u\(hex4(first))", at: escapeStart)
            }
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired high surrogate \\u\(hex4(first))", at: escapeStart)
                }
                let secondStart = index
                index += 2
                let second = try parseHex4(escapeStart: secondStart)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("high surrogate \\u\(hex4(first)) is not followed by a low surrogate", at: escapeStart)
                }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            return Unicode.Scalar(first)!
        default:
            throw error("invalid escape sequence '\\\(String(decoding: [byte], as: UTF8.self))'", at: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw error("\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func decodeUTF8(_ slice: UnsafeBufferPointer<UInt8>, offset: Int) throws -> String {
        if let string = String(validating: slice, as: UTF8.self) { return string }
        var position = offset
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        while true {
            let before = position
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): position += UTF8.width(scalar)
            case .emptyInput: return String(decoding: slice, as: UTF8.self)
            case .error: throw error("invalid UTF-8 byte sequence", at: before)
            }
        }
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let start = index
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for i in 0..<count {
            guard start + i < bytes.count, bytes[start + i] == expected[i] else {
                throw error("invalid literal; expected '\(literal)'", at: start)
            }
        }
        index += count
    }

    private func describeByte(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func error(_ message: String) -> JSONSyntaxError { error(message, at: index) }

    /// Converts a byte offset into a 1-based line and a 1-based column counted in scalars.
    private func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
