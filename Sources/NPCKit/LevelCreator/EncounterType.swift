import GuidedGeneration
import JSONSchema

/// A kind of encounter a player designs in the level creator — a riddle, a customer, a
/// delivery — written in the level notation (one type per line, the first line the root) or as a
/// JSON Schema, checked once into a `GenerationSchema` that every generated instance follows.
///
/// It saves as `{"name": …, "source": …}` and is rebuilt from its source when loaded, so a save
/// game stores what the player wrote, not a compiled form. `description` renders the types back
/// in the notation, one canonical line per type.
///
/// ```swift
/// let riddle = try EncounterType(parsing: """
///     Riddle: question text "a riddle about coffee", answers list of 3 Answer
///     Answer: text text, isCorrect bool
///     """)
/// riddle.name                  // "Riddle"
/// riddle.dynamicSchemas.count  // 2
/// let riddles = try await riddle.instances(count: 5, seed: 42)   // [GeneratedContent], each valid
/// ```
public struct EncounterType: Sendable {
    /// The encounter's name: the root type's name, the JSON Schema's `title`, or the name given.
    public let name: String
    /// What the player wrote, exactly.
    public let source: String
    /// How `source` is written.
    public let format: Format
    /// The checked schema instances follow.
    public let schema: GenerationSchema
    /// The notation's types as dynamic schemas, the root first; empty for a JSON Schema source,
    /// which is imported as a whole.
    public let dynamicSchemas: [DynamicGenerationSchema]
    /// The parsed notation, for `description`; empty for a JSON Schema source.
    package let definitions: [TypeDefinition]

    /// Reads `source` as the level notation, or as a JSON Schema when it starts with `{`.
    ///
    /// Throws `EncounterTypeError` for the first problem found, with its line and column (or its
    /// JSON Pointer). `name` replaces the name the source gives.
    ///
    /// ```swift
    /// let order = try EncounterType(parsing: "Order: drink one of latte|mocha|chai, shots integer 1...3")
    /// ```
    public init(parsing source: String, name: String? = nil) throws(EncounterTypeError) {
        if source.first(where: { !$0.isWhitespace }) == "{" {
            try self.init(jsonSchema: source, name: name)
            return
        }
        let types = try NotationParser.parse(source)
        try NotationChecker.check(types)
        let schemas = NotationSchemaBuilder.dynamicSchemas(for: types)
        let root = types[0]
        let schema: GenerationSchema
        do {
            schema = try GenerationSchema(root: schemas[0], dependencies: Array(schemas.dropFirst()))
        } catch GenerationSchema.SchemaError.unsatisfiable(_, let context) {
            throw .unsatisfiable(reason: context.debugDescription, line: root.line, column: 1)
        } catch {
            // The notation's own checks leave nothing else for the engine to refuse; should it
            // refuse anyway, the schema cannot be generated, so that is what is reported.
            throw .unsatisfiable(reason: "\(error)", line: root.line, column: 1)
        }
        self.init(name: name ?? root.name, source: source, format: .notation, schema: schema, dynamicSchemas: schemas, definitions: types)
    }

    /// Imports a whole JSON Schema document as an encounter type, named `name`, else by the
    /// document's `title`, else "Encounter".
    ///
    /// ```swift
    /// let badge = try EncounterType(jsonSchema: #"{"title": "Badge", "type": "string", "pattern": "^[A-Z]{3}$"}"#)
    /// ```
    public init(jsonSchema source: String, name: String? = nil) throws(EncounterTypeError) {
        let document: GeneratedContent
        do {
            document = try GeneratedContent(json: source)
        } catch let error as JSONSyntaxError {
            throw .jsonSyntax(message: error.message, line: error.line, column: error.column)
        } catch {
            throw .jsonSyntax(message: "\(error)", line: 1, column: 1)
        }
        let schema: GenerationSchema
        do {
            schema = try GenerationSchema(jsonSchema: document)
        } catch let error as GenerationSchema.SchemaError {
            throw Self.jsonSchemaError(error)
        } catch {
            throw .jsonSchema(message: "\(error)", pointer: "")
        }
        self.init(name: name ?? document["title"]?.stringValue ?? "Encounter", source: source, format: .jsonSchema, schema: schema,
                  dynamicSchemas: [], definitions: [])
    }

    private init(name: String, source: String, format: Format, schema: GenerationSchema, dynamicSchemas: [DynamicGenerationSchema],
                 definitions: [TypeDefinition]) {
        self.name = name
        self.source = source
        self.format = format
        self.schema = schema
        self.dynamicSchemas = dynamicSchemas
        self.definitions = definitions
    }

    private static func jsonSchemaError(_ error: GenerationSchema.SchemaError) -> EncounterTypeError {
        switch error {
        case .invalidSchema(let pointer, let context):
            return .jsonSchema(message: context.debugDescription, pointer: pointer)
        case .unsupportedKeyword(let keyword, let pointer, let context):
            return .jsonSchema(message: "unsupported '\(keyword)': \(context.debugDescription)", pointer: pointer)
        case .unsatisfiable(let pointer, let context):
            return .jsonSchema(message: "no instance can be generated: \(context.debugDescription)", pointer: pointer)
        default:
            return .jsonSchema(message: error.description, pointer: "")
        }
    }
}

extension EncounterType: CustomStringConvertible {
    /// The types in the notation, one canonical line per type (comments and spacing dropped), which
    /// reads back as the same types; a JSON Schema source is returned as written.
    public var description: String {
        format == .notation ? NotationRenderer.render(definitions) : source
    }
}

extension EncounterType: Equatable {
    /// Two encounter types are equal when they have the same name and source.
    public static func == (lhs: EncounterType, rhs: EncounterType) -> Bool {
        lhs.name == rhs.name && lhs.source == rhs.source
    }
}

extension EncounterType: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, source
    }

    /// Decodes `{"name": …, "source": …}` and rebuilds the type from its source; a source that no
    /// longer reads is a `DecodingError` carrying the `EncounterTypeError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let source = try container.decode(String.self, forKey: .source)
        do {
            try self.init(parsing: source, name: name)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .source, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{"name": …, "source": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(source, forKey: .source)
    }
}
