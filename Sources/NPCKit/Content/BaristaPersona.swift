/// Who the barista is: a name and the instructions a barista session starts with
/// (`content/game/barista.json`).
///
/// ```swift
/// let persona = try ContentLibrary.builtIn().barista
/// let session = LanguageModelSession(instructions: persona.instructions)
/// ```
public struct BaristaPersona: Sendable, Equatable, Codable {
    /// The barista's name, e.g. "Juno".
    public var name: String
    /// The persona, written as instructions to the model.
    public var instructions: String

    public init(name: String, instructions: String) {
        self.name = name
        self.instructions = instructions
    }
}
