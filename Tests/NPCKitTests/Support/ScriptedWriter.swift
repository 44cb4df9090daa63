import GuidedGeneration
import JSONSchema
import Synchronization

/// A model for the generators' tests that follows examples and replies, turn by turn, with the
/// JSON `reply` makes from the turn's number (from 1) and the example replies it was shown.
final class ScriptedWriter: LanguageModel {
    let asked = Mutex(0)
    private let reply: @Sendable (_ turn: Int, _ shown: [String]) -> String

    init(reply: @escaping @Sendable (_ turn: Int, _ shown: [String]) -> String) {
        self.reply = reply
    }

    var capabilities: LanguageModelCapabilities { [.guidedGeneration, .followsExamples] }

    func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        let turn = asked.withLock { count in count += 1; return count }
        let shown = request.transcript.compactMap { entry -> String? in
            if case .response(let response) = entry { return response.segments.plainText }
            return nil
        }
        return .content(try GeneratedContent(json: reply(turn, shown)))
    }
}
