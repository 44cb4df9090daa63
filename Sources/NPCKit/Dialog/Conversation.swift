import Foundation
import GuidedGeneration
import Synchronization

/// A conversation with one character through a `LanguageModelSession` that never overflows:
/// when the transcript outgrows the model's context it is condensed (the instructions and the
/// last 4 exchanges) and the answer comes anyway. The barista and every NPC talk through one.
///
/// ```swift
/// let chat = Conversation(model: library.model, instructions: "You are Ada, a regular.")
/// print(try await chat.reply(to: "Hi!", seed: 1))
/// let saved = chat.transcript              // Conversation(model:tools:transcript:) resumes it
/// ```
package final class Conversation: Sendable {
    private let model: any LanguageModel
    private let tools: [any Tool]
    /// Replaced by a condensed session when the transcript outgrows the context.
    private let session: Mutex<LanguageModelSession>

    /// A new conversation with `instructions`.
    package init(model: any LanguageModel, tools: [any Tool] = [], instructions: String) {
        self.model = model
        self.tools = tools
        session = Mutex(LanguageModelSession(model: model, tools: tools, instructions: instructions))
    }

    /// A saved conversation, continued.
    package init(model: any LanguageModel, tools: [any Tool] = [], transcript: Transcript) {
        self.model = model
        self.tools = tools
        session = Mutex(LanguageModelSession(model: model, tools: tools, transcript: transcript))
    }

    private init(model: any LanguageModel, tools: [any Tool], session: LanguageModelSession) {
        self.model = model
        self.tools = tools
        self.session = Mutex(session)
    }

    /// This conversation going on under new instructions and tools: the transcript and what
    /// the model remembers having said carry over (a game changes a character's instructions
    /// as the clock moves and the player tells them things; the character must not start
    /// repeating its lines because of it).
    package func continuing(instructions: String, tools: [any Tool]) -> Conversation {
        let earlier = session.withLock { $0 }
        let next = LanguageModelSession(model: model, tools: tools, transcript: earlier.transcript.withInstructions(instructions), continuing: earlier)
        return Conversation(model: model, tools: tools, session: next)
    }

    /// The conversation so far.
    package var transcript: Transcript { session.withLock { $0.transcript } }

    /// At most this many tool calls per reply: after them the model must answer (a small model
    /// behind a server may otherwise look the same thing up until its context is full).
    static let maximumToolCallsPerReply = 3
    /// At most this many tokens per reply — a line or two of dialog, not an essay.
    static let maximumTokensPerReply = 120

    /// A line longer than this is cut to its last this-many characters (from the start of a
    /// word) before the model sees it: a line of dialog, not a document, and the end is where a
    /// rambling line's question usually is. A real model's context would otherwise overflow.
    package static let maximumPromptCharacters = 1_000

    /// `prompt` cut to `maximumPromptCharacters`, keeping its end.
    package static func fitting(_ prompt: String) -> String {
        guard prompt.count > maximumPromptCharacters else { return prompt }
        let tail = prompt.suffix(maximumPromptCharacters)
        guard let space = tail.firstIndex(where: \.isWhitespace) else { return String(tail) }
        return String(tail[tail.index(after: space)...])
    }

    /// The answer to `prompt` (cut to fit, see `maximumPromptCharacters`); `seed` makes it
    /// repeatable.
    package func reply(to prompt: String, seed: UInt64? = nil) async throws -> String {
        let prompt = Self.fitting(prompt)
        let options = GenerationOptions(samplingMode: seed.map { .random(top: 40, seed: $0) }, maximumResponseTokens: Self.maximumTokensPerReply,
                                        maximumToolCalls: Self.maximumToolCallsPerReply)
        do {
            return try await session.withLock { $0 }.respond(to: prompt, options: options).content
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
            let condensed = session.withLock { current -> LanguageModelSession in
                current = LanguageModelSession(model: model, tools: tools, transcript: current.transcript.condensed(keepingLast: 4), continuing: current)
                return current
            }
            return try await condensed.respond(to: prompt, options: options).content
        }
    }
}
