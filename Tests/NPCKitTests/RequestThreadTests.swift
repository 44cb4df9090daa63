@testable import EngineProtocol
import Foundation
import Testing

/// A request's thread takes jobs from many tasks at once: every one runs, once, on that thread.
@Suite struct RequestThreadTests {
    /// The calling thread's id.
    static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    @Test func jobsFromManyTasksAllRunOnTheThread() async {
        let thread = RequestThread()
        defer { thread.finish() }
        let results = await withTaskGroup(of: (Int, UInt).self) { group in
            for index in 0..<200 {
                group.addTask(executorPreference: thread) {
                    await Task.yield()
                    return (index * index, Self.currentThread())
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.0).sorted() == (0..<200).map { $0 * $0 })
        #expect(Set(results.map(\.1)).count == 1)
        #expect(results[0].1 != Self.currentThread())
    }
}
