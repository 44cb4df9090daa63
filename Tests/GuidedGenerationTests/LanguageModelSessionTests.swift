import Foundation
@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// A model whose answers a test scripts.
struct ScriptedModel: LanguageModel {
    var contextSize = 4096
    var capabilities: LanguageModelCapabilities = [.guidedGeneration, .toolCalling]
    let answer: @Sendable (LanguageModelRequest) async throws -> LanguageModelTurn
    func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn { try await answer(request) }
}

extension ScriptedModel {
    /// What a model that declares no capabilities has (the protocol's default).
    static var defaultCapabilities: LanguageModelCapabilities {
        struct Plain: LanguageModel {
            func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn { .text("") }
        }
        return Plain().capabilities
    }
}

/// A model that generates every structured answer from the request's schema, seeded by the options.
let schemaModel = ScriptedModel { request in
    guard let schema = request.schema else { return .text("You said: \(request.prompt ?? "")") }
    var random = SeededRandom(seed: request.options.samplingMode?.seed ?? 0)
    return .content(schema.generate(random: &random))
}

struct FailingTool: Tool {
    struct Failure: Error {}
    let name = "broken"
    let description = "Always fails"
    func call(arguments: GeneratedContent) async throws -> String { throw Failure() }
}

/// Lets a test hold a model inside `respond` until it says so.
actor Gate {
    private var entered: CheckedContinuation<Void, Never>?
    private var hasEntered = false
    private var release: CheckedContinuation<Void, Never>?
    func enter() async {
        hasEntered = true
        entered?.resume()
        await withCheckedContinuation { release = $0 }
    }
    func waitUntilEntered() async {
        if hasEntered { return }
        await withCheckedContinuation { entered = $0 }
    }
    func open() { release?.resume() }
}

struct LanguageModelSessionTests {
    @Test func textAndTranscript() async throws {
        let session = LanguageModelSession(model: schemaModel, instructions: "You are a barista.")
        let reply = try await session.respond(to: "How long have you worked here?")
        #expect(reply.content == "You said: How long have you worked here?")
        #expect(reply.transcriptEntries.count == 2)
        #expect(session.transcript.count == 3)
        guard case .instructions = session.transcript.first else { Issue.record("instructions first"); return }
    }

    @Test func typedAndSchemaResponsesAreValid() async throws {
        let session = LanguageModelSession(model: schemaModel)
        let npc = try await session.respond(to: "A customer", generating: Barista.self, options: .init(samplingMode: .random(top: 5, seed: 3))).content
        #expect((1...10).contains(npc.level))
        let schema = try GenerationSchema(root: DynamicGenerationSchemaTests.riddle, dependencies: [DynamicGenerationSchemaTests.answer])
        let riddle = try await session.respond(to: "A riddle", schema: schema).content
        #expect(try riddle.value([GeneratedContent].self, forProperty: "answers").count >= 2)
        #expect(session.transcript.count == 4)
    }

    @Test func invalidModelOutputIsRejected() async throws {
        let liar = ScriptedModel { _ in .content(GeneratedContent(properties: [("level", GeneratedContent(99))])) }
        let session = LanguageModelSession(model: liar)
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: "x", generating: Barista.self) }
        let textOnly = LanguageModelSession(model: ScriptedModel { _ in .text("hi") })
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await textOnly.respond(to: "x", generating: Barista.self) }
        #expect(session.transcript.isEmpty, "a failed request leaves the transcript unchanged")
    }

    @Test func toolCallsRunAndTheirOutputsComeBackInOrder() async throws {
        let picker = Picker(items: ["Ada", "Grace"])
        let model = ScriptedModel { request in
            let outputs = request.toolOutputs
            if outputs.isEmpty {
                return .toolCalls([.init(id: "1", toolName: "pick", arguments: GeneratedContent(properties: [("kind", GeneratedContent("friend"))])),
                                   .init(id: "2", toolName: "pick", arguments: GeneratedContent(properties: [("kind", GeneratedContent("friend"))])),
                                   .init(id: "3", toolName: "pick", arguments: GeneratedContent(properties: [("kind", GeneratedContent("friend"))]))])
            }
            return .text(outputs.map { $0.segments.plainText }.joined(separator: ", "))
        }
        let session = LanguageModelSession(model: model, tools: [PickTool(picker: picker)])
        let reply = try await session.respond(to: "Who should I call?")
        #expect(reply.content.hasSuffix("Nothing is left to pick."))
        #expect(Set(reply.content.components(separatedBy: ", ").prefix(2)) == ["Ada", "Grace"])
        let outputIDs = session.transcript.compactMap { entry -> String? in
            if case .toolOutput(let output) = entry { return output.id } else { return nil }
        }
        #expect(outputIDs == ["1", "2", "3"])
    }

    /// Arguments that read their content themselves, trimming and lower-casing the kind (which
    /// decoding through `Decodable` would keep as it is).
    struct TidyArguments: Generable {
        let kind: String
        init(_ content: GeneratedContent) throws {
            kind = try content.value(String.self, forProperty: "kind").trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    struct EchoKindTool: Tool {
        let name = "echoKind"
        let description = "Says the kind it was asked for"
        func call(arguments: TidyArguments) async throws -> String { "kind: \(arguments.kind)" }
    }

    @Test func toolArgumentsAreReadWithTheTypesOwnInitializer() async throws {
        let model = ScriptedModel { request in
            if request.toolOutputs.isEmpty {
                return .toolCalls([.init(id: "1", toolName: "echoKind", arguments: GeneratedContent(properties: [("kind", GeneratedContent("  Friend "))]))])
            }
            return .text(request.toolOutputs.map { $0.segments.plainText }.joined())
        }
        let reply = try await LanguageModelSession(model: model, tools: [EchoKindTool()]).respond(to: "Who?")
        #expect(reply.content == "kind: friend")
    }

    @Test func aThousandConcurrentCallsNeverShareAnItem() async throws {
        let items = (0..<1000).map { "item\($0)" }
        let picker = Picker(items: items)
        let model = ScriptedModel(contextSize: 100_000) { request in
            if request.toolOutputs.isEmpty {
                return .toolCalls((0..<1000).map { .init(id: "\($0)", toolName: "pick", arguments: GeneratedContent(properties: [("kind", GeneratedContent("any"))])) })
            }
            return .text(request.toolOutputs.map { $0.segments.plainText }.joined(separator: "\n"))
        }
        let session = LanguageModelSession(model: model, tools: [PickTool(picker: picker)])
        let picked = try await session.respond(to: "Pick everything").content.components(separatedBy: "\n")
        #expect(picked.count == 1000)
        #expect(Set(picked) == Set(items))
    }

    @Test func toolLimitsFailuresAndUnknownTools() async throws {
        let greedyCaller = ScriptedModel { _ in .toolCalls([.init(toolName: "pick", arguments: GeneratedContent(properties: [("kind", GeneratedContent("x"))]))]) }
        let limited = LanguageModelSession(model: greedyCaller, tools: [PickTool(picker: Picker(items: ["a", "b", "c"]))])
        await #expect { try await limited.respond(to: "go", options: .init(maximumToolCalls: 2)) } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededToolCallLimit = error else { return false }
            return true
        }
        let failing = LanguageModelSession(model: ScriptedModel { _ in .toolCalls([.init(toolName: "broken", arguments: .null)]) }, tools: [FailingTool()])
        await #expect { try await failing.respond(to: "go") } throws: { error in
            (error as? LanguageModelSession.ToolCallError)?.tool.name == "broken"
        }
        let unknown = LanguageModelSession(model: ScriptedModel { _ in .toolCalls([.init(toolName: "nope", arguments: .null)]) })
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await unknown.respond(to: "go") }
    }

    @Test func toolCallingModeAllowsRequiresOrHidesTheTools() async throws {
        /// Calls `pick` when offered it and no output is in yet; otherwise answers with what it was offered.
        let caller = ScriptedModel { request in
            if request.toolOutputs.isEmpty, request.tools.contains(where: { $0.name == "pick" }), request.prompt == "call" {
                return .toolCalls([.init(id: "1", toolName: "pick", arguments: GeneratedContent(properties: [("kind", GeneratedContent("x"))]))])
            }
            return .text("offered: \(request.tools.map(\.name)), outputs: \(request.toolOutputs.count)")
        }
        let tools: [any Tool] = [PickTool(picker: Picker(items: ["a", "b"]))]
        let session = LanguageModelSession(model: caller, tools: tools)
        #expect(try await session.respond(to: "answer").content == "offered: [\"pick\"], outputs: 0", "allowed by default")
        let hidden = try await session.respond(to: "call", options: .init(toolCallingMode: .disallowed)).content
        #expect(hidden == "offered: [], outputs: 0", "disallowed: no tool is offered, so none is called")
        #expect(try await session.respond(to: "call", options: .init(toolCallingMode: .required)).content == "offered: [\"pick\"], outputs: 1")
        let before = session.transcript.count
        await #expect { try await session.respond(to: "answer", options: .init(toolCallingMode: .required)) } throws: { error in
            guard case LanguageModelSession.GenerationError.toolCallRequired(let context) = error else { return false }
            return context.debugDescription.contains("pick")
        }
        #expect(session.transcript.count == before, "a failed request leaves the transcript as it was")
        let toolless = LanguageModelSession(model: caller)
        await #expect { try await toolless.respond(to: "call", options: .init(toolCallingMode: .required)) } throws: { error in
            guard case LanguageModelSession.GenerationError.toolCallRequired = error else { return false }
            return true
        }
    }

    @Test func dynamicToolsValidateTheirArguments() async throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#)
        let weather = DynamicTool(name: "getWeather", description: "The weather in a city", parameters: schema) { arguments in
            "Sunny in \(try arguments.value(String.self, forProperty: "city"))"
        }
        let model = ScriptedModel { request in
            if let output = request.toolOutputs.first { return .text(output.segments.plainText) }
            return .toolCalls([.init(toolName: "getWeather", arguments: GeneratedContent(properties: [("city", GeneratedContent("Lyon"))]))])
        }
        let session = LanguageModelSession(model: model, tools: [weather])
        #expect(try await session.respond(to: "Weather?").content == "Sunny in Lyon")
        let bad = ScriptedModel { _ in .toolCalls([.init(toolName: "getWeather", arguments: GeneratedContent(properties: []))]) }
        await #expect(throws: LanguageModelSession.ToolCallError.self) {
            try await LanguageModelSession(model: bad, tools: [weather]).respond(to: "Weather?")
        }
    }

    @Test func aSecondRequestWhileRespondingThrows() async throws {
        let gate = Gate()
        let model = ScriptedModel { _ in
            await gate.enter()
            return .text("done")
        }
        let session = LanguageModelSession(model: model)
        let first = Task { try await session.respond(to: "one") }
        await gate.waitUntilEntered()
        #expect(session.isResponding)
        await #expect { try await session.respond(to: "two") } throws: { error in
            guard case LanguageModelSession.GenerationError.concurrentRequests = error else { return false }
            return true
        }
        await gate.open()
        #expect(try await first.value.content == "done")
        #expect(!session.isResponding)
    }

    @Test func contextOverflowThenACondensedSessionCarriesOn() async throws {
        let small = ScriptedModel(contextSize: 60) { request in .text("Noted: \(request.prompt ?? "")") }
        let session = LanguageModelSession(model: small, instructions: "Be brief.")
        var overflowed = false
        for turn in 0..<20 {
            do {
                _ = try await session.respond(to: "Here is fact number \(turn) about the coffee shop.")
            } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
                overflowed = true
                break
            }
        }
        #expect(overflowed)
        let condensed = LanguageModelSession(model: small, transcript: session.transcript.condensed(keepingLast: 1))
        #expect(try await condensed.respond(to: "And now?").content == "Noted: And now?")
    }

    @Test func theContextLimitIsTheExactCountNotTheByteBound() async throws {
        // 40 four-letter words: 200 bytes, and 40 tokens of the simple tokenizer.
        let prompt = Array(repeating: "brew", count: 40).joined(separator: " ")
        #expect(SimpleTokenizer.count(prompt) == 40 && prompt.utf8.count == 199)
        let echo: @Sendable (LanguageModelRequest) -> LanguageModelTurn = { _ in .text("ok") }
        // Past the byte bound the session counts, and 40 tokens fit in 41.
        #expect(try await LanguageModelSession(model: ScriptedModel(contextSize: 41, answer: echo)).respond(to: prompt).content == "ok")
        await #expect {
            try await LanguageModelSession(model: ScriptedModel(contextSize: 39, answer: echo)).respond(to: prompt)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize(let context) = error else { return false }
            return context.debugDescription.contains("needs 40 tokens")
        }
    }

    @Test func transcriptIdentifiersAreDistinctAndInline() {
        let identifiers = (0..<10_000).map { _ in Transcript.makeID() }
        #expect(Set(identifiers).count == identifiers.count)
        let prefix = identifiers[0].prefix { $0 != "-" }
        #expect(identifiers.allSatisfy { $0.hasPrefix(prefix + "-") && $0.utf8.count <= 15 })
    }

    @Test func streamingRevealsPropertiesAndEndsWithTheResponse() async throws {
        let options = GenerationOptions(samplingMode: .random(top: 3, seed: 11))
        let streamed = LanguageModelSession(model: schemaModel).streamResponse(to: "A barista", generating: Barista.self, options: options)
        var keyCounts: [Int] = []
        var last: ResponseStream<Barista>.Snapshot?
        for try await snapshot in streamed {
            keyCounts.append(snapshot.rawContent.orderedKeys.count)
            last = snapshot
        }
        #expect(keyCounts == keyCounts.sorted() && keyCounts.first == 1 && keyCounts.count > 8)
        let direct = try await LanguageModelSession(model: schemaModel).respond(to: "A barista", generating: Barista.self, options: options)
        #expect(last?.rawContent == direct.rawContent)
        #expect(last?.content != nil)
        let text = try await LanguageModelSession(model: schemaModel).streamResponse(to: "one two three").collect()
        #expect(text.content == "You said: one two three")
    }

    /// A type with a partial form reads its properties as they arrive; one without reads
    /// only once whole.
    @Test func partiallyGeneratedSnapshotsFillInPropertyByProperty() async throws {
        let options = GenerationOptions(samplingMode: .random(top: 3, seed: 4))
        var titles: [String] = []
        var sawTitleBeforeSeats = false
        var last: ResponseStream<Showing>.Snapshot?
        for try await snapshot in LanguageModelSession(model: schemaModel).streamResponse(to: "A show", generating: Showing.self, options: options) {
            let partial = try #require(snapshot.partiallyGenerated)
            if let title = partial.title { titles.append(title) }
            if partial.title != nil, partial.seats == nil {
                sawTitleBeforeSeats = true
                #expect(snapshot.content == nil, "the whole type cannot be read yet")
            }
            last = snapshot
        }
        #expect(sawTitleBeforeSeats)
        #expect(titles.count > 1 && zip(titles, titles.dropFirst()).allSatisfy { $1.hasPrefix($0) }, "the title grows: \(titles)")
        let final = try #require(last?.partiallyGenerated)
        #expect(final.title == last?.content?.title && final.seats == last?.content?.seats && final.cast == last?.content?.cast)
        let whole = try #require(last?.content).asPartiallyGenerated()
        #expect(whole.title == final.title && whole.seats == final.seats && whole.cast == final.cast)
        for try await snapshot in LanguageModelSession(model: schemaModel).streamResponse(to: "A barista", generating: Barista.self, options: options) {
            #expect((snapshot.partiallyGenerated == nil) == (snapshot.content == nil))
        }
    }

    @Test func manualToolCallsAreReturnedAndResumed() async throws {
        let model = ScriptedModel { request in
            if request.toolOutputs.isEmpty {
                return .toolCalls([.init(id: "a", toolName: "pick", arguments: .null), .init(id: "b", toolName: "pick", arguments: .null)])
            }
            return .text(request.toolOutputs.map { $0.segments.plainText }.joined(separator: "+"))
        }
        let session = LanguageModelSession(model: model, tools: [PickTool(picker: Picker(items: []))])
        guard case .toolCalls(let calls) = try await session.beginResponse(to: "go") else { Issue.record("expected calls"); return }
        #expect(calls.map(\.id) == ["a", "b"])
        #expect(session.isResponding)
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: "meanwhile") }
        await #expect { try await session.resume(with: []) } throws: { error in
            guard case LanguageModelSession.GenerationError.misuse(let context) = error else { return false }
            return context.debugDescription.contains("a, b")
        }
        let outputs = [Transcript.ToolOutput(id: "b", toolName: "pick", segments: [.text(.init(content: "two"))]),
                       Transcript.ToolOutput(id: "a", toolName: "pick", segments: [.text(.init(content: "one"))])]
        guard case .response(let response) = try await session.resume(with: outputs) else { Issue.record("expected a response"); return }
        #expect(response.content.stringValue == "one+two")
        #expect(!session.isResponding && session.transcript.count == 5)

        await #expect { try await session.resume(with: outputs) } throws: { error in
            guard case LanguageModelSession.GenerationError.misuse = error else { return false }
            return true
        }

        guard case .toolCalls = try await session.beginResponse(to: "again") else { Issue.record("expected calls"); return }
        session.abandonResponse()
        #expect(!session.isResponding && session.transcript.count == 5)
    }

    @Test func racingResumesContinueTheResponseOnce() async throws {
        let model = ScriptedModel { request in
            request.toolOutputs.isEmpty ? .toolCalls([.init(id: "a", toolName: "pick", arguments: .null)]) : .text("done")
        }
        for _ in 0..<50 {
            let session = LanguageModelSession(model: model, tools: [PickTool(picker: Picker(items: []))])
            _ = try await session.beginResponse(to: "go")
            let outputs = [Transcript.ToolOutput(id: "a", toolName: "pick", segments: [.text(.init(content: "one"))])]
            let results = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 { group.addTask { (try? await session.resume(with: outputs)) != nil } }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.filter { $0 }.count == 1, "exactly one resume continues the response")
            #expect(session.transcript.count == 4)
        }
    }
}

/// A Generable type with a partial form, as Foundation Models' macro would write it.
struct Showing: Generable {
    let title: String
    let seats: Int
    let cast: [String]
    static let guides: [String: GenerationGuide] = ["title": .pattern("[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8}){2,4}"), "cast": .count(1...3)]

    struct Partial: Decodable, Sendable {
        var title: String?
        var seats: Int?
        var cast: [String]?
    }
    typealias PartiallyGenerated = Partial
}
