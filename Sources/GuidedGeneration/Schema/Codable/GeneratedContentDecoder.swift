import Foundation
import JSONSchema

/// Decodes `Decodable` values from `GeneratedContent`, reporting mismatches as
/// `DecodingError`s with the coding path to the offending value.
///
/// ```swift
/// struct Drink: Codable { let name: String; let shots: Int }
/// let content = try GeneratedContent(json: #"{"name": "mocha", "shots": 2}"#)
/// let drink = try GeneratedContentDecoder().decode(Drink.self, from: content)
/// ```
public struct GeneratedContentDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a value of the given type.
    public func decode<Value: Decodable>(_ type: Value.Type, from content: GeneratedContent) throws -> Value {
        try DecodingReader.decode(type, from: content, codingPath: [])
    }
}

/// The `Decoder` handed to values.
struct DecodingReader: Decoder {
    let content: GeneratedContent
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<Value: Decodable>(_ type: Value.Type, from content: GeneratedContent,
                                         codingPath: @autoclosure () -> [any CodingKey]) throws -> Value {
        if let leaf = try leafValue(type, from: content, codingPath: codingPath()) { return leaf }
        return try Value(from: DecodingReader(content: content, codingPath: codingPath()))
    }

    /// Scalars, and values whose own `Decodable` form is not their JSON one (`Decimal`, `URL`);
    /// nil for every other type. The path is only built for an error message.
    static func leafValue<Value>(_ type: Value.Type, from content: GeneratedContent,
                                 codingPath: @autoclosure () -> [any CodingKey]) throws -> Value? {
        // Strings first by metatype identity: a pointer comparison where the conformance check
        // below is a runtime look-up, and most leaves of generated content are strings.
        if type == String.self {
            guard case .string(let string) = content.storage else {
                throw mismatch(type, expected: LeafMismatch(expected: "a string"), content: content, codingPath: codingPath())
            }
            return unsafeBitCast(string, to: Value.self)
        }
        guard let leaf = type as? any DecodableLeaf.Type else { return nil }
        do {
            return try leaf.init(leaf: content) as? Value
        } catch let expected as LeafMismatch {
            throw mismatch(type, expected: expected, content: content, codingPath: codingPath())
        }
    }

    static func mismatch(_ type: Any.Type, expected: LeafMismatch, content: GeneratedContent,
                         codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription:
            "expected \(expected.expected), found \(content.typeName) \(content.jsonString.prefix(40))"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = content.storage else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath, debugDescription: "expected an object, found \(content.typeName)"))
        }
        return KeyedDecodingContainer(KeyedReader<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = content.elements else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "expected an array, found \(content.typeName)"))
        }
        return UnkeyedReader(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueReader(content: content, codingPath: codingPath)
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [GeneratedContent.Field]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { fields.contains { $0.key == key.stringValue } }

    private func value(for key: Key) throws -> GeneratedContent {
        guard let field = fields.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no property '\(key.stringValue)'"))
        }
        return field.value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try DecodingReader.decode(type, from: try value(for: key), codingPath: codingPath + [key])
    }

    // The scalar requirements read their leaf directly: without them, each one goes through the
    // generic `decode` and two dynamic casts, which dominated decoding a generated struct.
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(type, forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(type, forKey: key) }

    private func leaf<Leaf: DecodableLeaf>(_ type: Leaf.Type, forKey key: Key) throws -> Leaf {
        let content = try value(for: key)
        do {
            return try Leaf(leaf: content)
        } catch let expected as LeafMismatch {
            throw DecodingReader.mismatch(type, expected: expected, content: content, codingPath: codingPath + [key])
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try DecodingReader(content: try value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try DecodingReader(content: try value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        DecodingReader(content: fields.first(where: { $0.key == "super" })?.value ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        DecodingReader(content: try value(for: key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let items: [GeneratedContent]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next<T>(_ type: T.Type) throws -> (GeneratedContent, index: Int) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the array has only \(items.count) elements"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], currentIndex)
    }

    private func path(_ index: Int) -> [any CodingKey] { codingPath + [ArrayIndexKey(intValue: index)] }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, index) = try next(type)
        return try DecodingReader.decode(type, from: item, codingPath: path(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, index) = try next([String: Any].self)
        return try DecodingReader(content: item, codingPath: path(index)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (item, index) = try next([Any].self)
        return try DecodingReader(content: item, codingPath: path(index)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (item, index) = try next(Any.self)
        return DecodingReader(content: item, codingPath: path(index))
    }
}

private struct SingleValueReader: SingleValueDecodingContainer {
    let content: GeneratedContent
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { content.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try DecodingReader.decode(type, from: content, codingPath: codingPath)
    }
}
