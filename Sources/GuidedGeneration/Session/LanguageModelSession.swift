import Foundation
import JSONSchema
import Synchronization

/// A conversation with a language model: instructions, prompts, replies — free text, a
/// `Generable` value, or content following a schema — and tools the model may call. The
/// session keeps the transcript, runs the tool loop (several calls in one turn run concurrently;
/// their outputs enter the transcript in request order) and checks every structured answer
/// against its schema: a response either conforms or the call throws.
///
/// The core names no default model: `import ProceduralModel` adds `LanguageModelSession()`
/// and `LanguageModelSession(tools:instructions:)` on `SystemLanguageModel.default`.
///
/// ```swift
/// let session = LanguageModelSession(model: SystemLanguageModel.default, tools: [weather], instructions: "You are a friendly barista.")
/// let reply = try await session.respond(to: "How long have you worked here?")
/// let npc = try await session.respond(to: "Make a customer", generating: NPC.self).content
/// ```
///
/// One request at a time: a second request while one is running throws
/// `GenerationError.concurrentRequests`. A request that fails leaves the transcript unchanged.
public final class LanguageModelSession: Sendable {
    /// The model answering.
    public let model: any LanguageModel
    /// The tools the model may call.
    public let tools: [any Tool]

    private let conversation: ConversationState
    /// What changes as the session answers, under one lock: the transcript, whether a request
    /// is running, and a manual response waiting for tool outputs.
    private struct State {
        var transcript: Transcript
        var responding = false
        var pending: Progress?
    }

    private let state: Mutex<State>

    /// A session with optional instructions (the model's persona and context).
    public convenience init(model: any LanguageModel, tools: [any Tool] = [], instructions: String? = nil) {
        var entries: [Transcript.Entry] = []
        if let instructions {
            // A tool whose definition fails is left out of the instructions only: every request
            // then fails with that definition error (`start`), so it is never silently missing.
            let definitions = tools.compactMap { try? $0.definition() }
            entries.append(.instructions(.init(segments: [.text(.init(content: instructions))], toolDefinitions: definitions)))
        }
        self.init(model: model, tools: tools, transcript: Transcript(entries: entries))
    }

    /// A session that carries on from a transcript (a saved game, or a condensed one).
    public init(model: any LanguageModel, tools: [any Tool] = [], transcript: Transcript) {
        self.model = model
        self.tools = tools
        self.conversation = ConversationState()
        self.state = Mutex(State(transcript: transcript))
    }

    /// The same conversation under a new transcript (new instructions, or a condensed history):
    /// the model's scratch state — the lines it has said, for one — carries over from `earlier`,
    /// so it does not start repeating itself.
    package init(model: any LanguageModel, tools: [any Tool] = [], transcript: Transcript, continuing earlier: LanguageModelSession) {
        self.model = model
        self.tools = tools
        self.conversation = earlier.conversation
        self.state = Mutex(State(transcript: transcript))
    }

    /// Everything said so far.
    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// Whether a request is running.
    public var isResponding: Bool { state.withLock { $0.responding } }

    /// Lets the model load what it needs before the first request.
    public func prewarm() async { await model.prewarm() }

    /// A reply: the typed content, the raw content it came from, and the transcript entries
    /// this request added (prompt, tool calls and outputs, response).
    public struct Response<Content: Sendable>: Sendable {
        public let content: Content
        public let rawContent: GeneratedContent
        public let transcriptEntries: ArraySlice<Transcript.Entry>
    }

    /// Answers with free text.
    public func respond(to prompt: String, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
        let (raw, entries) = try await run(prompt: prompt, format: nil, options: options)
        return Response(content: raw.stringValue ?? raw.jsonString, rawContent: raw, transcriptEntries: entries)
    }

    /// Answers with a value of a `Generable` type, valid for its schema.
    public func respond<Content: Generable>(to prompt: String, generating type: Content.Type = Content.self,
                                            options: GenerationOptions = GenerationOptions()) async throws -> Response<Content> {
        let format = Transcript.ResponseFormat(name: "\(type)", schema: try type.generationSchema)
        let (raw, entries) = try await run(prompt: prompt, format: format, options: options)
        return Response(content: try Self.decode(type, from: raw), rawContent: raw, transcriptEntries: entries)
    }

    /// Answers with content following a schema.
    public func respond(to prompt: String, schema: GenerationSchema,
                        options: GenerationOptions = GenerationOptions()) async throws -> Response<GeneratedContent> {
        let (raw, entries) = try await run(prompt: prompt, format: Transcript.ResponseFormat(name: "response", schema: schema), options: options)
        return Response(content: raw, rawContent: raw, transcriptEntries: entries)
    }

    static func decode<Content: Generable>(_ type: Content.Type, from raw: GeneratedContent) throws -> Content {
        do { return try Content(raw) } catch {
            throw GenerationError.decodingFailure(.init(debugDescription: "the reply does not decode as \(type): \(error)"))
        }
    }

    // MARK: - The turn loop

    private func begin() throws -> Transcript {
        try state.withLock { state throws(GenerationError) in
            guard !state.responding else {
                throw GenerationError.concurrentRequests(.init(debugDescription: "the session is still answering an earlier request; wait for it or use another session"))
            }
            state.responding = true
            return state.transcript
        }
    }

    private func end(with transcript: Transcript?) {
        state.withLock { state in
            if let transcript { state.transcript = transcript }
            state.responding = false
        }
    }

    /// A response in progress: the entries so far and the tool-call budget spent.
    struct Progress: Sendable {
        var entries: [Transcript.Entry]
        let start: Int
        let format: Transcript.ResponseFormat?
        let options: GenerationOptions
        let definitions: [Transcript.ToolDefinition]
        /// Where a streamed response's partial content goes (nil unless streaming).
        var partialContentHandler: (@Sendable (GeneratedContent) -> Void)? = nil
        var callsMade = 0
        var pendingCalls: [Transcript.ToolCall] = []
        /// Tokens in `entries[..<countedEntries]`, so each turn counts only what it added: an
        /// upper bound (`tokensAreExact` false) until the bound could pass the context size.
        var tokens = 0
        var countedEntries = 0
        var tokensAreExact = false
    }

    private enum Outcome {
        case finished(GeneratedContent, ArraySlice<Transcript.Entry>)
        case toolCalls([Transcript.ToolCall], Progress)
    }

    private func start(prompt: String, format: Transcript.ResponseFormat?, options: GenerationOptions) throws -> Progress {
        var entries = Array(try begin())
        do {
            try checkCapabilities(format: format, options: options)
            let definitions = try tools.map { try $0.definition() }
            let start = entries.count
            entries.append(.prompt(.init(segments: [.text(.init(content: prompt))], options: options, responseFormat: format)))
            return Progress(entries: entries, start: start, format: format, options: options, definitions: definitions)
        } catch {
            end(with: nil)
            throw error
        }
    }

    /// Refuses, before the model is asked, a request that needs what the model lacks.
    private func checkCapabilities(format: Transcript.ResponseFormat?, options: GenerationOptions) throws {
        let capabilities = model.capabilities
        if format != nil, !capabilities.contains(.guidedGeneration) {
            throw GenerationError.unsupportedCapability(.init(debugDescription:
                "the request asks for a structured reply, and the model declares no guided generation (it has: \(capabilities))"))
        }
        if options.toolCallingMode?.kind == .required, !capabilities.contains(.toolCalling) {
            throw GenerationError.unsupportedCapability(.init(debugDescription:
                "the request requires a tool call, and the model declares no tool calling (it has: \(capabilities))"))
        }
    }

    func run(prompt: String, format: Transcript.ResponseFormat?, options: GenerationOptions,
             partialContentHandler: (@Sendable (GeneratedContent) -> Void)? = nil) async throws
        -> (GeneratedContent, ArraySlice<Transcript.Entry>) {
        var progress = try start(prompt: prompt, format: format, options: options)
        progress.partialContentHandler = partialContentHandler
        while true {
            switch try await advance(progress) {
            case .finished(let content, let entries):
                return (content, entries)
            case .toolCalls(let calls, var next):
                do {
                    for output in try await runTools(calls) { next.entries.append(.toolOutput(output)) }
                } catch {
                    end(with: nil)
                    throw error
                }
                progress = next
            }
        }
    }

    /// Asks the model once; ends the request (committing the transcript) unless it wants tools.
    private func advance(_ progress: Progress) async throws -> Outcome {
        var progress = progress
        do {
            let limit = progress.options.maximumToolCalls ?? Int.max
            let transcript = Transcript(entries: progress.entries)
            try checkContextSize(&progress)
            let mode = progress.options.toolCallingMode?.kind ?? .allowed
            let canCall = model.capabilities.contains(.toolCalling)
            let offered = progress.callsMade < limit && mode != .disallowed && canCall ? progress.definitions : []
            if mode == .required, progress.callsMade == 0, offered.isEmpty {
                throw GenerationError.toolCallRequired(.init(debugDescription: "the session has no tools to call (or maximumToolCalls is 0)"))
            }
            let request = LanguageModelRequest(transcript: transcript, tools: offered, sessionTools: progress.definitions, schema: progress.format?.schema,
                                               options: progress.options, conversation: conversation,
                                               partialContentHandler: progress.partialContentHandler)
            let reply = try await model.respond(to: request)
            if mode == .required, progress.callsMade == 0 {
                guard case .toolCalls = reply else {
                    throw GenerationError.toolCallRequired(.init(debugDescription:
                        "the model answered without calling any of \(offered.map(\.name).joined(separator: ", "))"))
                }
            }
            switch reply {
            case .toolCalls(let calls):
                guard progress.callsMade + calls.count <= limit, !offered.isEmpty else {
                    throw GenerationError.exceededToolCallLimit(.init(debugDescription:
                        "the model asked for \(calls.count) more tool call(s) after \(progress.callsMade) of at most \(limit)"))
                }
                progress.callsMade += calls.count
                progress.entries.append(.toolCalls(.init(calls)))
                progress.pendingCalls = calls
                return .toolCalls(calls, progress)
            case .text(let text):
                guard progress.format == nil else {
                    throw GenerationError.decodingFailure(.init(debugDescription: "expected content for \(progress.format!.name), the model answered with text"))
                }
                progress.entries.append(.response(.init(assetIDs: [], segments: [.text(.init(content: text))])))
                end(with: Transcript(entries: progress.entries))
                return .finished(GeneratedContent(text), progress.entries[progress.start...])
            case .content(let content):
                guard let format = progress.format else {
                    throw GenerationError.decodingFailure(.init(debugDescription: "expected text, the model answered with structured content"))
                }
                // The quick yes/no check first; the pointers are only worth building for a message.
                // A model that generates under the schema is trusted in release builds only.
                assert(!model.repliesFollowTheSchema || format.schema.isValid(content),
                       "\(type(of: model)) broke \(format.name): \(format.schema.violations(of: content).prefix(5))")
                guard model.repliesFollowTheSchema || format.schema.isValid(content) else {
                    let problems = format.schema.violations(of: content)
                    throw GenerationError.decodingFailure(.init(debugDescription:
                        "the reply does not follow \(format.name): \(problems.prefix(5).map(\.description).joined(separator: "; "))"))
                }
                progress.entries.append(.response(.init(assetIDs: [],
                                                        segments: [.structure(.init(source: format.name, content: content))])))
                end(with: Transcript(entries: progress.entries))
                return .finished(content, progress.entries[progress.start...])
            }
        } catch {
            end(with: nil)
            throw error
        }
    }

    // MARK: - Manual tool calls

    /// One step of a response whose tool calls the caller runs: either the calls the model
    /// wants answered, or the finished response.
    public enum ManualStep: Sendable {
        case toolCalls([Transcript.ToolCall])
        case response(Response<GeneratedContent>)
    }

    /// Starts a response and stops at the first tool calls instead of running them: the caller
    /// runs them (or not) and continues with `resume(with:)`. Until then the session is responding.
    ///
    /// ```swift
    /// var step = try await session.beginResponse(to: "Any events tomorrow?")
    /// while case .toolCalls(let calls) = step {
    ///     let outputs = calls.map { Transcript.ToolOutput(id: $0.id, toolName: $0.toolName, segments: [.text(.init(content: "No events"))]) }
    ///     step = try await session.resume(with: outputs)
    /// }
    /// ```
    public func beginResponse(to prompt: String, schema: GenerationSchema? = nil,
                              options: GenerationOptions = GenerationOptions()) async throws -> ManualStep {
        let format = schema.map { Transcript.ResponseFormat(name: "response", schema: $0) }
        return try await step(try start(prompt: prompt, format: format, options: options))
    }

    /// Continues a manual response with the outputs of its pending tool calls (one per call,
    /// matched by id, in any order; they enter the transcript in request order).
    public func resume(with outputs: [Transcript.ToolOutput]) async throws -> ManualStep {
        let byID = Dictionary(outputs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Checked and taken under one lock, so two racing resumes cannot both continue it.
        var progress = try state.withLock { state throws(GenerationError) -> Progress in
            guard let progress = state.pending else {
                throw GenerationError.misuse(.init(debugDescription: "resume(with:) was called, but no response is waiting for tool outputs"))
            }
            guard Set(byID.keys) == Set(progress.pendingCalls.map(\.id)) else {
                throw GenerationError.misuse(.init(debugDescription:
                    "expected one output for each pending call (\(progress.pendingCalls.map(\.id).joined(separator: ", "))), got \(outputs.map(\.id).joined(separator: ", "))"))
            }
            state.pending = nil
            return progress
        }
        for call in progress.pendingCalls { progress.entries.append(.toolOutput(byID[call.id]!)) }
        progress.pendingCalls = []
        return try await step(progress)
    }

    /// Gives up a manual response waiting for tool outputs; the transcript stays as it was.
    public func abandonResponse() {
        let wasPending = state.withLock { state in
            defer { state.pending = nil }
            return state.pending != nil
        }
        if wasPending { end(with: nil) }
    }

    private func step(_ progress: Progress) async throws -> ManualStep {
        switch try await advance(progress) {
        case .finished(let content, let entries):
            return .response(Response(content: content, rawContent: content, transcriptEntries: entries))
        case .toolCalls(let calls, let next):
            state.withLock { $0.pending = next }
            return .toolCalls(calls)
        }
    }

    /// Counting tokens is the session's own largest cost for a fast model, and a count never
    /// exceeds the text's UTF-8 bytes plus one (`LanguageModel.tokenCount(for:)`), so entries
    /// are measured in bytes until that bound could pass the context size, and counted then.
    private func checkContextSize(_ progress: inout Progress) throws {
        for entry in progress.entries[progress.countedEntries...] {
            let text = entry.plainText
            progress.tokens += progress.tokensAreExact ? model.tokenCount(for: text) : text.utf8.count + 1
        }
        progress.countedEntries = progress.entries.count
        if !progress.tokensAreExact, progress.tokens > model.contextSize {
            progress.tokens = progress.entries.reduce(0) { $0 + model.tokenCount(for: $1.plainText) }
            progress.tokensAreExact = true
        }
        if progress.tokens > model.contextSize {
            throw GenerationError.exceededContextWindowSize(.init(debugDescription:
                "the transcript needs \(progress.tokens) tokens and the model takes \(model.contextSize); condense it and start a new session"))
        }
    }

    /// Runs the calls concurrently; outputs come back in request order.
    private func runTools(_ calls: [Transcript.ToolCall]) async throws -> [Transcript.ToolOutput] {
        let resolved = try calls.map { call -> (Transcript.ToolCall, any Tool) in
            guard let tool = tools.first(where: { $0.name == call.toolName }) else {
                throw GenerationError.decodingFailure(.init(debugDescription: "the model called '\(call.toolName)', which is not one of this session's tools"))
            }
            return (call, tool)
        }
        if resolved.count == 1, let (call, tool) = resolved.first {
            // One call needs no task group (and no thread hand-off).
            return [Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: try await Self.call(tool, with: call.arguments))]
        }
        return try await withThrowingTaskGroup(of: (Int, [Transcript.Segment]).self) { group in
            for (index, (call, tool)) in resolved.enumerated() {
                group.addTask { (index, try await Self.call(tool, with: call.arguments)) }
            }
            var segments = [[Transcript.Segment]](repeating: [], count: resolved.count)
            for try await (index, output) in group { segments[index] = output }
            return zip(resolved, segments).map { pair, output in
                Transcript.ToolOutput(id: pair.0.id, toolName: pair.0.toolName, segments: output)
            }
        }
    }

    private static func call<T: Tool>(_ tool: T, with arguments: GeneratedContent) async throws -> [Transcript.Segment] {
        let typed: T.Arguments
        do { typed = try T.Arguments(arguments) } catch {
            throw GenerationError.decodingFailure(.init(debugDescription: "arguments for '\(tool.name)' do not decode: \(error)"))
        }
        let output: T.Output
        do { output = try await tool.call(arguments: typed) } catch {
            throw ToolCallError(tool: tool, underlyingError: error)
        }
        return try ToolOutputSegments.segments(of: output)
    }
}

extension Transcript.Entry {
    /// The entry's text, for counting tokens.
    package var plainText: String {
        switch self {
        case .instructions(let instructions): return instructions.segments.plainText
        case .prompt(let prompt): return prompt.segments.plainText
        case .toolCalls(let calls): return calls.map { "\($0.toolName) \($0.arguments.jsonString)" }.joined(separator: "\n")
        case .toolOutput(let output): return output.segments.plainText
        case .response(let response): return response.segments.plainText
        }
    }
}
