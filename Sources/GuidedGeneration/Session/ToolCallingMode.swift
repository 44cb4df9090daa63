extension GenerationOptions {
    /// Whether a request may call the session's tools: `.allowed` (the default: the model
    /// decides), `.required` (the model must call at least one tool before it answers; a model
    /// that answers first fails the request with `GenerationError.toolCallRequired`), or
    /// `.disallowed` (no tool is offered; the model answers from what it knows).
    ///
    /// ```swift
    /// let session = LanguageModelSession(tools: [EventsTool()])
    /// let offline = try await session.respond(to: "Any plans?", options: GenerationOptions(toolCallingMode: .disallowed))
    /// ```
    public struct ToolCallingMode: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The three behaviours.
        public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
            case allowed, required, disallowed
        }

        public let kind: Kind

        public init(kind: Kind) { self.kind = kind }

        public static let allowed = ToolCallingMode(kind: .allowed)
        public static let required = ToolCallingMode(kind: .required)
        public static let disallowed = ToolCallingMode(kind: .disallowed)

        public var description: String { kind.rawValue }

        /// Encoded as its kind's name: `"allowed"`, `"required"` or `"disallowed"`.
        public init(from decoder: any Decoder) throws {
            kind = try decoder.singleValueContainer().decode(Kind.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(kind)
        }
    }
}
