extension EncounterType {
    /// How an encounter type's source is written: the level notation (one type per line), or a
    /// whole JSON Schema document (source starting with `{`).
    ///
    /// ```swift
    /// let riddle = try EncounterType(parsing: "Riddle: question text")
    /// riddle.format     // .notation
    /// let level = try EncounterType(parsing: #"{"type": "integer", "minimum": 1}"#)
    /// level.format      // .jsonSchema
    /// ```
    public enum Format: String, Sendable, Equatable, Codable {
        /// The line-based level notation (see docs/level-creator.md).
        case notation
        /// A JSON Schema document (drafts 4 to 2020-12).
        case jsonSchema
    }
}
