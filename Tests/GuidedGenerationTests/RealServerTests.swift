import Foundation
import Testing
@testable import GuidedGeneration

/// The HTTP backend against a real llama.cpp server (SmolLM2-135M), which `.ci/run` starts with
/// `scripts/llama-server.sh` and names in `COFFEESHOP_LLM_URL`. Without it these tests skip, so
/// `swift test` works offline. The model is tiny: the tests check conformance and wiring, not wit.
private let realServerURL = ProcessInfo.processInfo.environment["COFFEESHOP_LLM_URL"].flatMap(URL.init(string:))

@Suite(.enabled(if: realServerURL != nil, "no llama.cpp server: set COFFEESHOP_LLM_URL (scripts/llama-server.sh start)"))
struct RealServerTests {
    static var model: OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: realServerURL!, name: "smollm2", timeout: 120, retries: 1, validationRetries: 3, retryDelay: 0.2)
    }

    struct NPC: Generable, Equatable {
        enum Mood: String, CaseIterable, Codable, Sendable { case cheerful, grumpy, sleepy }
        let name: String
        let level: Int
        let mood: Mood
        static let guides: [String: GenerationGuide] = ["level": .range(1...10), "name": .pattern("[A-Z][a-z]{1,15}")]
    }

    @Test func aFreeTextBaristaReply() async throws {
        let session = LanguageModelSession(model: Self.model, instructions: "You are Juno, a friendly barista. Answer in one sentence.")
        let reply = try await session.respond(to: "How long have you worked here?", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 60))
        #expect(!reply.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(session.transcript.count == 3)
    }

    @Test func typedNPCsConformForEverySeed() async throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let session = LanguageModelSession(model: Self.model)
            let npc = try await session.respond(to: "Invent a customer of a coffee shop.", generating: NPC.self,
                                                options: GenerationOptions(sampling: .random(top: 40, seed: seed), maximumResponseTokens: 400))
            #expect((1...10).contains(npc.content.level))
            #expect(try NPC.generationSchema.isValid(npc.rawContent))
        }
    }

    @Test func aDynamicRiddleSchema() async throws {
        // Bounded strings: a 135M model can ramble until it runs out of tokens, and a pattern makes
        // the server's grammar close the string in time.
        let short = DynamicGenerationSchema(type: String.self, guides: [.pattern("[A-Za-z0-9 ,.?!'-]{3,60}")])
        let answer = DynamicGenerationSchema(name: "Answer", properties: [
            .init(name: "text", schema: short), .init(name: "isCorrect", schema: .init(type: Bool.self)),
        ])
        let riddle = DynamicGenerationSchema(name: "Riddle", properties: [
            .init(name: "question", schema: short),
            .init(name: "answers", schema: .init(arrayOf: .init(referenceTo: "Answer"), minimumElements: 2, maximumElements: 3)),
        ])
        let schema = try GenerationSchema(root: riddle, dependencies: [answer])
        let reply = try await LanguageModelSession(model: Self.model).respond(to: "Write a riddle about coffee.", schema: schema,
                                                                              options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 400))
        #expect(schema.isValid(reply.content))
    }

    @Test func aTranscriptPastTheContextIsRefused() async throws {
        let long = String(repeating: "The espresso machine hisses and the milk steamer sings. ", count: 700)
        await #expect { try await LanguageModelSession(model: Self.model).respond(to: long) } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize = error else { return false }
            return true
        }
    }
}
