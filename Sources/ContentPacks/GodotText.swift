/// A message written so that Godot's CSV translation importer loads it as the text it was.
///
/// The importer (Godot 3's, and Godot 4's by default) runs every message through
/// `String.c_unescape`, which replaces `\a`, `\b`, `\f`, `\n`, `\r`, `\t`, `\v`, `\'`, `\"`, `\?`
/// and then `\\` one after another over the whole text, and its line reader drops carriage
/// returns and ends a line at NUL. So, scalar by scalar:
/// - a backslash is written `\\`. Before `a`, `b`, `f`, `n`, `r`, `t` or `v` no escape survives
///   those replacements (`C:\\new` still loads as `C:\` and a line break), so there a WORD JOINER
///   (U+2060, invisible) also follows it: `C:\new\table` loads as `C:\⁠new\⁠table`, the same on
///   screen and never a line break or a tab;
/// - a carriage return is written `\r`, which the importer turns back into one;
/// - NUL, which a Godot string cannot hold, becomes U+FFFD (the replacement character).
///
/// Everything else (line breaks and tabs included) is written as it is, inside the CSV quotes.
package enum GodotText {
    /// What follows a backslash invisibly when the pair would otherwise load as a control character.
    package static let wordJoiner: Unicode.Scalar = "\u{2060}"

    /// The letters `c_unescape` turns into control characters after a backslash.
    private static let controlLetters: Set<Unicode.Scalar> = ["a", "b", "f", "n", "r", "t", "v"]

    /// `text` as a Godot translation message (before CSV quoting).
    package static func escaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\":
                result.append(contentsOf: #"\\"#.unicodeScalars)
                if index + 1 < scalars.count, controlLetters.contains(scalars[index + 1]) { result.append(wordJoiner) }
            case "\r":
                result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\0":
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
