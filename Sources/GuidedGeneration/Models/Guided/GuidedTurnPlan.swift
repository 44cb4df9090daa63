import JSONSchema

/// What a backend that writes its replies itself under a token mask (such as `LocalModel`)
/// needs from one request: the conversation as chat messages, the schema the reply is decoded
/// under, and how the decoded text becomes a turn. Without tools the reply schema is the
/// request's (nil for free text). With tools it is the action schema of schema-driven tool
/// calling — `{"tool": NAME, "arguments": {…}}` per tool, or `{"answer": …}` — so a call names a
/// real tool with arguments valid for it by construction; a free-text answer is then written
/// in a turn of its own (`answering`). The system message tells the model the tools and the
/// reply's JSON Schema, as Foundation Models does for its on-device model.
///
/// ```swift
/// var plan = try GuidedTurnPlan(request: request)
/// let text = decode(chatTemplate(plan.messages), under: plan.replySchema)   // the backend's own decoding
/// switch try plan.read(text) {
/// case .turn(let turn): return turn
/// case .answerInText: plan = plan.answering                              // decode free text next
/// }
/// ```
public struct GuidedTurnPlan: Sendable {
    /// What the decoded reply means.
    public enum Reading: Sendable, Equatable {
        case turn(LanguageModelTurn)
        /// The model chose to answer in free text; decode `answering` next.
        case answerInText
    }

    private let request: LanguageModelRequest
    private let tools: ToolPlan
    /// The conversation for the model's chat template (`system`, `user` and `assistant` messages).
    public let messages: [ChatMessage]
    /// The schema the reply must follow; nil for free text.
    public let replySchema: GenerationSchema?

    /// The plan for `request`; throws when the action schema cannot be compiled (a tool's
    /// parameters the engine refuses). Tools are offered until `toolRounds` rounds of calls
    /// have answered since the latest prompt; then the model answers (a small model may
    /// otherwise look the same thing up until the session's tool-call limit).
    public init(request: LanguageModelRequest, toolRounds: Int = .max) throws {
        let rounds = request.transcript.reversed().prefix { if case .prompt = $0 { false } else { true } }
            .filter { if case .toolCalls = $0 { true } else { false } }.count
        let offering = !request.tools.isEmpty && rounds < toolRounds
        let tools = offering ? ToolPlan(mode: .schemaDriven, tools: request.tools, choice: .auto, textHistory: true)
                             : ToolPlan(mode: .none, tools: [], choice: .none, textHistory: true)
        try self.init(request: request, tools: tools)
    }

    private init(request: LanguageModelRequest, tools: ToolPlan) throws {
        self.request = request
        self.tools = tools
        let schema = tools.mode == .schemaDriven
            ? try GenerationSchema(jsonSchema: ToolActionSchema.schema(for: tools, answer: request.schema))
            : request.schema
        replySchema = schema
        var messages = ChatMessage.conversation(of: request.transcript, toolHistory: tools.mode == .schemaDriven ? .actions : .facts,
                                                joiningRoles: true)
        if tools.mode == .schemaDriven { ChatMessage.addToSystem(ToolActionSchema.instructions(for: tools, answer: request.schema), in: &messages) }
        if let schema {
            let shown = request.schema.map { Self.holdsAnInstance(of: $0, transcript: request.transcript) } ?? false
            ChatMessage.addToSystem(Self.description(of: schema, instanceShown: shown), in: &messages)
        }
        self.messages = messages
    }

    /// The plan for the free-text answer after the model chose to answer.
    public var answering: GuidedTurnPlan {
        get throws { try GuidedTurnPlan(request: request, tools: tools.answering) }
    }

    /// The turn the decoded `text` stands for. Text decoded under `replySchema` always reads;
    /// anything else is a `decodingFailure` naming what is wrong.
    public func read(_ text: String) throws -> Reading {
        switch tools.read(ChatMessage(role: "assistant", content: text), schema: request.schema) {
        case .turn(let turn): return .turn(turn)
        case .answerInText: return .answerInText
        case .rejected(let problems, _):
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                "the reply does not follow its schema: \(problems.joined(separator: "; "))"))
        }
    }

    /// What a prefix of the reply already says, for streaming: the text itself for a free-text
    /// reply; for a structured one the content so far, closed where it stands (nil while a
    /// tool is being chosen or nothing is settled yet).
    public func partialContent(ofPrefix text: String) -> GeneratedContent? {
        tools.partialAnswer(in: text, schema: request.schema)
    }

    /// The most characters of schema a prompt carries (about 1,500 tokens): a longer schema is
    /// told as an outline of the reply's shape (`SchemaOutline`), which leaves a small model's
    /// context for the conversation — a real-world schema can run to half a million tokens.
    static let schemaBudget = 6_000

    /// The schema as compact JSON for the model to read: without the `$schema` line, and with
    /// long `enum` lists cut to their first `enumShown` values and a note of how many more —
    /// the mask allows all of them; the prompt only needs to show their kind, and a list of a
    /// hundred values would cost more prompt than the rest of the schema. Past `schemaBudget`,
    /// the widest outline that fits.
    ///
    /// When the conversation already shows a reply of the schema (a few-shot example), the
    /// example shows the shape and the mask holds the reply to it, so only what an example
    /// cannot show is told: what the described properties mean (`SchemaOutline.fieldNotes`).
    /// An NPC's system message then carries about 40 tokens of schema instead of 750, which
    /// every later token would attend to.
    static func description(of schema: GenerationSchema, instanceShown: Bool = false) -> String {
        if instanceShown {
            let notes = SchemaOutline.fieldNotes(of: schema.jsonSchema).joined(separator: "; ")
            return "Reply with JSON shaped like the replies above (the reply is held to its JSON Schema)." + (notes.isEmpty ? "" : " Fields: " + notes + ".")
        }
        let full = abbreviated(schema.jsonSchema, isSchema: true).jsonString
        if full.count <= schemaBudget { return "Reply with JSON that follows this JSON Schema: " + full }
        let outlines = [(4, 24), (3, 12), (2, 8), (1, 8), (1, 3)].lazy.map { SchemaOutline(depth: $0.0, width: $0.1).text(of: schema.root) }
        let outline = outlines.first { $0.count <= schemaBudget } ?? String(outlines.last!.prefix(schemaBudget))
        return "Reply with JSON shaped like this outline (its JSON Schema is too long to show here; the reply is held to it): " + outline
    }

    /// Whether a reply in `transcript` is JSON valid for `schema`.
    private static func holdsAnInstance(of schema: GenerationSchema, transcript: Transcript) -> Bool {
        transcript.contains { entry in
            guard case .response(let response) = entry, let content = try? GeneratedContent(json: response.segments.plainText) else { return false }
            return schema.violations(of: content).isEmpty
        }
    }

    private static let enumShown = 8

    private static func abbreviated(_ node: GeneratedContent, isSchema: Bool) -> GeneratedContent {
        if let items = node.elements { return GeneratedContent(elements: items.map { abbreviated($0, isSchema: isSchema) }) }
        guard !node.orderedKeys.isEmpty else { return node }
        var fields: [(String, GeneratedContent)] = []
        for key in node.orderedKeys {
            let value = node[key]!
            if isSchema, key == "$schema" { continue }
            if isSchema, key == "enum", let values = value.elements, values.count > enumShown + 1 {
                fields.append((key, GeneratedContent(elements: values.prefix(enumShown) + [GeneratedContent("… and \(values.count - enumShown) more")])))
            } else if isSchema, ["const", "default", "examples"].contains(key) {
                fields.append((key, value))
            } else {
                // Members of name → schema maps (`properties`, `$defs`) are schemas whatever their names.
                fields.append((key, abbreviated(value, isSchema: true)))
            }
        }
        return GeneratedContent(properties: fields)
    }
}
