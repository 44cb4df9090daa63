import JSONSchema

/// What a prefix of JSON text already says, for streaming structured replies: the prefix is cut
/// at the last point where everything before it is settled — after a complete value, after an
/// opening bracket, or inside a string value — and closed there (the open string, then the open
/// arrays and objects). A key still waiting for its value, a number or literal that may still
/// grow, and a half-written escape are left out. Text that is not JSON gives nil.
///
/// `{"name": "Ju` reads as `{"name": "Ju"}`; `{"name": "Juno", "lev` as `{"name": "Juno"}`.
enum PartialJSON {
    static func content(ofPrefix text: String) -> GeneratedContent? {
        let scalars = Array(text.unicodeScalars)
        var stack: [Unicode.Scalar] = []
        var expectingKey = false
        var inString = false
        var stringIsKey = false
        var escapeLeft = 0
        var cut: (end: Int, openString: Bool, stack: [Unicode.Scalar])?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inString {
                if escapeLeft > 0 {
                    escapeLeft = escapeLeft == 1 && scalar == "u" ? 4 : escapeLeft - 1
                } else if scalar == "\\" {
                    escapeLeft = 1
                } else if scalar == "\"" {
                    inString = false
                    if !stringIsKey { cut = (index, false, stack) }
                    continue
                }
                if !stringIsKey && escapeLeft == 0 { cut = (index, true, stack) }
                continue
            }
            switch scalar {
            case " ", "\t", "\n", "\r":
                continue
            case "{", "[":
                stack.append(scalar)
                expectingKey = scalar == "{"
                cut = (index, false, stack)
            case "}", "]":
                guard stack.popLast() != nil else { return nil }
                expectingKey = false
                cut = (index, false, stack)
            case "\"":
                inString = true
                stringIsKey = expectingKey
                if !stringIsKey { cut = (index, true, stack) }
            case ":":
                expectingKey = false
            case ",":
                expectingKey = stack.last == "{"
            default:
                // A number or literal: settled only once something follows it.
                while index < scalars.count, !" \t\n\r,]}".unicodeScalars.contains(scalars[index]) { index += 1 }
                if index < scalars.count { cut = (index, false, stack) }
            }
        }
        guard let cut else { return nil }
        var closed = String(String.UnicodeScalarView(scalars[..<cut.end]))
        if cut.openString { closed += "\"" }
        for open in cut.stack.reversed() { closed += open == "{" ? "}" : "]" }
        return try? GeneratedContent(json: closed)
    }
}
