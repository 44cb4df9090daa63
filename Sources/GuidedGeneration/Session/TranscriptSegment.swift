import Foundation
import JSONSchema

extension Transcript {
    /// A piece of an entry's content: plain text, or structured content generated to a schema.
    ///
    /// ```swift
    /// let greeting = Transcript.Segment.text(.init(content: "Hi there!"))
    /// let npc = Transcript.Segment.structure(.init(source: "NPC", content: GeneratedContent(properties: [("name", GeneratedContent("Ada"))])))
    /// ```
    public enum Segment: Sendable, Equatable, Identifiable {
        case text(TextSegment)
        case structure(StructuredSegment)

        /// The identifier of the segment's payload.
        public var id: String {
            switch self {
            case .text(let text): return text.id
            case .structure(let structure): return structure.id
            }
        }
    }

    /// A segment of plain text.
    ///
    /// ```swift
    /// let segment = Transcript.TextSegment(content: "One flat white, coming up.")
    /// ```
    public struct TextSegment: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var content: String

        public init(id: String = Transcript.makeID(), content: String) {
            self.id = id
            self.content = content
        }
    }

    /// A segment of structured content; `source` names what it was generated as (a type or
    /// schema name).
    ///
    /// ```swift
    /// let segment = Transcript.StructuredSegment(source: "Riddle", content: try GeneratedContent(json: #"{"question":"?"}"#))
    /// ```
    public struct StructuredSegment: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var source: String
        public var content: GeneratedContent

        public init(id: String = Transcript.makeID(), source: String, content: GeneratedContent) {
            self.id = id
            self.source = source
            self.content = content
        }
    }
}
