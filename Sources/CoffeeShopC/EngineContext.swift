import EngineProtocol
import Foundation
import GuidedGeneration
import JSONSchema
import ModelSelection
import NPCKit
import NativeModel

/// Why a C call failed: its status code and the message `coffeeshop_last_error` gives.
struct CallFailure: Error {
    let status: Int32
    let message: String

    static let ok: Int32 = 0
    static let invalidArgument: Int32 = 1
    static let generationFailed: Int32 = 2

    static func argument(_ message: String) -> CallFailure { CallFailure(status: invalidArgument, message: message) }
}

/// The state behind one `coffeeshop_context`: an engine server on the chosen content and model,
/// the router that brings its answers back to the blocked callers, and each thread's last error.
final class EngineContext: Sendable {
    private let server: EngineServer
    private let router: MessageRouter
    /// The last failure's message per calling thread.
    let errors = ThreadErrors()

    /// A context on the built-in content (or the overlay in `contentDirectory`) and the model
    /// `model` names (nil or `procedural`: the content's embedded model).
    init(contentDirectory: String?, model: String?) throws(CallFailure) {
        let library: ContentLibrary
        do {
            library = try contentDirectory.map { try ContentLibrary(overlay: URL(fileURLWithPath: $0)) } ?? .builtIn()
        } catch {
            throw .argument("content directory: \(error)")
        }
        var chosen: (any LanguageModel)?
        if let model {
            do {
                chosen = try ModelChoice(parsing: model).makeModel()
            } catch {
                throw .argument("model '\(model)': \(error)")
            }
        }
        let router = MessageRouter()
        server = EngineServer(library: library, model: chosen, sendMessage: { router.route($0) })
        router.server = server
        self.router = router
    }

    /// What the host does while its call runs: run a tool (returning the value or the failure's
    /// text), take a partial reply.
    struct Host {
        var runTool: ((_ tool: String, _ arguments: GeneratedContent) -> Result<GeneratedContent, ToolFailure>)?
        var takeSnapshot: ((GeneratedContent) -> Void)?
    }

    struct ToolFailure: Error {
        let message: String
    }

    /// Sends `method` with `params` to the engine and blocks the calling thread until it answers,
    /// running `host`'s callbacks on this thread as the engine asks for them.
    func call(_ method: String, _ params: [(String, GeneratedContent)], session: String? = nil, host: Host = Host()) throws(CallFailure) -> GeneratedContent {
        let mailbox = CallMailbox()
        let request = router.register(mailbox, session: session)
        defer { router.unregister(request, session: session) }
        router.answer(GeneratedContent(properties: [
            ("id", GeneratedContent(request)), ("method", GeneratedContent(method)), ("params", GeneratedContent(properties: params)),
        ]))
        while true {
            switch mailbox.next() {
            case .snapshot(let content):
                host.takeSnapshot?(content)
            case .toolCall(let id, let tool, let arguments):
                let outcome = host.runTool?(tool, arguments) ?? .failure(ToolFailure(message: "this session has no tool handler"))
                let answer: (String, GeneratedContent) = switch outcome {
                case .success(let value): ("result", value)
                case .failure(let failure):
                    ("error", GeneratedContent(properties: [("code", GeneratedContent(1)), ("message", GeneratedContent(failure.message))]))
                }
                router.answer(GeneratedContent(properties: [("id", id), answer]))
            case .response(let message):
                if let result = message["result"] { return result }
                guard let error = message["error"], let code = error["code"], let number = code.numberValue, number != 1 else {
                    throw CallFailure(status: CallFailure.generationFailed, message: message["error"]?["message"]?.stringValue ?? "the engine failed")
                }
                // The protocol's -32xxx codes all mean the request itself was wrong.
                throw CallFailure(status: CallFailure.invalidArgument, message: error["message"]?.stringValue ?? "error \(number)")
            }
        }
    }

    /// Keeps `message` as the calling thread's last error.
    func record(_ message: String) {
        errors.record(message)
    }

    /// The calling thread's last error on this context (valid until its next failure), or nil.
    func lastError() -> UnsafePointer<CChar>? {
        errors.current()
    }
}
