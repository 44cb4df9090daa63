/// A schema built at runtime — from a level file, a tool definition, a designer's form — rather
/// than from a Swift type. Combine dynamic schemas into a `GenerationSchema` with
/// `GenerationSchema(root:dependencies:)`, which checks names, properties, choices, references
/// and guides.
///
/// ```swift
/// let riddle = DynamicGenerationSchema(name: "Riddle", properties: [
///     .init(name: "question", schema: .init(type: String.self)),
///     .init(name: "answers", schema: .init(arrayOf: .init(referenceTo: "Answer"), minimumElements: 2, maximumElements: 4)),
///     .init(name: "hint", schema: .init(type: String.self), isOptional: true),
/// ])
/// let answer = DynamicGenerationSchema(name: "Answer", properties: [
///     .init(name: "text", schema: .init(type: String.self)),
///     .init(name: "isCorrect", schema: .init(type: Bool.self)),
/// ])
/// let schema = try GenerationSchema(root: riddle, dependencies: [answer])
/// ```
public struct DynamicGenerationSchema: Sendable {
    indirect enum Body: Sendable {
        case object(name: String, description: String?, properties: [Property])
        case array(item: DynamicGenerationSchema, minimumElements: Int?, maximumElements: Int?)
        case stringChoices(name: String, description: String?, choices: [String])
        case choices(name: String, description: String?, choices: [DynamicGenerationSchema])
        case reference(String)
        case type(any Generable.Type, guides: [GenerationGuide])
    }

    let body: Body

    /// One property of a structure.
    public struct Property: Sendable {
        let name: String
        let description: String?
        let schema: DynamicGenerationSchema
        let isOptional: Bool

        /// A property; an optional one may be left out of generated structures.
        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
            self.name = name
            self.description = description
            self.schema = schema
            self.isOptional = isOptional
        }
    }

    /// A structure with the given properties, generated in the given order.
    public init(name: String, description: String? = nil, properties: [Property]) {
        body = .object(name: name, description: description, properties: properties)
    }

    /// An array of elements of `itemSchema`, with optional bounds on its length.
    public init(arrayOf itemSchema: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
        body = .array(item: itemSchema, minimumElements: minimumElements, maximumElements: maximumElements)
    }

    /// One of the given strings.
    public init(name: String, description: String? = nil, anyOf choices: [String]) {
        body = .stringChoices(name: name, description: description, choices: choices)
    }

    /// A value of one of the given schemas.
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        body = .choices(name: name, description: description, choices: choices)
    }

    /// The schema named `name`, defined as the root or among the dependencies.
    public init(referenceTo name: String) {
        body = .reference(name)
    }

    /// A value of a `Generable` type (`String`, `Int`, `Bool`, a `Generable` struct, …) under
    /// the given guides.
    public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide] = []) {
        body = .type(type, guides: guides)
    }

    /// The name other schemas refer to this one by, if it has one.
    var name: String? {
        switch body {
        case .object(let name, _, _), .stringChoices(let name, _, _), .choices(let name, _, _): return name
        case .array, .reference: return nil
        case .type(let type, _): return "\(type)"
        }
    }
}
