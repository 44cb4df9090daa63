import EngineProtocol
import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit

/// Delivers the engine server's outgoing messages to the C calls waiting for them: a response
/// by its request id, a snapshot by the request id it carries, and a tool call to the prompt
/// that is running in the session that asked (a session answers one prompt at a time).
/// Unchecked: the tables change only under `lock`, and the weak `server` is set once, before
/// any message is routed.
final class MessageRouter: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var byRequest: [Int: CallMailbox] = [:]
    /// Guarded by `lock`: the mailbox of each session's running prompt.
    private var bySession: [String: CallMailbox] = [:]
    /// Guarded by `lock`.
    private var lastRequest = 0
    /// Set once, right after the server is made; weak, since the server's send closure holds
    /// this router.
    weak var server: EngineServer?

    /// A fresh request id whose messages go to `mailbox` (and, for a prompt, its session's tool calls).
    func register(_ mailbox: CallMailbox, session: String?) -> Int {
        lock.withLock {
            lastRequest += 1
            byRequest[lastRequest] = mailbox
            if let session { bySession[session] = mailbox }
            return lastRequest
        }
    }

    func unregister(_ request: Int, session: String?) {
        lock.withLock {
            let mailbox = byRequest.removeValue(forKey: request)
            if let session, let mailbox, bySession[session] === mailbox { bySession[session] = nil }
        }
    }

    func route(_ message: GeneratedContent) {
        let method = message["method"]?.stringValue
        if method == "tool.call", let params = message["params"], let session = params["session"]?.stringValue {
            let id = message["id"] ?? .null
            guard let mailbox = lock.withLock({ bySession[session] }) else {
                answer(GeneratedContent(properties: [("id", id), ("error", GeneratedContent(properties: [
                    ("code", GeneratedContent(1)), ("message", GeneratedContent("no prompt of this session is waiting for the tool")),
                ]))]))
                return
            }
            mailbox.post(.toolCall(id: id, tool: params["tool"]?.stringValue ?? "", arguments: params["arguments"] ?? .null))
        } else if method == "session.snapshot", let params = message["params"], let request = Self.requestNumber(params["request"]) {
            lock.withLock { byRequest[request] }?.post(.snapshot(params["content"] ?? .null))
        } else if let request = Self.requestNumber(message["id"]) {
            lock.withLock { byRequest[request] }?.post(.response(message))
        }
    }

    /// The request id this router gave, as a number (written as a guard: Swift 6.3's optimizer
    /// miscompiles optional chains ending in `numberValue.flatMap`).
    private static func requestNumber(_ value: GeneratedContent?) -> Int? {
        guard let value, let number = value.numberValue else { return nil }
        return Int(exactly: number)
    }

    /// Hands `message` (a request, or the host's answer to a tool call) to the server.
    func answer(_ message: GeneratedContent) {
        guard let server else { return }
        Task { await server.receive(message: message) }
    }
}
