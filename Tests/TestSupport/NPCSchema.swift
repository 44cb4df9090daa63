
/// The throughput benchmark's schema: a coffee-shop NPC with a patterned name, enums, a bounded
/// integer, a unique fixed-size array and a `oneOf` between two encounter shapes. The peer
/// comparison reads it through `guided-bench --print-npc-schema`, so both sides use the same text,
/// and the tests check the same text the benchmark measures.
public enum NPCSchema {
    public static let json = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "NPC",
      "type": "object",
      "properties": {
        "name": {"type": "string", "pattern": "^[A-Z][a-z]{2,9} [A-Z][a-z]{2,11}$"},
        "order": {"$ref": "#/$defs/drink"},
        "level": {"type": "integer", "minimum": 1, "maximum": 10},
        "attributes": {
          "type": "array",
          "items": {"enum": ["grumpy", "cheerful", "sleepy", "chatty", "impatient",
                             "generous", "nervous", "curious", "polite", "loud"]},
          "minItems": 3,
          "maxItems": 3,
          "uniqueItems": true
        },
        "encounter": {
          "oneOf": [
            {
              "type": "object",
              "properties": {"kind": {"const": "orderCoffee"}, "drink": {"$ref": "#/$defs/drink"}},
              "required": ["kind", "drink"],
              "additionalProperties": false
            },
            {
              "type": "object",
              "properties": {"kind": {"const": "wantToTalkToManager"}, "complaint": {"type": "string", "maxLength": 60}},
              "required": ["kind", "complaint"],
              "additionalProperties": false
            }
          ]
        }
      },
      "required": ["name", "order", "level", "attributes", "encounter"],
      "additionalProperties": false,
      "$defs": {
        "drink": {"enum": ["espresso", "latte", "cappuccino", "americano", "flat white", "mocha", "cortado", "chai latte"]}
      }
    }
    """#
}
