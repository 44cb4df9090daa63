import GuidedGeneration
import JSONSchema

/// Reads an NPC straight from content shaped by `NPC.schema(for:)`: what `NPCGenerator` does for
/// every NPC. `NPC` is `Generable`, so `NPC(content)` reads the same content, but the generic
/// `Decodable` route spends its time in the runtime's type look-ups (containers per nested type,
/// conformance checks per property). Measured with `npc-bench` in release on 2026-11-27,
/// interleaved: 26,800–28,400 NPCs/s without tools and 12,300–12,600 with contacts through this
/// reader, 23,800–26,300 and 10,900–11,400 through `NPC(content)` — so it stays. It agrees with
/// `GeneratedContentDecoder` on every NPC (tested over thousands of generated ones).
extension NPC {
    /// Which property of the content was missing or of the wrong kind, e.g. `order.size`.
    package struct ShapeError: Error, CustomStringConvertible {
        package let path: String
        package var description: String { "'\(path)' is missing or not what an NPC holds there" }
    }

    package init(generated content: GeneratedContent) throws(ShapeError) {
        guard let order = content["order"] else { throw ShapeError(path: "order") }
        guard let generationName = content["generation"]?.stringValue, let generation = AgeGeneration(rawValue: generationName) else {
            throw ShapeError(path: "generation")
        }
        guard let number = content["level"]?.numberValue, let level = Int(exactly: number) else { throw ShapeError(path: "level") }
        guard let encounter = content["encounter"] else { throw ShapeError(path: "encounter") }
        self.init(name: try Self.text("name", of: content, at: ""),
                  generation: generation,
                  order: CoffeeOrder(size: try Self.text("size", of: order, at: "order."),
                                     temperature: try Self.text("temperature", of: order, at: "order."),
                                     drink: try Self.text("drink", of: order, at: "order."),
                                     milk: try Self.optionalText("milk", of: order, at: "order."),
                                     syrup: try Self.optionalText("syrup", of: order, at: "order."),
                                     extras: try Self.texts("extras", of: order, at: "order.")),
                  level: level,
                  attributes: try Self.texts("attributes", of: content, at: ""),
                  encounter: try Self.encounter(encounter))
    }

    private static func text(_ key: String, of object: GeneratedContent, at prefix: String) throws(ShapeError) -> String {
        guard let text = object[key]?.stringValue else { throw ShapeError(path: prefix + key) }
        return text
    }

    /// Absent and `null` both read as nil, as `decodeIfPresent` does.
    private static func optionalText(_ key: String, of object: GeneratedContent, at prefix: String) throws(ShapeError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw ShapeError(path: prefix + key) }
        return text
    }

    private static func texts(_ key: String, of object: GeneratedContent, at prefix: String) throws(ShapeError) -> [String] {
        guard let items = object[key]?.elements else { throw ShapeError(path: prefix + key) }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else { throw ShapeError(path: "\(prefix)\(key)[\(index)]") }
            texts.append(text)
        }
        return texts
    }

    private static func encounter(_ content: GeneratedContent) throws(ShapeError) -> Encounter {
        switch content["kind"]?.stringValue {
        case "orderCoffee": return .orderCoffee
        case "wantToTalkToManager": return .wantToTalkToManager(complaint: try text("complaint", of: content, at: "encounter."))
        default: throw ShapeError(path: "encounter.kind")
        }
    }
}
