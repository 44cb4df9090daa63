/// A `BEGIN:NAME` … `END:NAME` block of content lines — a vCard, a calendar, an event, an
/// alarm — with its own properties and the blocks nested in it.
///
/// Blocks nest at most `maximumNesting` deep. Real files nest three or four (a calendar, an
/// event, an alarm); the limit keeps the tree shallow, so nothing that walks or frees it
/// recurses as deep as a hostile file would have it (60,000 nested `BEGIN:VEVENT` lines, 1.6 MB).
package struct ContentComponent: Sendable, Equatable {
    /// The deepest nesting of blocks read; a `BEGIN` deeper than this is `ImportError.unsupported`.
    package static let maximumNesting = 32

    package let name: String
    /// The line of its `BEGIN`.
    package let line: Int
    package var properties: [ContentLine] = []
    package var children: [ContentComponent] = []

    /// The first property called `name`, if any.
    package func property(_ name: String) -> ContentLine? {
        properties.first { $0.name == name }
    }

    /// The top-level blocks of a file. Every line must sit inside one, and every `BEGIN` needs
    /// its `END`; `outermost` names the file's outermost block in error hints ("BEGIN:VCARD").
    package static func components(of lines: [ContentLine], file: String?, outermost: String) throws -> [ContentComponent] {
        var open: [ContentComponent] = []
        var finished: [ContentComponent] = []
        for line in lines {
            switch line.name {
            case "BEGIN":
                guard open.count < maximumNesting else {
                    throw ImportError.unsupported(file: file, line: line.line, problem: "BEGIN:\(line.text.uppercased().prefix(40)) nests blocks more than \(maximumNesting) deep",
                                                  hint: "calendars and address books nest blocks three or four deep; the file may be damaged")
                }
                open.append(ContentComponent(name: line.text.uppercased(), line: line.line))
            case "END":
                let name = line.text.uppercased()
                guard let innermost = open.popLast(), innermost.name == name else {
                    throw ImportError.malformed(file: file, line: line.line, problem: "END:\(name) without a matching BEGIN:\(name)",
                                                hint: "every BEGIN:X needs an END:X, innermost first")
                }
                if open.isEmpty { finished.append(innermost) } else { open[open.count - 1].children.append(innermost) }
            default:
                guard !open.isEmpty else {
                    throw ImportError.malformed(file: file, line: line.line, problem: "\(line.name) outside any BEGIN … END block",
                                                hint: "the file should consist of BEGIN:\(outermost) … END:\(outermost) blocks")
                }
                open[open.count - 1].properties.append(line)
            }
        }
        if let unclosed = open.last {
            throw ImportError.malformed(file: file, line: unclosed.line, problem: "BEGIN:\(unclosed.name) is never closed",
                                        hint: "add END:\(unclosed.name); the file may be cut short")
        }
        return finished
    }
}
