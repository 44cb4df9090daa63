/// The body of an OpenAI-style chat completion request, built from a `LanguageModelRequest`:
/// instructions → `system`, prompts → `user`, responses → `assistant`, tool calls → an
/// `assistant` message with `tool_calls`, tool outputs → `tool` messages with their
/// `tool_call_id`; the tools as function definitions; the schema as `response_format`.
enum ChatRequestBody {
    static func messages(of transcript: Transcript) -> [GeneratedContent] {
        transcript.map { entry -> GeneratedContent in
            switch entry {
            case .instructions(let instructions):
                return message("system", instructions.segments.plainText)
            case .prompt(let prompt):
                return message("user", prompt.segments.plainText)
            case .response(let response):
                return message("assistant", response.segments.plainText)
            case .toolCalls(let calls):
                return GeneratedContent(properties: [
                    ("role", GeneratedContent("assistant")),
                    ("tool_calls", GeneratedContent(elements: calls.map { call in
                        GeneratedContent(properties: [
                            ("id", GeneratedContent(call.id)), ("type", GeneratedContent("function")),
                            ("function", GeneratedContent(properties: [("name", GeneratedContent(call.toolName)),
                                                                       ("arguments", GeneratedContent(call.arguments.jsonString))])),
                        ])
                    })),
                ])
            case .toolOutput(let output):
                return GeneratedContent(properties: [("role", GeneratedContent("tool")), ("tool_call_id", GeneratedContent(output.id)),
                                                     ("content", GeneratedContent(output.segments.plainText))])
            }
        }
    }

    static func message(_ role: String, _ content: String) -> GeneratedContent {
        GeneratedContent(properties: [("role", GeneratedContent(role)), ("content", GeneratedContent(content))])
    }

    /// The whole body: model, messages, sampling, tools and response format.
    static func body(model: String, messages: [GeneratedContent], request: LanguageModelRequest) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("model", GeneratedContent(model)), ("messages", GeneratedContent(elements: messages))]
        let options = request.options
        switch options.sampling?.strategy {
        case .greedy?: fields.append(("temperature", GeneratedContent(0)))
        case .top(let k)?: fields.append(("top_k", GeneratedContent(k)))
        case .probabilityThreshold(let p)?: fields.append(("top_p", GeneratedContent(p)))
        case nil: break
        }
        if options.sampling?.strategy != .greedy, let temperature = options.temperature { fields.append(("temperature", GeneratedContent(temperature))) }
        // The seed as an exact JSON integer: a Double cannot carry every UInt64.
        if let seed = options.sampling?.seed, let exact = try? GeneratedContent(json: String(seed)) { fields.append(("seed", exact)) }
        if let tokens = options.maximumResponseTokens { fields.append(("max_tokens", GeneratedContent(tokens))) }
        if !request.tools.isEmpty {
            fields.append(("tools", GeneratedContent(elements: request.tools.map { tool in
                GeneratedContent(properties: [("type", GeneratedContent("function")), ("function", GeneratedContent(properties: [
                    ("name", GeneratedContent(tool.name)), ("description", GeneratedContent(tool.description)),
                    ("parameters", tool.parameters.jsonSchema),
                ]))])
            })))
        }
        if let schema = request.schema {
            fields.append(("response_format", GeneratedContent(properties: [
                ("type", GeneratedContent("json_schema")),
                ("json_schema", GeneratedContent(properties: [("name", GeneratedContent("response")), ("strict", GeneratedContent(true)),
                                                              ("schema", schema.jsonSchema)])),
            ])))
        }
        return GeneratedContent(properties: fields)
    }
}
