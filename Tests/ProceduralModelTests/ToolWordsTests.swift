import Foundation
@testable import GuidedGeneration
@testable import ProceduralModel
import Testing

/// Tools that declare no capabilities are chosen from what they say — their name, description
/// and argument schema — on the default model: issue 39's seed example (README's too), a contact
/// finder that names the NPCs of a session.
@Suite("Tools chosen from what they say")
struct ToolWordsTests {
    /// The seed example's NPC.
    typealias NPC = FieldKindTests.NPC

    /// The seed example's tool: no capabilities, only words. Each call names a contact of the
    /// generation asked for that no call named before.
    struct FindContactTool: Tool {
        enum Generation: String, Codable, CaseIterable, Sendable { case babyBoomers, genX, millennial, genZ }

        struct Arguments: Generable {
            let generation: Generation
        }

        let name = "findContact"
        let description = "Finds a contact from a specified age generation."
        let book: ContactBook

        func call(arguments: Arguments) async throws -> String {
            await book.pick(arguments.generation.rawValue)
        }
    }

    /// A few contacts per generation, each handed out once; the calls are logged.
    actor ContactBook {
        private var left: [String: [String]] = [
            "babyBoomers": ["Dolores Whitcombe", "Vernon Achterberg", "Maureen Oyelaran", "Clive Pettigrew"],
            "genX": ["Tobias Reyes-Lund", "Sandra Kowalczyk", "Darren Mbeki", "Lorraine Fitzgerald"],
            "millennial": ["Priya Castellano", "Jordan Ekwueme", "Kayleigh Brandt", "Marcus Lindholm"],
            "genZ": ["Zadie Okonkwo", "Finn Halloran", "Ayaan Mistry", "Luna Petrosyan"],
        ]
        private(set) var calls: [(generation: String, name: String)] = []

        func pick(_ generation: String) -> String {
            let name = left[generation]?.popLast() ?? "No \(generation) contact is left."
            calls.append((generation, name))
            return name
        }
    }

    static func options(_ seed: UInt64) -> GenerationOptions {
        GenerationOptions(samplingMode: .random(top: 40, seed: seed))
    }

    /// Issue 39, item 5: four NPCs of one session, each named by the tool.
    @Test(arguments: [0, 1, 2] as [UInt64])
    func aToolWithoutCapabilitiesNamesTheNPCs(seed: UInt64) async throws {
        let book = ContactBook()
        let session = LanguageModelSession(tools: [FindContactTool(book: book)], instructions: "Generate fun NPCs")
        var names: [String] = []
        for turn in 0..<4 as Range<UInt64> {
            let npc = try await session.respond(to: "Generate a character that orders a coffee.", generating: NPC.self,
                                                options: Self.options(seed &* 10 &+ turn)).content
            names.append(npc.name)
        }
        let calls = await book.calls
        #expect(calls.count == 4, "one call per NPC: \(calls)")
        #expect(names == calls.map(\.name), "each NPC is named by the tool's output")
        #expect(Set(names).count == 4, "no name twice: \(names)")
        #expect(calls.allSatisfy { FindContactTool.Generation(rawValue: $0.generation) != nil })
    }

    /// The generations asked for are drawn from the enum under the seed: the same seed asks the
    /// same ones, and across seeds more than one generation comes up.
    @Test func theArgumentsAreSeededChoicesFromTheEnum() async throws {
        func generations(seed: UInt64) async throws -> [String] {
            let book = ContactBook()
            let session = LanguageModelSession(tools: [FindContactTool(book: book)], instructions: "Generate fun NPCs")
            for turn in 0..<4 as Range<UInt64> {
                _ = try await session.respond(to: "Generate a character that orders a coffee.", generating: NPC.self,
                                              options: Self.options(seed &* 10 &+ turn))
            }
            return await book.calls.map(\.generation)
        }
        var seen = Set<String>()
        for seed in 0..<4 as Range<UInt64> {
            let first = try await generations(seed: seed)
            #expect(try await generations(seed: seed) == first)
            seen.formUnion(first)
        }
        #expect(seen.count >= 2, "\(seen)")
    }

    /// The argument schema speaks too: a tool whose only word for people is its argument's name.
    @Test func anArgumentNameCanSayWhatAToolFinds() async throws {
        let parameters = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"contactGroup": {"enum": ["family", "work"]}}, "required": ["contactGroup"]}"#)
        let tool = DynamicTool(name: "lookUp", description: "Looks an entry up.", parameters: parameters) { _ in "Ada Quist" }
        let session = LanguageModelSession(tools: [tool])
        let npc = try await session.respond(to: "Invent a visitor.", generating: NPC.self, options: Self.options(1)).content
        #expect(npc.name == "Ada Quist")
    }

    /// A tool whose words say nothing of people is left alone, and so is one that declares
    /// other capabilities, whatever its words.
    @Test func toolsThatDoNotFitAreNotCalled() async throws {
        let city = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#)
        let weather = DynamicTool(name: "getWeather", description: "Today's weather in a city.", parameters: city) { _ in "Sunny" }
        let declared = DynamicTool(name: "findContact", description: "Finds a contact.", parameters: city, capabilities: ["weather"]) { _ in "Ada Quist" }
        for tool in [weather, declared] {
            let session = LanguageModelSession(tools: [tool])
            let npc = try await session.respond(to: "Invent a visitor.", generating: NPC.self, options: Self.options(2)).content
            #expect(!session.transcript.contains { if case .toolCalls = $0 { true } else { false } }, "\(tool.name)")
            #expect(npc.name != "Ada Quist" && npc.name != "Sunny")
        }
    }
}
