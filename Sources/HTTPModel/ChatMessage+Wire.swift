import GuidedGeneration
import JSONSchema

/// Chat messages in the OpenAI wire shape: `role` and `content`, an assistant's `tool_calls`
/// (`id`, `type`, `function` with `name` and `arguments` as JSON text) and a tool message's
/// `tool_call_id`.
extension ChatMessage {
    /// The message as a chat-completion request carries it. An assistant message that only
    /// calls tools has no `content`.
    var wire: GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("role", GeneratedContent(role))]
        if !toolCalls.isEmpty {
            fields.append(("tool_calls", GeneratedContent(elements: toolCalls.map { call in
                GeneratedContent(properties: [
                    ("id", GeneratedContent(call.id)), ("type", GeneratedContent("function")),
                    ("function", GeneratedContent(properties: [("name", GeneratedContent(call.name)), ("arguments", GeneratedContent(call.arguments))])),
                ])
            })))
        }
        if let toolCallID { fields.append(("tool_call_id", GeneratedContent(toolCallID))) }
        if toolCalls.isEmpty || !content.isEmpty { fields.append(("content", GeneratedContent(content))) }
        return GeneratedContent(properties: fields)
    }

    /// A reply's `choices[0].message`: missing text reads as empty, a call's missing arguments as `{}`.
    init(wire message: GeneratedContent) {
        let calls = message["tool_calls"]?.elements ?? []
        self.init(role: message["role"]?.stringValue ?? "assistant", content: message["content"]?.stringValue ?? "",
                  toolCalls: calls.map { call in
                      ToolCall(id: call["id"]?.stringValue ?? "", name: call["function"]?["name"]?.stringValue ?? "",
                               arguments: call["function"]?["arguments"]?.stringValue ?? "{}")
                  })
    }
}
