import GuidedGeneration
import JSONSchema
import ProceduralModel
import RegexAutomata

/// Makes NPCs through a `LanguageModelSession` — one fresh session per NPC, seeded, against
/// `NPC.schema(for:)`. With contacts, a `FindContactTool` is registered in every session: the
/// model calls it for the NPC's generation and names the NPC after the contact it returns, never
/// the same contact twice for this generator; once a generation has no one left, names are
/// generated instead.
///
/// ```swift
/// let library = try ContentLibrary.builtIn()
/// let generator = try NPCGenerator(library: library, contacts: library.contacts)
/// let npcs = try await generator.npcs(count: 10, seed: 42)
/// ```
public struct NPCGenerator: Sendable {
    public let library: ContentLibrary
    public let schema: GenerationSchema
    package let model: any LanguageModel
    /// The contact picker shared by every NPC of this generator (nil without contacts).
    public let contactPicker: FindContactTool?
    /// Whether the model is shown example NPCs first (one that `followsExamples`; the
    /// procedural model draws from the content itself).
    package let showsExamples: Bool
    /// The strings the schema lists as values (an attribute, a drink): a reply repeating one of
    /// an example's is making a choice, not copying.
    private let listedValues: Set<String>
    /// How many example NPCs a language model sees before writing one. Each is prompt the
    /// model computes anew for every NPC; one keeps names and orders varied at the least cost
    /// (SmolLM2: 3.5 s per NPC with one, 5.4 s with two).
    package static let exampleCount = 1

    /// A generator on `library`'s model (or `model`), naming NPCs after `contacts` when given;
    /// `contactSeed` seeds which contact is picked.
    public init(library: ContentLibrary, model: (any LanguageModel)? = nil, contacts: [Contact] = [], contactSeed: UInt64 = 0) throws {
        self.init(library: library, model: model, contacts: contacts, contactSeed: contactSeed, schema: try NPC.schema(for: library))
    }

    /// A generator on an NPC schema made before (`NPC.schema(for:menu:)`).
    package init(library: ContentLibrary, model: (any LanguageModel)?, contacts: [Contact], contactSeed: UInt64, schema: GenerationSchema) {
        self.library = library
        self.model = model ?? library.model
        showsExamples = self.model.capabilities.contains(.followsExamples)
        listedValues = showsExamples ? Self.listed(in: schema.jsonSchema) : []
        self.schema = schema
        contactPicker = contacts.isEmpty ? nil : FindContactTool(contacts: contacts, seed: contactSeed)
    }

    /// The NPC for `seed`: the same seed, content and contacts give the same NPC.
    public func npc(seed: UInt64) async throws -> NPC {
        let content = try await npcContent(seed: seed)
        do {
            return try NPC(generated: content)
        } catch {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "the reply is not an NPC: \(error)"))
        }
    }

    /// The NPC for `seed` as the model generated it: JSON valid for `schema`, properties in
    /// the schema's order (what content packs write). A model shown examples that copies a
    /// sentence of one (a complaint word for word) is asked again with other examples, at most
    /// `attempts` times, and the last reply is kept.
    package func npcContent(seed: UInt64) async throws -> GeneratedContent {
        guard showsExamples else { return try await content(seed: seed, model: model, tools: contactPicker.map { [$0] } ?? [], examples: []) }
        var reply = GeneratedContent(kind: .null)
        for attempt in 0..<Self.attempts {
            // The procedural model's NPCs for seeds of this item: names, orders and complaints from the content.
            var examples: [GeneratedContent] = []
            for index in 0..<Self.exampleCount {
                examples.append(try await content(seed: Self.itemSeed(seed, attempt * Self.exampleCount + index + 1), model: library.model,
                                                  tools: [], examples: []))
            }
            reply = try await content(seed: seed, model: model, tools: contactPicker.map { [$0] } ?? [], examples: examples)
            let shown = Set(examples.flatMap(Self.sentences)).subtracting(listedValues)
            guard Self.sentences(in: reply).contains(where: shown.contains) else { return reply }
        }
        return reply
    }

    /// How many times an NPC is asked for when the model copies its examples.
    package static let attempts = 3

    /// The strings a JSON Schema lists as values (`enum`, `const`), at any depth.
    static func listed(in schema: GeneratedContent) -> Set<String> {
        var found = Set<String>()
        if let elements = schema.elements { for element in elements { found.formUnion(listed(in: element)) } }
        for key in schema.orderedKeys {
            guard let value = schema[key] else { continue }
            if key == "enum" || key == "const" {
                found.formUnion((value.elements ?? [value]).compactMap(\.stringValue))
            } else {
                found.formUnion(listed(in: value))
            }
        }
        return found
    }

    /// The string values of `content` of three words or more (free text, not a name), at any
    /// depth.
    static func sentences(in content: GeneratedContent) -> [String] {
        if let text = content.stringValue { return text.split(separator: " ").count >= 3 ? [text] : [] }
        if let elements = content.elements { return elements.flatMap(sentences) }
        return content.orderedKeys.compactMap { content[$0] }.flatMap(sentences)
    }

    /// One NPC from `model`, asked with the writing guide after `examples`.
    private func content(seed: UInt64, model: any LanguageModel, tools: [any Tool], examples: [GeneratedContent]) async throws -> GeneratedContent {
        let guide = library.writing.npc
        let session = guide.session(model: model, tools: tools, examples: examples)
        return try await session.respond(to: guide.prompt, schema: schema, options: ItemSampling.options(seed: seed)).content
    }

    /// `count` NPCs, item k seeded from `seed` and k (so any one can be made again alone with
    /// `npc(seed: NPCGenerator.itemSeed(seed, k))`).
    public func npcs(count: Int, seed: UInt64) async throws -> [NPC] {
        var made: [NPC] = []
        made.reserveCapacity(max(0, count))
        for index in 0..<max(0, count) { made.append(try await npc(seed: Self.itemSeed(seed, index))) }
        return made
    }

    /// The seed of item `index` of a batch seeded with `seed`.
    public static func itemSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var random = SeededRandom.derived(seed: seed, index: UInt64(index))
        return random.next()
    }
}
