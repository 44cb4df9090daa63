/// Splits one line of the level notation into tokens. A `#` outside quotes and regexes starts a
/// comment that runs to the end of the line.
package enum NotationLexer {
    /// Characters that end a word.
    package static let delimiters: Set<Character> = [":", ",", "|", "\"", "/", "#"]

    package static func tokens(in line: Substring, lineNumber: Int) throws(EncounterTypeError) -> [NotationToken] {
        let characters = Array(line)
        var tokens: [NotationToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            switch character {
            case _ where character.isWhitespace:
                index += 1
            case "#":
                return tokens
            case ":", ",", "|":
                let kind: NotationToken.Kind = character == ":" ? .colon : character == "," ? .comma : .bar
                tokens.append(NotationToken(kind: kind, column: column, endColumn: column + 1))
                index += 1
            case "\"":
                let (text, end) = try quoted(characters, from: index, line: lineNumber)
                tokens.append(NotationToken(kind: .quoted(text), column: column, endColumn: end + 1))
                index = end
            case "/":
                let (text, end) = try regex(characters, from: index, line: lineNumber)
                tokens.append(NotationToken(kind: .regex(text), column: column, endColumn: end + 1))
                index = end
            default:
                var end = index
                while end < characters.count, !characters[end].isWhitespace, !delimiters.contains(characters[end]) { end += 1 }
                tokens.append(NotationToken(kind: .word(String(characters[index..<end])), column: column, endColumn: end + 1))
                index = end
            }
        }
        return tokens
    }

    /// A `"…"` string starting at `start`; `\` takes the next character literally.
    private static func quoted(_ characters: [Character], from start: Int, line: Int) throws(EncounterTypeError) -> (String, Int) {
        var text = ""
        var index = start + 1
        while index < characters.count {
            switch characters[index] {
            case "\"":
                return (text, index + 1)
            case "\\" where index + 1 < characters.count:
                text.append(characters[index + 1])
                index += 2
            default:
                text.append(characters[index])
                index += 1
            }
        }
        throw .syntax(message: "unterminated quoted text; close it with '\"'", line: line, column: start + 1)
    }

    /// A `/…/` regex starting at `start`, ended by the first `/` that is neither escaped nor
    /// inside a `[…]` class, as in a JavaScript regex literal.
    private static func regex(_ characters: [Character], from start: Int, line: Int) throws(EncounterTypeError) -> (String, Int) {
        var index = start + 1
        var inClass = false
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
                continue
            case "[":
                inClass = true
            case "]":
                inClass = false
            case "/" where !inClass:
                return (String(characters[(start + 1)..<index]), index + 1)
            default:
                break
            }
            index += 1
        }
        throw .syntax(message: "unterminated regex; close it with '/'", line: line, column: start + 1)
    }
}
