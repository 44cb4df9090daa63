/// Text wrapped to a width: each line is broken at spaces so no line is wider than `width`
/// (a word longer than the width is cut); a wrapped line keeps its leading indentation.
/// Lines that fit are left exactly as they are.
///
/// ```swift
/// WordWrap.wrap("A long oak counter worn smooth", width: 12)   // "A long oak\ncounter worn\nsmooth"
/// ```
package enum WordWrap {
    package static func wrap(_ text: String, width: Int) -> String {
        guard width >= 8 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { wrapLine(String($0), width: width) }.joined(separator: "\n")
    }

    private static func wrapLine(_ line: String, width: Int) -> String {
        guard line.count > width else { return line }
        let indent = String(line.prefix { $0 == " " })
        let hanging = indent.count < width / 2 ? indent : ""
        var lines: [String] = []
        var current = ""
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            let prefix = lines.isEmpty ? indent : hanging
            if current.isEmpty {
                current = prefix
            } else if current.count + 1 + word.count <= width {
                current += " "
            } else {
                lines.append(current)
                current = hanging
            }
            while current.count + word.count > width {
                let room = max(1, width - current.count)
                current += word.prefix(room)
                word = word.dropFirst(room)
                lines.append(current)
                current = hanging
            }
            current += word
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
