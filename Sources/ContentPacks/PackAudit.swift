import GuidedGeneration
import JSONSchema
import NPCKit
import ProceduralModel

/// `audit.json` of a pack directory: an Improv-style repetition report — how often each
/// alternative of each grammar symbol was drawn, which alternatives never were, the lines that
/// came out more than once (most repeated first) and how many were distinct, the duplicates
/// `--unique` rejected, and which items (by kind, their indices) the procedural fallback made for
/// a model, or were left out because the model could not make them valid.
///
/// ```swift
/// let audit = GrammarAudit()
/// _ = try await PackExport(kind: .npc, count: 100, seed: 1).run(library: library, audit: audit) { _, _ in }
/// print(PackAudit(audit: audit, library: library, items: ["npc": 100], duplicatesRejected: 0).content.prettyJSONString)
/// ```
package struct PackAudit: Sendable {
    static let formatVersion = 1
    package let content: GeneratedContent

    package init(audit: GrammarAudit, library: ContentLibrary, items: [(kind: String, count: Int)], duplicatesRejected: Int,
                 fallbackItems: [String: [Int]] = [:], failedItems: [String: [Int]] = [:], topLines: Int = 100) {
        let report = audit.report(top: topLines)
        let grammar = library.procedural.grammar
        let rules = report.draws.map { entry -> (String, GeneratedContent) in
            let alternatives = grammar.alternatives(of: entry.symbol)?.count ?? 0
            let drawn = Set(entry.alternatives.map(\.index))
            return (entry.symbol, GeneratedContent(properties: [
                ("draws", GeneratedContent(entry.alternatives.reduce(0) { $0 + $1.count })),
                ("alternatives", GeneratedContent(properties: entry.alternatives.map { (String($0.index), GeneratedContent($0.count)) })),
                ("neverDrawn", GeneratedContent(elements: (0..<alternatives).filter { !drawn.contains($0) }.map { GeneratedContent($0) })),
            ]))
        }
        let unusedSymbols = grammar.symbolNames.filter { name in !report.draws.contains { $0.symbol == name } }
        content = GeneratedContent(properties: [
            ("formatVersion", GeneratedContent(Self.formatVersion)),
            ("items", GeneratedContent(properties: items.map { ($0.kind, GeneratedContent($0.count)) })),
            ("duplicatesRejected", GeneratedContent(duplicatesRejected)),
            ("fallbackItems", GeneratedContent(fallbackItems.values.reduce(0) { $0 + $1.count })),
            ("fallbackItemIndices", Self.indices(fallbackItems, kinds: items.map(\.kind))),
            ("failedItemIndices", Self.indices(failedItems, kinds: items.map(\.kind))),
            ("rules", GeneratedContent(properties: rules)),
            ("symbolsNeverDrawn", GeneratedContent(elements: unusedSymbols.sorted().map { GeneratedContent($0) })),
            ("lines", GeneratedContent(properties: [
                ("distinct", GeneratedContent(report.distinctLines)),
                ("uncounted", GeneratedContent(report.uncountedLines)),
                ("mostRepeated", GeneratedContent(elements: report.mostRepeatedLines.map {
                    GeneratedContent(properties: [("line", GeneratedContent($0.line)), ("count", GeneratedContent($0.count))])
                })),
            ])),
        ])
    }

    /// `{"npc": [3, 7]}`, the kinds in the pack's order, those with no index left out.
    private static func indices(_ byKind: [String: [Int]], kinds: [String]) -> GeneratedContent {
        GeneratedContent(properties: kinds.compactMap { kind in
            byKind[kind].map { (kind, GeneratedContent(elements: $0.map { GeneratedContent($0) })) }
        })
    }
}
