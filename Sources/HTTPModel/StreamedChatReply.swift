import Foundation
import GuidedGeneration
import JSONSchema

/// A chat completion put together from its streamed chunks (`data:` events with
/// `choices[0].delta`): the text, the tool calls (their names and argument text arrive in
/// pieces, matched by `index`) and whether the stream said it was done.
struct StreamedChatReply {
    private(set) var content = ""
    private var calls: [ChatMessage.ToolCall] = []
    private var finished = false

    /// Whether the reply ended properly (a finish reason or `[DONE]`), not cut off.
    var isComplete: Bool { finished }

    /// Takes one event; true when the text grew. An error the server sends in the stream is thrown.
    mutating func take(_ event: ServerSentEvent) throws -> Bool {
        let data = event.data.trimmingCharacters(in: .whitespaces)
        if data == "[DONE]" {
            finished = true
            return false
        }
        let chunk: GeneratedContent
        do { chunk = try GeneratedContent(json: data) } catch {
            throw OpenAICompatibleModel.Failure.malformedResponse("a streamed chunk is not JSON: \(data.prefix(200))")
        }
        if let error = chunk["error"] {
            let message = error["message"]?.stringValue ?? error.stringValue ?? error.jsonString
            if let refusal = ChatTransport.contextRefusal(message) { throw refusal }
            throw OpenAICompatibleModel.Failure.streamError(message)
        }
        guard let choice = chunk["choices"]?.elements?.first else { return false }
        if let reason = choice["finish_reason"], !reason.isNull { finished = true }
        guard let delta = choice["delta"] else { return false }
        for call in delta["tool_calls"]?.elements ?? [] { try takeToolCallPiece(call) }
        guard let piece = delta["content"]?.stringValue, !piece.isEmpty else { return false }
        content += piece
        return true
    }

    /// A tool call's piece: servers send the id and name once or repeat them in every piece; the
    /// arguments come in pieces.
    private mutating func takeToolCallPiece(_ piece: GeneratedContent) throws {
        let count = calls.count
        let position = piece["index"]?.numberValue ?? Double(count)
        guard position >= 0, position <= Double(count), position.rounded() == position else {
            throw OpenAICompatibleModel.Failure.malformedResponse("a streamed tool call skips to index \(position)")
        }
        let index = Int(position)
        if index == calls.count { calls.append(ChatMessage.ToolCall(id: "", name: "", arguments: "")) }
        calls[index].take(id: piece["id"]?.stringValue, name: piece["function"]?["name"]?.stringValue,
                          arguments: piece["function"]?["arguments"]?.stringValue)
    }

    /// The reply in the shape of a whole completion's `message`.
    var message: ChatMessage {
        ChatMessage(role: "assistant", content: content, toolCalls: calls)
    }
}

private extension ChatMessage.ToolCall {
    /// Takes one streamed piece of the call: the id and name the first time they come, the
    /// arguments' next piece of text.
    mutating func take(id newID: String?, name newName: String?, arguments more: String?) {
        if id.isEmpty, let newID { id = newID }
        if name.isEmpty, let newName { name = newName }
        arguments += more ?? ""
    }
}
