/// One message of a chat, the single shape every chat backend speaks: the HTTP client writes it
/// on the wire, a model run in process renders it through its chat template, and a tool plan
/// answers a wrong reply with it. A message is a role (`system`, `user`, `assistant`, `tool`)
/// and its text; an assistant's message may call tools, and a `tool` message answers one call
/// by its id.
///
/// ```swift
/// let messages = [ChatMessage(role: "system", content: "You are Juno, a barista."),
///                 ChatMessage(role: "user", content: "What do you recommend?")]
/// let prompt = try model.chatPrompt(messages)   // NativeModel renders them with its template
/// ```
public struct ChatMessage: Sendable, Equatable {
    /// A tool call an assistant's message makes: its id, the tool's name and the arguments as
    /// the JSON text the model wrote.
    public struct ToolCall: Sendable, Equatable {
        public var id: String
        public var name: String
        public var arguments: String

        public init(id: String, name: String, arguments: String) {
            self.id = id
            self.name = name
            self.arguments = arguments
        }
    }

    public var role: String
    public var content: String
    /// The tools an assistant's message calls (empty for any other message).
    public var toolCalls: [ToolCall]
    /// The call a `tool` message answers.
    public var toolCallID: String?

    public init(role: String, content: String, toolCalls: [ToolCall] = [], toolCallID: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
    }
}
