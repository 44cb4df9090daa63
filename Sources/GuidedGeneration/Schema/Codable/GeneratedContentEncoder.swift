import Foundation
import JSONSchema

/// Encodes `Encodable` values into `GeneratedContent`, keeping keys in the order they are
/// encoded (declaration order for synthesized conformances).
///
/// ```swift
/// struct Drink: Codable { let name: String; let shots: Int }
/// let content = try GeneratedContentEncoder().encode(Drink(name: "mocha", shots: 2))
/// print(content.jsonString)   // {"name":"mocha","shots":2}
/// ```
public struct GeneratedContentEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes a value. Throws `EncodingError.invalidValue` for numbers JSON cannot hold (NaN,
    /// infinities) and for values that encode nothing.
    public func encode<Value: Encodable>(_ value: Value) throws -> GeneratedContent {
        let slot = EncodedSlot()
        try EncodingWriter.encode(value, into: slot, codingPath: [])
        guard let content = slot.content else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(Value.self) encoded no value"))
        }
        return content
    }
}

/// A value under construction. Containers share slots so that nested containers created
/// before their parent finishes still land in the right place.
final class EncodedSlot {
    enum State {
        case empty
        case value(GeneratedContent)
        case object([(String, EncodedSlot)])
        case array([EncodedSlot])
    }

    var state: State = .empty

    var content: GeneratedContent? {
        switch state {
        case .empty: return nil
        case .value(let value): return value
        case .object(let fields):
            return GeneratedContent(properties: fields.map { ($0.0, $0.1.content ?? .null) })
        case .array(let items):
            return GeneratedContent(elements: items.map { $0.content ?? .null })
        }
    }

    func child(forKey key: String) -> EncodedSlot {
        if case .object(var fields) = state {
            if let existing = fields.first(where: { $0.0 == key }) { return existing.1 }
            let slot = EncodedSlot()
            fields.append((key, slot))
            state = .object(fields)
            return slot
        }
        let slot = EncodedSlot()
        state = .object([(key, slot)])
        return slot
    }

    func appendChild() -> EncodedSlot {
        let slot = EncodedSlot()
        if case .array(var items) = state {
            items.append(slot)
            state = .array(items)
        } else {
            state = .array([slot])
        }
        return slot
    }

    func becomeObject() {
        if case .object = state { return }
        state = .object([])
    }

    func becomeArray() {
        if case .array = state { return }
        state = .array([])
    }
}

/// The `Encoder` handed to values; leaves are written directly, everything else through
/// containers.
struct EncodingWriter: Encoder {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func encode<Value: Encodable>(_ value: Value, into slot: EncodedSlot, codingPath: [any CodingKey]) throws {
        if let leaf = try leafContent(value, codingPath: codingPath) {
            slot.state = .value(leaf)
        } else {
            try value.encode(to: EncodingWriter(slot: slot, codingPath: codingPath))
        }
    }

    /// Scalars, and values whose own `Encodable` form is not their JSON one (`Decimal`, `URL`).
    static func leafContent<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws -> GeneratedContent? {
        switch value {
        case let content as GeneratedContent: return content
        case let string as String: return GeneratedContent(string)
        case let bool as Bool: return GeneratedContent(bool)
        case let double as Double: return try finite(double, codingPath)
        case let float as Float: return try finite(Double(float), codingPath)
        case let int as Int: return integer(int)
        case let int as Int8: return integer(int)
        case let int as Int16: return integer(int)
        case let int as Int32: return integer(int)
        case let int as Int64: return integer(int)
        case let int as UInt: return integer(int)
        case let int as UInt8: return integer(int)
        case let int as UInt16: return integer(int)
        case let int as UInt32: return integer(int)
        case let int as UInt64: return integer(int)
        case let decimal as Decimal:
            let text = "\(decimal)"
            guard let number = Double(text) else {
                throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(text) is not a JSON number"))
            }
            return GeneratedContent(storage: .number(number, literal: text))
        case let url as URL:
            return GeneratedContent(url.absoluteString)
        default:
            return nil
        }
    }

    private static func finite(_ value: Double, _ codingPath: [any CodingKey]) throws -> GeneratedContent {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        return GeneratedContent(value)
    }

    private static func integer<Integer: BinaryInteger>(_ value: Integer) -> GeneratedContent {
        let double = Double(value)
        // Integers beyond 2^53 keep their digits, so validation judges them exactly.
        return GeneratedContent(storage: .number(double, literal: abs(double) < JSONWriter.exactIntegerLimit ? nil : "\(value)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedWriter<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return UnkeyedWriter(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueWriter(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    private func put(_ content: GeneratedContent, _ key: Key) { slot.child(forKey: key.stringValue).state = .value(content) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try EncodingWriter.encode(value, into: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.child(forKey: key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.child(forKey: key.stringValue)
        child.becomeArray()
        return UnkeyedWriter(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        EncodingWriter(slot: slot.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodingWriter(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let items) = slot.state { return items.count }
        return 0
    }

    private var nextKey: any CodingKey { ArrayIndexKey(intValue: count) }
    private func put(_ content: GeneratedContent) { slot.appendChild().state = .value(content) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [nextKey]
        try EncodingWriter.encode(value, into: slot.appendChild(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [nextKey]
        let child = slot.appendChild()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(slot: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [nextKey]
        let child = slot.appendChild()
        child.becomeArray()
        return UnkeyedWriter(slot: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [nextKey]
        return EncodingWriter(slot: slot.appendChild(), codingPath: path)
    }
}

private struct SingleValueWriter: SingleValueEncodingContainer {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    private func put(_ content: GeneratedContent) { slot.state = .value(content) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try EncodingWriter.encode(value, into: slot, codingPath: codingPath)
    }
}

/// The coding key of an array position.
struct ArrayIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { guard let i = Int(stringValue) else { return nil }; intValue = i }
}
