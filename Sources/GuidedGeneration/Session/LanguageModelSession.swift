import Foundation

/// A conversation with a language model: instructions, prompts, replies — free text, a
/// `Generable` value, or content following a schema — and tools the model may call. The
/// session keeps the transcript, runs the tool loop (several calls in one turn run concurrently;
/// their outputs enter the transcript in request order) and checks every structured answer
/// against its schema: a response either conforms or the call throws.
///
/// ```swift
/// let session = LanguageModelSession(tools: [weather], instructions: "You are a friendly barista.")
/// let reply = try await session.respond(to: "How long have you worked here?")
/// let npc = try await session.respond(to: "Make a customer", generating: NPC.self).content
/// ```
///
/// One request at a time: a second request while one is running throws
/// `GenerationError.concurrentRequests`. A request that fails leaves the transcript unchanged.
public final class LanguageModelSession: @unchecked Sendable {
    /// The model answering.
    public let model: any LanguageModel
    /// The tools the model may call.
    public let tools: [any Tool]

    private let lock = NSLock()
    private var currentTranscript: Transcript
    private var responding = false

    /// A session with optional instructions (the model's persona and context).
    public convenience init(model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], instructions: String? = nil) {
        var entries: [Transcript.Entry] = []
        if let instructions {
            let definitions = tools.compactMap { try? $0.definition() }
            entries.append(.instructions(.init(segments: [.text(.init(content: instructions))], toolDefinitions: definitions)))
        }
        self.init(model: model, tools: tools, transcript: Transcript(entries: entries))
    }

    /// A session that carries on from a transcript (a saved game, or a condensed one).
    public init(model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], transcript: Transcript) {
        self.model = model
        self.tools = tools
        self.currentTranscript = transcript
    }

    /// Everything said so far.
    public var transcript: Transcript { lock.withLock { currentTranscript } }

    /// Whether a request is running.
    public var isResponding: Bool { lock.withLock { responding } }

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
        try lock.withLock {
            guard !responding else {
                throw GenerationError.concurrentRequests(.init(debugDescription: "the session is still answering an earlier request; wait for it or use another session"))
            }
            responding = true
            return currentTranscript
        }
    }

    private func end(with transcript: Transcript?) {
        lock.withLock {
            if let transcript { currentTranscript = transcript }
            responding = false
        }
    }

    private func run(prompt: String, format: Transcript.ResponseFormat?, options: GenerationOptions) async throws
        -> (GeneratedContent, ArraySlice<Transcript.Entry>) {
        var entries = Array(try begin())
        do {
            let start = entries.count
            let definitions = try tools.map { try $0.definition() }
            entries.append(.prompt(.init(segments: [.text(.init(content: prompt))], options: options, responseFormat: format)))
            let limit = options.maximumToolCalls ?? Int.max
            var callsMade = 0
            while true {
                let transcript = Transcript(entries: entries)
                try checkContextSize(transcript)
                let offered = callsMade < limit ? definitions : []
                let request = LanguageModelRequest(transcript: transcript, tools: offered, schema: format?.schema, options: options)
                switch try await model.respond(to: request) {
                case .toolCalls(let calls):
                    guard callsMade + calls.count <= limit, !offered.isEmpty else {
                        throw GenerationError.exceededToolCallLimit(.init(debugDescription:
                            "the model asked for \(calls.count) more tool call(s) after \(callsMade) of at most \(limit)"))
                    }
                    callsMade += calls.count
                    entries.append(.toolCalls(.init(calls)))
                    for output in try await runTools(calls) { entries.append(.toolOutput(output)) }
                case .text(let text):
                    guard format == nil else {
                        throw GenerationError.decodingFailure(.init(debugDescription: "expected content for \(format!.name), the model answered with text"))
                    }
                    entries.append(.response(.init(assetIDs: [], segments: [.text(.init(content: text))])))
                    end(with: Transcript(entries: entries))
                    return (GeneratedContent(text), entries[start...])
                case .content(let content):
                    guard let format else {
                        throw GenerationError.decodingFailure(.init(debugDescription: "expected text, the model answered with structured content"))
                    }
                    let problems = format.schema.violations(of: content)
                    guard problems.isEmpty else {
                        throw GenerationError.decodingFailure(.init(debugDescription:
                            "the reply does not follow \(format.name): \(problems.prefix(5).map(\.description).joined(separator: "; "))"))
                    }
                    entries.append(.response(.init(assetIDs: [], segments: [.structure(.init(source: format.name, content: content))])))
                    end(with: Transcript(entries: entries))
                    return (content, entries[start...])
                }
            }
        } catch {
            end(with: nil)
            throw error
        }
    }

    private func checkContextSize(_ transcript: Transcript) throws {
        let used = transcript.reduce(0) { total, entry in total + model.tokenCount(for: entry.plainText) }
        if used > model.contextSize {
            throw GenerationError.exceededContextWindowSize(.init(debugDescription:
                "the transcript needs \(used) tokens and the model takes \(model.contextSize); condense it and start a new session"))
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
    var plainText: String {
        switch self {
        case .instructions(let instructions): return instructions.segments.plainText
        case .prompt(let prompt): return prompt.segments.plainText
        case .toolCalls(let calls): return calls.map { "\($0.toolName) \($0.arguments.jsonString)" }.joined(separator: "\n")
        case .toolOutput(let output): return output.segments.plainText
        case .response(let response): return response.segments.plainText
        }
    }
}
