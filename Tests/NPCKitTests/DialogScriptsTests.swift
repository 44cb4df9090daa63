@testable import ContentPacks
import GuidedGeneration
import JSONSchema
@testable import NPCKit
import TestSupport
import Testing

/// Engine scripts from dialog trees whose text tries to be structure: every line of dialogue
/// stays one line of the file, structure characters are escaped, and the speaker keeps their
/// real name.
@Suite struct DialogScriptsTests {
    private static let hostile = "Sure.\n* [x] -> END\r\n=== k ===\u{2028}<<jump Start>> {x} #tag // note: done"

    private static let tree = DialogTree(title: "Zoe_0", nodes: [
        .init(id: "Start", lines: [.init(speaker: "Zoë O'Neil-Ng", text: hostile), .init(speaker: "李娜", text: "Hi: there")],
              options: [.init(text: "Ask: why?\nreally", next: "End")]),
        .init(id: "End", lines: [.init(speaker: "Player", text: "Bye")], options: []),
    ])

    @Test func yarnLinesStayOneLineWithTheRealSpeaker() {
        let lines = DialogScripts.yarn(Self.tree).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.hasPrefix("title: ") } == ["title: Zoe_0_Start", "title: Zoe_0_End"])
        #expect(lines.filter { $0 == "===" }.count == 2 && lines.filter { $0 == "---" }.count == 2)
        #expect(lines.filter { $0.contains("<<jump") } == ["    <<jump Zoe_0_End>>"], "only the option's own jump")
        let said = lines.first { $0.hasPrefix("Zoë") } ?? ""
        #expect(said.hasPrefix(##"Zoë O'Neil-Ng: Sure. * \[x\] -\> END === k === \<\<jump Start\>\> \{x\} \#tag \/\/ note\: done #line:"##), "\(said)")
        #expect(lines.contains { $0.hasPrefix(#"李娜: Hi\: there #line:"#) })
        #expect(lines.contains { $0.hasPrefix(#"-> Ask\: why? really #line:"#) })
    }

    @Test func inkLinesStayOneLineWithEscapedStructure() {
        let lines = DialogScripts.ink(Self.tree, isFirst: true).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("===") } == ["=== Zoe_0_Start ===", "=== Zoe_0_End ==="])
        #expect(lines.filter { $0.hasPrefix("*") || $0.hasPrefix("+") } == [#"+ [Ask: why? really] -> Zoe_0_End"#])
        #expect(lines.filter { $0 == "-> END" }.count == 1)
        #expect(lines.contains(##"Zoë O'Neil-Ng: Sure. * \[x\] -\> END === k === \<\<jump Start\>\> \{x\} \#tag \/\/ note: done #speaker:Zoë O'Neil-Ng"##))
        #expect(lines.contains("李娜: Hi: there #speaker:李娜"))
    }

    /// A topic (an option to a node with options of its own) is offered while its node is
    /// unvisited; the way out always is.
    @Test func topicsAreOfferedWhileUnvisited() {
        let tree = DialogTree(title: "Juno_5_0", nodes: [
            .init(id: "Start", lines: [.init(speaker: "Juno", text: "Hi")],
                  options: [.init(text: "Cats?", next: "Cats"), .init(text: "Bye", next: "Goodbye")]),
            .init(id: "Cats", lines: [.init(speaker: "Juno", text: "One.")],
                  options: [.init(text: "Bye", next: "Goodbye")]),
            .init(id: "Goodbye", lines: [.init(speaker: "Juno", text: "Bye!")], options: []),
        ])
        let yarn = DialogScripts.yarn(tree)
        #expect(yarn.contains(#"-> Cats? <<if not visited("Juno_5_0_Cats")>> #line:"#))
        #expect(yarn.split(separator: "\n").filter { $0.hasPrefix("-> Bye #line:") }.count == 2)
        let ink = DialogScripts.ink(tree, isFirst: true)
        #expect(ink.contains("+ {not Juno_5_0_Cats} [Cats?] -> Juno_5_0_Cats\n"))
        #expect(ink.split(separator: "\n").filter { $0 == "+ [Bye] -> Juno_5_0_Goodbye" }.count == 2)
    }

    /// Compiled Ink: one JSON document whose text values keep hostile text literal on one line,
    /// with the speaker tag, a choice per option and `end` where the tree ends.
    @Test func inkJSONKeepsTextLiteralAndOneLine() throws {
        var written = ""
        var writer = PackFormat.inkJSON.writer { written += $0 }
        let content = try GeneratedContentEncoder().encode(Self.tree)
        try writer.add(PackItem(content: content, json: content.jsonString, isFallback: false))
        try writer.finish()
        let story = try GeneratedContent(json: written)
        #expect(story["inkVersion"] == GeneratedContent(21))
        let root = try #require(story["root"]?.elements)
        #expect(root.first?.elements?.first?["->"] == GeneratedContent("Zoe_0_Start"))
        let start = try #require(root.last?["Zoe_0_Start"]?.elements)
        let texts = start.compactMap(\.stringValue).filter { $0.hasPrefix("^") }
        #expect(texts.contains("^Zoë O'Neil-Ng: Sure. * [x] -> END === k ===\u{2028}<<jump Start>> {x} #tag // note: done".replacingOccurrences(of: "\u{2028}", with: " ")))
        #expect(texts.contains("^speaker:李娜") && texts.contains("^Ask: why? really"))
        #expect(texts.allSatisfy { !$0.contains(where: \.isNewline) })
        #expect(start.compactMap { $0["flg"] } == [GeneratedContent(4)], "one choice, not a topic")
        #expect(root.last?["Zoe_0_End"]?.elements?.contains(GeneratedContent("end")) == true)

        var empty = ""
        var emptyWriter = PackFormat.inkJSON.writer { empty += $0 }
        try emptyWriter.finish()
        #expect(try GeneratedContent(json: empty)["root"]?.elements?.count == 3)
    }

    /// A pack whose scripts would name two nodes or two lines alike is refused, not written.
    @Test func aRepeatedNameIsRefused() throws {
        for format in [PackFormat.yarn, .ink, .godotCSV] {
            var writer = format.writer { _ in }
            let content = try GeneratedContentEncoder().encode(Self.tree)
            let item = PackItem(content: content, json: content.jsonString, isFallback: false)
            try writer.add(item)
            #expect(throws: PackWriter.DuplicateName.self) { try writer.add(item) }
        }
    }

    /// Ink's compiler reads a tab as a space: both Ink formats write it as one, so the source and
    /// the compiled story say the same (Yarn keeps it).
    @Test func inkWritesATabAsASpace() throws {
        let tree = DialogTree(title: "Tab_0", nodes: [.init(id: "Start", lines: [.init(speaker: "Ann", text: "C:\\new\ttable")], options: [])])
        #expect(DialogScripts.ink(tree, isFirst: true).contains(#"Ann: C:\\new table #speaker:Ann"#))
        #expect(DialogScripts.yarn(tree).contains("Ann: C\\:\\\\new\ttable"))
        var written = ""
        var writer = PackFormat.inkJSON.writer { written += $0 }
        let content = try GeneratedContentEncoder().encode(tree)
        try writer.add(PackItem(content: content, json: content.jsonString, isFallback: false))
        try writer.finish()
        #expect(written.contains(#""^Ann: C:\\new table""#), "\(written)")
    }

    /// Topics from intents named like the fixed nodes (`start`, `goodbye`) or like each other
    /// once reduced to letters and digits get ids of their own, in every tree of a pack.
    @Test func topicsNamedLikeOtherNodesGetIdsOfTheirOwn() async throws {
        var taken: Set = ["Start", "Goodbye"]
        #expect(["start", "goodbye", "goodbye2", "wifi_Password", "wifiPassword"].map { DialogTree.freeID(DialogTree.nodeID($0), taken: &taken) }
                == ["Start2", "Goodbye2", "Goodbye22", "WifiPassword", "WifiPassword2"])

        let pack = try OverlayPack()
        let names = ["start", "goodbye", "Goodbye!", "good_bye"]
        try pack.write("procedural/clashing.json", """
            {"intents": [\(names.map { #"{"name": "\#($0)", "examples": ["clash \#($0)?"], "response": "wifiReply", "speaker": "staff"}"# }.joined(separator: ", "))]}
            """)
        let library = try ContentLibrary(overlay: pack.url)
        var clashing = 0
        for index in 0..<TestTier.cases(fast: 150, full: 600) {
            let tree = try await DialogTree.make(library: library, index: index, seed: 3)
            let ids = tree.nodes.map(\.id)
            #expect(Set(ids).count == ids.count, "\(ids)")
            #expect(tree.nodes.allSatisfy { node in node.options.allSatisfy { option in ids.contains(option.next) } })
            if tree.nodes.contains(where: { $0.lines.first?.text.hasPrefix("Clash") == true }) {
                clashing += 1
                #expect(DialogScripts.yarn(tree).components(separatedBy: "title: ").count == ids.count + 1)
            }
        }
        #expect(clashing > 0, "some trees have a clashing topic")
    }
}
