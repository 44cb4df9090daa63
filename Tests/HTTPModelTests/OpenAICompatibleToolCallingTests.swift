import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import JSONSchema
import TestSupport
import Testing

/// Tool calling against an OpenAI-compatible server, natively (`tools`, `tool_calls`) and
/// schema-driven (the next action under `response_format`): argument checks fed back to the
/// model, the tool choice, and the automatic choice of mode.
@Suite struct OpenAICompatibleToolCallingTests {
    static let weather = DynamicTool(name: "getWeather", description: "The weather in a city",
                                     parameters: try! GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}"#)) { arguments in
        "Sunny in \(try arguments.value(String.self, forProperty: "city"))"
    }

    static func calls(_ arguments: String, name: String = "getWeather") -> LoopbackHTTPServer.Reply {
        .init(body: GeneratedContent(properties: [("choices", GeneratedContent(elements: [GeneratedContent(properties: [
            ("message", GeneratedContent(properties: [("role", GeneratedContent("assistant")), ("tool_calls", GeneratedContent(elements: [
                GeneratedContent(properties: [("id", GeneratedContent("call_1")), ("type", GeneratedContent("function")),
                                              ("function", GeneratedContent(properties: [("name", GeneratedContent(name)), ("arguments", GeneratedContent(arguments))]))]),
            ]))])),
        ])]))]).jsonString)
    }

    static func model(_ server: LoopbackHTTPServer, calling: OpenAICompatibleModel.ToolCalling = .automatic,
                      choice: OpenAICompatibleModel.ToolChoice = .auto, validationRetries: Int = 2) -> OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: server.url, name: "test-model", timeout: 10, retries: 0, validationRetries: validationRetries,
                              retryDelay: 0, toolCalling: calling, toolChoice: choice)
    }

    static func body(_ server: LoopbackHTTPServer, _ index: Int) throws -> GeneratedContent {
        try GeneratedContent(json: server.received[index])
    }

    @Test func invalidNativeArgumentsAreReportedBackToTheModel() async throws {
        let server = try LoopbackHTTPServer { index, _ in
            switch index {
            case 0: return Self.calls(#"{"city": 5}"#)
            case 1: return Self.calls(#"{"city": "Lyon"}"#)
            default: return OpenAICompatibleModelTests.reply(content: "Sunny.")
            }
        }
        let session = LanguageModelSession(model: Self.model(server), tools: [Self.weather])
        #expect(try await session.respond(to: "Weather?").content == "Sunny.")
        let retry = try #require(try Self.body(server, 1)["messages"]?.elements)
        #expect(retry.map { $0["role"]?.stringValue ?? "" } == ["user", "assistant", "tool"])
        #expect(retry[2]["content"]?.stringValue?.hasPrefix("Error: the arguments of getWeather break its schema") == true)
        #expect(session.transcript.count == 4, "prompt, the valid call, its output, the reply")
    }

    @Test func argumentsThatStayInvalidFailWithoutRunningTheTool() async throws {
        let server = try LoopbackHTTPServer { _, _ in Self.calls(#"{"town": "Lyon"}"#) }
        let calls = ToolCallLog()
        let tool = DynamicTool(name: "getWeather", description: "The weather", parameters: Self.weather.parameters) { arguments in
            calls.record(arguments)
            return "x"
        }
        let session = LanguageModelSession(model: Self.model(server, validationRetries: 1), tools: [tool])
        await #expect { try await session.respond(to: "Weather?") } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("getWeather")
        }
        #expect(server.received.count == 2 && calls.arguments.isEmpty && session.transcript.isEmpty)
    }

    @Test func schemaDrivenCallsAskForTheNextActionUnderTheSchema() async throws {
        let server = try LoopbackHTTPServer { index, _ in
            OpenAICompatibleModelTests.reply(content: [#"{"tool": "getWeather", "arguments": {"city": "Lyon"}}"#, #"{"answer": true}"#, "Sunny in Lyon."][min(index, 2)])
        }
        let session = LanguageModelSession(model: Self.model(server, calling: .schemaDriven), tools: [Self.weather], instructions: "You are a barista.")
        #expect(try await session.respond(to: "Weather in Lyon?").content == "Sunny in Lyon.")
        let first = try Self.body(server, 0)
        #expect(first["tools"] == nil)
        let action = try #require(first["response_format"]?["json_schema"]?["schema"])
        #expect(action["anyOf"]?.elements?.count == 2)
        let messages = try #require(first["messages"]?.elements)
        #expect(messages[0]["content"]?.stringValue?.hasPrefix("You are a barista.\n\nYou can use tools.") == true)
        let second = try #require(try Self.body(server, 1)["messages"]?.elements)
        #expect(second.map { $0["role"]?.stringValue ?? "" } == ["system", "user", "assistant", "user"])
        #expect(second[3]["content"] == GeneratedContent("The tool getWeather answered: Sunny in Lyon"))
        // Having chosen to answer, the model writes its text in a plain request, without the action guide.
        let third = try Self.body(server, 2)
        #expect(third["response_format"] == nil && third["tools"] == nil)
        #expect(third["messages"]?.elements?.first?["content"] == GeneratedContent("You are a barista."))
        #expect(third["messages"]?.elements?.map { $0["role"]?.stringValue ?? "" } == ["system", "user", "assistant", "user"], "the tool's part as text")
        // The action schema is a JSON Schema our own importer accepts, and it admits both actions.
        let imported = try GenerationSchema(jsonSchema: action.jsonString)
        #expect(imported.isValid(try GeneratedContent(json: #"{"tool": "getWeather", "arguments": {"city": "Lyon"}}"#)))
        #expect(imported.isValid(try GeneratedContent(json: #"{"answer": true}"#)))
        #expect(!imported.isValid(try GeneratedContent(json: #"{"answer": "Sunny."}"#)))
        #expect(!imported.isValid(try GeneratedContent(json: #"{"tool": "getWeather", "arguments": {}}"#)))
    }

    @Test func aSchemaDrivenAnswerFollowsTheResponseSchemaAndSharedDefinitionsAreKeptApart() async throws {
        let defs = #""$defs": {"Place": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}}"#
        let parameters = try GenerationSchema(jsonSchema: ##"{"type": "object", "properties": {"place": {"$ref": "#/$defs/Place"}}, "required": ["place"], "additionalProperties": false, "## + defs + "}")
        let tool = DynamicTool(name: "getWeather", description: "The weather", parameters: parameters) { _ in "Sunny" }
        let answer = try GenerationSchema(jsonSchema: ##"{"type": "object", "properties": {"where": {"$ref": "#/$defs/Place"}, "level": {"type": "integer", "maximum": 10}}, "required": ["where", "level"], "additionalProperties": false, "## + defs + "}")
        let server = try LoopbackHTTPServer { index, _ in
            OpenAICompatibleModelTests.reply(content: [#"{"tool": "getWeather", "arguments": {"place": {"city": "Lyon"}}}"#,
                                                       #"{"answer": {"where": {"city": "Lyon"}, "level": 40}}"#,
                                                       #"{"answer": {"where": {"city": "Lyon"}, "level": 4}}"#][min(index, 2)])
        }
        let session = LanguageModelSession(model: Self.model(server), tools: [tool])
        let reply = try await session.respond(to: "Where?", schema: answer)
        #expect(reply.content == (try GeneratedContent(json: #"{"where": {"city": "Lyon"}, "level": 4}"#)))
        let action = try #require(try Self.body(server, 0)["response_format"]?["json_schema"]?["schema"])
        #expect(action["$defs"]?.orderedKeys == ["tool0-Place", "answer-Place"])
        #expect(try Self.body(server, 2)["messages"]?.elements?.last?["content"]?.stringValue?.contains("answer: ") == true)
        let imported = try GenerationSchema(jsonSchema: action.jsonString)
        #expect(imported.isValid(try GeneratedContent(json: #"{"answer": {"where": {"city": "Lyon"}, "level": 4}}"#)))
        #expect(!imported.isValid(try GeneratedContent(json: #"{"answer": {"where": {"town": "Lyon"}, "level": 4}}"#)))
    }

    @Test func theToolChoiceHoldsUntilAToolHasAnswered() async throws {
        let server = try LoopbackHTTPServer { index, _ in index == 0 ? Self.calls(#"{"city": "Lyon"}"#) : OpenAICompatibleModelTests.reply(content: "Sunny.") }
        let session = LanguageModelSession(model: Self.model(server, calling: .native, choice: .required), tools: [Self.weather])
        _ = try await session.respond(to: "Weather?")
        #expect(try Self.body(server, 0)["tool_choice"] == GeneratedContent("required"))
        #expect(try Self.body(server, 1)["tool_choice"] == GeneratedContent("auto"))

        let named = try LoopbackHTTPServer { index, _ in
            OpenAICompatibleModelTests.reply(content: [#"{"tool": "getWeather", "arguments": {"city": "Oslo"}}"#, #"{"answer": true}"#, "Sunny."][min(index, 2)])
        }
        let namedSession = LanguageModelSession(model: Self.model(named, calling: .schemaDriven, choice: .named("getWeather")), tools: [Self.weather])
        #expect(try await namedSession.respond(to: "Weather?").content == "Sunny.")
        let first = try Self.body(named, 0)["response_format"]?["json_schema"]?["schema"]
        #expect(first?["anyOf"] == nil && first?["properties"]?["tool"] != nil, "a named choice leaves only that tool's action")
        #expect(try Self.body(named, 1)["response_format"]?["json_schema"]?["schema"]?["anyOf"] != nil, "after its output the model may answer")

        let unknown = LanguageModelSession(model: Self.model(named, choice: .named("getTime")), tools: [Self.weather])
        await #expect(throws: OpenAICompatibleModel.Failure.unknownTool("getTime", available: ["getWeather"])) { try await unknown.respond(to: "Time?") }

        let none = try LoopbackHTTPServer { _, _ in OpenAICompatibleModelTests.reply(content: "No tools.") }
        _ = try await LanguageModelSession(model: Self.model(none, choice: .none), tools: [Self.weather]).respond(to: "Weather?")
        #expect(try Self.body(none, 0)["tools"] == nil && Self.body(none, 0)["response_format"] == nil)
    }

    @Test func automaticModeAsksTheServerWhatItsTemplateCanDo() async throws {
        let props = #"{"chat_template_caps": {"supports_tool_calls": false, "supports_tools": false}}"#
        let templateless = try LoopbackHTTPServer(pages: ["/props": .init(body: props)]) { index, _ in
            OpenAICompatibleModelTests.reply(content: index == 0 ? #"{"answer": true}"# : "Sunny.")
        }
        _ = try await LanguageModelSession(model: Self.model(templateless), tools: [Self.weather]).respond(to: "Weather?")
        // Schema-driven: the action is written per value (llama.cpp takes grammars), the tools explained in the system message.
        let first = try Self.body(templateless, 0)
        #expect(first["grammar"] != nil && first["tools"] == nil)
        #expect(first["messages"]?.elements?.first?["content"]?.stringValue?.contains("You can use tools") == true)

        let plain = try LoopbackHTTPServer { _, _ in OpenAICompatibleModelTests.reply(content: "Sunny.") }
        _ = try await LanguageModelSession(model: Self.model(plain), tools: [Self.weather]).respond(to: "Weather?")
        #expect(try Self.body(plain, 0)["tools"] != nil, "no /props: native")

        let structured = try LoopbackHTTPServer { _, _ in OpenAICompatibleModelTests.reply(content: #"{"answer": {"level": 3}}"#) }
        _ = try await LanguageModelSession(model: Self.model(structured), tools: [Self.weather]).respond(to: "Level?", schema: OpenAICompatibleModelTests.levelSchema)
        #expect(try Self.body(structured, 0)["tools"] == nil, "tools with a response schema: schema-driven")

        let refusing = try LoopbackHTTPServer { _, body in
            body.contains(#""tools""#) ? .init(status: 500, body: #"{"error": {"message": "tools param requires --jinja flag"}}"#)
                : OpenAICompatibleModelTests.reply(content: body.contains("response_format") ? #"{"answer": true}"# : "Sunny.")
        }
        let model = Self.model(refusing)
        #expect(try await LanguageModelSession(model: model, tools: [Self.weather]).respond(to: "Weather?").content == "Sunny.")
        _ = try await LanguageModelSession(model: model, tools: [Self.weather]).respond(to: "Weather again?")
        #expect(refusing.received.count == 5, "refused once, then schema-driven (an action and the text) for this model from then on")
    }
}

/// The arguments a tool was called with, from any thread.
final class ToolCallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [GeneratedContent] = []
    var arguments: [GeneratedContent] { lock.withLock { recorded } }
    func record(_ arguments: GeneratedContent) { lock.withLock { recorded.append(arguments) } }
}
