import ConstrainedDecoding

extension GenerationSchema {
    /// The schema's incremental matcher (see `JSONMatcher`), built on first use and shared.
    public var matcher: JSONMatcher {
        JSONMatcher(tables: matcherTables.get)
    }
}

extension JSONMatcher {
    /// The matcher of `schema` (compiled once per schema and shared).
    public init(schema: GenerationSchema) {
        self = schema.matcher
    }
}
