import Foundation
import GuidedGeneration
import JSONSchema
import Synchronization

/// What the procedural model works out once per schema, per field and per prompt rather than
/// per response: the record collection a schema's shape matches, the slot a field resolves to,
/// the lexicon kinds a prompt names, what a prompt says about a tool's arguments, and the
/// language of a prompt.
final class ProceduralCaches: Sendable {
    /// How many schemas the caches keyed by a schema keep alive: a host that compiles a new
    /// schema per request (each a cache miss) would otherwise hold thousands of whole schemas,
    /// patterns and automata included.
    static let schemaCapacity = 256

    /// Keyed by the schema's root node, which the entry keeps alive so its identifier is not reused.
    private let records = BoundedCache<ObjectIdentifier, (root: SchemaNode, collection: ProceduralContent.RecordCollection?)>(capacity: schemaCapacity)
    private let slots = BoundedCache<SlotQuery, ProceduralContent.Slot?>()
    private let languages = BoundedCache<String, String?>()
    private let promptKinds = BoundedCache<String, [String]>()
    private let conversationArguments = BoundedCache<ConversationKey, (root: SchemaNode, values: ArgumentDerivation.ConversationValues)>(capacity: schemaCapacity)
    private let offers = BoundedCache<OfferKey, (parameters: SchemaNode?, offered: Bool)>(capacity: schemaCapacity)
    private let propertyNames = BoundedCache<ObjectIdentifier, (root: SchemaNode, names: Set<String>)>(capacity: schemaCapacity)

    /// A capability asked of a tool with this name, description and parameters (by root node,
    /// which the entry keeps alive), and no declared capabilities.
    private struct OfferKey: Hashable, Sendable {
        let wanted: ProceduralContent.ToolRequest
        let name: String
        let description: String
        let parameters: ObjectIdentifier?
    }

    /// A tool's parameters (by root node) and the conversation its arguments are read from.
    private struct ConversationKey: Hashable, Sendable {
        let root: ObjectIdentifier
        let prompt: String
        let instructions: String?

        /// Instructions run to pages and come back with every session, so the hash reads only
        /// their length and their two ends; equality still compares them whole, which takes no
        /// time for the same string.
        func hash(into hasher: inout Hasher) {
            hasher.combine(root)
            hasher.combine(prompt)
            guard let utf8 = instructions?.utf8 else { return hasher.combine(-1) }
            hasher.combine(utf8.count)
            for byte in utf8.prefix(Self.hashedEnd) { hasher.combine(byte) }
            for byte in utf8.suffix(Self.hashedEnd) { hasher.combine(byte) }
        }

        static let hashedEnd = 32
    }

    func recordCollection(for schema: GenerationSchema, in content: ProceduralContent) -> ProceduralContent.RecordCollection? {
        records.value(for: ObjectIdentifier(schema.graph.root)) {
            // Only the records the schema accepts are drawn: a shape can match while a bound
            // (three answers, a length) rules some records out, and those would be thrown away.
            let collection = RecordShape(schema: schema).flatMap(content.recordCollection(matching:)).flatMap { collection in
                let fitting = collection.records.filter { schema.violations(of: $0).isEmpty }
                return fitting.isEmpty ? nil : ProceduralContent.RecordCollection(name: collection.name, records: fitting)
            }
            return (schema.graph.root, collection)
        }.collection
    }

    func slot(for query: SlotQuery, in content: ProceduralContent) -> ProceduralContent.Slot? {
        slots.value(for: query) { content.slot(for: query) }
    }

    /// The lexicon kinds a prompt names (`Lexicon.kinds(namedIn:)`); games repeat their prompts.
    func kinds(namedIn prompt: String, in content: ProceduralContent) -> [String] {
        promptKinds.value(for: prompt) { content.compiledLexicon.kinds(namedIn: prompt) }
    }

    /// What a prompt and instructions say about a tool's arguments; games repeat their prompts.
    func conversationArguments(for schema: GenerationSchema, prompt: String, instructions: String?) -> ArgumentDerivation.ConversationValues {
        let key = ConversationKey(root: ObjectIdentifier(schema.graph.root), prompt: prompt, instructions: instructions)
        return conversationArguments.value(for: key) {
            (schema.graph.root, ArgumentDerivation.fromConversation(for: schema, prompt: prompt, instructions: instructions))
        }.values
    }

    /// Whether `tool` offers `wanted`. A tool that declares capabilities is answered from them
    /// directly; for one that declares none, matching reads the words of its name, description
    /// and parameters, and sessions register the same tools again and again, so that is kept.
    func isOffered(_ wanted: ProceduralContent.ToolRequest, by tool: Transcript.ToolDefinition) -> Bool {
        isOffered(wanted, byToolNamed: tool.name, description: tool.description, capabilities: tool.capabilities, parameters: tool.parameters)
    }

    /// Whether a tool known by these parts offers `wanted` (`parameters` nil: a tool known only
    /// by its name, from a saved transcript).
    func isOffered(_ wanted: ProceduralContent.ToolRequest, byToolNamed name: String, description: String, capabilities: [String],
                   parameters: GenerationSchema? = nil) -> Bool {
        if !capabilities.isEmpty { return wanted.isOffered(byToolNamed: name, description: description, capabilities: capabilities) }
        let root = parameters?.graph.root
        return offers.value(for: OfferKey(wanted: wanted, name: name, description: description, parameters: root.map(ObjectIdentifier.init))) {
            (root, wanted.isOffered(byToolNamed: name, description: description, capabilities: [], parameters: parameters))
        }.offered
    }

    /// The names of the properties of a schema's root object (none for other roots).
    func rootPropertyNames(of schema: GenerationSchema) -> Set<String> {
        propertyNames.value(for: ObjectIdentifier(schema.graph.root)) {
            (schema.graph.root, Set(ToolParameterField.fields(of: schema).fields.map(\.name)))
        }.names
    }

    /// The language a prompt is clearly in (nil: English); games repeat their prompts.
    func language(of prompt: String) -> String? {
        languages.value(for: prompt) { LanguageCheck.detectedLanguage(prompt) }
    }
}

/// A thread-safe memo that forgets everything once it holds `capacity` entries, so a program
/// making endless distinct keys cannot grow it forever.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let entries = Mutex<[Key: Value]>([:])

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The value for `key`, computed by `make` (outside the lock) the first time.
    func value(for key: Key, make: () -> Value) -> Value {
        if let known = entries.withLock({ $0[key] }) { return known }
        let made = make()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll() }
            entries[key] = made
        }
        return made
    }
}
