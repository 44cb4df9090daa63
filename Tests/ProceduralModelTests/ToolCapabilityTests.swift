import Foundation
import Testing
@testable import GuidedGeneration
@testable import ProceduralModel

/// The embedded model links what its content asks for (the `whoIsThat` intent wants
/// `contacts`) to the tools that declare it, whatever their names and descriptions say; a tool
/// that declares other capabilities is not used, even when its words would match.
struct ToolCapabilityTests {
    static let noArguments = try! GenerationSchema(jsonSchema: #"{"type": "object", "properties": {}}"#)

    static func tool(_ name: String, _ description: String, capabilities: Set<String>) -> DynamicTool {
        DynamicTool(name: name, description: description, parameters: noArguments, capabilities: capabilities) { _ in "Ada Quist" }
    }

    static func calledTools(_ tool: DynamicTool) async throws -> (names: [String], reply: String) {
        let session = LanguageModelSession(model: SystemLanguageModel.default, tools: [tool])
        let reply = try await session.respond(to: "who's that?", options: GenerationOptions(samplingMode: .greedy)).content
        let names = session.transcript.flatMap { entry -> [String] in
            if case .toolCalls(let calls) = entry { return calls.map(\.toolName) }
            return []
        }
        return (names, reply)
    }

    @Test func aDeclaredCapabilityIsUsedWhateverTheWords() async throws {
        let result = try await Self.calledTools(Self.tool("lookUp", "Anyone nearby", capabilities: ["contacts"]))
        #expect(result.names == ["lookUp"])
        #expect(result.reply.contains("Ada Quist"), "\(result.reply)")
    }

    @Test func wordsDoNotOverrideWhatAToolDeclares() async throws {
        let result = try await Self.calledTools(Self.tool("findContact", "Finds a contact or friend", capabilities: ["weather"]))
        #expect(result.names.isEmpty)
        #expect(!result.reply.contains("Ada Quist"))
    }

    @Test func aToolThatDeclaresNothingIsMatchedByItsWords() async throws {
        let result = try await Self.calledTools(Self.tool("findContact", "Finds a contact or friend", capabilities: []))
        #expect(result.names == ["findContact"])
    }

    /// Whole words of the name, description and argument schema, ignoring case and plurals:
    /// "friendly" says nothing of friends.
    @Test func wordsAreWholeWordsOfNameDescriptionAndArguments() throws {
        let wanted = ProceduralContent.ToolRequest(capability: "contacts", keywords: ["friend", "person"])
        #expect(wanted.isOffered(byToolNamed: "findFriends", description: "", capabilities: []))
        #expect(wanted.isOffered(byToolNamed: "CONTACT_LIST", description: "", capabilities: []))
        #expect(!wanted.isOffered(byToolNamed: "rateService", description: "How friendly the staff are", capabilities: []))
        #expect(!wanted.isOffered(byToolNamed: "personalityQuiz", description: "Scores a quiz", capabilities: []))
        let parameters = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"who": {"type": "string", "description": "The person to look up"}}}"#)
        #expect(wanted.isOffered(byToolNamed: "lookUp", description: "Looks an entry up", capabilities: [], parameters: parameters))
        #expect(!wanted.isOffered(byToolNamed: "lookUp", description: "Looks an entry up", capabilities: []))
    }

    /// The coffee shop's `contactName` slot wants `contacts`. Once `maximumToolCalls` is spent
    /// the tool is no longer offered, and its output is still read by what the tool declared.
    @Test func aSlotReadsTheOutputOfADeclaringToolAfterTheBudgetIsSpent() async throws {
        let shop = ProceduralModel(content: try RepositoryContent.coffeeShop())
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}"#)
        for seed in UInt64(1)...5 {
            let session = LanguageModelSession(model: shop, tools: [Self.tool("lookUp", "Anyone nearby", capabilities: ["contacts"])])
            let options = GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumToolCalls: 1)
            let npc = try await session.respond(to: "Invent a customer.", schema: schema, options: options).content
            let calls = session.transcript.flatMap { entry -> [String] in
                if case .toolCalls(let calls) = entry { return calls.map(\.toolName) }
                return []
            }
            #expect(calls == ["lookUp"])
            #expect(npc["name"]?.stringValue == "Ada Quist", "seed \(seed): \(npc.jsonString)")
        }
    }

    @Test func definitionsKeepCapabilitiesAndOldTranscriptsStillLoad() throws {
        let definition = try Self.tool("lookUp", "Anyone nearby", capabilities: ["events", "contacts"]).definition()
        #expect(definition.capabilities == ["contacts", "events"])
        let encoded = try JSONEncoder().encode(definition)
        #expect(try JSONDecoder().decode(Transcript.ToolDefinition.self, from: encoded) == definition)
        let bare = try Self.tool("lookUp", "Anyone nearby", capabilities: []).definition()
        let bareJSON = try #require(String(data: try JSONEncoder().encode(bare), encoding: .utf8))
        #expect(!bareJSON.contains("capabilities"))
        #expect(try JSONDecoder().decode(Transcript.ToolDefinition.self, from: Data(bareJSON.utf8)).capabilities.isEmpty)
    }
}
