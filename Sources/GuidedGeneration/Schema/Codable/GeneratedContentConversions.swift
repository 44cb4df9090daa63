import JSONSchema

extension GeneratedContent {
    /// Decodes this content as a value of the given type.
    ///
    /// ```swift
    /// let level = try GeneratedContent(json: "7").value(Int.self)
    /// ```
    public func value<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        try GeneratedContentDecoder().decode(type, from: self)
    }

    /// Decodes one property of this structure as a value of the given type. Throws
    /// `DecodingError.keyNotFound` when the property is absent and `typeMismatch` when this is
    /// not a structure.
    ///
    /// ```swift
    /// let npc = try GeneratedContent(json: #"{"name": "Ada", "level": 3}"#)
    /// let name = try npc.value(String.self, forProperty: "name")
    /// ```
    public func value<Value: Decodable>(_ type: Value.Type = Value.self, forProperty property: String) throws -> Value {
        guard case .object(let fields) = storage else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: [], debugDescription: "expected a structure with '\(property)', found \(typeName)"))
        }
        let key = PropertyKey(property)
        guard let field = fields.first(where: { $0.key == property }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no property '\(property)'"))
        }
        return try DecodingReader.decode(type, from: field.value, codingPath: [key])
    }

    /// Encodes a value as content, keeping its keys in encoding order.
    ///
    /// ```swift
    /// let content = try GeneratedContent(encoding: ["latte", "mocha"])
    /// ```
    public init<Value: Encodable>(encoding value: Value) throws {
        self = try GeneratedContentEncoder().encode(value)
    }
}

/// A coding key for an arbitrary property name.
struct PropertyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// Content encodes as the JSON value it is, through any `Encoder` (keys in order) and decodes
/// from any `Decoder`.
extension GeneratedContent: Codable {
    public init(from decoder: any Decoder) throws {
        if let reader = decoder as? DecodingReader {
            self = reader.content
            return
        }
        if let object = try? decoder.container(keyedBy: PropertyKey.self) {
            var properties: [(String, GeneratedContent)] = []
            for key in object.allKeys { properties.append((key.stringValue, try object.decode(GeneratedContent.self, forKey: key))) }
            self.init(properties: properties)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [GeneratedContent] = []
            while !array.isAtEnd { elements.append(try array.decode(GeneratedContent.self)) }
            self.init(elements: elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let bool = try? single.decode(Bool.self) { self.init(bool) }
            else if let integer = try? single.decode(Int64.self) { self.init(exact: ExactDecimal(BigInt(integer))) }
            else if let integer = try? single.decode(UInt64.self) { self.init(exact: ExactDecimal(BigInt(decimal: String(integer))!)) }
            else if let number = try? single.decode(Double.self) { self.init(number) }
            else { self.init(try single.decode(String.self)) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch storage {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let number, let literal):
            var single = encoder.singleValueContainer()
            // Integers keep every digit an integer type can hold; the rest are doubles.
            if let exact = literal.flatMap({ Int64($0) }) { try single.encode(exact) }
            else if let exact = literal.flatMap({ UInt64($0) }) { try single.encode(exact) }
            else if number == number.rounded(), abs(number) < JSONWriter.exactIntegerLimit { try single.encode(Int64(number)) }
            else { try single.encode(number) }
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .object(let fields):
            var object = encoder.container(keyedBy: PropertyKey.self)
            for field in fields { try object.encode(field.value, forKey: PropertyKey(field.key)) }
        }
    }
}
