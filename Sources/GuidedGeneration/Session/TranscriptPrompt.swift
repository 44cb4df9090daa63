import Foundation

extension Transcript {
    /// A prompt, typically from the user, with the options it was answered under and the format
    /// the response was asked for (none for free text).
    ///
    /// ```swift
    /// let prompt = Transcript.Prompt(
    ///     segments: [.text(.init(content: "Generate a riddle about coffee"))],
    ///     options: GenerationOptions(samplingMode: .greedy),
    ///     responseFormat: .init(name: "Riddle", schema: riddleSchema))
    /// ```
    public struct Prompt: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var segments: [Segment]
        public var options: GenerationOptions
        public var responseFormat: ResponseFormat?

        public init(
            id: String = Transcript.makeID(),
            segments: [Segment],
            options: GenerationOptions = GenerationOptions(),
            responseFormat: ResponseFormat? = nil
        ) {
            self.id = id
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
        }
    }

    /// The structure a prompt asked the response to have: a schema and its name. Two formats are
    /// equal when their names and JSON Schemas are.
    ///
    /// ```swift
    /// let format = try Transcript.ResponseFormat(type: NPC.self)      // named "NPC"
    /// ```
    public struct ResponseFormat: Sendable, Equatable, Codable {
        public var name: String
        public var schema: GenerationSchema

        public init(name: String, schema: GenerationSchema) {
            self.name = name
            self.schema = schema
        }

        /// The format of a `Generable` type, named after the type; throws when the type's schema
        /// cannot be derived.
        public init<Content: Generable>(type: Content.Type) throws {
            self.init(name: String(describing: Content.self), schema: try Content.generationSchema)
        }

        public static func == (lhs: ResponseFormat, rhs: ResponseFormat) -> Bool {
            lhs.name == rhs.name && lhs.schema.jsonSchema == rhs.schema.jsonSchema
        }
    }
}
