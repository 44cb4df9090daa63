import Foundation
import GuidedGeneration
import HTTPModel
import NativeModel
import NPCKit

/// `--only local --model FILE.gguf [--url URL]`: NPCs through `LocalModel` (decoded under the
/// mask) beside the same NPCs through `OpenAICompatibleModel` against a server with the schema
/// as `response_format` (no retries, no fallback) — seconds per NPC and the share valid for the
/// NPC schema; the tokens the mask forced and the model sampled per NPC, prompt tokens
/// computed and reused; and the time to the barista's first word in a conversation's second
/// line (its instructions already computed).
nonisolated func timeLocalModel(library: ContentLibrary, modelPath: String, serverURL: URL?, count: Int, threads: Int, seed: UInt64) async throws {
    let local = try LocalModel(contentsOf: URL(fileURLWithPath: modelPath), options: LocalModel.Options(threads: threads))
    let schema = try NPC.schema(for: library)
    print("| NPCs from \((modelPath as NSString).lastPathComponent), \(threads) threads | NPCs | Valid | Seconds per NPC | NPCs per second |")
    print("|---|---:|---:|---:|---:|")
    let before = local.statistics
    let localRow = try await timeNPCs(model: local, library: library, schema: schema, count: count, seed: seed)
    print(localRow.line("LocalModel (in process, under the token mask)"))
    if let serverURL { try await timeServerModes(library: library, serverURL: serverURL, count: count, seed: seed, header: false) }
    let spent = local.statistics
    let replies = Double(max(1, spent.replies - before.replies))
    let forced = Double(spent.forcedTokens - before.forcedTokens), sampled = Double(spent.sampledTokens - before.sampledTokens)
    print("")
    print("| LocalModel per NPC | Forced tokens | Sampled tokens | Forced share | Prompt tokens computed | Prompt tokens reused |")
    print("|---|---:|---:|---:|---:|---:|")
    print(String(format: "| mean over %d NPCs | %.1f | %.1f | %.0f %% | %.0f | %.0f |", count, forced / replies, sampled / replies,
                 100 * forced / max(1, forced + sampled), Double(spent.promptTokens - before.promptTokens) / replies,
                 Double(spent.reusedPromptTokens - before.reusedPromptTokens) / replies))

    let session = LanguageModelSession(model: local, instructions: library.barista.instructions)
    let options = GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumResponseTokens: 120)
    var firstWord: [Double] = []
    for line in ["Hello!", "What do you recommend today?", "Is the oat milk any good?"] {
        let start = wallSeconds()
        var seen: Double?
        for try await snapshot in session.streamResponse(to: line, options: options) where seen == nil {
            if !(snapshot.content ?? "").trimmingCharacters(in: .whitespaces).isEmpty { seen = wallSeconds() - start }
        }
        firstWord.append(seen ?? .nan)
    }
    print("")
    print("| Barista, time to the first word | First line (instructions computed) | Second line | Third line |")
    print("|---|---:|---:|---:|")
    print(String(format: "| LocalModel, %d threads | %.0f ms | %.0f ms | %.0f ms |", threads, firstWord[0] * 1000, firstWord[1] * 1000, firstWord[2] * 1000))
}

/// `--only server --url URL` (and the server rows of `--only local`): the same NPCs through
/// `OpenAICompatibleModel` with the schema as `response_format` and written per value under
/// grammars, no retries, no fallback — seconds per NPC and the share valid, then the requests
/// and the prompt tokens the server re-processed per NPC.
nonisolated func timeServerModes(library: ContentLibrary, serverURL: URL, count: Int, seed: UInt64, header: Bool) async throws {
    let schema = try NPC.schema(for: library)
    if header {
        print("| NPCs from \(serverURL.absoluteString) | NPCs | Valid | Seconds per NPC | NPCs per second |")
        print("|---|---:|---:|---:|---:|")
    }
    var usages: [(String, ServerUsage)] = []
    for (mode, label) in [(OpenAICompatibleModel.GuidedDecoding.serverSchema, "response_format"), (.perValue, "per value, GBNF")] {
        let server = OpenAICompatibleModel(baseURL: serverURL, name: "default", timeout: 600, retries: 0, validationRetries: 0, guidedDecoding: mode)
        print(try await timeNPCs(model: server, library: library, schema: schema, count: count, seed: seed).line("OpenAICompatibleModel, \(label)"))
        usages.append((label, server.usage))
    }
    print("")
    print("| Server requests per NPC | Requests | Prompt tokens | Re-processed prompt tokens | Completion tokens |")
    print("|---|---:|---:|---:|---:|")
    for (label, usage) in usages {
        let n = Double(max(1, count))
        print(String(format: "| %@ | %.1f | %.0f | %.0f | %.0f |", label, Double(usage.requests) / n, Double(usage.promptTokens) / n,
                     Double(usage.reprocessedPromptTokens) / n, Double(usage.completionTokens) / n))
    }
}

/// One row: how many NPCs of `count` were valid, and the time they took.
struct ModelRow {
    let count: Int
    let valid: Int
    let seconds: Double

    func line(_ name: String) -> String {
        "| \(name) | " + String(format: "%d | %d (%.0f %%) | %.2f | %.3f |", count, valid, 100 * Double(valid) / Double(max(1, count)),
                                  seconds / Double(max(1, count)), Double(count) / seconds)
    }
}

nonisolated func timeNPCs(model: any LanguageModel, library: ContentLibrary, schema: GenerationSchema, count: Int, seed: UInt64) async throws -> ModelRow {
    let generator = try NPCGenerator(library: library, model: model)
    var valid = 0
    let start = wallSeconds()
    for index in 0..<count {
        // A reply that breaks the schema is a failure here: no retries, no fallback.
        if let content = try? await generator.npcContent(seed: NPCGenerator.itemSeed(seed, index)), schema.violations(of: content).isEmpty {
            valid += 1
        }
    }
    return ModelRow(count: count, valid: valid, seconds: wallSeconds() - start)
}
