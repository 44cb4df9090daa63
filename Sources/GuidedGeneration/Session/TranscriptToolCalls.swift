import Foundation
import JSONSchema

extension Transcript {
    /// The tool calls the model asked for in one turn, in request order.
    ///
    /// ```swift
    /// let calls = Transcript.ToolCalls([
    ///     .init(toolName: "findContact", arguments: GeneratedContent(properties: [("generation", GeneratedContent("millennial"))])),
    /// ])
    /// for call in calls { print(call.toolName, call.arguments.jsonString) }
    /// ```
    public struct ToolCalls: Sendable, Equatable, Identifiable, RandomAccessCollection, Codable {
        public var id: String
        private var calls: [ToolCall]

        public init(id: String = Transcript.makeID(), _ calls: some Sequence<ToolCall>) {
            self.id = id
            self.calls = Array(calls)
        }

        public var startIndex: Int { calls.startIndex }
        public var endIndex: Int { calls.endIndex }
        public subscript(position: Int) -> ToolCall { calls[position] }
    }

    /// One call of a tool, with the arguments the model generated for it.
    ///
    /// ```swift
    /// let call = Transcript.ToolCall(id: "call-1", toolName: "getWeather", arguments: GeneratedContent(properties: [("city", GeneratedContent("Lyon"))]))
    /// ```
    public struct ToolCall: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var toolName: String
        public var arguments: GeneratedContent

        public init(id: String = Transcript.makeID(), toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }
    }
}
