import Foundation
import GuidedGeneration
import JSONSchema

/// What the engine tells one blocking C call while it runs: a tool the host must run, a partial
/// reply, or the final response. The engine posts from its own threads; the calling thread takes
/// the events in order, so the host's callbacks run on the thread that made the call.
enum CallEvent: Sendable {
    case toolCall(id: GeneratedContent, tool: String, arguments: GeneratedContent)
    case snapshot(GeneratedContent)
    case response(GeneratedContent)
}

/// A queue of `CallEvent`s that one thread waits on.
/// Unchecked: a C thread blocks on it, which needs a condition variable (a `Mutex` cannot wait);
/// `events` changes only under `condition`.
final class CallMailbox: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var events: [CallEvent] = []

    func post(_ event: CallEvent) {
        condition.withLock {
            events.append(event)
            condition.signal()
        }
    }

    /// The next event, waiting for one if there is none yet.
    func next() -> CallEvent {
        condition.withLock {
            while events.isEmpty { condition.wait() }
            return events.removeFirst()
        }
    }
}
