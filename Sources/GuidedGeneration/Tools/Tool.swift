import JSONSchema

/// A capability the model may call while answering: it has a name and a description the model
/// reads, typed `Arguments` the model generates (valid by construction for the procedural
/// model, validated for the others), and an async `call`.
///
/// `Output` may be a `String`, `GeneratedContent`, `[String]`, or any `Encodable` value (a
/// `Generable` type, say); it enters the transcript as text or as structured content. A tool
/// that cannot help should return an honest message ("No contact of that generation is left")
/// rather than throw: the model relays it. A tool that throws ends the response with
/// `LanguageModelSession.ToolCallError`.
///
/// ```swift
/// struct Weather: Tool {
///     struct Arguments: Generable { let city: String }
///     let name = "getWeather"
///     let description = "The weather in a city today"
///     let capabilities: Set<String> = ["weather"]          // what content asking for "weather" gets
///     func call(arguments: Arguments) async throws -> String { "Sunny in \(arguments.city)" }
/// }
/// ```
public protocol Tool: Sendable {
    associatedtype Arguments: Generable
    associatedtype Output: Sendable

    /// The name the model calls the tool by (unique within a session).
    var name: String { get }
    /// What the tool does, in words the model matches requests against.
    var description: String { get }
    /// The schema of the arguments; derived from `Arguments` unless implemented.
    var parameters: GenerationSchema { get throws }
    /// What the tool provides, in the words content asks for them (`contacts`, `events`): the
    /// procedural model links a slot or intent that wants a capability to the tools that declare
    /// it. None by default; a tool that declares none is matched by the words of its name,
    /// description and argument schema.
    var capabilities: Set<String> { get }
    /// Runs the tool.
    func call(arguments: Arguments) async throws -> Output
}

extension Tool {
    public var parameters: GenerationSchema {
        get throws { try Arguments.generationSchema }
    }

    public var capabilities: Set<String> { [] }

    /// The tool as the transcript and the model see it.
    func definition() throws -> Transcript.ToolDefinition {
        Transcript.ToolDefinition(name: name, description: description, parameters: try parameters, capabilities: capabilities.sorted())
    }
}

/// How tool outputs enter the transcript.
enum ToolOutputSegments {
    static func segments(of output: some Sendable) throws -> [Transcript.Segment] {
        switch output {
        case let text as String:
            return [.text(.init(content: text))]
        case let lines as [String]:
            return lines.map { .text(.init(content: $0)) }
        case let content as GeneratedContent:
            if let text = content.stringValue { return [.text(.init(content: text))] }
            return [.structure(.init(source: "tool", content: content))]
        case let value as any Encodable:
            return [.structure(.init(source: "\(type(of: value))", content: try GeneratedContentEncoder().encode(value)))]
        default:
            return [.text(.init(content: "\(output)"))]
        }
    }
}

/// Anything may be asked of a model as `GeneratedContent`, so content is `Generable` with the
/// schema that accepts every JSON value — the argument type of `DynamicTool`.
extension GeneratedContent: Generable {
    public static var generationSchema: GenerationSchema {
        get throws { try GenerationSchema(jsonSchema: GeneratedContent(properties: [])) }
    }
}
