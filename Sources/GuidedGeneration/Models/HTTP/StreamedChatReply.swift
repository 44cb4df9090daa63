import Foundation

/// A chat completion put together from its streamed chunks (`data:` events with
/// `choices[0].delta`): the text, the tool calls (their names and argument text arrive in
/// pieces, matched by `index`) and whether the stream said it was done.
struct StreamedChatReply {
    private(set) var content = ""
    private var calls: [(id: String, name: String, arguments: String)] = []
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
            if ChatTransport.isContextRefusal(message) {
                throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription: "the server refused the transcript: \(message)"))
            }
            throw OpenAICompatibleModel.Failure.streamError(message)
        }
        guard let choice = chunk["choices"]?.elements?.first else { return false }
        if let reason = choice["finish_reason"], !reason.isNull { finished = true }
        guard let delta = choice["delta"] else { return false }
        for call in delta["tool_calls"]?.elements ?? [] {
            let index = call["index"]?.numberValue.map { Int($0) } ?? calls.count
            guard index >= 0, index <= calls.count else {
                throw OpenAICompatibleModel.Failure.malformedResponse("a streamed tool call skips to index \(index)")
            }
            if index == calls.count { calls.append(("", "", "")) }
            // Servers send the id and name once or repeat them in every piece; the arguments come in pieces.
            if let id = call["id"]?.stringValue, calls[index].id.isEmpty { calls[index].id = id }
            if let name = call["function"]?["name"]?.stringValue, calls[index].name.isEmpty { calls[index].name = name }
            if let arguments = call["function"]?["arguments"]?.stringValue { calls[index].arguments += arguments }
        }
        guard let piece = delta["content"]?.stringValue, !piece.isEmpty else { return false }
        content += piece
        return true
    }

    /// The reply in the shape of a whole completion's `message`.
    var message: GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("role", GeneratedContent("assistant")), ("content", GeneratedContent(content))]
        if !calls.isEmpty {
            fields.append(("tool_calls", GeneratedContent(elements: calls.map { call in
                GeneratedContent(properties: [
                    ("id", GeneratedContent(call.id)), ("type", GeneratedContent("function")),
                    ("function", GeneratedContent(properties: [("name", GeneratedContent(call.name)),
                                                               ("arguments", GeneratedContent(call.arguments))])),
                ])
            })))
        }
        return GeneratedContent(properties: fields)
    }
}
