import Foundation
@testable import GuidedGeneration
import JSONSchema
import Synchronization
import TestSupport
import Testing

/// A session reads what its model declares before asking it: a structured request to a model
/// without guided generation, or a required tool call to one without tool calling, fails with
/// `unsupportedCapability` and never reaches the model; tools are not offered to a model that
/// cannot call them.
struct ModelCapabilitiesTests {
    struct Level: Generable { let level: Int }

    /// A model that counts its requests and records the tools each one offered.
    final class Recorder: Sendable {
        let requests = Mutex<[LanguageModelRequest]>([])
        func model(_ capabilities: LanguageModelCapabilities) -> ScriptedModel {
            var model = ScriptedModel { request in
                self.requests.withLock { $0.append(request) }
                return request.schema == nil ? .text("plain") : .content(GeneratedContent(properties: [("level", GeneratedContent(2))]))
            }
            model.capabilities = capabilities
            return model
        }
        var count: Int { requests.withLock { $0.count } }
        var offeredTools: [[String]] { requests.withLock { $0.map { $0.tools.map(\.name) } } }
    }

    @Test func aStructuredRequestToAModelThatCannotGuideIsRefusedBeforeItIsAsked() async throws {
        let recorder = Recorder()
        let session = LanguageModelSession(model: recorder.model([.toolCalling]))
        await #expect {
            _ = try await session.respond(to: "A level", generating: Level.self)
        } throws: { error in
            guard let failure = error as? LanguageModelSession.GenerationError,
                  case .unsupportedCapability(let context) = failure else { return false }
            guard case .unsupportedCapability(let mapped)? = LanguageModelError(error), mapped.debugDescription == context.debugDescription else { return false }
            return context.debugDescription.contains("no guided generation") && context.debugDescription.contains("it has: tool calling")
                && failure.failureReason == context.debugDescription && failure.context.debugDescription == context.debugDescription
                && failure.recoverySuggestion?.contains("capabilities") == true
        }
        #expect(recorder.count == 0)
        #expect(session.transcript.isEmpty && !session.isResponding)
        // Free text still works, and the same request goes through to a model that guides.
        #expect(try await session.respond(to: "Hello").content == "plain")
        let guiding = LanguageModelSession(model: recorder.model([.guidedGeneration]))
        #expect(try await guiding.respond(to: "A level", generating: Level.self).content.level == 2)
    }

    @Test func toolsAreOfferedOnlyToAModelThatCallsThem() async throws {
        let recorder = Recorder()
        let tools: [any Tool] = [PickTool(picker: Picker(items: ["a"]))]
        _ = try await LanguageModelSession(model: recorder.model([.guidedGeneration]), tools: tools).respond(to: "Hi")
        _ = try await LanguageModelSession(model: recorder.model([.guidedGeneration, .toolCalling]), tools: tools).respond(to: "Hi")
        #expect(recorder.offeredTools == [[], ["pick"]])
        let required = GenerationOptions(toolCallingMode: .required)
        await #expect {
            _ = try await LanguageModelSession(model: recorder.model([.guidedGeneration]), tools: tools).respond(to: "Hi", options: required)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.unsupportedCapability(let context) = error else { return false }
            return context.debugDescription.contains("no tool calling")
        }
        #expect(recorder.count == 2)
    }

    @Test func aFallbackCanDoWhatBothOfItsModelsCanDo() {
        let recorder = Recorder()
        let both = FallbackModel(primary: recorder.model([.guidedGeneration, .toolCalling, .streaming]), fallback: recorder.model([.guidedGeneration, .toolCalling]))
        #expect(both.capabilities == [.guidedGeneration, .toolCalling])
        let textOnly = FallbackModel(primary: recorder.model([]), fallback: recorder.model([.guidedGeneration]))
        #expect(textOnly.capabilities.isEmpty && textOnly.capabilities.description == "free text only")
        #expect(LanguageModelCapabilities([.guidedGeneration, .streaming]).description == "guided generation, streaming")
    }

    /// A fallback model answers only what both can, but examples shown for the primary are
    /// harmless to a fallback that ignores them, so `followsExamples` is the primary's.
    @Test func aFallbackFollowsExamplesWhenItsPrimaryDoes() {
        let recorder = Recorder()
        let language = recorder.model([.guidedGeneration, .toolCalling, .followsExamples])
        let procedural = recorder.model([.guidedGeneration, .toolCalling])
        #expect(FallbackModel(primary: language, fallback: procedural).capabilities == [.guidedGeneration, .toolCalling, .followsExamples])
        #expect(FallbackModel(primary: procedural, fallback: language).capabilities == [.guidedGeneration, .toolCalling])
        #expect(ScriptedModel.defaultCapabilities.contains(.followsExamples), "a model that declares nothing follows examples")
    }
}

/// Every `GenerationError` case has its Foundation Models 2026 name, or none.
struct LanguageModelErrorTests {
    @Test func generationErrorsMapOntoTheNewerNames() {
        let context = LanguageModelSession.GenerationError.Context(debugDescription: "why")
        typealias Failure = LanguageModelSession.GenerationError
        let named: [(Failure, String)] = [
            (.exceededContextWindowSize(context), "contextSizeExceeded"), (.unsupportedCapability(context), "unsupportedCapability"),
            (.unsupportedGuide(context), "unsupportedGenerationGuide"), (.unsupportedLanguageOrLocale(context), "unsupportedLanguageOrLocale"),
        ]
        func caseName(_ error: LanguageModelError) -> String {
            switch error {
            case .contextSizeExceeded: "contextSizeExceeded"
            case .rateLimited: "rateLimited"
            case .timeout: "timeout"
            case .unsupportedCapability: "unsupportedCapability"
            case .unsupportedGenerationGuide: "unsupportedGenerationGuide"
            case .unsupportedLanguageOrLocale: "unsupportedLanguageOrLocale"
            }
        }
        for (failure, name) in named {
            let mapped = LanguageModelError(failure)
            #expect(mapped.map(caseName) == name)
            #expect(mapped.map { "\($0)".hasSuffix(": why") } == true)
        }
        let unnamed: [Failure] = [.decodingFailure(context), .concurrentRequests(context), .assetsUnavailable(context),
                                  .exceededToolCallLimit(context), .toolCallRequired(context), .misuse(context)]
        #expect(unnamed.allSatisfy { LanguageModelError($0) == nil })
        #expect(LanguageModelError(CancellationError()) == nil)
        if case .timeout? = LanguageModelError(LanguageModelError.timeout(context)) {} else { Issue.record("a LanguageModelError is itself") }
    }
}
