import Foundation
import Synchronization

/// Scratch state a model keeps for one conversation — the procedural model remembers which
/// lines it has said, for instance. The session owns one and hands it to the model with every
/// request, so the state lives exactly as long as the session.
///
/// ```swift
/// let said = request.conversation.value(forKey: "said", default: 0) { $0 += 1; return $0 }
/// ```
public final class ConversationState: Sendable {
    private let values = Mutex<[String: any Sendable]>([:])

    public init() {}

    /// Runs `body` on the value stored under `key` (created with `initial` the first time) and
    /// keeps what it leaves there. Calls are serialised, so concurrent requests stay consistent.
    public func value<Value: Sendable, Result>(forKey key: String, default initial: @autoclosure () -> Value,
                                               _ body: (inout Value) throws -> Result) rethrows -> Result {
        try values.withLock { values in
            // Taken out while `body` runs, so a copy-on-write value is mutated in place.
            var value = values.removeValue(forKey: key) as? Value ?? initial()
            defer { values[key] = value }
            return try body(&value)
        }
    }
}
