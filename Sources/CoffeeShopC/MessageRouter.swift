import EngineProtocol
import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit
import Synchronization

/// Delivers the engine server's outgoing messages to the C calls waiting for them: a response
/// by its request id, a snapshot by the request id it carries, and a tool call to the prompt
/// that is running in the session that asked (a session answers one prompt at a time).
final class MessageRouter: Sendable {
    private struct Tables {
        var byRequest: [Int: CallMailbox] = [:]
        /// The mailbox of each session's running prompt.
        var bySession: [String: CallMailbox] = [:]
        var lastRequest = 0
        /// Weak, since the server's send closure holds this router.
        weak var server: EngineServer?
    }

    private let tables = Mutex(Tables())

    /// The server requests go to: set once, right after the server is made.
    var server: EngineServer? {
        get { tables.withLock { $0.server } }
        set { tables.withLock { $0.server = newValue } }
    }

    /// A fresh request id whose messages go to `mailbox` (and, for a prompt, its session's tool calls).
    func register(_ mailbox: CallMailbox, session: String?) -> Int {
        tables.withLock { tables in
            tables.lastRequest += 1
            tables.byRequest[tables.lastRequest] = mailbox
            if let session { tables.bySession[session] = mailbox }
            return tables.lastRequest
        }
    }

    func unregister(_ request: Int, session: String?) {
        tables.withLock { tables in
            let mailbox = tables.byRequest.removeValue(forKey: request)
            if let session, let mailbox, tables.bySession[session] === mailbox { tables.bySession[session] = nil }
        }
    }

    func route(_ message: GeneratedContent) {
        let method = message["method"]?.stringValue
        if method == "tool.call", let params = message["params"], let session = params["session"]?.stringValue {
            let id = message["id"] ?? .null
            guard let mailbox = tables.withLock({ $0.bySession[session] }) else {
                answer(GeneratedContent(properties: [("id", id), ("error", GeneratedContent(properties: [
                    ("code", GeneratedContent(1)), ("message", GeneratedContent("no prompt of this session is waiting for the tool")),
                ]))]))
                return
            }
            mailbox.post(.toolCall(id: id, tool: params["tool"]?.stringValue ?? "", arguments: params["arguments"] ?? .null))
        } else if method == "session.snapshot", let params = message["params"], let request = Self.requestNumber(params["request"]) {
            tables.withLock { $0.byRequest[request] }?.post(.snapshot(params["content"] ?? .null))
        } else if let request = Self.requestNumber(message["id"]) {
            tables.withLock { $0.byRequest[request] }?.post(.response(message))
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
