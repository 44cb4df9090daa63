import GuidedGeneration
@testable import NPCKit
import Synchronization
import Testing

/// How a conversation lays out its transcript for a model that caches the computed prefix:
/// what changes each line comes after the history, and the history is trimmed in chunks.
@Suite struct ConversationTests {
    /// Answers every prompt with the same line and records the transcripts it is asked with.
    final class RecordingModel: LanguageModel {
        let contextSize: Int
        private let asked = Mutex<[Transcript]>([])

        init(contextSize: Int = 4096) { self.contextSize = contextSize }

        var transcripts: [Transcript] { asked.withLock { $0 } }

        func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
            asked.withLock { $0.append(request.transcript) }
            return .text("A line of dialog, said back to the player.")
        }
    }

    static func kinds(_ transcript: Transcript) -> [String] {
        transcript.map { entry in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .response: "response"
            case .toolCalls: "calls"
            case .toolOutput: "output"
            }
        }
    }

    @Test func theSituationIsToldAfterTheHistoryAndNotKept() async throws {
        let model = RecordingModel()
        let chat = Conversation(model: model, instructions: "You are Ada, a regular.")
        for minute in 1...3 { _ = try await chat.reply(to: "Line \(minute)", situation: "The time now is 08:0\(minute).") }
        let asked = try #require(model.transcripts.last)
        #expect(Self.kinds(asked) == ["instructions", "prompt", "response", "prompt", "response", "instructions", "prompt"])
        #expect(Self.kinds(chat.transcript) == ["instructions"] + Array(repeating: ["prompt", "response"], count: 3).flatMap { $0 })
        let request = LanguageModelRequest(transcript: asked, tools: [], schema: nil, options: GenerationOptions())
        #expect(request.instructions == "You are Ada, a regular. The time now is 08:03.", "the embedded model reads them as one")
        // The previous turns' situations are not told again.
        let messages = ChatMessage.conversation(of: asked, toolHistory: .facts, joiningRoles: true)
        #expect(messages.map(\.role) == ["system", "user", "assistant", "user", "assistant", "system", "user"])
        #expect(messages[5].content == "The time now is 08:03.")
        let stale = Transcript(entries: Array(asked.prefix(3)) + [asked[5]] + Array(asked.suffix(2)))
        #expect(ChatMessage.conversation(of: stale, toolHistory: .facts, joiningRoles: false).map(\.content).filter { $0.hasPrefix("The time") }
            == ["The time now is 08:03."])
    }

    @Test func theHistoryIsTrimmedInChunksSoMostTurnsKeepTheirPrefix() async throws {
        let model = RecordingModel(contextSize: 2000)
        let chat = Conversation(model: model, instructions: "You are Ada, a regular.")
        let turns = 60
        for turn in 0..<turns { _ = try await chat.reply(to: "Tell me about the weather, turn \(turn).", situation: "The time now is \(turn).") }
        let budget = Conversation.historyBudget(for: model)
        var trims = 0
        for (earlier, later) in zip(model.transcripts, model.transcripts.dropFirst()) {
            let history = Array(later.dropLast(2))
            let tokens = history.dropFirst().map { SimpleTokenizer.count($0.plainText) }.reduce(0, +)
            #expect(tokens <= budget, "the history stays within its budget")
            let kept = Array(earlier.dropLast(2))
            if Array(history.prefix(kept.count)) != kept { trims += 1 }
        }
        #expect(trims >= 2, "the history was trimmed")
        #expect(trims * 5 <= turns, "in chunks: \(trims) trims in \(turns) turns")
    }
}
