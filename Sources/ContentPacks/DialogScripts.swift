import Digest
/// Dialog trees as engine scripts: Yarn Spinner, Ink, and a Godot translation table. Node names
/// are `TREE_NODE` (letters, digits, `_`); the tree's title holds the pack's seed and the item's
/// index, so names are unique in a pack and across packs of other seeds. Every Yarn line gets an
/// id derived from its tree, node, position and text, so regenerating a pack with the same seed
/// gives the same ids, and a line whose text changed gets a new one. A topic is offered while
/// its node is unvisited (Yarn's `visited()`, Ink's read counts).
package enum DialogScripts {
    /// A Yarn Spinner script: one node per tree node (`title:`, `---`, lines `Speaker: text`
    /// with `#line:` ids — the speaker's own name, escaped —, `->` options whose indented body
    /// jumps on, a topic's with `<<if not visited("…")>>`, `===`).
    package static func yarn(_ tree: DialogTree) -> String {
        tree.nodes.map { node in
            var lines = ["title: \(name(tree, node.id))", "---"]
            for (index, line) in node.lines.enumerated() {
                lines.append("\(yarnEscaped(line.speaker)): \(yarnEscaped(line.text)) #line:\(lineID(tree, node.id, index, line.text))")
            }
            for (index, option) in node.options.enumerated() {
                let target = name(tree, option.next)
                let condition = tree.isOfferedOnce(option) ? " <<if not visited(\"\(target)\")>>" : ""
                lines.append("-> \(yarnEscaped(option.text))\(condition) #line:\(lineID(tree, node.id, node.lines.count + index, option.text))")
                lines.append("    <<jump \(target)>>")
            }
            lines.append("===")
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    /// An Ink script: one knot per tree node (`=== name ===`), its lines (`Speaker: text
    /// #speaker:Name`), sticky `+` choices with their text in `[ ]` and a divert — a topic's only
    /// while its knot is unread (`{not knot}`) —; a knot without choices ends with `-> END`.
    /// `isFirst` adds the divert into the first tree that starts a story.
    package static func ink(_ tree: DialogTree, isFirst: Bool) -> String {
        var text = isFirst ? "-> \(name(tree, tree.nodes.first?.id ?? "Start"))\n\n" : ""
        for node in tree.nodes {
            var lines = ["=== \(name(tree, node.id)) ==="]
            lines += node.lines.map { "\(inkEscaped($0.speaker)): \(inkEscaped($0.text)) #speaker:\(inkEscaped($0.speaker))" }
            for option in node.options {
                let target = name(tree, option.next)
                let condition = tree.isOfferedOnce(option) ? "{not \(target)} " : ""
                lines.append("+ \(condition)[\(inkEscaped(option.text))] -> \(target)")
            }
            if node.options.isEmpty { lines.append("-> END") }
            text += lines.joined(separator: "\n") + "\n\n"
        }
        return text
    }

    /// Godot's translation CSV: `keys,en`, then one row per line and option, keyed
    /// `TREE_NODE_INDEX_LINEID` — the Yarn line id, so a line whose text changes when a pack is
    /// regenerated gets a new key and an old translation never attaches to it. Messages are
    /// written for Godot's importer, which unescapes them (`GodotText`).
    package static let godotHeader = "keys,en\n"

    package static func godotRows(_ tree: DialogTree) -> String {
        tree.nodes.flatMap { node in
            let texts = node.lines.map(\.text) + node.options.map(\.text)
            return texts.enumerated().map { index, text in
                let key = "\(name(tree, node.id))_\(index)_\(lineID(tree, node.id, index, text))".uppercased()
                return CSVTable.quoted(key) + "," + CSVTable.quoted(GodotText.escaped(text)) + "\n"
            }
        }.joined()
    }

    /// Every node name and line id the tree's scripts use (Godot's keys hold the line ids).
    package static func identifiers(_ tree: DialogTree) -> [String] {
        tree.nodes.flatMap { node in
            let texts = node.lines.map(\.text) + node.options.map(\.text)
            return [name(tree, node.id)] + texts.enumerated().map { "line:" + lineID(tree, node.id, $0.offset, $0.element) }
        }
    }

    package static func name(_ tree: DialogTree, _ node: String) -> String {
        "\(tree.title)_\(node)"
    }

    /// Sixteen hex digits of the SHA-256 of the line's place and text: a line whose text changes
    /// when a pack is regenerated gets a new id (an old translation is never attached to it), the
    /// same line in the same place keeps its id, and 64 bits keep a large pack's ids apart.
    package static func lineID(_ tree: DialogTree, _ node: String, _ index: Int, _ text: String) -> String {
        String(SHA256.hexDigest(of: Array("\(tree.title)/\(node)/\(index)\n\(text)".utf8)).prefix(16))
    }

    /// Yarn reads `#` as a hashtag, `{ }` as expressions, `[ ]` as markup, `<< >>` as commands
    /// and the first `:` as the end of the speaker's name; a backslash makes each literal.
    package static func yarnEscaped(_ text: String) -> String {
        escaped(text, characters: "\\#{}[]<>/:")
    }

    /// Ink reads `[ ]` in choices, `{ } |` as logic, `#` as tags, `->`/`<-` as diverts and `//`
    /// as comments; a backslash makes each literal.
    package static func inkEscaped(_ text: String) -> String {
        escaped(text, characters: "\\[]{}|#<>/", spaced: isInkSpace)
    }

    /// What Ink writes as a space: a line break, and a tab, which Ink's compiler reads as a space
    /// anyway — written as one, so the source and the compiled story say the same.
    package static func isInkSpace(_ character: Character) -> Bool {
        character.isNewline || character == "\t"
    }

    /// Each character in `characters` escaped, and every `spaced` one (a line break by default)
    /// made a space: in both formats a line of text is one line of the file, and what follows a
    /// break would be read as structure (`* [x] -> END`, `=== knot ===`, `<<jump>>`).
    private static func escaped(_ text: String, characters: String, spaced: (Character) -> Bool = \.isNewline) -> String {
        var result = ""
        for character in text {
            if spaced(character) {
                result.append(" ")
                continue
            }
            if characters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
