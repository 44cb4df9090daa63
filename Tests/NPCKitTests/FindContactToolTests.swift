import Foundation
import GuidedGeneration
@testable import NPCKit
import ProceduralModel
import RegexAutomata
import Testing

@Suite struct FindContactToolTests {
    /// `count` contacts, "Guest 1" …, born in seeded random years 1930–2020; every fifth has no
    /// birth year.
    static func generatedContacts(_ count: Int, seed: UInt64) -> [Contact] {
        var random = SeededRandom(seed: seed)
        return (1...count).map { index in
            let year = Int.random(in: 1930...2020, using: &random)
            let birthday = index % 5 == 0 ? Birthday(month: 6, day: 15) : Birthday(month: 6, day: 15, year: year)
            return Contact(name: "Guest \(index)", birthday: birthday)
        }
    }

    @Test func noContactTwiceAcrossAThousandParallelCalls() async throws {
        let contacts = Self.generatedContacts(5_000, seed: 11)
        let byName = Dictionary(uniqueKeysWithValues: contacts.map { ($0.name, $0) })
        let tool = FindContactTool(contacts: contacts, seed: 3)
        let answers = await withTaskGroup(of: (AgeGeneration, String).self) { group in
            for index in 0..<1_000 {
                let generation = AgeGeneration.allCases[index % 4]
                group.addTask { (generation, (try? await tool.call(arguments: .init(generation: generation))) ?? "") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 1_000)
        #expect(Set(answers.map(\.1)).count == 1_000, "every answer is a different contact")
        for (generation, name) in answers {
            let contact = try #require(byName[name], "\(name) is a contact")
            #expect(contact.generation == generation)
        }
    }

    @Test func exhaustionIsAnHonestAnswer() async throws {
        let contacts = [
            Contact(name: "Ana", birthday: Birthday("1970-01-01")), Contact(name: "Bo", birthday: Birthday("1980-12-31")),
            Contact(name: "Cy", birthday: Birthday("1965-01-01")), Contact(name: "Di", birthday: Birthday("--05-05")),
            Contact(name: "Ed", birthday: Birthday("1990-05-05")), Contact(name: "Fay"),
        ]
        let tool = FindContactTool(contacts: contacts, seed: 1)
        var named: [String] = []
        for _ in 0..<3 { named.append(try await tool.call(arguments: .init(generation: .genX))) }
        #expect(Set(named) == ["Ana", "Bo", "Cy"])
        // Contacts without a birth year stand in once a generation's own are used up.
        let standIns = [try await tool.call(arguments: .init(generation: .genX)), try await tool.call(arguments: .init(generation: .genZ))]
        #expect(Set(standIns) == ["Di", "Fay"])
        #expect(try await tool.call(arguments: .init(generation: .millennial)) == "Ed")
        #expect(try await tool.call(arguments: .init(generation: .genX)) == "No Gen X contact is left to pick.")
        #expect(try await tool.call(arguments: .init(generation: .babyBoomers)) == "No Baby Boomer contact is left to pick.")
    }

    @Test func theSeedFixesTheOrder() async throws {
        let contacts = Self.generatedContacts(400, seed: 5)
        func picks(seed: UInt64) async throws -> [String] {
            let tool = FindContactTool(contacts: contacts, seed: seed)
            var names: [String] = []
            for generation in AgeGeneration.allCases { for _ in 0..<10 { names.append(try await tool.call(arguments: .init(generation: generation))) } }
            return names
        }
        #expect(try await picks(seed: 9) == picks(seed: 9))
        #expect(try await picks(seed: 9) != picks(seed: 10))
    }

    @Test func offersTheContactsCapabilityOnly() throws {
        let tool = FindContactTool(contacts: [], seed: 0)
        let contacts = ProceduralContent.ToolRequest(capability: "contacts", keywords: ["contact", "friend", "person"])
        let events = ProceduralContent.ToolRequest(capability: "events", keywords: ["event", "events", "calendar", "schedule"])
        let declared = tool.capabilities.sorted()
        #expect(declared == ["contacts"])
        #expect(contacts.isOffered(byToolNamed: tool.name, description: tool.description, capabilities: declared))
        #expect(!events.isOffered(byToolNamed: tool.name, description: tool.description, capabilities: declared))
        let schema = try tool.parameters.jsonSchema.jsonString
        for generation in AgeGeneration.allCases { #expect(schema.contains(generation.rawValue)) }
    }
}

@Suite struct FindContactToolSessionTests {
    struct Customer: Generable {
        let generation: AgeGeneration
        let name: String
    }

    @Test func aContactsSlotNamesGeneratedCustomersAfterContactsOfTheirGeneration() async throws {
        let pack = try ProceduralContent(documents: [(name: "90-contacts.json", json: #"""
            {"grammar": {"symbols": {"contactName": ["#toolOutput#"]}, "variables": {"toolOutput": "a stranger"}},
             "slots": [{"symbol": "contactName", "names": ["name"], "weight": 5,
                        "tool": {"capability": "contacts", "keywords": ["contact", "friend", "person"]}}],
             "corpus": ["A regular who knows everyone."]}
            """#)])
        let model = ProceduralModel(content: try ProceduralContent.builtIn.merged(with: pack))
        let contacts = FindContactToolTests.generatedContacts(200, seed: 4)
        let generations = Dictionary(uniqueKeysWithValues: contacts.map { ($0.name, $0.generation) })
        let tool = FindContactTool(contacts: contacts, seed: 8)
        var names: Set<String> = []
        for seed in 0..<12 as Range<UInt64> {
            let session = LanguageModelSession(model: model, tools: [tool])
            let customer = try await session.respond(to: "Make a customer", generating: Customer.self,
                                                     options: GenerationOptions(samplingMode: .random(top: 10, seed: seed))).content
            #expect(generations[customer.name] == customer.generation, "\(customer.name) is a contact of \(customer.generation)")
            names.insert(customer.name)
        }
        #expect(names.count == 12, "one tool instance never names a contact twice")
    }
}
