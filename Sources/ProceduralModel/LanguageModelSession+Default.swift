import GuidedGeneration

extension LanguageModelSession {
    /// A session on the embedded model, `SystemLanguageModel.default`, with optional tools and
    /// instructions — the session Foundation Models gives when no model is named.
    ///
    /// ```swift
    /// let session = LanguageModelSession(instructions: "You are Mira, a friendly innkeeper.")
    /// let reply = try await session.respond(to: "What do you recommend?")
    /// ```
    public convenience init(tools: [any Tool] = [], instructions: String? = nil) {
        self.init(model: SystemLanguageModel.default, tools: tools, instructions: instructions)
    }

    /// A session on the embedded model that carries on from a transcript.
    public convenience init(tools: [any Tool] = [], transcript: Transcript) {
        self.init(model: SystemLanguageModel.default, tools: tools, transcript: transcript)
    }
}
