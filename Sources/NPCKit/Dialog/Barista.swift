import Foundation
import GuidedGeneration

/// The barista to talk to: a session with the persona from the content and today's date in its
/// instructions (so "tomorrow" means something), answering free text. A long conversation never
/// fails for length: on `exceededContextWindowSize` the transcript is condensed to the
/// instructions and the last exchanges, and the question is asked again.
///
/// ```swift
/// let barista = Barista(library: try .builtIn(), today: CalendarDate(year: 2026, month: 11, day: 23)!)
/// print(try await barista.reply(to: "How long have you worked here?", seed: 1))
/// ```
public final class Barista: @unchecked Sendable {
    public let persona: BaristaPersona
    private let model: any LanguageModel
    private let tools: [any Tool]
    private let lock = NSLock()
    private var session: LanguageModelSession

    /// A barista on `library`'s model (or `model`), with `tools` (e.g. an event lookup).
    public init(library: ContentLibrary, today: CalendarDate, model: (any LanguageModel)? = nil, tools: [any Tool] = []) {
        persona = library.barista
        self.model = model ?? library.model
        self.tools = tools
        session = LanguageModelSession(model: self.model, tools: tools,
                                       instructions: "\(library.barista.instructions) Today is \(today.isoString).")
    }

    /// A barista continuing a saved conversation.
    public init(library: ContentLibrary, transcript: Transcript, model: (any LanguageModel)? = nil, tools: [any Tool] = []) {
        persona = library.barista
        self.model = model ?? library.model
        self.tools = tools
        session = LanguageModelSession(model: self.model, tools: tools, transcript: transcript)
    }

    /// The conversation so far (save it to let the barista remember).
    public var transcript: Transcript { lock.withLock { session.transcript } }

    /// The barista's answer to `prompt`; `seed` makes it repeatable.
    public func reply(to prompt: String, seed: UInt64? = nil) async throws -> String {
        let options = GenerationOptions(sampling: seed.map { .random(top: 40, seed: $0) })
        do {
            return try await lock.withLock { session }.respond(to: prompt, options: options).content
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
            let condensed = lock.withLock { () -> LanguageModelSession in
                session = LanguageModelSession(model: model, tools: tools, transcript: session.transcript.condensed(keepingLast: 4))
                return session
            }
            return try await condensed.respond(to: prompt, options: options).content
        }
    }
}
