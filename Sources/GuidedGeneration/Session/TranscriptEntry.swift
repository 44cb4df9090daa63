extension Transcript {
    /// One entry of a transcript: instructions from the developer, a prompt, tool calls the
    /// model made, one tool's output, or a response from the model.
    ///
    /// ```swift
    /// for entry in session.transcript {
    ///     switch entry {
    ///     case .prompt(let prompt): print("> \(prompt.segments)")
    ///     case .response(let response): print(response.segments)
    ///     case .instructions, .toolCalls, .toolOutput: break
    ///     }
    /// }
    /// ```
    public enum Entry: Sendable, Equatable, Identifiable {
        /// Instructions, typically written by the developer, with the tools the model may call.
        case instructions(Instructions)
        /// A prompt, typically from the user, with its options and response format.
        case prompt(Prompt)
        /// The tool calls the model asked for in one turn.
        case toolCalls(ToolCalls)
        /// The output of one tool call.
        case toolOutput(ToolOutput)
        /// A response from the model.
        case response(Response)

        /// The identifier of the entry's payload.
        public var id: String {
            switch self {
            case .instructions(let instructions): return instructions.id
            case .prompt(let prompt): return prompt.id
            case .toolCalls(let toolCalls): return toolCalls.id
            case .toolOutput(let toolOutput): return toolOutput.id
            case .response(let response): return response.id
            }
        }
    }
}
