import Foundation
import GuidedGeneration
import ProceduralModel

/// The barista to talk to: a session with the persona from the content and today's date in its
/// instructions (so "tomorrow" means something), answering free text. A long conversation never
/// fails for length: its history is kept within a quarter of the model's context (the oldest
/// exchanges dropped in chunks), and on `exceededContextWindowSize` the transcript is condensed
/// to the instructions and the last exchanges, and the question is asked again.
///
/// ```swift
/// let barista = Barista(library: try .builtIn(), today: CalendarDate(year: 2026, month: 11, day: 23)!)
/// print(try await barista.reply(to: "How long have you worked here?", seed: 1))
/// ```
public final class Barista: Sendable {
    public let persona: BaristaPersona
    private let conversation: Conversation

    /// A barista on `library`'s model (or `model`), with `tools` (e.g. an event lookup).
    public init(library: ContentLibrary, today: CalendarDate, model: (any LanguageModel)? = nil, tools: [any Tool] = []) {
        persona = library.barista
        conversation = Conversation(model: model ?? library.model, tools: tools,
                                    instructions: "\(library.barista.briefing) Today is \(today.isoString).")
    }

    /// A barista continuing a saved conversation.
    public init(library: ContentLibrary, transcript: Transcript, model: (any LanguageModel)? = nil, tools: [any Tool] = []) {
        persona = library.barista
        conversation = Conversation(model: model ?? library.model, tools: tools, transcript: transcript)
    }

    /// The conversation so far (save it to let the barista remember).
    public var transcript: Transcript { conversation.transcript }

    /// The barista's answer to `prompt`; `seed` makes it repeatable. A conversation longer than
    /// its history budget or the model's context is trimmed (see `Conversation`) and carries on.
    public func reply(to prompt: String, seed: UInt64? = nil) async throws -> String {
        try await conversation.reply(to: prompt, seed: seed)
    }
}
