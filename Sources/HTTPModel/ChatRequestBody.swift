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
    static func messages(of transcript: Transcript, plan: ToolPlan, schema: GenerationSchema?) -> [GeneratedContent] {
        let textHistory = plan.textHistory
        var messages: [GeneratedContent] = []
        for entry in transcript {
            switch entry {
            case .instructions(let instructions):
                messages.append(ChatMessages.message("system", instructions.segments.plainText))
            case .prompt(let prompt):
                messages.append(ChatMessages.message("user", prompt.segments.plainText))
            case .response(let response):
                messages.append(ChatMessages.message("assistant", response.segments.plainText))
            case .toolCalls(let calls) where textHistory:
                messages += calls.map { call in
                    ChatMessages.message("assistant", GeneratedContent(properties: [("tool", GeneratedContent(call.toolName)), ("arguments", call.arguments)]).jsonString)
                }
            case .toolCalls(let calls):
                messages.append(ChatMessages.toolCallsMessage(calls.map { ($0.id, $0.toolName, $0.arguments.jsonString) }))
            case .toolOutput(let output) where textHistory:
                messages.append(ChatMessages.message("user", "The tool \(output.toolName) answered: \(output.segments.plainText)"))
            case .toolOutput(let output):
                messages.append(ChatMessages.toolOutputMessage(id: output.id, content: output.segments.plainText))
            }
        }
        if plan.mode == .schemaDriven {
            let guide = ToolActionSchema.instructions(for: plan, answer: schema)
            if let first = messages.first, first["role"]?.stringValue == "system" {
                messages[0] = ChatMessages.message("system", (first["content"]?.stringValue ?? "") + "\n\n" + guide)
            } else {
                messages.insert(ChatMessages.message("system", guide), at: 0)
            }
        }
        return messages
    }

    /// The whole body: model, messages, sampling, tools and response format.
    static func body(model: String, messages: [GeneratedContent], request: LanguageModelRequest, plan: ToolPlan) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("model", GeneratedContent(model)), ("messages", GeneratedContent(elements: messages))]
        fields += sampling(request.options)
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
    static func continuation(model: String, messages: [GeneratedContent], prefix: String, grammar: String, field: GrammarField,
                             options: GenerationOptions, maximumTokens: Int) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [
            ("model", GeneratedContent(model)),
            ("messages", GeneratedContent(elements: messages + [ChatMessages.message("assistant", prefix)])),
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
