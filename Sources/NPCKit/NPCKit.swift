/// NPCKit builds the coffee shop's characters, riddles and barista dialog on top of
/// `GuidedGeneration` and the embedded `ProceduralModel`, which it re-exports so a game needs a
/// single import.
///
/// ```swift
/// import NPCKit
/// let schema = try GenerationSchema(jsonSchema: #"{"type": "string", "enum": ["latte", "mocha"]}"#)
/// let session = LanguageModelSession()          // SystemLanguageModel.default
/// ```
@_exported import GuidedGeneration
@_exported import ProceduralModel
