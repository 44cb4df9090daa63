import GuidedGeneration
extension NativeModel {
    /// The conversation as the model expects to read it, rendered by the file's own
    /// `tokenizer.chat_template`, with the assistant's turn opened when `addGenerationPrompt`.
    ///
    /// ```swift
    /// let text = try model.chatPrompt([ChatMessage(role: "user", content: "Name one coffee drink.")])
    /// let reply = try model.makeSession().complete(model.tokenizer.encode(text), maxTokens: 32)
    /// ```
    public func chatPrompt(_ messages: [ChatMessage], addGenerationPrompt: Bool = true) throws(NativeModelError) -> String {
        guard let source = chatTemplate else {
            throw .template("the model file has no tokenizer.chat_template; complete raw text instead")
        }
        let vocabulary = tokenizer.vocabulary
        let text = { (token: Int?) in token.map { vocabulary.texts[$0] } ?? "" }
        do {
            return try ChatTemplate(source).render(messages, addGenerationPrompt: addGenerationPrompt,
                                                   bosToken: text(vocabulary.beginOfSequence), eosToken: text(vocabulary.endOfSequence.first))
        } catch {
            throw .template("chat template: \(error.description)")
        }
    }
}
