import Foundation
import JSONSchema
import NPCKit
import ProceduralModel
import RegexAutomata

/// The repository's `content/` folder, read in place: the procedural pack as the model loads it,
/// its grammar symbols' alternatives as written, and the game's JSON files.
enum ContentFolder {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("content")
    static let procedural = root.appendingPathComponent("procedural")

    /// The procedural pack, loaded and checked the way `ProceduralContent.builtIn` is (once per
    /// test process: loading trains the corpus model).
    static func pack() throws -> ProceduralContent {
        try loadedPack.get()
    }

    private static let loadedPack = Result { try ProceduralContent(directory: procedural) }

    /// Every grammar symbol's alternatives (template texts), merged over the pack's files in
    /// load order, as the grammar keeps them; `Grammar` does not expose its templates.
    static func symbolAlternatives() throws -> [String: [String]] {
        let files = try FileManager.default.contentsOfDirectory(atPath: procedural.path).filter { $0.hasSuffix(".json") }.sorted()
        var symbols: [String: [String]] = [:]
        for file in files {
            let document = try GeneratedContent(json: String(contentsOf: procedural.appendingPathComponent(file), encoding: .utf8))
            guard let table = document["grammar"]?["symbols"] else { continue }
            for name in table.orderedKeys {
                symbols[name] = table[name]?.elements?.compactMap { $0.stringValue ?? $0["text"]?.stringValue } ?? []
            }
        }
        return symbols
    }

    /// `content/game/<name>`, decoded as `type`.
    static func game<Value: Decodable>(_ name: String, as type: Value.Type) throws -> Value {
        let data = try Data(contentsOf: root.appendingPathComponent("game").appendingPathComponent(name))
        return try JSONDecoder().decode(type, from: data)
    }

    /// `count` expansions of `symbol`, each from its own seed, sharing one memory so that lines
    /// not produced yet are preferred (wider coverage than independent draws).
    static func expansions(of symbol: String, in pack: ProceduralContent, count: Int) throws -> [String] {
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 2026)
        return try (0..<count).map { _ in try pack.grammar.expand(symbol, memory: &memory, random: &random) }
    }
}
