/// Who the barista is (`content/game/barista.json`): a name, the instructions a barista
/// session starts with, and a fact sheet — sentences every answer must agree with (how long
/// she has worked here, the wifi network and password, her favourite drink) — and her life
/// (`Persona`: hometown, family, hobbies, plans for the week). `briefing` is the instructions
/// with the facts and her life's: a language model reads them, and the procedural model's
/// staff speaker captures each fact from its fixed phrasing, so the same question always gets
/// the same facts.
///
/// ```swift
/// let library = try ContentLibrary.builtIn()
/// let session = LanguageModelSession(model: library.model, instructions: library.barista.briefing)
/// ```
public struct BaristaPersona: Sendable, Equatable, Codable {
    /// The barista's name, e.g. "Juno".
    public var name: String
    /// The persona, written as instructions to the model.
    public var instructions: String
    /// Facts about the barista, one sentence each ("You have worked here for three years.").
    public var facts: [String]
    /// Her life outside the shop (`life` in the file), if written.
    public var life: Persona?

    public init(name: String, instructions: String, facts: [String] = [], life: Persona? = nil) {
        self.name = name
        self.instructions = instructions
        self.facts = facts
        self.life = life
    }

    /// The instructions followed by the facts and her life's.
    package var briefing: String {
        ([instructions] + facts).joined(separator: " ") + (life?.sheet ?? "")
    }

    private enum CodingKeys: String, CodingKey { case name, instructions, facts, life }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        instructions = try container.decode(String.self, forKey: .instructions)
        facts = try container.decodeIfPresent([String].self, forKey: .facts) ?? []
        life = try container.decodeIfPresent(Persona.self, forKey: .life)
    }
}
