import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit
import NativeModel
import TestSupport
import Testing

private let modelPath = ProcessInfo.processInfo.environment["COFFEESHOP_MODEL"]

/// `LocalModel` with SmolLM2 (`.ci/run` sets COFFEESHOP_MODEL from scripts/fetch-model.sh):
/// structured replies valid by construction (keywords a server's grammar converter drops
/// included), the same bytes for the same seed, free text, a tool call with valid arguments,
/// streaming, context and cancellation.
@Suite(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))),
       .serialized)
struct LocalModelTests {
    static let model: LocalModel? = modelPath.flatMap {
        try? LocalModel(contentsOf: URL(fileURLWithPath: $0), options: LocalModel.Options(threads: 2, contextSize: 2048))
    }

    /// A customer: enums, a name pattern, a bounded level, three distinct traits, a branch
    /// chosen by `oneOf` and a `not` — each something llama.cpp's converter skips or loosens.
    static let customer = try! GenerationSchema(jsonSchema: #"""
        {"type": "object", "properties": {
            "name": {"type": "string", "pattern": "^[A-Z][a-z]+ [A-Z][a-z]+$", "maxLength": 30},
            "drink": {"enum": ["latte", "mocha", "espresso", "chai"]},
            "level": {"type": "integer", "minimum": 1, "maximum": 10, "not": {"const": 7}},
            "traits": {"type": "array", "items": {"enum": ["shy", "loud", "kind", "rushed", "curious"]},
                       "minItems": 3, "maxItems": 3, "uniqueItems": true},
            "mood": {"oneOf": [{"const": "happy"}, {"type": "string", "maxLength": 12, "pattern": "^[a-z]+$"}]}},
         "required": ["name", "drink", "level", "traits", "mood"], "additionalProperties": false}
        """#)

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let maskBench = repository.deletingLastPathComponent().appendingPathComponent("shared/data/jsonschemabench")

    static func options(seed: UInt64) -> GenerationOptions {
        GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumResponseTokens: 200)
    }

    @Test func structuredRepliesFollowTheSchemaAndRepeatForASeed() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(Self.model)
            #expect(model.repliesFollowTheSchema)
            let before = model.statistics
            var replies: [String] = []
            for seed: UInt64 in 1...4 {
                let session = LanguageModelSession(model: model, instructions: "You invent customers of a coffee shop.")
                let content = try await session.respond(to: "Invent a customer.", schema: Self.customer, options: Self.options(seed: seed)).content
                #expect(Self.customer.violations(of: content).isEmpty, "\(content.jsonString)")
                replies.append(content.jsonString)
            }
            let again = try await LanguageModelSession(model: model, instructions: "You invent customers of a coffee shop.")
                .respond(to: "Invent a customer.", schema: Self.customer, options: Self.options(seed: 1)).content
            #expect(again.jsonString == replies[0])
            #expect(Set(replies).count > 1)
            let after = model.statistics
            #expect(after.replies - before.replies == 5)
            #expect(after.forcedTokens > before.forcedTokens && after.sampledTokens > before.sampledTokens)
            #expect(after.reusedPromptTokens > before.reusedPromptTokens, "the shared instructions and schema are computed once")
        }
    }

    @Test func freeTextEndsAtTheEndOfTheTurn() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(Self.model)
            let session = LanguageModelSession(model: model, instructions: "You are Juno, a barista. Answer in one sentence.")
            let reply = try await session.respond(to: "What is your favourite drink?", options: Self.options(seed: 3)).content
            #expect(!reply.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
            #expect(!reply.contains("<|im_end|>") && !reply.contains("<|im_start|>"))
            #expect(model.tokenCount(for: reply) <= 200)
        }
    }

    /// The barista looks up a contact's day on the game's calendar with the game's own tool:
    /// the call's arguments are decoded under the action schema's mask, so they are valid.
    @Test func theBaristaLooksUpAContactsDayWithValidArguments() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(Self.model)
            let events = try CalendarEvent.load(from: Self.repository.appendingPathComponent("content/game/events.json"))
            let tool = GetContactEventTool(contact: "Sam Okafor", events: events)
            let session = LanguageModelSession(model: model, tools: [tool], instructions: """
                You are Juno, a barista. Today is 2026-11-23. Use getCalendarEvents to learn what Sam Okafor has planned.
                """)
            let reply = try await session.respond(to: "What is Sam doing on 4 December 2026?", options: Self.options(seed: 2)).content
            #expect(!reply.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
            let calls = session.transcript.flatMap { entry -> [Transcript.ToolCall] in
                if case .toolCalls(let calls) = entry { Array(calls) } else { [] }
            }
            #expect(!calls.isEmpty, "seed 2 makes SmolLM2 look the day up")
            for call in calls {
                #expect(call.toolName == "getCalendarEvents")
                #expect(try GetContactEventTool.Arguments.generationSchema.violations(of: call.arguments).isEmpty, "\(call.arguments.jsonString)")
            }
            let outputs = session.transcript.filter { if case .toolOutput = $0 { true } else { false } }
            #expect(outputs.count == calls.count)
        }
    }

    /// Ten real-world schemas (JSONSchemaBench in ../shared/data; `guided-bench --only local`
    /// runs 50 of the same sample): every finished reply is valid for our validator and for
    /// Python `jsonschema`.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.maskBench.path), "../shared/data/jsonschemabench not found"))
    func realWorldSchemasGiveValidInstances() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(Self.model)
            let all = (FileManager.default.enumerator(at: Self.maskBench, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
                .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
            let step = max(1, all.count / 10)
            var pairs: [String] = []
            var unfinished = 0
            for file in Swift.stride(from: 0, to: all.count, by: step).prefix(10).map({ all[$0] }) {
                guard let document = try? GeneratedContent(jsonBytes: Data(contentsOf: file)), let json = document["schema"],
                      let schema = try? GenerationSchema(jsonSchema: json) else { continue }
                do {
                    let content = try await LanguageModelSession(model: model)
                        .respond(to: "Write an example of this JSON Schema.", schema: schema, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 512)).content
                    #expect(schema.violations(of: content).isEmpty, "\(file.lastPathComponent): \(content.jsonString)")
                    pairs.append(GeneratedContent(properties: [("schema", json), ("instance", content)]).jsonString)
                } catch LanguageModelSession.GenerationError.decodingFailure(let context) where context.debugDescription.contains("did not finish") {
                    unfinished += 1
                }
            }
            #expect(pairs.count >= 8, "\(pairs.count) replies, \(unfinished) unfinished within 512 tokens")
            if let python = PythonJSONSchema.python {
                let (status, report) = try PythonJSONSchema.check(pairs, python: python)
                #expect(status == 0 && report.contains("invalid 0"), "\(report)")
            }
        }
    }

    @Test func streamedSnapshotsGrowIntoTheFinalReply() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(Self.model)
            let session = LanguageModelSession(model: model)
            var snapshots: [GeneratedContent] = []
            for try await snapshot in session.streamResponse(to: "Invent a customer.", schema: Self.customer, options: Self.options(seed: 5)) {
                snapshots.append(snapshot.rawContent)
            }
            let final = try #require(snapshots.last)
            #expect(Self.customer.violations(of: final).isEmpty)
            #expect(snapshots.count > 5)
            let finalText = final.jsonString
            for snapshot in snapshots.dropLast() {
                // A partial snapshot closes the open string, arrays and objects: what it settled is a prefix of the final text.
                var settled = snapshot.jsonString
                while let last = settled.last, "}]\"".contains(last) { settled.removeLast() }
                #expect(finalText.hasPrefix(settled), "\(snapshot.jsonString) vs \(finalText)")
            }

            var words: [String] = []
            for try await snapshot in LanguageModelSession(model: model).streamResponse(to: "Say hello to a customer.", options: Self.options(seed: 5)) {
                words.append(snapshot.content ?? "")
            }
            #expect(words.count > 2)
            for (earlier, later) in zip(words, words.dropFirst()) { #expect(later.hasPrefix(earlier)) }
        }
    }

    @Test func aPromptLongerThanTheContextIsRefusedBeforeDecoding() async throws {
        let path = try #require(modelPath)
        let small = try LocalModel(contentsOf: URL(fileURLWithPath: path), options: LocalModel.Options(threads: 2, contextSize: 64))
        #expect(small.contextSize == 64)
        let prompt = String(repeating: "Tell me about the espresso machine. ", count: 40)
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            _ = try await small.respond(to: LanguageModelRequest(transcript: Transcript(entries: [.prompt(Transcript.Prompt(segments: [.text(.init(content: prompt))]))]),
                                                              tools: [], schema: nil, options: GenerationOptions()))
        }
    }

    @Test func cancellingTheTaskStopsDecoding() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(Self.model)
            let pieces = CallLog()
            let waiting = TaskBox()
            let prompt = Transcript.Prompt(segments: [.text(.init(content: "Write a long story about coffee."))])
            let request = LanguageModelRequest(transcript: Transcript(entries: [.prompt(prompt)]), tools: [], schema: nil,
                                               options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1500)) { partial in
                pieces.record(partial)
                waiting.cancel()
            }
            let task = Task { try await model.respond(to: request) }
            waiting.hold(task)
            await #expect(throws: CancellationError.self) { _ = try await task.value }
            // Decoding stopped within a token or two of the cancellation, far from the 1,500 allowed.
            #expect(!pieces.all.isEmpty && pieces.all.count < 5)
        }
    }
}

/// A task to cancel from a callback that may run before the task is stored.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<LanguageModelTurn, any Error>?
    private var cancelled = false
    func hold(_ task: Task<LanguageModelTurn, any Error>) {
        lock.withLock { self.task = task; if cancelled { task.cancel() } }
    }
    func cancel() { lock.withLock { cancelled = true; task?.cancel() } }
}

/// The arguments a tool was called with.
private final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [GeneratedContent] = []
    func record(_ arguments: GeneratedContent) { lock.withLock { calls.append(arguments) } }
    var all: [GeneratedContent] { lock.withLock { calls } }
}
