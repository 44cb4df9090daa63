import Foundation
import JSONSchema

/// How one request puts the session's tools before the server, and how the server's reply is
/// read back: *native* sends the tools as function definitions and reads `tool_calls`;
/// *schema-driven* asks, under `response_format`, for the next action — `{"tool": NAME,
/// "arguments": {…}}` or `{"answer": …}` — so any server that enforces JSON Schema can call
/// tools. Either way a call's arguments are checked against the tool's schema, and a reply that
/// is wrong comes back as the problems to tell the model. A free-text answer is asked for in a
/// request of its own once the model has chosen to answer (`{"answer": true}`): text generated
/// under a grammar has nothing to make it stop, and plain text streams as it is written.
package struct ToolPlan: Sendable {
    package enum Mode: Sendable, Equatable { case none, native, schemaDriven }

    package let mode: Mode
    /// The tools the model may call in this turn.
    package let tools: [Transcript.ToolDefinition]
    /// The choice for this turn (`required` and `named` hold until a tool has answered).
    package let choice: ToolChoice
    /// Whether earlier tool calls and outputs go out as plain messages (for servers whose chat
    /// template has no tool support) rather than as `tool_calls` and `tool` messages.
    package let textHistory: Bool

    package init(mode: Mode, tools: [Transcript.ToolDefinition], choice: ToolChoice, textHistory: Bool) {
        self.mode = mode
        self.tools = tools
        self.choice = choice
        self.textHistory = textHistory
    }

    package static let noTools = ToolPlan(mode: .none, tools: [], choice: .none, textHistory: false)

    /// The plan for the free-text answer after the model chose to answer.
    package var answering: ToolPlan { ToolPlan(mode: .none, tools: [], choice: .none, textHistory: textHistory) }

    /// The reply as a turn, or what is wrong with it and the messages that say so to the model.
    package enum Reading {
        case turn(LanguageModelTurn)
        /// The model chose to answer in free text, which it writes in a request of its own.
        case answerInText
        case rejected(problems: [String], feedback: [ChatMessage])
    }

    /// Whether this turn must be a tool call.
    private var callRequired: Bool {
        switch choice {
        case .required, .named: return true
        case .auto, .none: return false
        }
    }

    /// The tools a call may name in this turn.
    var callable: [Transcript.ToolDefinition] {
        if case .named(let name) = choice { return tools.filter { $0.name == name } }
        return tools
    }

    package func read(_ message: ChatMessage, schema: GenerationSchema?) -> Reading {
        let text = message.content
        switch mode {
        case .schemaDriven:
            return readAction(text, schema: schema)
        case .native:
            if !message.toolCalls.isEmpty { return readNativeCalls(message.toolCalls) }
            if callRequired {
                return .rejected(problems: ["the model answered without calling a tool, and this turn must call one"],
                                 feedback: [ChatMessage(role: "assistant", content: text),
                                            ChatMessage(role: "user", content: "Call one of the tools now.")])
            }
            return readAnswer(text, schema: schema)
        case .none:
            return readAnswer(text, schema: schema)
        }
    }

    /// The partial answer a streamed reply's text holds so far.
    package func partialAnswer(in text: String, schema: GenerationSchema?) -> GeneratedContent? {
        switch mode {
        case .none, .native:
            return schema == nil ? GeneratedContent(text) : PartialJSON.content(ofPrefix: text)
        case .schemaDriven:
            return schema == nil ? nil : PartialJSON.content(ofPrefix: text)?["answer"]
        }
    }

    private func readAnswer(_ text: String, schema: GenerationSchema?) -> Reading {
        guard let schema else { return .turn(.text(text)) }
        let content: GeneratedContent
        do { content = try GeneratedContent(json: text) } catch {
            return rejectedJSON(text, problems: ["the reply is not JSON: \(error)"])
        }
        let violations = schema.violations(of: content)
        guard violations.isEmpty else { return rejectedJSON(text, problems: violations.prefix(8).map(\.description)) }
        return .turn(.content(content))
    }

    private func readAction(_ text: String, schema: GenerationSchema?) -> Reading {
        let action: GeneratedContent
        do { action = try GeneratedContent(json: text) } catch {
            return rejectedJSON(text, problems: ["the reply is not JSON: \(error)"])
        }
        if let name = action["tool"]?.stringValue {
            let arguments = action["arguments"] ?? GeneratedContent(properties: [])
            if let problem = problem(calling: name, with: arguments) { return rejectedJSON(text, problems: [problem]) }
            return .turn(.toolCalls([Transcript.ToolCall(toolName: name, arguments: arguments)]))
        }
        guard let answer = action["answer"] else {
            return rejectedJSON(text, problems: [#"expected {"tool": …, "arguments": …} or {"answer": …}"#])
        }
        if callRequired { return rejectedJSON(text, problems: ["this turn must call a tool, not answer"]) }
        guard let schema else {
            guard answer.boolValue == true else { return rejectedJSON(text, problems: [#"to answer, reply with {"answer": true}"#]) }
            return .answerInText
        }
        let violations = schema.violations(of: answer)
        guard violations.isEmpty else { return rejectedJSON(text, problems: violations.prefix(8).map { "answer: \($0)" }) }
        return .turn(.content(answer))
    }

    private func readNativeCalls(_ calls: [ChatMessage.ToolCall]) -> Reading {
        var parsed: [(call: Transcript.ToolCall, argumentText: String, problem: String?)] = []
        for call in calls {
            let name = call.name
            let argumentText = call.arguments
            let id = call.id.isEmpty ? Transcript.makeID() : call.id
            guard let arguments = try? GeneratedContent(json: argumentText.isEmpty ? "{}" : argumentText) else {
                parsed.append((Transcript.ToolCall(id: id, toolName: name, arguments: GeneratedContent(properties: [])), argumentText,
                               "the arguments of \(name) are not JSON: \(argumentText.prefix(200))"))
                continue
            }
            parsed.append((Transcript.ToolCall(id: id, toolName: name, arguments: arguments), argumentText,
                           problem(calling: name, with: arguments)))
        }
        let problems = parsed.compactMap(\.problem)
        guard !problems.isEmpty else { return .turn(.toolCalls(parsed.map(\.call))) }
        var feedback = [ChatMessage(role: "assistant", content: "",
                                    toolCalls: parsed.map { ChatMessage.ToolCall(id: $0.call.id, name: $0.call.toolName, arguments: $0.argumentText) })]
        for entry in parsed {
            feedback.append(ChatMessage(role: "tool", content: entry.problem.map { "Error: \($0). Call it again with valid arguments." }
                ?? "Not run: another call in this turn had invalid arguments. Call it again if you still need it.", toolCallID: entry.call.id))
        }
        return .rejected(problems: problems, feedback: feedback)
    }

    /// What is wrong with calling `name` with `arguments` in this turn, if anything.
    private func problem(calling name: String, with arguments: GeneratedContent) -> String? {
        guard let tool = callable.first(where: { $0.name == name }) else {
            return "there is no tool '\(name)' to call now; the tools are \(callable.map(\.name).joined(separator: ", "))"
        }
        let violations = tool.parameters.violations(of: arguments)
        guard !violations.isEmpty else { return nil }
        return "the arguments of \(name) break its schema: \(violations.prefix(5).map(\.description).joined(separator: "; "))"
    }

    private func rejectedJSON(_ text: String, problems: [String]) -> Reading {
        .rejected(problems: problems, feedback: [
            ChatMessage(role: "assistant", content: text),
            ChatMessage(role: "user", content: "That reply does not follow the JSON Schema: \(problems.joined(separator: "; ")). Answer again with JSON that does."),
        ])
    }
}
