import ContentPacks
import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit

/// The JSON-lines protocol for engines that cannot link Swift (see docs/protocol.md): the host
/// sends requests `{"id", "method", "params"}` one per line and gets `{"id", "result"}` or
/// `{"id", "error": {"code", "message"}}` back. Methods generate items of a kind or of a JSON
/// Schema, open a session (instructions, seed, the host's own tools), send it a prompt, and
/// close it. While a prompt runs, the server may ask the host to run one of its tools with a
/// request of its own (`"method": "tool.call"`) and waits for the host's response. Requests are
/// handled concurrently, so responses carry their request's id and may come in any order.
///
/// ```swift
/// let server = EngineServer(library: try .builtIn()) { line in print(line) }
/// await server.receive(#"{"id": 1, "method": "generate", "params": {"kind": "npc", "count": 2, "seed": 7}}"#)
/// await server.finish()
/// ```
package actor EngineServer {
    /// JSON-RPC's error codes, plus one for a generation that failed.
    enum ErrorCode: Int, Sendable {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case generationFailed = 1
    }

    private struct Failure: Error {
        let code: ErrorCode
        let message: String
    }

    private struct HostToolError: Error, CustomStringConvertible {
        let description: String
    }

    /// How many requests run at once, each on a thread of its own, so that a request busy for
    /// long (a huge schema) slows the others down instead of starving them; more wait their turn.
    static let concurrentRequests = 64

    /// How many compiled schemas are kept for requests that send the same schema again.
    static let rememberedSchemas = 32

    private struct Request {
        let id: GeneratedContent
        let method: String
        let params: GeneratedContent
    }

    private struct OpenSession {
        let session: LanguageModelSession
        let seed: UInt64?
        var turns = 0
    }

    /// Turns a request's `"model"` (e.g. `procedural`, a GGUF file, a server URL) into a model;
    /// nil stands for the content library's own.
    package typealias ModelResolver = @Sendable (String) throws -> (any LanguageModel)?

    private let library: ContentLibrary
    private let model: any LanguageModel
    private let resolveModel: ModelResolver?
    /// The models requests named, opened once each.
    private var namedModels: [String: any LanguageModel] = [:]
    private let send: @Sendable (GeneratedContent) -> Void
    private var sessions: [String: OpenSession] = [:]
    private var sessionCounter = 0
    private var toolCallCounter = 0
    /// Tool calls waiting for the host, by call id, with the session that made them.
    private var pendingToolCalls: [String: (session: String, continuation: CheckedContinuation<GeneratedContent, any Error>)] = [:]
    private var running: [Int: Task<Void, Never>] = [:]
    /// Item makers by kind and model name, made on first use.
    private var makers: [String: PackItemMaker] = [:]
    /// The schemas compiled for the most recent distinct schema texts, and those texts, oldest first.
    private var compiledSchemas: [String: GenerationSchema] = [:]
    private var compiledSchemaOrder: [String] = []
    /// Requests received while `concurrentRequests` were running, oldest first.
    private var waiting: [Request] = []
    private var taskCounter = 0
    private var isClosing = false

    /// A server on `library`'s model (or `model`), writing each outgoing line with `send`. With
    /// `resolveModel`, `generate` and `session.open` may name a model of their own (`"model"`).
    package init(library: ContentLibrary, model: (any LanguageModel)? = nil, resolveModel: ModelResolver? = nil,
                 send: @escaping @Sendable (String) -> Void) {
        self.init(library: library, model: model, resolveModel: resolveModel, sendMessage: { send($0.jsonString) })
    }

    /// A server that hands each outgoing message to `sendMessage` as a value, for a host in the
    /// same process (the C library) that would only parse the line again.
    package init(library: ContentLibrary, model: (any LanguageModel)? = nil, resolveModel: ModelResolver? = nil,
                 sendMessage: @escaping @Sendable (GeneratedContent) -> Void) {
        self.library = library
        self.model = model ?? library.model
        self.resolveModel = resolveModel
        self.send = sendMessage
    }

    /// The model `params["model"]` names (opened on first use), or the server's own.
    private func model(for params: GeneratedContent) throws -> any LanguageModel {
        guard let value = params["model"] else { return model }
        guard let name = value.stringValue, !name.isEmpty else { throw Failure(code: .invalidParams, message: "\"model\" must be a non-empty string") }
        if let known = namedModels[name] { return known }
        guard let resolveModel else { throw Failure(code: .invalidParams, message: "this server does not take a \"model\"") }
        let opened: any LanguageModel
        do {
            opened = try resolveModel(name) ?? library.model
        } catch {
            throw Failure(code: .invalidParams, message: "model '\(name)': \(error)")
        }
        namedModels[name] = opened
        return opened
    }

    /// Takes one line from the host as its bytes (without the newline): text that is not UTF-8
    /// gets a parse error (-32700) instead of being read with replacement characters.
    package func receive(bytes: some Collection<UInt8>) {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            reply(id: .null, failure: Failure(code: .parseError, message: "not UTF-8 text"))
            return
        }
        receive(line)
    }

    /// Answers a line the host sent that was longer than `limit` bytes, and so was not read,
    /// with a parse error (-32700, id null); the server carries on with the next line.
    package func refuseLine(longerThan limit: Int) {
        reply(id: .null, failure: Failure(code: .parseError, message: "line longer than \(FileError.size(limit))"))
    }

    /// Takes one line from the host: a request (answered when done) or the host's response to a
    /// tool call. A line that is neither gets an error response; the server carries on.
    func receive(_ line: String) {
        // A .NET host's default writer starts its output with a byte order mark.
        let line = line.hasPrefix("\u{FEFF}") ? String(line.dropFirst()) : line
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let message: GeneratedContent
        do {
            message = try GeneratedContent(json: line)
        } catch {
            reply(id: .null, failure: Failure(code: .parseError, message: "not JSON: \(error)"))
            return
        }
        receive(message: message)
    }

    /// Takes one message from the host already read as a value: a request or the host's
    /// response to a tool call, handled as `receive(_:)` handles a line.
    package func receive(message: GeneratedContent) {
        let id = message["id"] ?? .null
        guard message.typeName == "object" else {
            reply(id: .null, failure: Failure(code: .invalidRequest, message: "a message is a JSON object"))
            return
        }
        if message["method"] == nil, message["result"] != nil || message["error"] != nil {
            resumeToolCall(id: id, with: message)
            return
        }
        guard id.stringValue != nil || id.numberValue != nil else {
            reply(id: .null, failure: Failure(code: .invalidRequest, message: "a request needs an \"id\" (a string or a number)"))
            return
        }
        guard let method = message["method"]?.stringValue else {
            reply(id: id, failure: Failure(code: .invalidRequest, message: "a request needs a \"method\" (a string)"))
            return
        }
        let params = message["params"] ?? GeneratedContent(properties: [])
        guard params.typeName == "object" else {
            reply(id: id, failure: Failure(code: .invalidParams, message: "\"params\" is a JSON object"))
            return
        }
        start(Request(id: id, method: method, params: params))
    }

    /// Runs `request` on a thread of its own (see `RequestThread`), or queues it while
    /// `concurrentRequests` run already.
    private func start(_ request: Request) {
        guard running.count < Self.concurrentRequests else {
            waiting.append(request)
            return
        }
        taskCounter += 1
        let key = taskCounter
        let thread = RequestThread()
        running[key] = Task(executorPreference: thread) {
            await self.handle(id: request.id, method: request.method, params: request.params)
            await self.ended(key)
            thread.finish()
        }
    }

    /// Forgets the request `key`, which has answered, and starts the oldest one waiting.
    private func ended(_ key: Int) {
        running[key] = nil
        if !waiting.isEmpty { start(waiting.removeFirst()) }
    }

    /// Waits for every request in progress; tool calls still waiting for the host fail, since
    /// its input has ended.
    package func finish() async {
        isClosing = true
        for (_, call) in pendingToolCalls {
            call.continuation.resume(throwing: HostToolError(description: "the host closed its input before answering"))
        }
        pendingToolCalls = [:]
        while let (_, task) = running.first {
            await task.value
        }
    }

    // MARK: Requests

    private func handle(id: GeneratedContent, method: String, params: GeneratedContent) async {
        do {
            let result: GeneratedContent
            switch method {
            case "generate": result = try await generate(params)
            case "session.open": result = try await openSession(params)
            case "session.prompt": result = try await prompt(params, id: id)
            case "session.transcript": result = try transcript(params)
            case "session.close": result = try closeSession(params)
            default:
                throw Failure(code: .methodNotFound,
                              message: "no method '\(method)'; methods: generate, session.open, session.prompt, session.transcript, session.close")
            }
            send(GeneratedContent(properties: [("id", id), ("result", result)]))
        } catch let failure as Failure {
            reply(id: id, failure: failure)
        } catch {
            reply(id: id, failure: Failure(code: .generationFailed, message: "\(error)"))
        }
    }

    private func reply(id: GeneratedContent, failure: Failure) {
        send(GeneratedContent(properties: [
            ("id", id),
            ("error", GeneratedContent(properties: [("code", GeneratedContent(failure.code.rawValue)), ("message", GeneratedContent(failure.message))])),
        ]))
    }

    /// `{"kind": "npc"|"riddle"}` or `{"schema": {…}}`, with `count` (1…10,000) and `seed`.
    private func generate(_ params: GeneratedContent) async throws -> GeneratedContent {
        let count = try integer(params, "count", default: 1, in: 1...10_000)
        let seed = try seed(params) ?? 0
        let model = try model(for: params)
        var items: [GeneratedContent] = []
        if params["kind"] != nil, params["schema"] != nil {
            throw Failure(code: .invalidParams, message: "give \"kind\" or \"schema\", not both")
        }
        if let kindValue = params["kind"] {
            guard let kindName = kindValue.stringValue else { throw Failure(code: .invalidParams, message: "\"kind\" must be a string") }
            guard let kind = PackKind(rawValue: kindName) else {
                throw Failure(code: .invalidParams, message: "unknown kind '\(kindName)'; kinds: npc, riddle, dialog")
            }
            let maker = try self.maker(of: kind, model: model, named: params["model"]?.stringValue ?? "")
            for index in 0..<count { items.append(try await maker.item(at: index, seed: seed)) }
        } else if let document = params["schema"] {
            let schema = try await schema(document, as: "the schema")
            for index in 0..<count {
                let options = ItemSampling.options(seed: NPCGenerator.itemSeed(seed, index))
                let session = LanguageModelSession(model: model)
                items.append(try await session.respond(to: "Generate an item.", schema: schema, options: options).content)
            }
        } else {
            throw Failure(code: .invalidParams, message: "give \"kind\" (npc, riddle or dialog) or \"schema\" (a JSON Schema)")
        }
        return GeneratedContent(properties: [("items", GeneratedContent(elements: items))])
    }

    /// The maker of `kind` items on `model` (named `name`), made once: an NPC maker derives its
    /// schema from the content, and the procedural model keeps what it learns per schema.
    private func maker(of kind: PackKind, model: any LanguageModel, named name: String) throws -> PackItemMaker {
        let key = "\(kind.rawValue) \(name)"
        if let known = makers[key] { return known }
        let maker = try kind.maker(library: library, model: model)
        makers[key] = maker
        return maker
    }

    /// `document` compiled, or the schema compiled from the same text by a recent request: a host
    /// sending one schema again and again gets the same `GenerationSchema`, so neither the
    /// compilation nor what the model learns about the schema is repeated.
    private func schema(_ document: GeneratedContent, as what: String) async throws -> GenerationSchema {
        let key = document.jsonString
        if let known = compiledSchemas[key] { return known }
        let schema = try await Self.compiled(document, as: what)
        if compiledSchemas[key] == nil {
            if compiledSchemaOrder.count == Self.rememberedSchemas { compiledSchemas[compiledSchemaOrder.removeFirst()] = nil }
            compiledSchemaOrder.append(key)
            compiledSchemas[key] = schema
        }
        return schema
    }

    /// Compiles a schema away from the actor, on the request's own thread, so that a schema that
    /// takes long to compile holds up only its own request; a refusal is an invalid-params error
    /// naming `what`.
    private nonisolated static func compiled(_ document: GeneratedContent, as what: String) async throws -> GenerationSchema {
        do {
            return try GenerationSchema(jsonSchema: document)
        } catch {
            throw Failure(code: .invalidParams, message: "\(what) is refused: \(error)")
        }
    }

    /// `{"instructions"?, "seed"?, "tools"?: [{"name", "description", "parameters"}]}` → `{"session"}`.
    private func openSession(_ params: GeneratedContent) async throws -> GeneratedContent {
        if let instructions = params["instructions"], instructions.stringValue == nil {
            throw Failure(code: .invalidParams, message: "\"instructions\" must be a string")
        }
        if let toolList = params["tools"], toolList.elements == nil {
            throw Failure(code: .invalidParams, message: "\"tools\" must be an array of {\"name\", \"description\", \"parameters\"}")
        }
        let seed = try seed(params)
        let chosenModel = try model(for: params)
        var declared: [(name: String, description: String, parameters: GenerationSchema)] = []
        var toolNames: Set<String> = []
        for (index, tool) in (params["tools"]?.elements ?? []).enumerated() {
            guard let toolName = tool["name"]?.stringValue, !toolName.isEmpty, let description = tool["description"]?.stringValue else {
                throw Failure(code: .invalidParams, message: "tools[\(index)] needs a \"name\" (a non-empty string) and a \"description\" (a string)")
            }
            guard toolNames.insert(toolName).inserted else {
                throw Failure(code: .invalidParams, message: "tools[\(index)]: a second tool named '\(toolName)'")
            }
            if let given = tool["parameters"], given.typeName != "object" {
                throw Failure(code: .invalidParams, message: "tools[\(index)].parameters must be a JSON Schema object")
            }
            let document = tool["parameters"] ?? GeneratedContent(properties: [("type", GeneratedContent("object"))])
            declared.append((toolName, description, try await schema(document, as: "tools[\(index)].parameters")))
        }
        // Named after the compilations above, which let other requests run (and open sessions).
        let name = "s\(sessionCounter + 1)"
        let tools: [any Tool] = declared.map { tool in
            DynamicTool(name: tool.name, description: tool.description, parameters: tool.parameters) { [weak self] arguments in
                guard let self else { throw HostToolError(description: "the server has stopped") }
                return try await self.callHostTool(session: name, tool: tool.name, arguments: arguments)
            }
        }
        let session = LanguageModelSession(model: chosenModel, tools: tools, instructions: params["instructions"]?.stringValue ?? "")
        sessionCounter += 1
        sessions[name] = OpenSession(session: session, seed: seed)
        return GeneratedContent(properties: [("session", GeneratedContent(name))])
    }

    /// `{"session", "prompt", "schema"?, "stream"?}` → `{"content"}` (text, or JSON for a
    /// schema). With `"stream": true`, each partial reply goes out first as a `session.snapshot`
    /// notification carrying the request's id.
    private func prompt(_ params: GeneratedContent, id: GeneratedContent) async throws -> GeneratedContent {
        let name = try sessionName(params)
        guard var open = sessions[name] else { throw Failure(code: .invalidParams, message: "no open session '\(name)'") }
        guard let prompt = params["prompt"]?.stringValue else { throw Failure(code: .invalidParams, message: "\"prompt\" (a string) is missing") }
        if let stream = params["stream"], stream.boolValue == nil { throw Failure(code: .invalidParams, message: "\"stream\" must be true or false") }
        let streams = params["stream"]?.boolValue ?? false
        var schema: GenerationSchema?
        if let document = params["schema"] { schema = try await self.schema(document, as: "the schema") }
        let seed = open.seed.map { NPCGenerator.itemSeed($0, open.turns) }
        open.turns += 1
        sessions[name] = open
        let options = GenerationOptions(samplingMode: seed.map { .random(top: 40, seed: $0) })
        guard streams else {
            if let schema {
                return GeneratedContent(properties: [("content", try await open.session.respond(to: prompt, schema: schema, options: options).content)])
            }
            return GeneratedContent(properties: [("content", GeneratedContent(try await open.session.respond(to: prompt, options: options).content))])
        }
        let last = if let schema {
            try await relay(open.session.streamResponse(to: prompt, schema: schema, options: options), session: name, request: id)
        } else {
            try await relay(open.session.streamResponse(to: prompt, options: options), session: name, request: id)
        }
        return GeneratedContent(properties: [("content", last)])
    }

    /// Sends each snapshot of `stream` as a `session.snapshot` notification; returns the last.
    private func relay<Content>(_ stream: ResponseStream<Content>, session: String, request: GeneratedContent) async throws -> GeneratedContent {
        var last: GeneratedContent?
        for try await snapshot in stream {
            last = snapshot.rawContent
            send(GeneratedContent(properties: [
                ("method", GeneratedContent("session.snapshot")),
                ("params", GeneratedContent(properties: [("session", GeneratedContent(session)), ("request", request), ("content", snapshot.rawContent)])),
            ]))
        }
        guard let last else { throw Failure(code: .generationFailed, message: "the reply ended without content") }
        return last
    }

    /// `{"session"}` → `{"transcript"}`: the session's transcript in its saved JSON form.
    private func transcript(_ params: GeneratedContent) throws -> GeneratedContent {
        let name = try sessionName(params)
        guard let open = sessions[name] else { throw Failure(code: .invalidParams, message: "no open session '\(name)'") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(open.session.transcript)
        return GeneratedContent(properties: [("transcript", try GeneratedContent(json: String(decoding: data, as: UTF8.self)))])
    }

    private func closeSession(_ params: GeneratedContent) throws -> GeneratedContent {
        let name = try sessionName(params)
        guard sessions.removeValue(forKey: name) != nil else { throw Failure(code: .invalidParams, message: "no open session '\(name)'") }
        // A prompt waiting on the host's tool ends now, with an error, instead of waiting forever.
        for (id, call) in pendingToolCalls where call.session == name {
            pendingToolCalls[id] = nil
            call.continuation.resume(throwing: HostToolError(description: "the session was closed while its tool call waited"))
        }
        return GeneratedContent(properties: [("closed", GeneratedContent(true))])
    }

    private func sessionName(_ params: GeneratedContent) throws -> String {
        guard let name = params["session"]?.stringValue else { throw Failure(code: .invalidParams, message: "\"session\" (a string) is missing") }
        return name
    }

    /// `"seed"`: any whole number from 0 to `UInt64.max`, read exactly (nil when absent).
    private func seed(_ params: GeneratedContent) throws -> UInt64? {
        guard let field = params["seed"] else { return nil }
        guard let seed = field.uint64Value else {
            throw Failure(code: .invalidParams, message: "\"seed\" must be an integer from 0 to \(UInt64.max)")
        }
        return seed
    }

    private func integer(_ params: GeneratedContent, _ key: String, default value: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let field = params[key] else { return value }
        guard let number = field.numberValue, let integer = Int(exactly: number), range.contains(integer) else {
            throw Failure(code: .invalidParams, message: "\"\(key)\" must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    // MARK: The host's tools

    private func callHostTool(session: String, tool: String, arguments: GeneratedContent) async throws -> GeneratedContent {
        guard !isClosing else { throw HostToolError(description: "the host closed its input") }
        toolCallCounter += 1
        let id = "tool-\(toolCallCounter)"
        return try await withCheckedThrowingContinuation { continuation in
            pendingToolCalls[id] = (session, continuation)
            send(GeneratedContent(properties: [
                ("id", GeneratedContent(id)),
                ("method", GeneratedContent("tool.call")),
                ("params", GeneratedContent(properties: [("session", GeneratedContent(session)), ("tool", GeneratedContent(tool)),
                                                         ("arguments", arguments)])),
            ]))
        }
    }

    private func resumeToolCall(id: GeneratedContent, with message: GeneratedContent) {
        guard let key = id.stringValue, let continuation = pendingToolCalls.removeValue(forKey: key)?.continuation else {
            reply(id: id, failure: Failure(code: .invalidRequest, message: "a response to no tool call of this server"))
            return
        }
        if let result = message["result"] {
            continuation.resume(returning: result)
        } else {
            let text = message["error"]?["message"]?.stringValue ?? message["error"]?.jsonString ?? "the host's tool failed"
            continuation.resume(throwing: HostToolError(description: text))
        }
    }
}
