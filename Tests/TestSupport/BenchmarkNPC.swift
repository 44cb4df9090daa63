import GuidedGeneration

/// The NPC the session benchmark generates as a typed value (`guided-bench`'s session rows),
/// so the tests that check it measure what the figures measure: names, an order, a level, three
/// attributes from a fixed list, and an encounter of one of two shapes.
public struct BenchmarkNPC: Generable {
    public let name: String
    public let coffeeOrder: String
    public let level: Int
    public let attributes: [String]
    public let encounter: BenchmarkEncounter

    public static let guides: [String: GenerationGuide] = [
        "name": .description("A full name"),
        "level": .range(1...10),
        "attributes": .count(3).element(.anyOf(["sassy", "tired", "hungry", "chatty", "shy", "curious"])),
    ]
}

/// What the benchmark NPC came for: a coffee, or a word with the manager.
public enum BenchmarkEncounter: Generable {
    case orderCoffee(String)
    case wantToTalkToManager(complaint: String)

    public static var generationSchema: GenerationSchema {
        get throws {
            func single(_ name: String, _ field: String) -> DynamicGenerationSchema {
                .init(name: name, properties: [.init(name: name, schema: .init(name: name + "Case",
                      properties: [.init(name: field, schema: .init(type: String.self))]))])
            }
            return try GenerationSchema(root: .init(name: "Encounter", anyOf: [
                single("orderCoffee", "_0"), single("wantToTalkToManager", "complaint")]), dependencies: [])
        }
    }
}
