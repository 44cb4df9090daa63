/// NPCKit builds the coffee shop's characters, riddles and barista dialog on top of
/// `GuidedGeneration` and the embedded `ProceduralModel`, which it re-exports so a game needs a
/// single import. The coffee shop's words are NPCKit's own: `ContentLibrary.model` is the
/// procedural model on the shop's pack, while `SystemLanguageModel.default` keeps the model's
/// generic English one.
///
/// ```swift
/// import NPCKit
/// let library = try ContentLibrary.builtIn()
/// let session = LanguageModelSession(model: library.model, instructions: library.barista.briefing)
/// ```
@_exported import GuidedGeneration
@_exported import ProceduralModel
