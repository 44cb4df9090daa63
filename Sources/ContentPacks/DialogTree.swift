import GuidedGeneration
import NPCKit
import ProceduralModel
import RegexAutomata

/// A conversation with the barista as a tree an engine can play: a greeting node offering a few
/// topics and a goodbye, a node per topic (the player's question, the barista's answer) offering
/// the other topics and the goodbye, so paths branch and converge on one ending. An option that
/// leads to a topic node is offered only while that node is unvisited (the Yarn and Ink scripts
/// say so with `visited()` and read counts), so every path asks each topic at most once. Lines
/// come from the barista's persona session, seeded, so a tree is the same on every run; its
/// title names the barista, the seed and the item (`Juno_42_0`), so packs made with other seeds
/// never share a node name or a line id.
///
/// ```swift
/// let tree = try await DialogTree.make(library: try .builtIn(), index: 0, seed: 42)
/// print(tree.title, tree.nodes.map(\.id))      // Juno_42_0 ["Start", "Wifi", "Cat", "Music", "Goodbye"]
/// ```
package struct DialogTree: Generable, Equatable {
    /// One line said in a node.
    package struct Line: Generable, Equatable {
        var speaker: String
        package var text: String
    }

    /// A choice the player has at the end of a node, leading to another node.
    package struct Option: Generable, Equatable {
        var text: String
        package var next: String

        package static let guides: [String: GenerationGuide] = ["next": .pattern(DialogTree.nameSyntax)]
    }

    /// A node: its id (letters, digits and `_`), its lines, and the options after them (none:
    /// the conversation ends).
    package struct Node: Generable, Equatable {
        package var id: String
        package var lines: [Line]
        package var options: [Option]

        package static let guides: [String: GenerationGuide] = ["id": .pattern(DialogTree.nameSyntax)]
    }

    /// The tree's name (letters, digits and `_`): the barista, the pack's seed and the item's
    /// index, e.g. `Juno_42_7`.
    var title: String
    package var nodes: [Node]

    /// Node ids and the title are Yarn and Ink names: a letter, then letters, digits and `_`.
    package static let guides: [String: GenerationGuide] = ["title": .pattern(nameSyntax)]
    package static let nameSyntax = "[A-Za-z][A-Za-z0-9_]*"

    /// Whether the option is offered only while the node it leads to is unvisited: true for a
    /// topic, false for an ending (a node without options, the goodbye), which stays on offer.
    package func isOfferedOnce(_ option: Option) -> Bool {
        nodes.first { $0.id == option.next }.map { !$0.options.isEmpty } ?? false
    }

    /// How many topics a tree offers.
    package static let topicCount = 3

    /// Tree `index` of a pack seeded `seed`, on `library`'s model (or `model`).
    package static func make(library: ContentLibrary, model: (any LanguageModel)? = nil, index: Int, seed: UInt64) async throws -> DialogTree {
        var random = SeededRandom(seed: NPCGenerator.itemSeed(seed, index))
        let barista = library.barista.name
        let topics = random.shuffled(Self.topics(in: library.procedural)).prefix(topicCount)
        let conversation = Conversation(model: model ?? library.model, instructions: library.barista.briefing)
        func say(_ prompt: String) async throws -> String {
            try await conversation.reply(to: prompt, seed: random.next())
        }
        let goodbye = "Goodbye"
        let greeting = try await say("Hello!")
        var topicNodes: [Node] = []
        var ids: Set = ["Start", goodbye]
        for intent in topics {
            let question = intent.examples[Int(random.below(UInt64(intent.examples.count)))]
            let answer = try await say(question)
            topicNodes.append(Node(id: freeID(nodeID(intent.name), taken: &ids), lines: [Line(speaker: "Player", text: capitalised(question)), Line(speaker: barista, text: answer)],
                                   options: []))
        }
        let farewell = try await say("Thanks, bye!")
        let leave = Option(text: "Thanks, bye!", next: goodbye)
        for position in topicNodes.indices {
            topicNodes[position].options = topicNodes.indices.filter { $0 != position }.map { Option(text: topicNodes[$0].lines[0].text, next: topicNodes[$0].id) } + [leave]
        }
        let start = Node(id: "Start", lines: [Line(speaker: barista, text: greeting)],
                         options: topicNodes.map { Option(text: $0.lines[0].text, next: $0.id) } + [leave])
        let end = Node(id: goodbye, lines: [Line(speaker: "Player", text: "Thanks, bye!"), Line(speaker: barista, text: farewell)], options: [])
        return DialogTree(title: "\(nodeID(barista))_\(seed)_\(index)", nodes: [start] + topicNodes + [end])
    }

    /// The intents that make good topics: the barista's own subjects, not ones needing a tool,
    /// greetings or goodbyes.
    package static func topics(in content: ProceduralContent) -> [ProceduralContent.Intent] {
        content.intents.filter { $0.tool == nil && !["greeting", "farewell", "thanks", "apology"].contains($0.name) && !$0.examples.isEmpty }
    }

    /// `wifiPassword` → `WifiPassword`: ASCII letters and digits only, starting with a capital
    /// letter (`Node` when nothing is left or it would start with a digit).
    package static func nodeID(_ name: String) -> String {
        let kept = name.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let first = kept.first, first.isLetter else { return "Node" + kept }
        return kept.prefix(1).uppercased() + kept.dropFirst()
    }

    /// `id`, or — when a node already has it (an intent named `start`, `goodbye`, or like another
    /// once reduced to letters and digits) — `id` with the first number from 2 that is free.
    package static func freeID(_ id: String, taken: inout Set<String>) -> String {
        var free = id, number = 2
        while !taken.insert(free).inserted {
            free = "\(id)\(number)"
            number += 1
        }
        return free
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
