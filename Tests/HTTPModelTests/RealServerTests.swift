import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema

/// The HTTP backend against a real llama.cpp server (SmolLM2-135M), which `.ci/run` starts with
/// `scripts/llama-server.sh` and names in `COFFEESHOP_LLM_URL`. Without it these tests skip, so
/// `swift test` works offline. The model is tiny: the tests check conformance and wiring, not wit.
private let realServerURL = ProcessInfo.processInfo.environment["COFFEESHOP_LLM_URL"].flatMap(URL.init(string:))

///
/// The tests run one at a time and allow a generous timeout: CI's two cores also build and run the
/// rest of the suite, and a request queued behind another for a server slot is slow, not hung.
@Suite(.serialized, .enabled(if: Prerequisite.ready(.llamaServer), Comment(rawValue: Prerequisite.reason(.llamaServer))))
struct RealServerTests {
    static var model: OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: realServerURL!, name: "smollm2", timeout: 600, retries: 1, validationRetries: 3, retryDelay: 0.2)
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
        let reply = try await session.respond(to: "How long have you worked here?", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60))
        #expect(!reply.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(session.transcript.count == 3)
    }

    @Test(arguments: [OpenAICompatibleModel.GuidedDecoding.serverSchema, .perValue])
    func typedNPCsConformForEverySeed(mode: OpenAICompatibleModel.GuidedDecoding) async throws {
        let model = OpenAICompatibleModel(baseURL: realServerURL!, name: "smollm2", timeout: 600, retries: 1, validationRetries: 3, retryDelay: 0.2,
                                          guidedDecoding: mode)
        for seed in 1...4 as ClosedRange<UInt64> {
            let session = LanguageModelSession(model: model)
            let npc = try await session.respond(to: "Invent a customer of a coffee shop.", generating: NPC.self,
                                                options: GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumResponseTokens: 400))
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
                                                                              options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 400))
        #expect(schema.isValid(reply.content))
    }

    /// Thirty real-world schemas (JSONSchemaBench in ../shared/data) that use keywords llama.cpp's
    /// own converter drops — `uniqueItems`, `not`, `oneOf`, `pattern` — written per value: every
    /// finished reply is valid for our validator and for Python `jsonschema`. A greedy 135M model
    /// rambles in strings without a length limit: about half the replies do not end within 160
    /// tokens, and those are counted, not judged.
    @Test(.enabled(if: SharedData.isAvailable, "../shared/data is absent"))
    func realWorldSchemasWrittenPerValueAreValid() async throws {
        let model = OpenAICompatibleModel(baseURL: realServerURL!, name: "smollm2", timeout: 600, retries: 1, validationRetries: 0,
                                          guidedDecoding: .perValue)
        var sample: [(name: String, json: GeneratedContent, schema: GenerationSchema)] = []
        for url in SharedData.files(in: "jsonschemabench") {
            guard let json = try? SharedData.json(url)["schema"], case let text = json.jsonString, text.count < 2500,
                  ["\"uniqueItems\"", "\"not\"", "\"oneOf\"", "\"pattern\""].contains(where: text.contains),
                  let schema = try? GenerationSchema(jsonSchema: json) else { continue }
            sample.append((url.lastPathComponent, json, schema))
        }
        let step = max(1, sample.count / 30)
        var pairs: [String] = []
        var unfinished: [String] = []
        for entry in Swift.stride(from: 0, to: sample.count, by: step).prefix(30).map({ sample[$0] }) {
            do {
                let content = try await LanguageModelSession(model: model)
                    .respond(to: "Write an example of this JSON Schema.", schema: entry.schema, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 160)).content
                #expect(entry.schema.violations(of: content).isEmpty, "\(entry.name): \(content.jsonString)")
                pairs.append(GeneratedContent(properties: [("schema", entry.json), ("instance", content)]).jsonString)
            } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
                unfinished.append("\(entry.name): \(context.debugDescription)")
            }
        }
        #expect(sample.count >= 30)
        #expect(pairs.count >= 10, "\(pairs.count) of 30 finished; \(unfinished)")
        #expect(unfinished.allSatisfy { $0.contains("maximumResponseTokens") }, "\(unfinished)")
        if let python = PythonJSONSchema.python {
            let (status, report) = try PythonJSONSchema.check(pairs, python: python)
            #expect(status == 0 && report.contains("invalid 0"), "\(report)")
        }
    }

    /// The same NPCs as `response_format` and per value: per value, every one is valid.
    @Test func perValueNPCsAreValidWhereTheServersSchemaIsNot() async throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "properties": {
                "name": {"type": "string", "pattern": "^[A-Z][a-z]+ [A-Z][a-z]+$"},
                "traits": {"type": "array", "items": {"enum": ["shy", "loud", "kind", "fussy", "generous"]}, "minItems": 3, "maxItems": 3, "uniqueItems": true},
                "mood": {"not": {"enum": ["angry"]}, "enum": ["happy", "angry", "tired"]}},
             "required": ["name", "traits", "mood"], "additionalProperties": false}
            """#)
        let model = OpenAICompatibleModel(baseURL: realServerURL!, name: "smollm2", timeout: 600, retries: 1, validationRetries: 0, guidedDecoding: .perValue)
        for seed in 1...4 as ClosedRange<UInt64> {
            let reply = try await LanguageModelSession(model: model, instructions: "You invent customers of a coffee shop.")
                .respond(to: "A customer, as JSON.", schema: schema, options: GenerationOptions(samplingMode: .random(top: 40, seed: seed), maximumResponseTokens: 200))
            #expect(schema.violations(of: reply.content).isEmpty, "\(reply.content.jsonString)")
        }
        // The server's prompt cache holds the conversation: the requests re-process few prompt tokens.
        #expect(model.usage.reprocessedPromptTokens < model.usage.promptTokens / 4, "\(model.usage)")
    }

    @Test func aTranscriptPastTheContextIsRefused() async throws {
        let long = String(repeating: "The espresso machine hisses and the milk steamer sings. ", count: 700)
        await #expect { try await LanguageModelSession(model: Self.model).respond(to: long) } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize = error else { return false }
            return true
        }
    }

    /// Within the 4,096 tokens a model is assumed to have, but past the server's own context per
    /// slot (`.ci/run` starts it with `-c 4096 -np 2`): refused before sending, from `/props` and
    /// the server's `/tokenize`.
    @Test func aTranscriptPastTheServersOwnContextIsRefusedBeforeSending() async throws {
        let (data, _) = try await URLSession.shared.data(from: realServerURL!.appendingPathComponent("props"))
        let serverContext = try #require(try GeneratedContent(jsonBytes: data)["default_generation_settings"]?["n_ctx"]?.numberValue)
        let model = Self.model
        let text = String(repeating: "The espresso machine hisses and the milk steamer sings. ", count: 240)
        await #expect { try await LanguageModelSession(model: model).respond(to: text) } throws: { error in
            // Our count (not the server's refusal of a request it was sent).
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize(let context) = error else { return false }
            return context.debugDescription.contains("the server's context holds \(Int(serverContext))")
        }
        #expect(model.contextSize == Int(serverContext))
    }

    @Test func aToolCallingTurnEndToEnd() async throws {
        let calls = ToolCallLog()
        let parameters = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"generation": {"enum": ["babyBoomers", "genX", "millennial", "genZ"]}}, "required": ["generation"], "additionalProperties": false}"#)
        let findContact = DynamicTool(name: "findContact", description: "Finds one of the player's friends by generation", parameters: parameters) { arguments in
            calls.record(arguments)
            return "Ada Lovelace, who orders a cortado every morning"
        }
        // This server's chat template cannot call tools: automatic mode goes schema-driven, and
        // `required` makes the first turn a call.
        let model = OpenAICompatibleModel(baseURL: realServerURL!, name: "smollm2", timeout: 120, retries: 1, validationRetries: 3, retryDelay: 0.2,
                                          toolChoice: .required)
        let session = LanguageModelSession(model: model, tools: [findContact], instructions: "You are Juno, a barista. Answer in one sentence.")
        let reply = try await session.respond(to: "Which of my millennial friends comes in most?",
                                              options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 120, maximumToolCalls: 2))
        #expect(!calls.arguments.isEmpty)
        for arguments in calls.arguments { #expect(parameters.isValid(arguments)) }
        #expect(!reply.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .instructions: return "instructions"
            case .prompt: return "prompt"
            case .toolCalls: return "calls"
            case .toolOutput: return "output"
            case .response: return "response"
            }
        }
        #expect(Array(kinds.prefix(4)) == ["instructions", "prompt", "calls", "output"] && kinds.last == "response")
    }

    @Test func streamedTextAndStructure() async throws {
        let session = LanguageModelSession(model: Self.model, instructions: "You are Juno, a friendly barista.")
        var texts: [String] = []
        for try await snapshot in session.streamResponse(to: "Describe the coffee shop in two sentences.",
                                                         options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60)) {
            texts.append(snapshot.content ?? "")
        }
        #expect(texts.count > 3, "the text arrives in pieces")
        #expect(zip(texts, texts.dropFirst()).allSatisfy { $1.hasPrefix($0) })
        guard case .response(let response) = session.transcript.last else { Issue.record("no response"); return }
        #expect(response.segments.plainText == texts.last)

        var partials = 0
        var last: ResponseStream<NPC>.Snapshot?
        for try await snapshot in LanguageModelSession(model: Self.model).streamResponse(
            to: "Invent a customer of a coffee shop.", generating: NPC.self, options: GenerationOptions(samplingMode: .random(top: 40, seed: 3), maximumResponseTokens: 400)) {
            partials += 1
            last = snapshot
        }
        #expect(partials > 1)
        #expect(try NPC.generationSchema.isValid(try #require(last).rawContent))
        #expect(last?.content != nil)
    }

    @Test(.enabled(if: Prerequisite.ready(.llamaServerBinary), Comment(rawValue: Prerequisite.reason(.llamaServerBinary))))
    func aServerStoppedMidRequestIsATypedErrorNotAHang() async throws {
        for streaming in [true, false] {
            let server = try await LlamaServerProcess.start()
            let model = OpenAICompatibleModel(baseURL: server.url, name: "smollm2", timeout: 30, retries: 1, retryDelay: 0.1)
            let session = LanguageModelSession(model: model)
            let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 900)
            let prompt = "Count from one to three hundred in words, one number per line."
            // A hang would end in the client's 30 s timeout, `timedOut` — not the `unreachable` expected.
            await #expect { () async throws -> Void in
                if streaming {
                    for try await _ in session.streamResponse(to: prompt, options: options) { server.kill() }
                } else {
                    async let reply = session.respond(to: prompt, options: options)
                    try await server.waitUntilBusy()
                    server.kill()
                    _ = try await reply
                }
            } throws: { error in
                guard case OpenAICompatibleModel.Failure.unreachable = error else { return false }
                return true
            }
            #expect(session.transcript.isEmpty && !session.isResponding)
        }
    }
}
