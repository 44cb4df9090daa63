import GuidedGeneration

/// A GGUF model's `tokenizer.chat_template`: the Jinja template (Hugging Face convention) that
/// turns chat messages into prompt text, run by our own interpreter of the Jinja subset chat
/// templates use, rendering as Hugging Face's `apply_chat_template` and llama.cpp do
/// (`trim_blocks` and `lstrip_blocks` on). Parsing refuses, by name, any construct the
/// interpreter does not run, so a template either renders faithfully or fails clearly.
///
/// ```swift
/// let template = try ChatTemplate("{% for m in messages %}<|{{ m.role }}|>{{ m.content }}\n{% endfor %}")
/// let prompt = try template.render([ChatMessage(role: "user", content: "Hi")], addGenerationPrompt: false)
/// // "<|user|>Hi\n"
/// ```
public struct ChatTemplate: Sendable {
    private let program: TemplateProgram

    /// Parses `source`; throws `.syntax` for malformed Jinja and `.unsupported` for constructs
    /// (statements, filters, tests) the interpreter does not run.
    public init(_ source: String) throws(ChatTemplateError) {
        program = try TemplateParser.parse(source)
    }

    /// Renders the conversation with the variables chat templates expect: `messages`,
    /// `add_generation_prompt`, `bos_token` and `eos_token`.
    public func render(_ messages: [ChatMessage], addGenerationPrompt: Bool, bosToken: String = "", eosToken: String = "") throws(ChatTemplateError) -> String {
        let messageValues = messages.map { message in
            TemplateValue.dictionary(TemplateDictionary([("role", .string(message.role)), ("content", .string(message.content))]))
        }
        var renderer = TemplateRenderer(program: program, variables: [
            "messages": .list(messageValues),
            "add_generation_prompt": .bool(addGenerationPrompt),
            "bos_token": .string(bosToken),
            "eos_token": .string(eosToken),
        ])
        return try renderer.render()
    }
}
