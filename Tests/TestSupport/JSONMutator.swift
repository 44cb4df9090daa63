import GuidedGeneration
import JSONSchema
import RegexAutomata

/// Structure-aware mutations of a JSON document, which get past a JSON parser to the code that
/// reads the document (a schema importer, a save loader, a request handler), where byte
/// mutations mostly stop: a part replaced by an odd value or by a copy of another part (which
/// may hold itself after a few rounds), a key added with an odd value, a key removed.
///
/// ```swift
/// var mutator = JSONMutator(random: SeededRandom(seed: 3), keys: ["count"], values: [GeneratedContent(-1)])
/// let hostile = mutator.mutate(try GeneratedContent(json: #"{"count": 2}"#))   // e.g. {"count": -1}
/// ```
public struct JSONMutator {
    public var random: SeededRandom
    /// Keys the reader knows, added with odd values.
    public let keys: [String]
    /// Values put in place of parts or under added keys, besides copies of the document's parts.
    public let values: [GeneratedContent]

    /// Values odd for almost any reader: huge, negative, fractional and exact-beyond-double
    /// numbers, empty and wrong-typed containers, empty and long strings.
    public static let oddValues: [GeneratedContent] = ([
        "0", "-1", "1", "2.5", "-0", "1e308", "-1e308", "1e-300", "9007199254740993", "18446744073709551616", "-9223372036854775809",
        String(repeating: "9", count: 300), "true", "false", "null", "[]", "{}", #""""#, #""\u0000\ud83d\ude00é""#, "[[[[[]]]]]",
        "\"" + String(repeating: "x", count: 5_000) + "\"", "[" + Array(repeating: "0", count: 2_000).joined(separator: ",") + "]",
    ] as [String]).map { try! GeneratedContent(json: $0) }

    public init(random: SeededRandom, keys: [String], values: [GeneratedContent]) {
        self.random = random
        self.keys = keys
        self.values = values + Self.oddValues
    }

    /// One mutation of one part of `document` (the whole document included).
    public mutating func mutate(_ document: GeneratedContent) -> GeneratedContent {
        var parts: [GeneratedContent] = []
        collect(document, into: &parts)
        var counter = 0
        return rewrite(document, target: Int(random.below(UInt64(parts.count))), counter: &counter, parts: parts)
    }

    /// Each part of `value` (itself first), depth first.
    private func collect(_ value: GeneratedContent, into parts: inout [GeneratedContent]) {
        parts.append(value)
        switch value.kind {
        case .array(let elements): elements.forEach { collect($0, into: &parts) }
        case .structure(let properties, let keys): keys.forEach { collect(properties[$0]!, into: &parts) }
        default: break
        }
    }

    private mutating func rewrite(_ value: GeneratedContent, target: Int, counter: inout Int, parts: [GeneratedContent]) -> GeneratedContent {
        let index = counter
        counter += 1
        if index == target { return replacement(for: value, parts: parts) }
        switch value.kind {
        case .array(let elements):
            return GeneratedContent(elements: elements.map { rewrite($0, target: target, counter: &counter, parts: parts) })
        case .structure(let properties, let keys):
            return GeneratedContent(properties: keys.map { ($0, rewrite(properties[$0]!, target: target, counter: &counter, parts: parts)) })
        default:
            return value
        }
    }

    private mutating func replacement(for value: GeneratedContent, parts: [GeneratedContent]) -> GeneratedContent {
        let substitute = random.chance(0.25) ? parts[Int(random.below(UInt64(parts.count)))] : values[Int(random.below(UInt64(values.count)))]
        switch (value.kind, random.below(4)) {
        case (.structure(let properties, let keys), 0) where !keys.isEmpty:
            let removed = keys[Int(random.below(UInt64(keys.count)))]
            return GeneratedContent(properties: keys.filter { $0 != removed }.map { ($0, properties[$0]!) })
        case (.structure(let properties, let keys), 1), (.structure(let properties, let keys), 2):
            let added = self.keys.isEmpty ? "x" : self.keys[Int(random.below(UInt64(self.keys.count)))]
            return GeneratedContent(properties: keys.map { ($0, properties[$0]!) } + [(added, substitute)])
        case (.array(var elements), 0) where !elements.isEmpty:
            elements.remove(at: Int(random.below(UInt64(elements.count))))
            return GeneratedContent(elements: elements)
        case (.array(let elements), 1):
            return GeneratedContent(elements: elements + [substitute])
        default:
            return substitute
        }
    }
}
