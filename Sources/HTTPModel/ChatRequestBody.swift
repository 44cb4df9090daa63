import GuidedGeneration
import JSONSchema

/// The body of an OpenAI-style chat completion request, built from a `LanguageModelRequest`:
/// instructions → `system`, prompts → `user`, responses → `assistant`, tool calls → an
/// `assistant` message with `tool_calls`, tool outputs → `tool` messages with their
/// `tool_call_id`; the tools as function definitions; the schema as `response_format`. In
/// schema-driven tool calling, tool calls are the assistant's action JSON, tool outputs go back
/// as `user` messages (chat templates without tool support know no `tool` role), and the system
/// message explains the actions.
enum ChatRequestBody {
    static func messages(of transcript: Transcript, plan: ToolPlan, schema: GenerationSchema?) -> [ChatMessage] {
        var messages = ChatMessage.conversation(of: transcript, toolHistory: plan.textHistory ? .actions : .native, joiningRoles: false)
        if plan.mode == .schemaDriven { ChatMessage.addToSystem(ToolActionSchema.instructions(for: plan, answer: schema), in: &messages) }
        return messages
    }

    /// The whole body: model, messages, sampling (with `text`'s for a free-text reply), tools
    /// and response format.
    static func body(model: String, messages: [ChatMessage], request: LanguageModelRequest, plan: ToolPlan,
                     text: OpenAICompatibleModel.TextSampling) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("model", GeneratedContent(model)), ("messages", GeneratedContent(elements: messages.map(\.wire)))]
        fields += sampling(request.options)
        if request.schema == nil, plan.mode != .schemaDriven {
            if let penalty = text.frequencyPenalty { fields.append(("frequency_penalty", GeneratedContent(penalty))) }
            if !text.stop.isEmpty { fields.append(("stop", GeneratedContent(elements: text.stop.map { GeneratedContent($0) }))) }
        }
        if let tokens = request.options.maximumResponseTokens { fields.append(("max_tokens", GeneratedContent(tokens))) }
        switch plan.mode {
        case .native:
            fields.append(("tools", GeneratedContent(elements: plan.tools.map { tool in
                GeneratedContent(properties: [("type", GeneratedContent("function")), ("function", GeneratedContent(properties: [
                    ("name", GeneratedContent(tool.name)), ("description", GeneratedContent(tool.description)),
                    ("parameters", tool.parameters.jsonSchema),
                ]))])
            })))
            fields.append(("tool_choice", toolChoice(plan.choice)))
            if let schema = request.schema { fields.append(("response_format", responseFormat(schema.jsonSchema))) }
        case .schemaDriven:
            fields.append(("response_format", responseFormat(ToolActionSchema.schema(for: plan, answer: request.schema), name: "action")))
        case .none:
            if let schema = request.schema { fields.append(("response_format", responseFormat(schema.jsonSchema))) }
        }
        return GeneratedContent(properties: fields)
    }

    /// A request that continues the assistant's message `prefix` under `grammar` (per-value
    /// guided decoding): llama.cpp and vLLM both take `continue_final_message`, and llama.cpp
    /// keeps the prompt's evaluated tokens for the next request (`cache_prompt`).
    static func continuation(model: String, messages: [ChatMessage], prefix: String, grammar: String, field: GrammarField,
                             options: GenerationOptions, maximumTokens: Int) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [
            ("model", GeneratedContent(model)),
            ("messages", GeneratedContent(elements: (messages + [ChatMessage(role: "assistant", content: prefix)]).map(\.wire))),
            ("continue_final_message", GeneratedContent(true)), ("add_generation_prompt", GeneratedContent(false)),
            ("max_tokens", GeneratedContent(maximumTokens)),
        ]
        if field == .llamaCpp { fields.append(("cache_prompt", GeneratedContent(true))) }
        fields += sampling(options)
        fields += field.fields(grammar)
        return GeneratedContent(properties: fields)
    }

    /// The sampling fields of `options`.
    private static func sampling(_ options: GenerationOptions) -> [(String, GeneratedContent)] {
        var fields: [(String, GeneratedContent)] = []
        switch options.samplingMode?.kind {
        case .greedy?: fields.append(("temperature", GeneratedContent(0)))
        case .top(let k)?: fields.append(("top_k", GeneratedContent(k)))
        case .probabilityThreshold(let p)?: fields.append(("top_p", GeneratedContent(p)))
        case nil: break
        }
        if options.samplingMode?.kind != .greedy, let temperature = options.temperature { fields.append(("temperature", GeneratedContent(temperature))) }
        // Servers read the seed as a 32-bit (llama.cpp) or signed 64-bit integer: a UInt64 is folded to 31 bits.
        if let seed = options.samplingMode?.seed { fields.append(("seed", GeneratedContent(Int((seed ^ (seed >> 31) ^ (seed >> 62)) & 0x7FFF_FFFF)))) }
        return fields
    }

    private static func responseFormat(_ schema: GeneratedContent, name: String = "response") -> GeneratedContent {
        GeneratedContent(properties: [
            ("type", GeneratedContent("json_schema")),
            ("json_schema", GeneratedContent(properties: [("name", GeneratedContent(name)), ("strict", GeneratedContent(true)), ("schema", schema)])),
        ])
    }

    private static func toolChoice(_ choice: OpenAICompatibleModel.ToolChoice) -> GeneratedContent {
        switch choice {
        case .auto: return GeneratedContent("auto")
        case .none: return GeneratedContent("none")
        case .required: return GeneratedContent("required")
        case .named(let name):
            return GeneratedContent(properties: [("type", GeneratedContent("function")),
                                                 ("function", GeneratedContent(properties: [("name", GeneratedContent(name))]))])
        }
    }
}
