import Foundation

extension Transcript {
    /// The output of one tool call; its `id` is usually the call's.
    ///
    /// ```swift
    /// let output = Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: [.text(.init(content: "Sunny, 24 °C"))])
    /// ```
    public struct ToolOutput: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var toolName: String
        public var segments: [Segment]

        public init(id: String = Transcript.makeID(), toolName: String, segments: [Segment]) {
            self.id = id
            self.toolName = toolName
            self.segments = segments
        }
    }
}
