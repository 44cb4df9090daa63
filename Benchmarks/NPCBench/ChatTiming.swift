import CoffeeShopGame
import Foundation
import GuidedGeneration
import NativeModel
import NPCKit
import ProceduralModel

/// `--only chat --model FILE.gguf`: 20 scripted lines to the barista in the game, her replies
/// from `LocalModel` — the seconds of each turn, the prompt tokens it computed and the ones an
/// earlier turn had computed (the KV cache), and her reply; then the turns 1, 10 and 20.
/// Customers who arrive meanwhile are made by the embedded model, so the turns time her alone.
nonisolated func timeChat(library: ContentLibrary, modelPath: String, threads: Int, seed: UInt64) async throws {
    let local = try LocalModel(contentsOf: URL(fileURLWithPath: modelPath), options: LocalModel.Options(threads: threads))
    let model = ChatOnlyModel(chat: local, rest: library.model)
    let game = try Game(library: library, setup: .init(seed: seed, today: CalendarDate(year: 2026, month: 11, day: 28)!, model: model, relaxed: true))
    _ = await game.opening()
    _ = await game.handle("talk barista")
    print("| Turn | Line | Seconds | Prompt tokens computed | Prompt tokens reused | Reply |")
    print("|---:|---|---:|---:|---:|---|")
    var seconds: [Double] = []
    var computed: [Int] = []
    for (index, line) in chatScript.enumerated() {
        let before = local.statistics
        let start = wallSeconds()
        let reply = await game.handle(line).text
        seconds.append(wallSeconds() - start)
        let after = local.statistics
        computed.append(after.promptTokens - before.promptTokens)
        let said = reply.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "/")
        print(String(format: "| %d | %@ | %.2f | %d | %d | %@ |", index + 1, line, seconds[index], computed[index],
                     after.reusedPromptTokens - before.reusedPromptTokens, String(said.prefix(100))))
    }
    print("")
    print("| Barista reply time, \((modelPath as NSString).lastPathComponent), \(threads) threads | Turn 1 | Turn 10 | Turn 20 |")
    print("|---|---:|---:|---:|")
    print(String(format: "| seconds | %.2f | %.2f | %.2f |", seconds[0], seconds[9], seconds[19]))
    print("| prompt tokens computed | \(computed[0]) | \(computed[9]) | \(computed[19]) |")
}

/// The player's 20 lines: greetings, the facts she is given (her name, the hours, the clock,
/// prices) and what the player tells her, asked back.
let chatScript = [
    "Hi! My name is Sam.", "What's your name?", "What time do you close?", "What time is it now?", "How much is a latte?",
    "What do you recommend today?", "I have a dog called Biscuit.", "Is the oat milk any good?", "What's my name?",
    "How long have you worked here?", "What's the wifi password?", "Do you have any pets?", "What's my dog called?",
    "Where are you from?", "I work as a nurse.", "What are you doing on Saturday?", "What do I do for a living?",
    "What's your favourite drink?", "Any plans for tonight?", "Thanks, see you tomorrow!",
]

/// The barista's free-text turns (and their tool calls) from `chat`; every structured request
/// — a customer, a riddle — from `rest`.
struct ChatOnlyModel: LanguageModel {
    let chat: any LanguageModel
    let rest: any LanguageModel

    func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        try await (request.schema == nil ? chat : rest).respond(to: request)
    }

    var contextSize: Int { chat.contextSize }
    func tokenCount(for text: String) -> Int { chat.tokenCount(for: text) }
    var capabilities: LanguageModelCapabilities { chat.capabilities }
    var repliesFollowTheSchema: Bool { false }
}
