import GuidedGeneration

extension NPC {
    /// The schema NPCs are generated against: `NPC`'s derived schema, with the content's choices
    /// as guides — the order's parts from the menu (`menu`, or the library's), the three
    /// distinct attributes from the content's `attribute` symbol.
    ///
    /// ```swift
    /// let schema = try NPC.schema(for: try .builtIn())
    /// print(try schema.jsonSchema.prettyJSONString)
    /// ```
    public static func schema(for library: ContentLibrary, menu: Menu? = nil) throws -> GenerationSchema {
        let menu = menu ?? library.menu
        return try generationSchema(guides: [
            "order.size": .anyOf(menu.sizes.map(\.name)),
            "order.temperature": .anyOf(menu.temperatures.map(\.name)),
            "order.drink": .anyOf(menu.drinks.map(\.name)),
            "order.milk": .anyOf(menu.milks.map(\.name)),
            "order.syrup": .anyOf(menu.syrups.map(\.name)),
            "order.extras": .element(.anyOf(menu.extras.map(\.name))),
            "attributes": .element(.anyOf(library.attributes)),
        ])
    }
}
