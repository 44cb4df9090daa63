import Foundation
import JSONSchema

/// A type `GeneratedContentDecoder` reads straight from a scalar: the JSON scalars, and types
/// whose own `Decodable` form is not their JSON one (`Decimal`, `URL`). One conformance check
/// tells a leaf from a structure.
protocol DecodableLeaf {
    /// Reads the value; throws `LeafMismatch` naming what was expected.
    init(leaf content: GeneratedContent) throws
}

/// What a leaf expected when the content did not fit.
struct LeafMismatch: Error {
    let expected: String

    /// `value`, or this error when there is none.
    static func require<Value>(_ value: Value?, _ expected: String) throws -> Value {
        guard let value else { throw LeafMismatch(expected: expected) }
        return value
    }
}

// The scalar leaves match the storage directly: going through `boolValue`/`numberValue` and a
// generic helper crashes Swift 6.3.1's release optimizer ("Found ownership error" in
// CopyPropagation).

extension String: DecodableLeaf {
    init(leaf content: GeneratedContent) throws {
        guard case .string(let value) = content.storage else { throw LeafMismatch(expected: "a string") }
        self = value
    }
}

extension Bool: DecodableLeaf {
    init(leaf content: GeneratedContent) throws {
        guard case .bool(let value) = content.storage else { throw LeafMismatch(expected: "a boolean") }
        self = value
    }
}

extension Double: DecodableLeaf {
    init(leaf content: GeneratedContent) throws {
        guard case .number(let value, _) = content.storage else { throw LeafMismatch(expected: "a number") }
        self = value
    }
}

extension Float: DecodableLeaf {
    init(leaf content: GeneratedContent) throws {
        self = Float(try Double(leaf: content))
    }
}

extension Decimal: DecodableLeaf {
    init(leaf content: GeneratedContent) throws {
        guard case .number(let number, let literal) = content.storage,
              let decimal = ExactNumber.decimal(number, literal: literal)
        else { throw LeafMismatch(expected: "a number") }
        self = decimal
    }
}

extension URL: DecodableLeaf {
    init(leaf content: GeneratedContent) throws {
        self = try LeafMismatch.require(content.stringValue.flatMap { URL(string: $0) }, "a URL string")
    }
}

/// Integers take the literal's exact digits when there are any (beyond a double's 2^53), else
/// the number when it is whole and fits.
extension DecodableLeaf where Self: FixedWidthInteger {
    init(leaf content: GeneratedContent) throws {
        guard case .number(let number, let literal) = content.storage else { throw LeafMismatch(expected: "an integer") }
        if let literal, let exact = Self(literal) {
            self = exact
        } else if let exact = Self(exactly: number) {
            self = exact
        } else {
            throw LeafMismatch(expected: "an integer that fits \(Self.self)")
        }
    }
}

extension Int: DecodableLeaf {}
extension Int8: DecodableLeaf {}
extension Int16: DecodableLeaf {}
extension Int32: DecodableLeaf {}
extension Int64: DecodableLeaf {}
extension UInt: DecodableLeaf {}
extension UInt8: DecodableLeaf {}
extension UInt16: DecodableLeaf {}
extension UInt32: DecodableLeaf {}
extension UInt64: DecodableLeaf {}
