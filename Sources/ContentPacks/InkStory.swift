import GuidedGeneration
import JSONSchema

/// Dialog trees as a compiled Ink story: the JSON runtime format (`inkVersion` 21) that Ink's
/// runtimes (ink-engine-runtime in Unity, inkjs, Blade Ink) load without the compiler. It holds
/// what `DialogScripts.ink` says in source form — one knot per node, lines with a `speaker:` tag,
/// sticky choices whose text is choice-only and whose topics carry a read-count condition
/// (`{not knot}`), `end` where a node has no choices — and the story starts at the first tree.
///
/// The pack is written a knot at a time: `opening(firstKnot:)`, then each tree's `knots` (the
/// separator before all but the first), then `closing`.
package enum InkStory {
    /// The runtime format version Ink 1.1 and later write and load.
    package static let version = 21

    /// The story's start, up to its named content: a divert into `firstKnot` (nil: an empty story).
    package static func opening(firstKnot: String?) -> String {
        let start = firstKnot.map { GeneratedContent(properties: [("->", GeneratedContent($0))]) } ?? GeneratedContent("done")
        let top = GeneratedContent(elements: [start, .null]).jsonString
        return #"{"inkVersion":\#(version),"root":[\#(top),"done",{"#
    }

    package static let closing = "}],\"listDefs\":{}}\n"

    /// The tree's knots as `"name":[…]` members of the root's named content, comma-separated.
    package static func knots(_ tree: DialogTree) -> String {
        tree.nodes.map { node in
            var content: [GeneratedContent] = []
            for line in node.lines {
                content += [text("\(line.speaker): \(line.text)"), "#", text("speaker:\(line.speaker)"), "/#", "\n"].map(Self.value)
            }
            var named: [(String, GeneratedContent)] = []
            for (index, option) in node.options.enumerated() {
                let target = DialogScripts.name(tree, option.next)
                let once = tree.isOfferedOnce(option)
                var evaluation: [GeneratedContent] = ["ev", "str", text(option.text), "/str"].map(Self.value)
                if once { evaluation += [GeneratedContent(properties: [("CNT?", GeneratedContent(target))]), value("!")] }
                // Flags: 0x4, the text in [ ] is shown in the choice only; 0x1, a condition is on the stack.
                content += evaluation + [value("/ev"), GeneratedContent(properties: [("*", GeneratedContent(".^.c-\(index)")),
                                                                                    ("flg", GeneratedContent(once ? 5 : 4))])]
                named.append(("c-\(index)", GeneratedContent(elements: [GeneratedContent(properties: [("->", GeneratedContent(target))]), .null])))
            }
            if node.options.isEmpty { content.append(value("end")) }
            // Flag 0x1: the knot's visits are counted, which `{not knot}` reads.
            named.append(("#f", GeneratedContent(1)))
            return GeneratedContent(DialogScripts.name(tree, node.id)).jsonString + ":"
                + GeneratedContent(elements: content + [GeneratedContent(properties: named)]).jsonString
        }.joined(separator: ",")
    }

    /// Ink's runtime marks text with a leading `^`; a line stays one line of output.
    private static func text(_ line: String) -> String {
        "^" + String(line.map { DialogScripts.isInkSpace($0) ? " " : $0 })
    }

    private static func value(_ text: String) -> GeneratedContent {
        GeneratedContent(text)
    }
}
