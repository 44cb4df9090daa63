import GuidedGeneration
import ProceduralModel
import RegexAutomata

/// Makes riddles through a `LanguageModelSession` (one fresh, seeded session each). The
/// procedural model retrieves a whole riddle from the content so the answers stay coherent; any
/// model's reply is checked: one without exactly one correct answer, with an answer given twice,
/// or whose question copies an example it was shown is asked again, with other examples (at
/// most `attempts` times), then refused.
///
/// ```swift
/// let riddles = try await RiddleGenerator(library: try .builtIn()).riddles(count: 5, seed: 1)
/// ```
public struct RiddleGenerator: Sendable {
    package let model: any LanguageModel
    package let guide: WritingGuide
    /// The riddles a language model is shown examples from (none for the procedural model,
    /// which retrieves riddles itself).
    package let examples: [Riddle]
    /// How many example riddles a language model sees before writing one.
    package static let exampleCount = 2
    /// How many times a riddle is asked for before a bad one is refused.
    package static let attempts = 3

    /// A generator on `library`'s model, or on `model` when given.
    public init(library: ContentLibrary, model: (any LanguageModel)? = nil) {
        self.model = model ?? library.model
        guide = library.writing.riddle
        examples = self.model.capabilities.contains(.followsExamples) ? library.riddles : []
    }

    /// The riddle for `seed`.
    public func riddle(seed: UInt64) async throws -> Riddle {
        var problem = ""
        for attempt in 0..<Self.attempts {
            // The first attempt is seeded as it always was; later ones draw other examples.
            let attemptSeed = attempt == 0 ? seed : NPCGenerator.itemSeed(seed, attempt)
            var random = SeededRandom(seed: attemptSeed)
            let shown = examples.isEmpty ? [] : (0..<Self.exampleCount).map { _ in examples[random.int(in: 0..<examples.count)] }
            let session = guide.session(model: model, examples: try shown.map { try $0.generatedContent })
            let riddle = try await session.respond(to: guide.prompt, generating: Riddle.self,
                                                   options: ItemSampling.options(seed: attemptSeed)).content
            do {
                try riddle.check()
            } catch {
                problem = "\(error)"
                continue
            }
            guard !shown.contains(where: { Riddle.normalized($0.question) == Riddle.normalized(riddle.question) }) else {
                problem = "its question copies an example it was shown"
                continue
            }
            return riddle
        }
        throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
            "the model's riddle is invalid \(Self.attempts) times; last: \(problem)"))
    }

    /// `count` riddles, item k seeded from `seed` and k.
    public func riddles(count: Int, seed: UInt64) async throws -> [Riddle] {
        var made: [Riddle] = []
        for index in 0..<max(0, count) { made.append(try await riddle(seed: NPCGenerator.itemSeed(seed, index))) }
        return made
    }
}
