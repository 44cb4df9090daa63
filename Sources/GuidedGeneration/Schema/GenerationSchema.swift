import ConstrainedDecoding
import JSONSchema
import RegexAutomata

/// A schema that generation follows: the structure of a `Generable` type, a set of
/// `DynamicGenerationSchema`s built at runtime, or an imported JSON Schema document.
///
/// A `GenerationSchema` is checked and compiled for generation when it is made, so every
/// instance generated from it conforms to it by construction; constructs that cannot be honoured
/// exactly are refused then, with an error naming them. It encodes (`Codable`) as JSON Schema
/// draft 2020-12.
///
/// ```swift
/// let schema = try GenerationSchema(jsonSchema: #"{"type": "integer", "minimum": 1, "maximum": 10}"#)
/// var random = SeededRandom(seed: 7)
/// let level = try schema.generate(random: &random)       // e.g. 4
/// try schema.validate(level)
/// print(schema.jsonSchema.jsonString)
/// ```
public struct GenerationSchema: Sendable {
    /// Why a schema could not be built, imported or compiled (see `JSONSchema.SchemaError`).
    public typealias SchemaError = JSONSchema.SchemaError

    /// Everything a schema holds, behind one reference: schemas travel in every prompt, request
    /// and transcript entry, and a copy of the parts themselves would retain each of their arrays.
    private final class Storage: Sendable {
        let graph: SchemaGraph
        let plan: GenerationPlan
        let matcherTables: ComputedOnce<MatcherTables>
        let leftOut: [SchemaError]

        init(graph: SchemaGraph, plan: GenerationPlan, leftOut: [SchemaError]) {
            self.graph = graph
            self.plan = plan
            self.leftOut = leftOut
            let integersAreLexical = graph.integersAreLexical
            matcherTables = ComputedOnce { MatcherTables(plan: plan, integersAreLexical: integersAreLexical) }
        }
    }

    private let storage: Storage

    package var graph: SchemaGraph { storage.graph }
    var plan: GenerationPlan { storage.plan }
    /// The matcher's tables, built on first use (generation alone never needs them).
    var matcherTables: ComputedOnce<MatcherTables> { storage.matcherTables }
    /// The parts of the schema generation leaves out, each with the error that would refuse it
    /// on its own: a branch of an `anyOf`/`oneOf` (or a case of a negation) that cannot be
    /// generated exactly, or that multiplies into more than 1,024 cases. Every generated value
    /// still satisfies the whole schema; these parts only narrow which values can come out.
    /// Empty when every case is kept.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: #"{"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 1000000000}]}"#)
    /// for part in schema.leftOut { print(part) }   // unsupported 'minLength' at the root (""): asks for …
    /// ```
    public var leftOut: [SchemaError] { storage.leftOut }

    init(graph: SchemaGraph) throws {
        var compiler = GenerationPlanCompiler(graph: graph)
        let plan = try compiler.compile()
        storage = Storage(graph: graph, plan: plan, leftOut: compiler.leftOut)
    }

    /// Imports a JSON Schema document (drafts 4, 6, 7, 2019-09, 2020-12).
    public init(jsonSchema document: GeneratedContent) throws {
        var importer = JSONSchemaImporter(document: document)
        let graph = try importer.importGraph()
        try self.init(graph: graph)
    }

    /// Imports a JSON Schema document from its text.
    public init(jsonSchema text: String) throws {
        try self.init(jsonSchema: try GeneratedContent(json: text))
    }

    /// The schema as a JSON Schema draft 2020-12 document.
    public var jsonSchema: GeneratedContent {
        JSONSchemaExporter().export(graph)
    }

    /// The JSON Schema document with every definition named `<prefix><name>` (and referred to
    /// so), for a document that embeds several schemas whose definitions may share names.
    package func jsonSchema(definitionPrefix: String) -> GeneratedContent {
        JSONSchemaExporter(definitionPrefix: definitionPrefix).export(graph)
    }

    /// Every way `content` breaks the schema (empty when it conforms). Known `format`s are asserted.
    public func violations(of content: GeneratedContent) -> [SchemaViolation] {
        SchemaValidator(graph: graph).violations(of: content)
    }

    /// Throws a `ValidationError` listing every violation when `content` does not conform.
    public func validate(_ content: GeneratedContent) throws {
        let found = violations(of: content)
        if !found.isEmpty { throw ValidationError(violations: found) }
    }

    /// Whether `content` conforms.
    public func isValid(_ content: GeneratedContent) -> Bool {
        SchemaValidator(graph: graph).isValid(content)
    }
}

extension GenerationSchema {
    /// Content that does not conform to its schema, with every violation and its JSON Pointer.
    public struct ValidationError: Error, Sendable, CustomStringConvertible {
        public let violations: [SchemaViolation]

        public var description: String {
            violations.map(\.description).joined(separator: "; ")
        }
    }
}

extension GenerationSchema: CustomDebugStringConvertible {
    public var debugDescription: String { jsonSchema.prettyJSONString }
}

extension GenerationSchema: Codable {
    public init(from decoder: any Decoder) throws {
        let document = try GeneratedContent(from: decoder)
        do {
            try self.init(jsonSchema: document)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try jsonSchema.encode(to: encoder)
    }
}

extension GenerationSchema {
    /// Generates one instance, valid by construction. A `source` supplies meaningful values
    /// (every proposal is checked first); without one, strings come from their automata.
    public func generate(random: inout SeededRandom, source: (any GenerationValueSource)? = nil) -> GeneratedContent {
        var generator = PlanGenerator(plan: plan, source: source)
        return generator.generate(random: &random)
    }

    /// A draft: generation that stops after the first root property for which `source` says
    /// the root fields so far are enough, so the result may lack required properties.
    package func draft(random: inout SeededRandom, source: any DraftingValueSource) -> GeneratedContent {
        var generator = PlanGenerator(plan: plan, drafter: source)
        return generator.generate(random: &random)
    }
}
