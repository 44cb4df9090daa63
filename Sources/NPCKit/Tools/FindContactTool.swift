import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata
import Synchronization

/// A tool that names one of the player's contacts of a requested age generation — at random
/// (seeded), and never the same contact twice for one tool instance, even under parallel calls.
///
/// The output is the contact's full name alone, so a slot can use it as an NPC's name. When no
/// contact of the generation is left the output says so plainly ("No Gen X contact is left to
/// pick.") rather than throwing, and the model relays it. A contact of no generation (no
/// birth year — a vCard `BDAY:--0401`, or none — or a year outside 1946–2012) stands in for
/// whichever generation is asked for once that generation's own contacts are used up: every contact
/// becomes a customer, and the generation a customer shows is the one asked for. It declares the
/// `contacts` capability, which is how the procedural model's slots and intents that ask for a
/// contact find it.
///
/// ```swift
/// let finder = FindContactTool(contacts: try Contact.load(from: contactsURL), seed: 7)
/// let session = LanguageModelSession(tools: [finder], instructions: "Generate fun NPCs")
/// let name = try await finder.call(arguments: .init(generation: .genX))     // "Tobias Reyes-Lund"
/// ```
public final class FindContactTool: Tool, Sendable {
    /// What the model asks for: a generation.
    public struct Arguments: Generable {
        /// The generation the contact must belong to.
        public let generation: AgeGeneration

        /// Arguments asking for a contact of `generation`.
        public init(generation: AgeGeneration) {
            self.generation = generation
        }

        /// Reads the generation from the model's arguments, as the `@Generable` macro's
        /// initializer would (one property, without a decoder for the whole structure).
        public init(_ content: GeneratedContent) throws {
            generation = try content.value(AgeGeneration.self, forProperty: "generation")
        }

        /// Describes the argument for the model.
        public static let guides: [String: GenerationGuide] = [
            "generation": .description("The age generation of the contact to find"),
        ]
    }

    /// `findContact`.
    public let name = "findContact"
    /// What slots and intents asking for `contacts` are given.
    public let capabilities: Set<String> = ["contacts"]
    /// Speaks of a contact, a friend and a person, and of no events.
    public let description = "Finds a contact (a friend or person the player knows) of a given age generation; "
        + "each call names someone new."

    /// Per generation, the contacts not yet picked, in the (seeded) order they will be picked;
    /// then the contacts of no generation not yet picked, in the order they will be picked.
    private let left: Mutex<(remaining: [AgeGeneration: [Contact]], undated: [Contact])>

    /// A tool picking from `contacts`; `seed` fixes the order in which each generation's
    /// contacts come up.
    public init(contacts: [Contact], seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var remaining: [AgeGeneration: [Contact]] = [:]
        // In case order, so the shuffles draw from the generator in the same order every run.
        for generation in AgeGeneration.allCases {
            remaining[generation] = random.shuffled(contacts.filter { $0.generation == generation })
        }
        left = Mutex((remaining, random.shuffled(contacts.filter { $0.generation == nil })))
    }

    /// The full name of a contact of `arguments.generation` not named before (else of one of no
    /// generation), or a sentence saying none is left.
    public func call(arguments: Arguments) async throws -> String {
        let generation = arguments.generation
        let picked = left.withLock { $0.remaining[generation]?.popLast() ?? $0.undated.popLast() }
        return picked?.name ?? "No \(generation.displayName) contact is left to pick."
    }
}
