import Foundation

extension Transcript {
    /// A response from the model; `assetIDs` name the model assets that produced it.
    ///
    /// ```swift
    /// let response = Transcript.Response(assetIDs: ["procedural"], segments: [.text(.init(content: "Three years!"))])
    /// ```
    public struct Response: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var assetIDs: [String]
        public var segments: [Segment]

        public init(id: String = Transcript.makeID(), assetIDs: [String], segments: [Segment]) {
            self.id = id
            self.assetIDs = assetIDs
            self.segments = segments
        }
    }
}
