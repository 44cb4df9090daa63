import Foundation
import GuidedGeneration
import Synchronization

/// A conversation with one character through a `LanguageModelSession` whose cost per line
/// stays flat. The instructions that hold (who the character is) head the transcript; what
/// changes from line to line (the clock, what the player told them) is the `situation`, told
/// after the history just before each line and not kept, so a model that caches the
/// transcript's computed prefix (`LocalModel`) computes only the newest exchange and the line.
/// The history is kept within `historyBudget` tokens: past it, the oldest exchanges go until
/// half the budget is left, so the cached prefix survives the many lines between two trims.
/// A transcript that still outgrows the context is condensed (the instructions and the last 4
/// exchanges) and the answer comes anyway. The barista and every NPC talk through one.
///
/// ```swift
/// let chat = Conversation(model: library.model, instructions: "You are Ada, a regular.")
/// print(try await chat.reply(to: "Hi!", situation: "The time now is 08:15.", seed: 1))
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

    /// How many tokens of history a conversation keeps: a quarter of the model's context, which
    /// leaves room for the instructions, the situation and the reply, and keeps each line's
    /// attention over the history short.
    package static func historyBudget(for model: any LanguageModel) -> Int { model.contextSize / 4 }

    /// The answer to `prompt` (cut to fit, see `maximumPromptCharacters`) in `situation`, which
    /// the model reads after the history as instructions of the moment; `seed` makes it
    /// repeatable; `onText`, when given, receives the reply so far as the model writes it.
    package func reply(to prompt: String, situation: String? = nil, seed: UInt64? = nil,
                       onText: (@Sendable (String) -> Void)? = nil) async throws -> String {
        let prompt = Self.fitting(prompt)
        let options = GenerationOptions(samplingMode: seed.map { .random(top: 40, seed: $0) }, maximumResponseTokens: Self.maximumTokensPerReply,
                                        maximumToolCalls: Self.maximumToolCallsPerReply)
        let history = session.withLock { current in
            let trimmed = current.transcript.trimmed(toTokens: Self.historyBudget(for: model), counting: model.tokenCount(for:))
            if trimmed.count != current.transcript.count {
                current = LanguageModelSession(model: model, tools: tools, transcript: trimmed, continuing: current)
            }
            return current
        }
        do {
            return try await respond(to: prompt, after: history, situation: situation, options: options, onText: onText)
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
            let condensed = session.withLock { current -> LanguageModelSession in
                current = LanguageModelSession(model: model, tools: tools, transcript: current.transcript.condensed(keepingLast: 4), continuing: current)
                return current
            }
            return try await respond(to: prompt, after: condensed, situation: situation, options: options, onText: onText)
        }
    }

    /// Answers `prompt` in a session of `history` with the situation after it, then keeps the
    /// exchange — without the situation — as the conversation's session.
    private func respond(to prompt: String, after history: LanguageModelSession, situation: String?, options: GenerationOptions,
                         onText: (@Sendable (String) -> Void)?) async throws -> String {
        let kept = Array(history.transcript)
        let told = situation.map { [Transcript.Entry.instructions(.init(segments: [.text(.init(content: $0))], toolDefinitions: []))] } ?? []
        let turn = LanguageModelSession(model: model, tools: tools, transcript: Transcript(entries: kept + told), continuing: history)
        let reply: String
        if let onText {
            var last = ""
            for try await snapshot in turn.streamResponse(to: prompt, options: options) {
                guard let text = snapshot.content, text != last else { continue }
                last = text
                onText(text)
            }
            reply = last
        } else {
            reply = try await turn.respond(to: prompt, options: options).content
        }
        let said = turn.transcript.dropFirst(kept.count + told.count)
        session.withLock { $0 = LanguageModelSession(model: model, tools: tools, transcript: Transcript(entries: kept + said), continuing: turn) }
        return reply
    }
}
