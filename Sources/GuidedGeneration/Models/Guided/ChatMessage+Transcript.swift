import JSONSchema

extension ChatMessage {
    /// How a transcript's tool calls and their outputs are told to the model.
    package enum ToolHistory {
        /// As the chat API's own: an assistant message with `tool_calls`, then a `tool` message per output.
        case native
        /// As the action JSON of schema-driven tool calling, each output a user message.
        case actions
        /// Calls left out, each output a fact told to the model (it answers now, and a small
        /// model shown JSON it wrote would go on writing JSON).
        case facts
    }

    /// The transcript as chat messages. `joiningRoles` joins messages of one role in a row, since
    /// many chat templates insist that roles alternate. Of the instructions entries after the
    /// first only the latest is told — the situation of the moment, a system message where it
    /// stands — so one that has moved on is not repeated.
    package static func conversation(of transcript: Transcript, toolHistory: ToolHistory, joiningRoles: Bool) -> [ChatMessage] {
        let toldInstructions = transcript.toldInstructionIndices
        var messages: [ChatMessage] = []
        func add(_ message: ChatMessage) {
            if joiningRoles, let last = messages.last, last.role == message.role, last.toolCalls.isEmpty, message.toolCalls.isEmpty,
               last.toolCallID == nil, message.toolCallID == nil {
                messages[messages.count - 1].content = last.content + "\n\n" + message.content
            } else {
                messages.append(message)
            }
        }
        for (index, entry) in zip(transcript.indices, transcript) {
            switch entry {
            case .instructions(let instructions):
                if toldInstructions.contains(index) { add(ChatMessage(role: "system", content: instructions.segments.plainText)) }
            case .prompt(let prompt): add(ChatMessage(role: "user", content: prompt.segments.plainText))
            case .response(let response): add(ChatMessage(role: "assistant", content: response.segments.plainText))
            case .toolCalls(let calls):
                switch toolHistory {
                case .native:
                    add(ChatMessage(role: "assistant", content: "",
                                    toolCalls: calls.map { ToolCall(id: $0.id, name: $0.toolName, arguments: $0.arguments.jsonString) }))
                case .actions:
                    for call in calls {
                        add(ChatMessage(role: "assistant", content: GeneratedContent(properties: [
                            ("tool", GeneratedContent(call.toolName)), ("arguments", call.arguments),
                        ]).jsonString))
                    }
                case .facts:
                    continue
                }
            case .toolOutput(let output):
                switch toolHistory {
                case .native: add(ChatMessage(role: "tool", content: output.segments.plainText, toolCallID: output.id))
                case .actions: add(ChatMessage(role: "user", content: "The tool \(output.toolName) answered: \(output.segments.plainText)"))
                case .facts: add(ChatMessage(role: "user", content: "You looked this up with \(output.toolName): \(output.segments.plainText)"))
                }
            }
        }
        return messages
    }

    /// `text` at the end of the system message (a new one first when there is none).
    package static func addToSystem(_ text: String, in messages: inout [ChatMessage]) {
        if let first = messages.first, first.role == "system" {
            messages[0].content = first.content + "\n\n" + text
        } else {
            messages.insert(ChatMessage(role: "system", content: text), at: 0)
        }
    }
}
