import GuidedGeneration

/// What a content pack holds: NPCs, riddles, or barista dialog trees. Each kind has a JSON Schema (what
/// `contentpack schema KIND` prints and every item conforms to) and makes item `k` of a pack
/// from the pack seed and `k` alone, so any item can be made again by itself.
///
/// ```swift
/// let library = try ContentLibrary.builtIn()
/// let items = try PackKind.npc.maker(library: library)
/// let third = try await items.item(at: 2, seed: 42)        // the same JSON on every run
/// ```
public enum PackKind: String, CaseIterable, Sendable {
    case npc, riddle, dialog

    /// The JSON Schema every item of this kind conforms to.
    public func schema(library: ContentLibrary) throws -> GenerationSchema {
        switch self {
        case .npc: try NPC.schema(for: library)
        case .riddle: try Riddle.generationSchema
        case .dialog: try DialogTree.generationSchema
        }
    }

    /// The maker of this kind's items on `library`'s model (or `model`).
    public func maker(library: ContentLibrary, model: (any LanguageModel)? = nil) throws -> PackItemMaker {
        try PackItemMaker(kind: self, library: library, model: model ?? library.model)
    }
}

/// Makes the items of one kind: item `index` of a pack seeded `seed` through a fresh seeded
/// session, as ordered JSON (`GeneratedContent`).
public struct PackItemMaker: Sendable {
    public let kind: PackKind
    private let npcs: NPCGenerator
    private let riddles: RiddleGenerator
    private let library: ContentLibrary
    private let model: any LanguageModel

    init(kind: PackKind, library: ContentLibrary, model: any LanguageModel) throws {
        self.kind = kind
        self.library = library
        self.model = model
        npcs = try NPCGenerator(library: library, model: model)
        riddles = RiddleGenerator(library: library, model: model)
    }

    /// Item `index` of the pack seeded `seed`.
    public func item(at index: Int, seed: UInt64) async throws -> GeneratedContent {
        let itemSeed = NPCGenerator.itemSeed(seed, index)
        switch kind {
        case .npc: return try await npcs.npcContent(seed: itemSeed)
        case .riddle: return try GeneratedContentEncoder().encode(try await riddles.riddle(seed: itemSeed))
        case .dialog: return try GeneratedContentEncoder().encode(try await DialogTree.make(library: library, model: model, index: index, seed: seed))
        }
    }
}
