/// One token inside a `{{ … }}` or `{% … %}` tag.
struct TemplateToken: Sendable {
    enum Kind: Sendable, Equatable {
        case name(String)
        case string(String)
        case integer(Int)
        case float(Double)
        case symbol(String)
    }

    let kind: Kind
    let line: Int
    let column: Int
}

/// The tokens of one tag, with where it opens (for messages about the tag) and closes (for
/// "unexpected end of tag").
struct TemplateTag: Sendable {
    let tokens: [TemplateToken]
    let line: Int
    let column: Int
    let endLine: Int
    let endColumn: Int
}

/// The template split into literal text and tags, whitespace control already applied.
enum TemplateSegment: Sendable {
    case text(String)
    case output(TemplateTag)
    case statement(TemplateTag)
}

/// Splits template source into text and tokenized tags the way Jinja does with `trim_blocks`
/// and `lstrip_blocks` on (as Hugging Face and llama.cpp render chat templates): line endings
/// become `\n`, one trailing newline is dropped, comments vanish, `-` strips all whitespace on
/// its side, `+` turns trimming off, a block or comment tag eats the newline after it and the
/// indentation before it when alone at the start of a line.
struct TemplateLexer {
    private enum TagKind { case output, statement, comment }
    private enum Modifier { case none, strip, keep }

    private struct RawTag {
        let kind: TagKind
        let before: Modifier
        let after: Modifier
        let tag: TemplateTag
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var column = 1

    static func segments(_ source: String) throws(ChatTemplateError) -> [TemplateSegment] {
        var lexer = TemplateLexer(scalars: normalizingNewlines(source))
        return try lexer.segments()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private static func normalizingNewlines(_ source: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var previous: Unicode.Scalar?
        for scalar in source.unicodeScalars {
            if scalar == "\n", previous == "\r" {
                previous = scalar
                continue
            }
            result.append(scalar == "\r" ? "\n" : scalar)
            previous = scalar
        }
        if result.last == "\n" { result.removeLast() }
        return result
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func looking(at text: String) -> Bool {
        text.unicodeScalars.enumerated().allSatisfy { peek($0.offset) == $0.element }
    }

    @discardableResult
    private mutating func advance() -> Unicode.Scalar {
        let scalar = scalars[position]
        position += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        return scalar
    }

    private mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> ChatTemplateError {
        .syntax(line: line ?? self.line, column: column ?? self.column, message: message)
    }

    private mutating func segments() throws(ChatTemplateError) -> [TemplateSegment] {
        var texts: [String] = []
        var tags: [RawTag] = []
        var text = ""
        while position < scalars.count {
            if let kind = tagOpening() {
                texts.append(text)
                text = ""
                tags.append(try readTag(kind))
            } else {
                text.unicodeScalars.append(advance())
            }
        }
        texts.append(text)
        return Self.applyingWhitespaceControl(texts: texts, tags: tags)
    }

    private func tagOpening() -> TagKind? {
        guard peek() == "{" else { return nil }
        switch peek(1) {
        case "{": return .output
        case "%": return .statement
        case "#": return .comment
        default: return nil
        }
    }

    /// `texts` has one more element than `tags`: text, tag, text, …, tag, text.
    private static func applyingWhitespaceControl(texts: [String], tags: [RawTag]) -> [TemplateSegment] {
        var segments: [TemplateSegment] = []
        for (index, original) in texts.enumerated() {
            var text = Substring(original)
            if index > 0 {
                let previous = tags[index - 1]
                switch previous.after {
                case .strip: text = text.drop { $0.isWhitespace }
                case .none where previous.kind != .output && text.hasPrefix("\n"): text = text.dropFirst()
                default: break
                }
            }
            let lineStarting = index == 0 || original.dropLast(text.count).hasSuffix("\n")
            if index < tags.count {
                let next = tags[index]
                switch next.before {
                case .strip:
                    text = text[..<(text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? text.startIndex)]
                case .none where next.kind != .output:
                    let lineStart = text.lastIndex(of: "\n").map(text.index(after:))
                    if lineStart != nil || lineStarting {
                        let start = lineStart ?? text.startIndex
                        if text[start...].allSatisfy({ $0.isWhitespace }) { text = text[..<start] }
                    }
                default: break
                }
            }
            if !text.isEmpty { segments.append(.text(String(text))) }
            if index < tags.count {
                switch tags[index].kind {
                case .output: segments.append(.output(tags[index].tag))
                case .statement: segments.append(.statement(tags[index].tag))
                case .comment: break
                }
            }
        }
        return segments
    }

    private mutating func readTag(_ kind: TagKind) throws(ChatTemplateError) -> RawTag {
        let (startLine, startColumn) = (line, column)
        advance(by: 2)
        var before = Modifier.none
        if peek() == "-" {
            before = .strip
            advance()
        } else if peek() == "+", kind != .output {
            before = .keep
            advance()
        }
        if kind == .comment { return try readComment(before: before, line: startLine, column: startColumn) }
        let (opener, closer) = kind == .output ? ("{{", "}}") : ("{%", "%}")
        var tokens: [TemplateToken] = []
        var depth = 0
        while true {
            while let scalar = peek(), scalar.properties.isWhitespace { advance() }
            guard position < scalars.count else {
                throw error("unterminated tag '\(opener)'", line: startLine, column: startColumn)
            }
            if depth == 0 {
                let after: Modifier? = looking(at: "-" + closer) ? .strip
                    : kind == .statement && looking(at: "+" + closer) ? .keep
                    : looking(at: closer) ? Modifier.none : nil
                if let after {
                    let tag = TemplateTag(tokens: tokens, line: startLine, column: startColumn, endLine: line, endColumn: column)
                    advance(by: after == .none ? 2 : 3)
                    return RawTag(kind: kind, before: before, after: after, tag: tag)
                }
            }
            let token = try readToken(after: tokens.last)
            if case .symbol(let symbol) = token.kind {
                if "([{".contains(symbol) { depth += 1 }
                if ")]}".contains(symbol) { depth = max(0, depth - 1) }
            }
            tokens.append(token)
        }
    }

    private mutating func readComment(before: Modifier, line startLine: Int, column startColumn: Int) throws(ChatTemplateError) -> RawTag {
        while position < scalars.count {
            if looking(at: "#}") || looking(at: "-#}") || looking(at: "+#}") {
                let after: Modifier = peek() == "-" ? .strip : peek() == "+" ? .keep : .none
                let tag = TemplateTag(tokens: [], line: startLine, column: startColumn, endLine: line, endColumn: column)
                advance(by: after == .none ? 2 : 3)
                return RawTag(kind: .comment, before: before, after: after, tag: tag)
            }
            advance()
        }
        throw error("unterminated comment '{#'", line: startLine, column: startColumn)
    }

    private static let twoCharacterSymbols: Set<String> = ["//", "**", "==", "!=", "<=", ">="]
    private static let oneCharacterSymbols = Set("+-*/%~<>=()[]{},.:|".unicodeScalars)

    private mutating func readToken(after previous: TemplateToken?) throws(ChatTemplateError) -> TemplateToken {
        let (startLine, startColumn) = (line, column)
        let scalar = peek()!
        let kind: TemplateToken.Kind
        if scalar == "_" || scalar.properties.isAlphabetic {
            var name = ""
            while let next = peek(), next == "_" || next.properties.isAlphabetic || ("0"..."9").contains(next) {
                name.unicodeScalars.append(advance())
            }
            kind = .name(name)
        } else if ("0"..."9").contains(scalar) {
            kind = try readNumber(afterDot: previous?.kind == .symbol("."))
        } else if scalar == "'" || scalar == "\"" {
            kind = .string(try readString())
        } else if let next = peek(1), Self.twoCharacterSymbols.contains(String(scalar) + String(next)) {
            advance(by: 2)
            kind = .symbol(String(scalar) + String(next))
        } else if Self.oneCharacterSymbols.contains(scalar) {
            advance()
            kind = .symbol(String(scalar))
        } else {
            throw error("unexpected character '\(scalar)'")
        }
        return TemplateToken(kind: kind, line: startLine, column: startColumn)
    }

    private mutating func readDigits(into text: inout String) {
        while let next = peek(), ("0"..."9").contains(next) || (next == "_" && peek(1).map { ("0"..."9").contains($0) } == true) {
            advance()
            if next != "_" { text.unicodeScalars.append(next) }
        }
    }

    /// An integer, or a float with a fraction or exponent; after a `.` (as in `pair.0.1`) only
    /// integers, so attribute chains of indices are not read as floats.
    private mutating func readNumber(afterDot: Bool) throws(ChatTemplateError) -> TemplateToken.Kind {
        var text = ""
        readDigits(into: &text)
        var isFloat = false
        if !afterDot, peek() == ".", let digit = peek(1), ("0"..."9").contains(digit) {
            advance()
            text += "."
            readDigits(into: &text)
            isFloat = true
        }
        if !afterDot, peek() == "e" || peek() == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if let digit = peek(signed ? 2 : 1), ("0"..."9").contains(digit) {
                text.unicodeScalars.append(advance())
                if signed { text.unicodeScalars.append(advance()) }
                readDigits(into: &text)
                isFloat = true
            }
        }
        if isFloat, let value = Double(text) { return .float(value) }
        guard let value = Int(text) else { throw error("number \(text) is out of range") }
        return .integer(value)
    }

    /// A quoted string with Python's escapes (`\n`, `\t`, `\\`, `\'`, `\xhh`, `\uXXXX`, …);
    /// unknown escapes keep their backslash, as in Python.
    private mutating func readString() throws(ChatTemplateError) -> String {
        let (startLine, startColumn) = (line, column)
        let quote = advance()
        var result = ""
        while let scalar = peek() {
            advance()
            if scalar == quote { return result }
            guard scalar == "\\", let escaped = peek() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            advance()
            switch escaped {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "a": result += "\u{07}"
            case "b": result += "\u{08}"
            case "f": result += "\u{0C}"
            case "v": result += "\u{0B}"
            case "\n": break
            case "\\", "'", "\"": result.unicodeScalars.append(escaped)
            case "x", "u", "U":
                let width = escaped == "x" ? 2 : escaped == "u" ? 4 : 8
                var hex = ""
                for _ in 0..<width {
                    guard let digit = peek(), digit.properties.isASCIIHexDigit else { break }
                    hex.unicodeScalars.append(advance())
                }
                guard hex.count == width, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    throw error("bad \\\(escaped) escape in string")
                }
                result.unicodeScalars.append(decoded)
            case "0"..."7":
                var octal = String(escaped)
                while octal.count < 3, let digit = peek(), ("0"..."7").contains(digit) { octal.unicodeScalars.append(advance()) }
                result.unicodeScalars.append(Unicode.Scalar(UInt32(octal, radix: 8)!)!)
            default:
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(escaped)
            }
        }
        throw error("unterminated string", line: startLine, column: startColumn)
    }
}
