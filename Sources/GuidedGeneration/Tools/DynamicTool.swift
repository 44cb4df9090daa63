import JSONSchema

/// A tool defined at runtime — by a host engine, a mod, a level file — with a name, a
/// description, a parameters schema, the capabilities it provides (optional) and an async
/// handler that receives the generated arguments.
///
/// ```swift
/// let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#)
/// let weather = DynamicTool(name: "getWeather", description: "The weather in a city", parameters: schema) { arguments in
///     "Sunny in \(try arguments.value(String.self, forProperty: "city"))"
/// }
/// ```
public struct DynamicTool: Tool {
    public let name: String
    public let description: String
    public let capabilities: Set<String>
    private let schema: GenerationSchema
    private let handler: @Sendable (GeneratedContent) async throws -> GeneratedContent

    /// A tool whose handler answers with text.
    public init(name: String, description: String, parameters: GenerationSchema, capabilities: Set<String> = [],
                handler: @escaping @Sendable (GeneratedContent) async throws -> String) {
        self.name = name
        self.description = description
        self.capabilities = capabilities
        self.schema = parameters
        self.handler = { GeneratedContent(try await handler($0)) }
    }

    /// A tool whose handler answers with structured content.
    public init(name: String, description: String, parameters: GenerationSchema, capabilities: Set<String> = [],
                contentHandler: @escaping @Sendable (GeneratedContent) async throws -> GeneratedContent) {
        self.name = name
        self.description = description
        self.capabilities = capabilities
        self.schema = parameters
        self.handler = contentHandler
    }

    public var parameters: GenerationSchema { schema }

    public func call(arguments: GeneratedContent) async throws -> GeneratedContent {
        try schema.validate(arguments)
        return try await handler(arguments)
    }
}
