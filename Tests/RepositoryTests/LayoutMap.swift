import Foundation

/// docs/layout.md read: the tree in its first code block (a name at the left of column 29, a
/// description from there; two spaces between names that share a line; nesting by indentation)
/// and the rows of its module table (`| module | imports |`).
struct LayoutMap {
    struct Entry {
        let path: String
        var description: String
    }

    private(set) var entries: [Entry] = []
    private(set) var modules: [String: [String]] = [:]

    static let descriptionColumn = 29

    init(markdown: String) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var inTree = false
        var treeDone = false
        var parents: [(indent: Int, path: String)] = []
        for line in lines {
            if line.hasPrefix("```") {
                if inTree { treeDone = true }
                inTree = !inTree && !treeDone
                continue
            }
            if inTree {
                read(treeLine: line, parents: &parents)
            } else if treeDone, line.hasPrefix("| "), let row = Self.moduleRow(line) {
                modules[row.module] = row.imports
            }
        }
    }

    private mutating func read(treeLine line: Substring, parents: inout [(indent: Int, path: String)]) {
        let indent = line.prefix { $0 == " " }.count
        let split = line.index(line.startIndex, offsetBy: min(Self.descriptionColumn, line.count))
        let description = String(line[split...])
        guard indent < Self.descriptionColumn else {
            if !entries.isEmpty { entries[entries.count - 1].description += " " + description }
            return
        }
        while let last = parents.last, last.indent >= indent { parents.removeLast() }
        let prefix = parents.last.map { $0.path + "/" } ?? ""
        let paths = line[..<split].split(separator: " ").map { prefix + $0.trimmingCharacters(in: ["/"]) }
        entries += paths.map { Entry(path: $0, description: description) }
        // Names sharing a line are siblings; the last stands as the parent of deeper lines.
        if let last = paths.last { parents.append((indent, last)) }
    }

    /// Whether `path` is an entry, or a folder named (as `NAME/`) in its parent entry's description.
    func names(_ path: String) -> Bool {
        if entries.contains(where: { $0.path == path }) { return true }
        guard let slash = path.lastIndex(of: "/") else { return false }
        let parent = String(path[..<slash])
        let name = path[path.index(after: slash)...] + "/"
        return entries.contains { $0.path == parent && $0.description.contains(name) }
    }

    private static func moduleRow(_ line: Substring) -> (module: String, imports: [String])? {
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count == 2, !cells[0].isEmpty, cells[0] != "module", !cells[0].hasPrefix("-") else { return nil }
        let imports = cells[1] == "—" ? [] : cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return (cells[0], imports.sorted())
    }
}
