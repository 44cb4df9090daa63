import GuidedGeneration

/// Why an NPC comes up to you: to order a coffee, or to see the manager about a complaint.
/// Stored as `{"kind": "orderCoffee"}` or `{"kind": "wantToTalkToManager", "complaint": "…"}`;
/// its `generationSchema` is one of those two structures, built from dynamic schemas (an enum
/// with a payload is not derived from its shape).
///
/// ```swift
/// switch npc.encounter {
/// case .orderCoffee: print("\(npc.name) would like \(npc.order).")
/// case .wantToTalkToManager(let complaint): print("\(npc.name) wants the manager: \(complaint)")
/// }
/// ```
public enum Encounter: Generable, Equatable, Hashable {
    case orderCoffee
    case wantToTalkToManager(complaint: String)

    public static var generationSchema: GenerationSchema {
        get throws { try compiledSchema.get() }
    }

    /// Built once: every NPC schema holds it.
    private static let compiledSchema = Result {
        func kind(_ name: String) -> DynamicGenerationSchema.Property {
            .init(name: "kind", schema: .init(type: String.self, guides: [.constant(name)]))
        }
        let complaint = DynamicGenerationSchema.Property(name: "complaint", description: "a complaint for the manager",
                                                          schema: .init(type: String.self, guides: [.length(5...60)]))
        return try GenerationSchema(root: DynamicGenerationSchema(name: "Encounter", anyOf: [
            DynamicGenerationSchema(name: "orderCoffee", properties: [kind("orderCoffee")]),
            DynamicGenerationSchema(name: "wantToTalkToManager", properties: [kind("wantToTalkToManager"), complaint]),
        ]), dependencies: [])
    }

    private enum CodingKeys: String, CodingKey { case kind, complaint }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "orderCoffee":
            self = .orderCoffee
        case "wantToTalkToManager":
            self = .wantToTalkToManager(complaint: try container.decode(String.self, forKey: .complaint))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription:
                "unknown encounter kind '\(other)'; expected orderCoffee or wantToTalkToManager")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .orderCoffee:
            try container.encode("orderCoffee", forKey: .kind)
        case .wantToTalkToManager(let complaint):
            try container.encode("wantToTalkToManager", forKey: .kind)
            try container.encode(complaint, forKey: .complaint)
        }
    }
}
