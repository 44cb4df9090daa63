import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema
import RegexAutomata
import Synchronization
import TestSupport
import Testing

/// `OpenAICompatibleModel`'s guided modes against a loopback server: which mode the server's own
/// endpoints choose, the request that continues the assistant's message under a grammar, and a
/// server that ignores the grammar.
@Suite struct OpenAICompatiblePerValueTests {
    static let props = LoopbackHTTPServer.Reply(body: #"{"default_generation_settings": {"n_ctx": 4096}, "total_slots": 1}"#)
    static let npcSchema = try! GenerationSchema(jsonSchema: #"""
        {"type": "object", "properties": {
            "name": {"type": "string", "pattern": "^[A-Z][a-z]{1,8}$"},
            "traits": {"type": "array", "items": {"enum": ["shy", "loud", "kind"]}, "minItems": 2, "maxItems": 2, "uniqueItems": true}},
         "required": ["name", "traits"], "additionalProperties": false}
        """#)

    /// A server that walks each request's grammar (llama.cpp's `grammar` field, or vLLM's) and
    /// answers the way llama.cpp does (the continued message whole) or vLLM does (only the new text).
    static func walkingServer(pages: [String: LoopbackHTTPServer.Reply], wholeMessage: Bool) throws -> LoopbackHTTPServer {
        let random = Mutex(SeededRandom(seed: 11))
        return try LoopbackHTTPServer(pages: pages) { _, body in
            guard let request = try? GeneratedContent(json: body),
                  let grammar = request["grammar"]?.stringValue ?? request["guided_grammar"]?.stringValue
                    ?? request["structured_outputs"]?["grammar"]?.stringValue,
                  let walker = try? GBNFWalker(grammar) else {
                return OpenAICompatibleModelTests.reply(content: #"{"name": "Plain", "traits": ["shy", "kind"]}"#)
            }
            let prefix = request["messages"]?.elements?.last?["content"]?.stringValue ?? ""
            let walk = String(decoding: random.withLock { walker.walk(random: &$0) }, as: UTF8.self)
            return OpenAICompatibleModelTests.reply(content: wholeMessage ? prefix + walk : walk)
        }
    }

    static func model(_ server: LoopbackHTTPServer, _ mode: OpenAICompatibleModel.GuidedDecoding = .automatic) -> OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: server.url, name: "test-model", timeout: 10, retries: 0, validationRetries: 0, retryDelay: 0, guidedDecoding: mode)
    }

    @Test func onLlamaCppEachValueIsAskedForUnderAGrammar() async throws {
        let server = try Self.walkingServer(pages: ["/props": Self.props], wholeMessage: true)
        let model = Self.model(server)
        for seed in 1...5 as ClosedRange<UInt64> {
            let reply = try await LanguageModelSession(model: model, instructions: "You invent customers.")
                .respond(to: "A customer", schema: Self.npcSchema, options: GenerationOptions(samplingMode: .random(top: 40, seed: seed)))
            #expect(Self.npcSchema.violations(of: reply.content).isEmpty, "\(reply.content.jsonString)")
        }
        let bodies = try server.received.map { try GeneratedContent(json: $0) }
        #expect(bodies.count > 5, "one request per value, not per reply")
        #expect(model.usage.requests == bodies.count)
        for body in bodies {
            #expect(body["continue_final_message"] == GeneratedContent(true))
            #expect(body["add_generation_prompt"] == GeneratedContent(false))
            #expect(body["cache_prompt"] == GeneratedContent(true))
            #expect(body["response_format"] == nil)
            #expect(body["grammar"]?.stringValue?.hasPrefix("root ::= s0\n") == true)
            let messages = try #require(body["messages"]?.elements)
            #expect(messages.first?["content"] == GeneratedContent("You invent customers."))
            #expect(messages.last?["role"] == GeneratedContent("assistant"))
            #expect(messages.last?["content"]?.stringValue?.hasPrefix("{\"name\":\"") == true)
        }
    }

    @Test(arguments: [("0.9.2", "guided_grammar"), ("0.11.0rc1", "structured_outputs")])
    func onVLLMTheGrammarGoesInItsOwnField(version: String, field: String) async throws {
        let server = try Self.walkingServer(pages: ["/version": .init(body: #"{"version": "\#(version)"}"#)], wholeMessage: false)
        let reply = try await LanguageModelSession(model: Self.model(server)).respond(to: "A customer", schema: Self.npcSchema)
        #expect(Self.npcSchema.violations(of: reply.content).isEmpty)
        let body = try GeneratedContent(json: try #require(server.received.first))
        #expect(body[field] != nil && body["grammar"] == nil && body["cache_prompt"] == nil)
    }

    @Test func elsewhereTheSchemaGoesAsResponseFormat() async throws {
        let server = try Self.walkingServer(pages: [:], wholeMessage: true)
        _ = try await LanguageModelSession(model: Self.model(server)).respond(to: "A customer", schema: Self.npcSchema)
        let body = try GeneratedContent(json: try #require(server.received.first))
        #expect(server.received.count == 1)
        #expect(body["response_format"]?["json_schema"]?["schema"] != nil && body["grammar"] == nil)
    }

    @Test func serverSchemaModeKeepsResponseFormatOnLlamaCpp() async throws {
        let server = try Self.walkingServer(pages: ["/props": Self.props], wholeMessage: true)
        _ = try await LanguageModelSession(model: Self.model(server, .serverSchema)).respond(to: "A customer", schema: Self.npcSchema)
        #expect(server.received.count == 1)
        #expect(try GeneratedContent(json: server.received[0])["response_format"] != nil)
    }

    /// A value only characters outside printable ASCII can write: per value it is a guide the
    /// grammars cannot honour; in automatic mode the reply goes out under `response_format` instead.
    @Test func aValueTheGrammarsCannotOfferIsAnUnsupportedGuide() async throws {
        let accented = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"name": {"enum": ["Zoë", "Anaïs"]}}, "required": ["name"], "additionalProperties": false}"#)
        let strict = try Self.walkingServer(pages: ["/props": Self.props], wholeMessage: true)
        await #expect {
            try await LanguageModelSession(model: Self.model(strict, .perValue)).respond(to: "A customer", schema: accented)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.unsupportedGuide(let context) = error else { return false }
            return context.debugDescription.contains("/name") && context.debugDescription.contains("printable ASCII")
        }
        let automatic = try Self.walkingServer(pages: ["/props": Self.props], wholeMessage: true)
        // This server answers a plain request with a name the schema does not allow: the reply is refused, not returned.
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            try await LanguageModelSession(model: Self.model(automatic)).respond(to: "A customer", schema: accented)
        }
        #expect(try GeneratedContent(json: try #require(automatic.received.last))["response_format"] != nil)
    }

    @Test func freeTextIsAPlainChatCompletion() async throws {
        let server = try Self.walkingServer(pages: ["/props": Self.props], wholeMessage: true)
        _ = try await LanguageModelSession(model: Self.model(server)).respond(to: "Hello")
        let body = try GeneratedContent(json: try #require(server.received.first))
        #expect(body["grammar"] == nil && body["continue_final_message"] == nil)
    }

    @Test func aServerThatIgnoresTheGrammarCannotMakeTheReplyInvalid() async throws {
        // "42}" costs a request: the 4 is taken, the 2 is not, and the rest is forced.
        let partly = try LoopbackHTTPServer(pages: ["/props": Self.props]) { _, _ in OpenAICompatibleModelTests.reply(content: "42}") }
        let schema = OpenAICompatibleModelTests.levelSchema
        let reply = try await LanguageModelSession(model: Self.model(partly, .perValue)).respond(to: "A level", schema: schema)
        #expect(reply.content == (try GeneratedContent(json: #"{"level": 4}"#)))
        let server = try LoopbackHTTPServer(pages: ["/props": Self.props]) { _, _ in OpenAICompatibleModelTests.reply(content: "high") }
        await #expect {
            try await LanguageModelSession(model: Self.model(server, .perValue)).respond(to: "A level", schema: schema)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("ignored the grammar")
        }
    }

    /// `maximumResponseTokens` bounds the reply's requests together, by the tokens each answer reports.
    @Test func theTokenBudgetSpansTheRequests() async throws {
        let random = Mutex(SeededRandom(seed: 5))
        let server = try LoopbackHTTPServer(pages: ["/props": Self.props]) { _, body in
            let request = try! GeneratedContent(json: body)
            let walk = random.withLock { try! GBNFWalker(request["grammar"]!.stringValue!).walk(random: &$0) }
            var reply = try! GeneratedContent(json: OpenAICompatibleModelTests.reply(content: String(decoding: walk, as: UTF8.self)).body)
            reply = GeneratedContent(properties: reply.orderedKeys.map { ($0, reply[$0]!) } + [("usage", GeneratedContent(properties: [("completion_tokens", GeneratedContent(40))]))])
            return .init(body: reply.jsonString)
        }
        let model = Self.model(server, .perValue)
        let sent = { server.received.count }
        // Four strings: at least four requests.
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}, "d": {"type": "string"}}, "required": ["a", "b", "c", "d"], "additionalProperties": false}"#)
        await #expect {
            try await LanguageModelSession(model: model).respond(to: "A customer", schema: schema,
                                                                 options: GenerationOptions(maximumResponseTokens: 100))
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("maximumResponseTokens (100)")
        }
        #expect(sent() == 3, "40 + 40 + 40 tokens: the fourth request is not sent")
        #expect(model.usage.completionTokens == 120)

        // Text the schema forces counts too: forty long keys outgrow the budget before the server writes much.
        let names = (0..<40).map { "a_rather_long_property_name_number_\($0)" }
        let forced = try GenerationSchema(jsonSchema: GeneratedContent(properties: [
            ("type", GeneratedContent("object")),
            ("properties", GeneratedContent(properties: names.map { ($0, GeneratedContent(properties: [("type", GeneratedContent("boolean"))])) })),
            ("required", GeneratedContent(elements: names.map { GeneratedContent($0) })), ("additionalProperties", GeneratedContent(false)),
        ]))
        let silent = try Self.walkingServer(pages: ["/props": Self.props], wholeMessage: true)   // reports no usage
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            try await LanguageModelSession(model: Self.model(silent, .perValue)).respond(to: "Flags", schema: forced, options: GenerationOptions(maximumResponseTokens: 100))
        }
        #expect(silent.received.count < 20, "stopped by the forced text, not after forty answers")
    }

    @Test func aSchemaDrivenToolCallIsWrittenPerValue() async throws {
        let server = try Self.walkingServer(pages: ["/props": .init(body: #"{"chat_template_caps": {"supports_tool_calls": false}}"#)], wholeMessage: true)
        let echo = DynamicTool(name: "echo", description: "Repeats a word.",
                               parameters: try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"word": {"type": "string", "pattern": "^[a-z]{1,8}$"}}, "required": ["word"], "additionalProperties": false}"#)) { arguments in
            try arguments.value(String.self, forProperty: "word")
        }
        let session = LanguageModelSession(model: Self.model(server), tools: [echo])
        _ = try await session.respond(to: "Echo something", schema: Self.npcSchema)
        let first = try GeneratedContent(json: try #require(server.received.first))
        #expect(first["grammar"] != nil)
        #expect(first["messages"]?.elements?.last?["content"] == GeneratedContent("{\""))
    }
}
