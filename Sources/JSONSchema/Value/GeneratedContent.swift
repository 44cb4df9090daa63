import RegexAutomata

/// A JSON value produced by generation: null, a boolean, a number, a string, an array, or a
/// structure whose keys keep the order in which they were generated.
///
/// `GeneratedContent` is what every structured response carries, what schemas validate, and what
/// `Generable` types convert from and to. Its JSON form is compact and stable: keys come out in
/// generation order, numbers in their shortest exact form.
///
/// ```swift
/// let content = try GeneratedContent(json: #"{"question": "What has a head but no hair?", "answers": 3}"#)
/// let question = try content.value(String.self, forProperty: "question")
/// print(content.jsonString)   // {"question":"What has a head but no hair?","answers":3}
/// ```
public struct GeneratedContent: Sendable, Equatable, Hashable {
    /// The shape of a piece of generated content, mirroring Foundation Models' `GeneratedContent.Kind`.
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([GeneratedContent])
        /// A structure; `orderedKeys` lists the keys of `properties` in generation order.
        case structure(properties: [String: GeneratedContent], orderedKeys: [String])
    }

    @usableFromInline
    package enum Storage: Sendable {
        case null
        case bool(Bool)
        /// A number, with the text it was parsed from when a `Double` may not carry that text
        /// exactly (a fraction, an exponent or more than 15 digits): equality, validation and
        /// the JSON writer use the exact value then.
        case number(Double, literal: String?)
        case string(String)
        case array([GeneratedContent])
        case object([Field])
    }

    @usableFromInline
    package struct Field: Sendable {
        @usableFromInline package var key: String
        @usableFromInline package var value: GeneratedContent

        @inlinable
        package init(key: String, value: GeneratedContent) {
            self.key = key
            self.value = value
        }
    }

    @usableFromInline package var storage: Storage

    /// An identifier for this content's generation, if it came from a session response.
    public var id: GenerationID?

    @inlinable
    package init(storage: Storage, id: GenerationID? = nil) {
        self.storage = storage
        self.id = id
    }

    /// Creates content of the given kind.
    public init(kind: Kind, id: GenerationID? = nil) {
        switch kind {
        case .null: storage = .null
        case .bool(let b): storage = .bool(b)
        case .number(let n): storage = .number(n, literal: nil)
        case .string(let s): storage = .string(s)
        case .array(let a): storage = .array(a)
        case .structure(let properties, let orderedKeys):
            var fields: [Field] = []
            fields.reserveCapacity(properties.count)
            var seen = Set<String>()
            for key in orderedKeys where seen.insert(key).inserted {
                if let value = properties[key] { fields.append(Field(key: key, value: value)) }
            }
            for key in properties.keys.sorted() where !seen.contains(key) {
                fields.append(Field(key: key, value: properties[key]!))
            }
            storage = .object(fields)
        }
        self.id = id
    }

    /// The kind of this content.
    public var kind: Kind {
        switch storage {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n, _): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a)
        case .object(let fields):
            var properties: [String: GeneratedContent] = [:]
            properties.reserveCapacity(fields.count)
            for field in fields { properties[field.key] = field.value }
            return .structure(properties: properties, orderedKeys: fields.map(\.key))
        }
    }

    /// Equality is by value, as JSON Schema defines it: `1` equals `1.0`, key order does not matter,
    /// and strings are equal only when their code points are (Swift's `==` would also equate
    /// canonically equivalent strings such as "ä" and "a\u{308}"). The generation identifier is
    /// not compared.
    ///
    /// Inlinable so that the modules that generate can compare without copying both sides into
    /// a call (constrained decoding compares every candidate with the values it must avoid).
    @inlinable
    public static func == (lhs: GeneratedContent, rhs: GeneratedContent) -> Bool {
        // One switch per side: switching on a tuple of both storages would copy them.
        switch lhs.storage {
        case .null:
            if case .null = rhs.storage { return true }
        case .bool(let a):
            if case .bool(let b) = rhs.storage { return a == b }
        case .number(let a, let literalA):
            // Equal decimals read as equal doubles, so unequal doubles settle it; equal doubles
            // with text behind them may still be different decimals (2^53 and 2^53 + 1).
            if case .number(let b, let literalB) = rhs.storage {
                guard a == b else { return false }
                if literalA == nil && literalB == nil { return true }
                return sameExactNumbers(lhs, rhs)
            }
        case .string(let a):
            if case .string(let b) = rhs.storage { return sameCodePoints(a, b) }
        case .array(let a):
            if case .array(let b) = rhs.storage { return a == b }
        case .object(let a):
            if case .object(let b) = rhs.storage { return sameFields(a, b) }
        }
        return false
    }

    @usableFromInline
    static func sameExactNumbers(_ a: GeneratedContent, _ b: GeneratedContent) -> Bool {
        a.exactNumber == b.exactNumber
    }

    /// Byte equality of the UTF-8 forms (equal code points), length first.
    @usableFromInline
    static func sameCodePoints(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    @usableFromInline
    static func sameFields(_ a: [Field], _ b: [Field]) -> Bool {
        guard a.count == b.count else { return false }
        if zip(a, b).allSatisfy({ $0.key == $1.key }) {
            return zip(a, b).allSatisfy { $0.value == $1.value }
        }
        var index: [String: GeneratedContent] = [:]
        for field in b { index[field.key] = field.value }
        guard index.count == b.count else { return false }
        return a.allSatisfy { index[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n, _): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let fields):
            hasher.combine(fields.count)
            // Order-independent, matching `==`.
            var combined = 0
            for field in fields {
                var h = Hasher()
                h.combine(field.key)
                h.combine(field.value)
                combined ^= h.finalize()
            }
            hasher.combine(combined)
        }
    }
}

extension GeneratedContent {
    /// JSON `null`.
    public static let null = GeneratedContent(storage: .null)

    /// A string value.
    @inlinable
    public init(_ string: String) { self.init(storage: .string(string)) }

    /// A boolean value.
    public init(_ bool: Bool) { self.init(storage: .bool(bool)) }

    /// A numeric value.
    @inlinable
    public init(_ number: Double) { self.init(storage: .number(number, literal: nil)) }

    /// An integer value.
    public init(_ number: Int) { self.init(storage: .number(Double(number), literal: nil)) }

    /// An array of contents.
    @inlinable
    public init(elements: [GeneratedContent]) { self.init(storage: .array(elements)) }

    /// A structure with the given properties, in the given order. A repeated key keeps its first
    /// position and its last value.
    public init(properties: [(String, GeneratedContent)]) {
        var fields: [Field] = []
        fields.reserveCapacity(properties.count)
        // Positions by key: scanning the fields for each key made large structures quadratic.
        var positions: [String: Int] = [:]
        for (key, value) in properties {
            if let i = positions[key] {
                fields[i].value = value
            } else {
                positions[key] = fields.count
                fields.append(Field(key: key, value: value))
            }
        }
        self.init(storage: .object(fields))
    }

    /// The value of a structure's property, or nil when this is not a structure or lacks it.
    public subscript(property: String) -> GeneratedContent? {
        guard case .object(let fields) = storage else { return nil }
        return fields.first(where: { $0.key == property })?.value
    }

    /// The structure's keys in order (empty for other kinds).
    public var orderedKeys: [String] {
        guard case .object(let fields) = storage else { return [] }
        return fields.map(\.key)
    }

    /// The array's elements (nil for other kinds).
    public var elements: [GeneratedContent]? {
        guard case .array(let items) = storage else { return nil }
        return items
    }

    /// The string value (nil for other kinds).
    public var stringValue: String? {
        guard case .string(let s) = storage else { return nil }
        return s
    }

    /// The numeric value (nil for other kinds).
    public var numberValue: Double? {
        guard case .number(let n, _) = storage else { return nil }
        return n
    }

    /// The number as a `UInt64` when it is a whole number from 0 to `UInt64.max`, judged on its
    /// exact text — a seed or an id above 2⁵³ keeps every digit. Nil otherwise.
    ///
    /// ```swift
    /// try GeneratedContent(json: "9007199254740993").uint64Value   // 9007199254740993
    /// try GeneratedContent(json: "2.5").uint64Value                // nil
    /// ```
    public var uint64Value: UInt64? {
        guard case .number(let n, let literal) = storage else { return nil }
        guard let literal, let exact = ExactDecimal(text: literal) else { return UInt64(exactly: n) }
        guard exact.isInteger, let whole = exact.description.split(separator: ".").first else { return nil }
        return UInt64(whole)
    }

    /// The exact decimal value of a number (nil for other kinds).
    package var exactNumber: ExactDecimal? {
        guard case .number(let n, let literal) = storage else { return nil }
        if let literal, let exact = ExactDecimal(text: literal) { return exact }
        return ExactDecimal(n)
    }

    /// Whether this is a number without a fractional part, judged on its exact value.
    package var isIntegral: Bool {
        guard case .number(let n, let literal) = storage else { return false }
        guard n.rounded(.towardZero) == n else { return false }
        guard let literal else { return true }
        return ExactDecimal(text: literal)?.isInteger ?? true
    }

    /// A number with an exact value: a plain double when one carries it, else the double
    /// nearest to it together with its exact text.
    package init(exact value: ExactDecimal) {
        let double = value.doubleValue
        if value.exponent >= 0, let small = value.coefficient.int64, small.magnitude < 1 << 53 {
            self.init(storage: .number(double, literal: nil))
        } else if ExactDecimal(double) == value {
            self.init(storage: .number(double, literal: nil))
        } else {
            self.init(storage: .number(double, literal: value.description))
        }
    }

    /// The boolean value (nil for other kinds).
    public var boolValue: Bool? {
        guard case .bool(let b) = storage else { return nil }
        return b
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool {
        if case .null = storage { return true }
        return false
    }

    /// The JSON Schema type name of this value: "null", "boolean", "integer", "number", "string",
    /// "array" or "object" ("integer" for numbers without a fractional part).
    public var typeName: String {
        switch storage {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return isIntegral ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension Array where Element == GeneratedContent {
    /// A uniform draw among the elements equal to none of `excluded` (listed in a stack buffer),
    /// or nil when none is left.
    ///
    /// Generation calls it for every item of a unique array. Here, beside `==` and with plain
    /// loops, the comparisons borrow the elements; from constrained decoding's module, or
    /// through `contains`, each candidate was copied through the type's value witnesses.
    package func randomElement(excluding excluded: [GeneratedContent], random: inout SeededRandom) -> GeneratedContent? {
        if excluded.isEmpty {
            return isEmpty ? nil : self[Int(random.below(UInt64(count)))]
        }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { allowed in
            var allowedCount = 0
            candidates: for index in indices {
                let candidate = self[index]
                for value in excluded where value == candidate { continue candidates }
                allowed[allowedCount] = index
                allowedCount += 1
            }
            return allowedCount == 0 ? nil : self[allowed[Int(random.below(UInt64(allowedCount)))]]
        }
    }
}

/// An identifier shared by the snapshots and the final value of one generation.
public struct GenerationID: Sendable, Hashable {
    package let value: UInt64

    /// Creates a fresh identifier.
    public init() {
        var system = SystemRandomNumberGenerator()
        value = system.next()
    }

    package init(value: UInt64) { self.value = value }
}
