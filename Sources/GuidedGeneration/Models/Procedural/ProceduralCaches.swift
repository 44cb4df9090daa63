import Foundation

/// What the procedural model works out once per schema and per field rather than per response:
/// the record collection a schema's shape matches, the slot a field resolves to, and the
/// language of a prompt.
final class ProceduralCaches: @unchecked Sendable {
    /// Bounds each cache so a program making endless distinct schemas cannot grow it forever.
    static let capacity = 4096

    private let lock = NSLock()
    /// Keyed by the schema's root node, which the entry keeps alive so its identifier is not reused.
    private var records: [ObjectIdentifier: (root: SchemaNode, collection: ProceduralContent.RecordCollection?)] = [:]
    private var slots: [SlotQuery: String?] = [:]
    private var languages: [String: String?] = [:]

    /// The language a prompt is clearly in (nil: English); games repeat their prompts.
    func language(of prompt: String) -> String? {
        if let known = lock.withLock({ languages[prompt] }) { return known }
        let found = LanguageCheck.detectedLanguage(prompt)
        lock.withLock {
            if languages.count >= Self.capacity { languages.removeAll() }
            languages[prompt] = found
        }
        return found
    }

    func recordCollection(for schema: GenerationSchema, in content: ProceduralContent) -> ProceduralContent.RecordCollection? {
        let key = ObjectIdentifier(schema.graph.root)
        if let known = lock.withLock({ records[key] }) { return known.collection }
        let found = RecordShape(schema: schema.jsonSchema).flatMap(content.recordCollection(matching:))
        lock.withLock {
            if records.count >= Self.capacity { records.removeAll() }
            records[key] = (schema.graph.root, found)
        }
        return found
    }

    func slotSymbol(for query: SlotQuery, in content: ProceduralContent) -> String? {
        if let known = lock.withLock({ slots[query] }) { return known }
        let found = content.slotSymbol(for: query)
        lock.withLock {
            if slots.count >= Self.capacity { slots.removeAll() }
            slots[query] = found
        }
        return found
    }
}
