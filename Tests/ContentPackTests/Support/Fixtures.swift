/// Schemas the end-to-end tests generate from and validate against.
enum Fixtures {
    /// A small NPC: a patterned name, a bounded level and one to three tags.
    static let npcSchema = """
        {
          "type": "object",
          "properties": {
            "name": {"type": "string", "pattern": "^[A-Z][a-z]{2,8}$"},
            "level": {"type": "integer", "minimum": 1, "maximum": 10},
            "tags": {"type": "array", "items": {"enum": ["brave", "shy", "loud"]}, "minItems": 1, "maxItems": 3}
          },
          "required": ["name", "level", "tags"],
          "additionalProperties": false
        }
        """

    /// The cheapest schema to generate, for runs of many instances.
    static let digitSchema = #"{"type": "integer", "minimum": 0, "maximum": 9}"#
}
