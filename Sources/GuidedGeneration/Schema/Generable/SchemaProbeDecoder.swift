import JSONSchema

/// A `Decoder` that records what a type decodes instead of reading data: the keys it asks for,
/// in order, with the types it expects, and whether it asks for them "if present". It hands
/// back placeholder values so the type's initializer runs to the end.
struct SchemaProbeDecoder: Decoder {
    let derivation: SchemaDerivation
    let shape: ProbeShape
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedProbe<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw shape.unsupported("decodes itself from an array; implement generationSchema for it")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueProbe(decoder: self)
    }

    func record<T>(_ type: T.Type, key: String?) throws -> T {
        let derived = try derivation.derive(type)
        shape.record(derived.node, key: key)
        guard let value = try derived.placeholder() as? T else {
            throw shape.unsupported("its property \(key ?? "value") of type \(type) has no placeholder")
        }
        return value
    }
}

/// What a probed type turned out to be: a structure (properties in order) or a single value.
final class ProbeShape {
    private var properties: [(name: String, node: SchemaNode)] = []
    private var optional: Set<String> = []
    private var single: SchemaNode?
    private var typeName = ""

    func record(_ node: SchemaNode, key: String?) {
        guard let key else { single = node; return }
        if !properties.contains(where: { $0.name == key }) { properties.append((key, node)) }
    }

    func markOptional(_ key: String) { optional.insert(key) }

    func unsupported(_ detail: String) -> GenerationSchema.SchemaError {
        .underivableType(type: typeName, context: .init(debugDescription: detail))
    }

    func node(typeName: String) throws -> SchemaNode {
        self.typeName = typeName
        if let single, properties.isEmpty { single.typeName = typeName; return single }
        let node = LeafSchemas.node(.object)
        for property in properties { node.addProperty(property.name, property.node) }
        node.required = properties.map(\.name).filter { !optional.contains($0) }
        node.additionalProperties = .nothing
        node.typeName = typeName
        return node
    }
}

private struct KeyedProbe<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SchemaProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    /// `decodeIfPresent` asks this before decoding: such a property is optional.
    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.shape.markOptional(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.record(type, key: key.stringValue)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw decoder.shape.unsupported("decodes '\(key.stringValue)' through a nested container; implement generationSchema for it")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw decoder.shape.unsupported("decodes '\(key.stringValue)' through a nested container; implement generationSchema for it")
    }

    func superDecoder() throws -> any Decoder {
        throw decoder.shape.unsupported("decodes through a super decoder; implement generationSchema for it")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw decoder.shape.unsupported("decodes through a super decoder; implement generationSchema for it")
    }
}

private struct SingleValueProbe: SingleValueDecodingContainer {
    let decoder: SchemaProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.record(type, key: nil)
    }
}
