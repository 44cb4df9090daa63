import Digest
/// Dialog trees as engine scripts: Yarn Spinner, Ink, and a Godot translation table. Node names
/// are `TREE_NODE` (letters, digits, `_`), unique in a file; every Yarn line gets an id derived
/// from its tree, node, position and text, so regenerating a pack with the same seed gives the
/// same ids, and a line whose text changed gets a new one.
enum DialogScripts {
    /// A Yarn Spinner script: one node per tree node (`title:`, `---`, lines `Speaker: text`
    /// with `#line:` ids — the speaker's own name, escaped —, `->` options whose indented body
    /// jumps on, `===`).
    static func yarn(_ tree: DialogTree) -> String {
        tree.nodes.map { node in
            var lines = ["title: \(name(tree, node.id))", "---"]
            for (index, line) in node.lines.enumerated() {
                lines.append("\(yarnEscaped(line.speaker)): \(yarnEscaped(line.text)) #line:\(lineID(tree, node.id, index, line.text))")
            }
            for (index, option) in node.options.enumerated() {
                lines.append("-> \(yarnEscaped(option.text)) #line:\(lineID(tree, node.id, node.lines.count + index, option.text))")
                lines.append("    <<jump \(name(tree, option.next))>>")
            }
            lines.append("===")
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    /// An Ink script: one knot per tree node (`=== name ===`), its lines, `*` choices for topics
    /// and a sticky `+` choice to leave, each with its text in `[ ]` and a divert; the last knot
    /// ends with `-> END`. `isFirst` adds the divert into the first tree that starts a story.
    static func ink(_ tree: DialogTree, isFirst: Bool) -> String {
        var text = isFirst ? "-> \(name(tree, tree.nodes.first?.id ?? "Start"))\n\n" : ""
        for node in tree.nodes {
            var lines = ["=== \(name(tree, node.id)) ==="]
            lines += node.lines.map { "\(inkEscaped($0.speaker)): \(inkEscaped($0.text))" }
            for option in node.options {
                let marker = option.next == tree.nodes.last?.id ? "+" : "*"
                lines.append("\(marker) [\(inkEscaped(option.text))] -> \(name(tree, option.next))")
            }
            if node.options.isEmpty { lines.append("-> END") }
            text += lines.joined(separator: "\n") + "\n\n"
        }
        return text
    }

    /// Godot's translation CSV: `keys,en`, then one row per line and option, keyed
    /// `TREE_NODE_INDEX_LINEID` — the Yarn line id, so a line whose text changes when a pack is
    /// regenerated gets a new key and an old translation never attaches to it.
    static let godotHeader = "keys,en\n"

    static func godotRows(_ tree: DialogTree) -> String {
        tree.nodes.flatMap { node in
            let texts = node.lines.map(\.text) + node.options.map(\.text)
            return texts.enumerated().map { index, text in
                let key = "\(name(tree, node.id))_\(index)_\(lineID(tree, node.id, index, text))".uppercased()
                return CSVTable.quoted(key) + "," + CSVTable.quoted(text) + "\n"
            }
        }.joined()
    }

    static func name(_ tree: DialogTree, _ node: String) -> String {
        "\(tree.title)_\(node)"
    }

    /// Sixteen hex digits of the SHA-256 of the line's place and text: a line whose text changes
    /// when a pack is regenerated gets a new id (an old translation is never attached to it), the
    /// same line in the same place keeps its id, and 64 bits keep a large pack's ids apart.
    static func lineID(_ tree: DialogTree, _ node: String, _ index: Int, _ text: String) -> String {
        String(SHA256.hexDigest(of: Array("\(tree.title)/\(node)/\(index)\n\(text)".utf8)).prefix(16))
    }

    /// Yarn reads `#` as a hashtag, `{ }` as expressions, `[ ]` as markup, `<< >>` as commands
    /// and the first `:` as the end of the speaker's name; a backslash makes each literal.
    static func yarnEscaped(_ text: String) -> String {
        escaped(text, characters: "\\#{}[]<>/:")
    }

    /// Ink reads `[ ]` in choices, `{ } |` as logic, `#` as tags, `->`/`<-` as diverts and `//`
    /// as comments; a backslash makes each literal.
    static func inkEscaped(_ text: String) -> String {
        escaped(text, characters: "\\[]{}|#<>/")
    }

    /// Each character in `characters` escaped, and every line break made a space: in both
    /// formats a line of text is one line of the file, and what follows a break would be read as
    /// structure (`* [x] -> END`, `=== knot ===`, `<<jump>>`).
    private static func escaped(_ text: String, characters: String) -> String {
        var result = ""
        for character in text {
            if character.isNewline {
                result.append(" ")
                continue
            }
            if characters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
