import GuidedGeneration
import JSONSchema
import NPCKit

/// What a content pack holds: NPCs, riddles, or barista dialog trees. Each kind has a JSON Schema (what
/// `contentpack schema KIND` prints and every item conforms to) and makes item `k` of a pack
/// from the pack seed and `k` alone, so any item can be made again by itself. NPCs and riddles
/// carry a stable `id` first (`npc_42_2`: the kind, the pack's seed, the item's index), the same
/// on every run and never shared by packs of other seeds; a dialog tree's `title` is its id.
///
/// ```swift
/// let library = try ContentLibrary.builtIn()
/// let items = try PackKind.npc.maker(library: library)
/// let third = try await items.item(at: 2, seed: 42)        // the same JSON on every run
/// ```
package enum PackKind: String, CaseIterable, Sendable {
    case npc, riddle, dialog

    /// The JSON Schema every item of this kind conforms to.
    package func schema(library: ContentLibrary) throws -> GenerationSchema {
        switch self {
        case .npc: try withID(try NPC.schema(for: library))
        case .riddle: try withID(try Riddle.generationSchema)
        case .dialog: try DialogTree.generationSchema
        }
    }

    /// The id of item `index` of a pack seeded `seed` (NPCs and riddles).
    func itemID(seed: UInt64, index: Int) -> String {
        "\(rawValue)_\(seed)_\(index)"
    }

    /// `schema` with the item's `id` as its first, required property.
    private func withID(_ schema: GenerationSchema) throws -> GenerationSchema {
        let document = schema.jsonSchema
        let id = GeneratedContent(properties: [
            ("type", GeneratedContent("string")), ("pattern", GeneratedContent("^\(rawValue)_[0-9]+_[0-9]+$")),
            ("description", GeneratedContent("The item's stable id: the kind, the pack's seed and the item's index")),
        ])
        let properties = document["properties"]
        let members = [("id", id)] + (properties?.orderedKeys ?? []).map { ($0, properties?[$0] ?? .null) }
        let required = [GeneratedContent("id")] + (document["required"]?.elements ?? [])
        return try GenerationSchema(jsonSchema: GeneratedContent(properties: document.orderedKeys.map { key in
            switch key {
            case "properties": (key, GeneratedContent(properties: members))
            case "required": (key, GeneratedContent(elements: required))
            default: (key, document[key] ?? .null)
            }
        } + (document["required"] == nil ? [("required", GeneratedContent(elements: required))] : [])))
    }

    /// The maker of this kind's items on `library`'s model (or `model`).
    package func maker(library: ContentLibrary, model: (any LanguageModel)? = nil) throws -> PackItemMaker {
        try PackItemMaker(kind: self, library: library, model: model ?? library.model)
    }
}

/// Makes the items of one kind: item `index` of a pack seeded `seed` through a fresh seeded
/// session, as ordered JSON (`GeneratedContent`).
package struct PackItemMaker: Sendable {
    let kind: PackKind
    /// Only the generator of this kind is made (the NPC schema is built from the content).
    private let source: Source

    private enum Source: Sendable {
        case npcs(NPCGenerator)
        case riddles(RiddleGenerator)
        case dialog(library: ContentLibrary, model: any LanguageModel)
    }

    package init(kind: PackKind, library: ContentLibrary, model: any LanguageModel) throws {
        self.kind = kind
        switch kind {
        case .npc: source = .npcs(try NPCGenerator(library: library, model: model))
        case .riddle: source = .riddles(RiddleGenerator(library: library, model: model))
        case .dialog: source = .dialog(library: library, model: model)
        }
    }

    /// Item `index` of the pack seeded `seed`.
    package func item(at index: Int, seed: UInt64) async throws -> GeneratedContent {
        let itemSeed = NPCGenerator.itemSeed(seed, index)
        switch source {
        case .npcs(let npcs): return identified(try await npcs.npcContent(seed: itemSeed), index: index, seed: seed)
        case .riddles(let riddles):
            return identified(try GeneratedContentEncoder().encode(try await riddles.riddle(seed: itemSeed)), index: index, seed: seed)
        case .dialog(let library, let model):
            return try GeneratedContentEncoder().encode(try await DialogTree.make(library: library, model: model, index: index, seed: seed))
        }
    }

    /// `item` with its id in front.
    private func identified(_ item: GeneratedContent, index: Int, seed: UInt64) -> GeneratedContent {
        GeneratedContent(properties: [("id", GeneratedContent(kind.itemID(seed: seed, index: index)))]
            + item.orderedKeys.filter { $0 != "id" }.map { ($0, item[$0] ?? .null) })
    }
}
