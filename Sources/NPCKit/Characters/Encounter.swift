/// Why an NPC comes up to you: to order a coffee, or to see the manager about a complaint.
/// Stored as `{"kind": "orderCoffee"}` or `{"kind": "wantToTalkToManager", "complaint": "…"}`.
///
/// ```swift
/// switch npc.encounter {
/// case .orderCoffee: print("\(npc.name) would like \(npc.order).")
/// case .wantToTalkToManager(let complaint): print("\(npc.name) wants the manager: \(complaint)")
/// }
/// ```
public enum Encounter: Sendable, Equatable, Hashable, Codable {
    case orderCoffee
    case wantToTalkToManager(complaint: String)

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
