import GuidedGeneration

/// A customer of the coffee shop: a full name (a contact's, when contacts are loaded), an age
/// generation, a coffee order from the menu, a level from 1 to 10, three distinct attributes from
/// the content, and an encounter. Made by `NPCGenerator` through a `LanguageModelSession`
/// against `NPC.schema(for:)` — this type's derived schema with the content's choices — so
/// every NPC is valid for the loaded content. Properties are declared in the order they are
/// generated: the generation first, so that a contact can be looked up for it before the name.
///
/// ```swift
/// let npc = try await NPCGenerator(library: try .builtIn()).npc(seed: 7)
/// print("\(npc.name) (level \(npc.level), \(npc.attributes.joined(separator: ", "))) wants \(npc.order)")
/// ```
public struct NPC: Generable, Equatable, Hashable {
    public var generation: AgeGeneration
    public var name: String
    public var order: CoffeeOrder
    public var level: Int
    public var attributes: [String]
    public var encounter: Encounter

    public static let generationDescription: String? = "A customer of the coffee shop"

    /// The name is one or more capitalised words, so that a tool's "no one left" message can
    /// never become a name.
    public static let guides: [String: GenerationGuide] = [
        "name": .description("A full name").pattern(namePattern).maximumLength(60),
        "level": .range(1...10),
        "attributes": .count(3).uniqueElements(),
    ]

    /// Words each starting with a character that is not a lower-case ASCII letter, without
    /// commas, colons, brackets or quotes, and ending in neither a hyphen nor an apostrophe; a
    /// full stop only closes a short abbreviation ("J.", "Jr."). So a model cannot end a name
    /// with the punctuation of the sentence it thought it was writing ("Daisy McBride,").
    package static let namePattern = "\(nameWord)(?: \(nameWord))*"
    private static let nameWord = #"(?:[^\sa-z,;:!?"()\[\]{}.'’-](?:[^\s,;:!?"()\[\]{}.]*[^\s,;:!?"()\[\]{}.'’-])?|[A-Z][a-z]{0,2}\.)"#

    public init(name: String, generation: AgeGeneration, order: CoffeeOrder, level: Int, attributes: [String], encounter: Encounter) {
        self.name = name
        self.generation = generation
        self.order = order
        self.level = level
        self.attributes = attributes
        self.encounter = encounter
    }
}
