/// One logical line of a vCard or iCalendar file, `[group.]NAME[;PARAM=value[,value]…]:value`,
/// after unfolding. Names are upper-cased; the value keeps its escapes until a caller asks for
/// text (`text`, `structuredValue`), since structured values split before unescaping.
package struct ContentLine: Sendable, Equatable {
    /// The file line the logical line starts on (1-based).
    package let line: Int
    package let group: String?
    package let name: String
    /// Parameter values by upper-cased parameter name, quotes removed.
    package let parameters: [String: [String]]
    package let value: String

    /// The first value of a parameter, if present.
    package func parameter(_ name: String) -> String? {
        parameters[name]?.first
    }

    /// The value as text: `\n` (or `\N`) is a line break, `\,` `\;` `\\` (and `\:`) the character.
    package var text: String { Self.unescape(Substring(value)) }

    /// A structured value (vCard `N`, `ADR`): components cut at each unescaped `;`, each a list
    /// cut at each unescaped `,`, every item as text.
    package var structuredValue: [[String]] {
        Self.split(Substring(value), at: ";").map { Self.split($0, at: ",").map(Self.unescape) }
    }

    private static func split(_ raw: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = raw.startIndex
        var escaped = false
        for index in raw.indices {
            if escaped {
                escaped = false
            } else if raw[index] == "\\" {
                escaped = true
            } else if raw[index] == separator {
                parts.append(raw[start..<index])
                start = raw.index(after: index)
            }
        }
        parts.append(raw[start...])
        return parts
    }

    private static func unescape(_ raw: Substring) -> String {
        var text = ""
        var escaped = false
        for character in raw {
            if escaped {
                text.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        if escaped { text.append("\\") }
        return text
    }
}
