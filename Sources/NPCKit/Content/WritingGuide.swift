import GuidedGeneration
import JSONSchema

/// How a language model is asked for one kind of item (`content/game/writing.json`): the
/// instructions a session starts with and the prompt. A session for a language model also
/// shows it a few example items from the content as earlier turns (few-shot): the schema
/// decides what is valid, the examples are what make a small model's values read like the
/// game's.
///
/// ```swift
/// let guide = try ContentLibrary.builtIn().writing.npc
/// let session = guide.session(model: model, examples: [example])
/// let npc = try await session.respond(to: guide.prompt, schema: schema)
/// ```
package struct WritingGuide: Sendable, Equatable {
    var instructions: String
    var prompt: String

    init(instructions: String, prompt: String) {
        self.instructions = instructions
        self.prompt = prompt
    }

    /// A session that starts with the instructions and, for each example, the prompt answered
    /// with that example (as JSON).
    func session(model: any LanguageModel, tools: [any Tool] = [], examples: [GeneratedContent]) -> LanguageModelSession {
        var entries: [Transcript.Entry] = [.instructions(Transcript.Instructions(segments: [.text(.init(content: instructions))], toolDefinitions: []))]
        for example in examples {
            entries.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: prompt))])))
            entries.append(.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: example.jsonString))])))
        }
        return LanguageModelSession(model: model, tools: tools, transcript: Transcript(entries: entries))
    }

    /// The guides of the kinds a model writes, as `writing.json` holds them.
    struct Kinds: Sendable, Equatable {
        var npc: WritingGuide
        var riddle: WritingGuide
    }
}

extension WritingGuide.Kinds {
    /// Reads `writing.npc` and `writing.riddle`; every guide needs instructions and a prompt.
    package init(_ file: ContentFile) throws(ContentLibraryError) {
        guard let writing = file.root["writing"] else { throw file.failure("", "missing the top-level key \"writing\"") }
        func guide(_ kind: String) throws(ContentLibraryError) -> WritingGuide {
            let path = "writing.\(kind)"
            guard let entry = writing[kind] else { throw file.failure(path, "missing; every kind a model writes needs a guide") }
            guard let instructions = entry["instructions"]?.stringValue, !instructions.isEmpty else {
                throw file.failure(path + ".instructions", "must be non-empty text")
            }
            guard let prompt = entry["prompt"]?.stringValue, !prompt.isEmpty else { throw file.failure(path + ".prompt", "must be non-empty text") }
            return WritingGuide(instructions: instructions, prompt: prompt)
        }
        self.init(npc: try guide("npc"), riddle: try guide("riddle"))
    }
}
