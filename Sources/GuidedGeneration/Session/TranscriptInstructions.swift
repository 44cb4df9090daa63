import Foundation

extension Transcript {
    /// Instructions that steer the model, typically written by the developer, and the tools the
    /// model may call.
    ///
    /// ```swift
    /// let instructions = Transcript.Instructions(
    ///     segments: [.text(.init(content: "You are a friendly barista."))],
    ///     toolDefinitions: [.init(name: "findContact", description: "Finds a contact", parameters: schema)])
    /// ```
    public struct Instructions: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var segments: [Segment]
        public var toolDefinitions: [ToolDefinition]

        public init(id: String = Transcript.makeID(), segments: [Segment], toolDefinitions: [ToolDefinition]) {
            self.id = id
            self.segments = segments
            self.toolDefinitions = toolDefinitions
        }
    }

    /// A tool as the model sees it: a name, what it does, and the schema of its arguments.
    /// Two definitions are equal when their names, descriptions and JSON Schemas are.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}"#)
    /// let weather = Transcript.ToolDefinition(name: "getWeather", description: "Today's weather in a city", parameters: schema)
    /// ```
    public struct ToolDefinition: Sendable, Equatable, Codable {
        public var name: String
        public var description: String
        public var parameters: GenerationSchema
        /// What the tool provides (`Tool.capabilities`), sorted.
        public var capabilities: [String]

        public init(name: String, description: String, parameters: GenerationSchema, capabilities: [String] = []) {
            self.name = name
            self.description = description
            self.parameters = parameters
            self.capabilities = capabilities
        }

        public static func == (lhs: ToolDefinition, rhs: ToolDefinition) -> Bool {
            lhs.name == rhs.name && lhs.description == rhs.description && lhs.capabilities == rhs.capabilities
                && lhs.parameters.jsonSchema == rhs.parameters.jsonSchema
        }

        private enum CodingKeys: String, CodingKey { case name, description, parameters, capabilities }

        /// Transcripts saved before tools declared capabilities have none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            description = try container.decode(String.self, forKey: .description)
            parameters = try container.decode(GenerationSchema.self, forKey: .parameters)
            capabilities = try container.decodeIfPresent([String].self, forKey: .capabilities) ?? []
        }

        /// Capabilities are written only when there are some, so a transcript of tools that
        /// declare none reads as it did before.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(parameters, forKey: .parameters)
            if !capabilities.isEmpty { try container.encode(capabilities, forKey: .capabilities) }
        }
    }
}
