import Foundation
import Synchronization

/// A value computed on first request and shared afterwards, safely across threads.
package final class ComputedOnce<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    package var get: Value {
        value.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}
