import ConstrainedDecoding
import Foundation
import JSONSchema
import RegexAutomata

/// A type whose values can be generated: a plain `Codable` struct or enum. Its schema is derived
/// from its `Decodable` shape, in declaration order — which is also the order of generation —
/// so no macro is needed; guides for its properties are declared next to it, in one place.
///
/// Nested `Generable` types, optionals (optional properties), arrays, `[String: Value]`
/// dictionaries, `CaseIterable` enums (their cases become the choices) and the leaf types
/// `String`, `Bool`, every integer width, `Double`, `Float` and `Decimal` are derived
/// automatically. An enum with associated values declares its schema explicitly by
/// implementing `generationSchema`.
///
/// ```swift
/// struct NPC: Generable {
///     enum Drink: String, Codable, CaseIterable { case latte, mocha, espresso }
///     let name: String
///     let order: Drink
///     let level: Int
///     let nickname: String?
///     static let guides: [String: GenerationGuide] = [
///         "name": .pattern("[A-Z][a-z]{2,8}"),
///         "level": .range(1...10),
///     ]
/// }
/// var random = SeededRandom(seed: 1)
/// let npc = try NPC.generate(random: &random)
/// ```
public protocol Generable: Codable, Sendable {
    /// The schema values of this type follow. Derived from the type's shape unless implemented;
    /// it throws when the shape cannot be derived or its guides contradict each other.
    static var generationSchema: GenerationSchema { get throws }
    /// Guides for the type's properties, by property name. A name the type does not have is an
    /// error (`SchemaError.unknownGuideProperty`).
    static var guides: [String: GenerationGuide] { get }
    /// A description of the type for the model.
    static var generationDescription: String? { get }
    /// Reads a value from generated content: by default through `Decodable`; a type may read
    /// its properties itself, as Foundation Models' macro writes it, and sessions then use that
    /// for tool arguments and typed responses.
    init(_ content: GeneratedContent) throws
    /// The type a streamed response is read as while it arrives
    /// (`ResponseStream.Snapshot.partiallyGenerated`). By default the type itself, which
    /// reads only once the partial content decodes whole; declare a `Decodable` struct of
    /// optionals with the same property names to read each property as soon as it is there
    /// (the struct Foundation Models' macro writes for you).
    associatedtype PartiallyGenerated: Decodable & Sendable = Self
}

extension Generable {
    public static var generationSchema: GenerationSchema {
        get throws { try GenerableSchemaCache.shared.derivedSchema(for: Self.self) }
    }

    public static var guides: [String: GenerationGuide] { [:] }

    public static var generationDescription: String? { nil }

    /// Converts generated content into a value (a `DecodingError` names the path that does not fit).
    public init(_ content: GeneratedContent) throws {
        self = try GeneratedContentDecoder().decode(Self.self, from: content)
    }

    /// This value as content, keys in declaration order.
    public var generatedContent: GeneratedContent {
        get throws { try GeneratedContentEncoder().encode(self) }
    }

    /// This value in its partial form, every property present.
    public func asPartiallyGenerated() throws -> PartiallyGenerated {
        try generatedContent.value(PartiallyGenerated.self)
    }

    /// Generates a value, valid by construction for `generationSchema`.
    public static func generate(random: inout SeededRandom, source: (any GenerationValueSource)? = nil) throws -> Self {
        let schema = try generationSchema
        return try Self(schema.generate(random: &random, source: source))
    }
}

extension String: Generable {}
extension Bool: Generable {}
extension Int: Generable {}
extension Int8: Generable {}
extension Int16: Generable {}
extension Int32: Generable {}
extension Int64: Generable {}
extension UInt: Generable {}
extension UInt8: Generable {}
extension UInt16: Generable {}
extension UInt32: Generable {}
extension UInt64: Generable {}
extension Double: Generable {}
extension Float: Generable {}
extension Decimal: Generable {}
extension Array: Generable where Element: Generable {}
extension Optional: Generable where Wrapped: Generable {}
extension Dictionary: Generable where Key == String, Value: Generable {}
