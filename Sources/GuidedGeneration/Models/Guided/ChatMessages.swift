import Foundation
import JSONSchema

/// Chat messages in the OpenAI shape (`role`, `content`, `tool_calls`, `tool_call_id`) that
/// every chat backend speaks: the HTTP client sends them, a model run in process renders them
/// through its chat template, and the tool plan answers a wrong reply with them.
package enum ChatMessages {
    /// A plain message: `system`, `user` or `assistant`, and its text.
    package static func message(_ role: String, _ content: String) -> GeneratedContent {
        GeneratedContent(properties: [("role", GeneratedContent(role)), ("content", GeneratedContent(content))])
    }

    /// An assistant message calling tools: each call's id, name and arguments as JSON text, and
    /// the text the model wrote beside them, if any.
    package static func toolCallsMessage(_ calls: [(id: String, name: String, arguments: String)], content: String? = nil) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [
            ("role", GeneratedContent("assistant")),
            ("tool_calls", GeneratedContent(elements: calls.map { call in
                GeneratedContent(properties: [
                    ("id", GeneratedContent(call.id)), ("type", GeneratedContent("function")),
                    ("function", GeneratedContent(properties: [("name", GeneratedContent(call.name)), ("arguments", GeneratedContent(call.arguments))])),
                ])
            })),
        ]
        if let content { fields.append(("content", GeneratedContent(content))) }
        return GeneratedContent(properties: fields)
    }

    package static func toolOutputMessage(id: String, content: String) -> GeneratedContent {
        GeneratedContent(properties: [("role", GeneratedContent("tool")), ("tool_call_id", GeneratedContent(id)), ("content", GeneratedContent(content))])
    }
}
