#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Each calling thread's last error on one context, as the C string `coffeeshop_last_error`
/// hands out. A thread's entry goes when the thread exits, so a host that makes a thread per
/// call does not make the map grow.
final class ThreadErrors: Sendable {
    /// The message of each thread, by the identity of its `ThreadToken`: the address of a C
    /// string from `strdup`, kept as a number so it may cross into and out of the lock.
    private let messages = Mutex<[ObjectIdentifier: UInt]>([:])

    deinit {
        messages.withLock { messages in
            for message in messages.values { free(UnsafeMutableRawPointer(bitPattern: message)) }
        }
    }

    /// Keeps `message` as the calling thread's last error, in place of the one before.
    func record(_ message: String) {
        let token = ThreadToken.current
        token.remember(self)
        let copy = UInt(bitPattern: strdup(message))
        messages.withLock { messages in
            if let old = messages.updateValue(copy, forKey: ObjectIdentifier(token)) { free(UnsafeMutableRawPointer(bitPattern: old)) }
        }
    }

    /// The calling thread's last error (valid until its next `record`, its exit, or the map's
    /// end), or nil.
    func current() -> UnsafePointer<CChar>? {
        guard let token = ThreadToken.existing else { return nil }
        return messages.withLock { $0[ObjectIdentifier(token)] }.flatMap { UnsafePointer(bitPattern: $0) }
    }

    /// How many threads have an error kept.
    var count: Int { messages.withLock { $0.count } }

    fileprivate func forget(_ token: ThreadToken) {
        messages.withLock { messages in
            if let message = messages.removeValue(forKey: ObjectIdentifier(token)) { free(UnsafeMutableRawPointer(bitPattern: message)) }
        }
    }
}

/// A thread's identity in the `ThreadErrors` maps: made on the thread's first recorded error
/// and kept in a thread-specific slot, whose destructor, as the thread exits, takes the
/// thread's entries out of every map still alive. Only its own thread touches it.
private final class ThreadToken {
    /// A map this thread has an entry in; weak, as a context may be destroyed first.
    private struct Entry {
        weak var map: ThreadErrors?
    }

    private var entries: [Entry] = []

    /// The slot holding each thread's token (retained), released by `leave` at the thread's exit.
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            let token: UnsafeMutableRawPointer? = pointer
            guard let token else { return }
            Unmanaged<ThreadToken>.fromOpaque(token).takeRetainedValue().leave()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The calling thread's token, if it has one.
    static var existing: ThreadToken? {
        pthread_getspecific(slot).map { Unmanaged<ThreadToken>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The calling thread's token, made on first use.
    static var current: ThreadToken {
        if let existing { return existing }
        let token = ThreadToken()
        pthread_setspecific(slot, Unmanaged.passRetained(token).toOpaque())
        return token
    }

    func remember(_ map: ThreadErrors) {
        entries.removeAll { $0.map == nil }
        if !entries.contains(where: { $0.map === map }) { entries.append(Entry(map: map)) }
    }

    private func leave() {
        for entry in entries { entry.map?.forget(self) }
    }
}
