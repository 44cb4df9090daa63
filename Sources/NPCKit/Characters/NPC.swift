/// A customer of the coffee shop: a full name (a contact's, when contacts are loaded), an age
/// generation, a coffee order from the menu, a level from 1 to 10, three distinct attributes from
/// the content, and an encounter. Made by `NPCGenerator` through a `LanguageModelSession`
/// against `NPC.schema(for:)`, so every NPC is valid for the loaded content.
///
/// ```swift
/// let npc = try await NPCGenerator(library: try .builtIn()).npc(seed: 7)
/// print("\(npc.name) (level \(npc.level), \(npc.attributes.joined(separator: ", "))) wants \(npc.order)")
/// ```
public struct NPC: Sendable, Equatable, Hashable, Codable {
    public var name: String
    public var generation: AgeGeneration
    public var order: CoffeeOrder
    public var level: Int
    public var attributes: [String]
    public var encounter: Encounter

    public init(name: String, generation: AgeGeneration, order: CoffeeOrder, level: Int, attributes: [String], encounter: Encounter) {
        self.name = name
        self.generation = generation
        self.order = order
        self.level = level
        self.attributes = attributes
        self.encounter = encounter
    }
}
