import GuidedGeneration

extension NPC {
    /// The schema NPCs are generated against, built from the library: the order's parts are
    /// choices from the menu (`menu`, or the library's), the attributes three distinct choices from the content's
    /// `attribute` symbol, the name one or more capitalised words (so that a tool's "no one
    /// left" message can never become a name).
    ///
    /// ```swift
    /// let schema = try NPC.schema(for: try .builtIn())
    /// print(try schema.jsonSchema.prettyJSONString)
    /// ```
    public static func schema(for library: ContentLibrary, menu: Menu? = nil) throws -> GenerationSchema {
        func choices(_ names: [String]) -> String {
            #"{"enum": \#(GeneratedContent(elements: names.map { GeneratedContent($0) }).jsonString)}"#
        }
        let menu = menu ?? library.menu
        return try GenerationSchema(jsonSchema: """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "title": "NPC", "description": "A customer of the coffee shop", "type": "object",
              "properties": {
                "generation": \(choices(AgeGeneration.allCases.map(\.rawValue))),
                "name": {"type": "string", "description": "A full name", "pattern": \(GeneratedContent(namePattern).jsonString), "maxLength": 60},
                "order": {
                  "title": "CoffeeOrder", "type": "object",
                  "properties": {
                    "size": \(choices(menu.sizes.map(\.name))),
                    "temperature": \(choices(menu.temperatures.map(\.name))),
                    "drink": \(choices(menu.drinks.map(\.name))),
                    "milk": \(choices(menu.milks.map(\.name))),
                    "syrup": \(choices(menu.syrups.map(\.name))),
                    "extras": {"type": "array", "items": \(choices(menu.extras.map(\.name))), "maxItems": 2, "uniqueItems": true}
                  },
                  "required": ["size", "temperature", "drink", "extras"], "additionalProperties": false
                },
                "level": {"type": "integer", "minimum": 1, "maximum": 10},
                "attributes": {"type": "array", "items": \(choices(library.attributes)), "minItems": 3, "maxItems": 3, "uniqueItems": true},
                "encounter": {"oneOf": [
                  {"title": "orderCoffee", "type": "object", "properties": {"kind": {"const": "orderCoffee"}},
                   "required": ["kind"], "additionalProperties": false},
                  {"title": "wantToTalkToManager", "type": "object",
                   "properties": {"kind": {"const": "wantToTalkToManager"},
                                  "complaint": {"type": "string", "description": "a complaint for the manager", "minLength": 5, "maxLength": 60}},
                   "required": ["kind", "complaint"], "additionalProperties": false}
                ]}
              },
              "required": ["generation", "name", "order", "level", "attributes", "encounter"],
              "additionalProperties": false
            }
            """)
    }

    /// Words each starting with a character that is not a lower-case ASCII letter.
    static let namePattern = #"^[^a-z\s]\S*( [^a-z\s]\S*)*$"#
}
