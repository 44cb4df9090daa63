import Foundation
import Testing
import TestSupport
@testable import GuidedGeneration
import ProceduralModel
@testable import HTTPModel

/// `FallbackModel`: a server that goes away is answered for by the embedded model, and play
/// moves back to the server as soon as it answers again.
@Suite struct FallbackModelTests {
    @Test func theFallbackAnswersWhileTheServerIsDownAndThePrimaryAgainAfter() async throws {
        let server = try LoopbackHTTPServer { index, _ in
            (1...2).contains(index) ? .init(status: 503, body: #"{"error": {"message": "loading model"}}"#)
                                    : OpenAICompatibleModelTests.reply(content: "From the server, line \(index).")
        }
        let primary = OpenAICompatibleModel(baseURL: server.url, name: "test-model", timeout: 10, retries: 0, retryDelay: 0)
        let model = FallbackModel(primary: primary, fallback: SystemLanguageModel.default)
        let session = LanguageModelSession(model: model, instructions: "You are a barista.")
        var replies: [String] = []
        for line in ["Hello", "A latte, please", "How long have you worked here?", "Thanks!"] {
            replies.append(try await session.respond(to: line).content)
        }
        #expect(replies[0] == "From the server, line 0.")
        #expect(!replies[1].isEmpty && !replies[1].hasPrefix("From the server") && !replies[2].hasPrefix("From the server"))
        #expect(replies[3] == "From the server, line 3.")
        #expect(model.fallbackReplies == 2)
        #expect(model.lastPrimaryFailure?.contains("503") == true)
    }
}
