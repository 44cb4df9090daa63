import Foundation

/// A value computed on first request and shared afterwards, safely across threads.
///
/// `@unchecked Sendable` because the mutable slot is only touched under the lock.
final class ComputedOnce<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var get: Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
