import Foundation
import GGUF
import Testing
@testable import NativeModel

/// What several tasks may share: a session (each call holds it for the whole of its work), a
/// model's sessions run at once (its worker pool serializes them), and the pool itself. Run at
/// once, they give exactly what running the same calls one after another gives.
@Suite struct ConcurrencyTests {
    /// Prompts that share no first token, so what a session held before never changes a result.
    static let prompts = (0..<4).map { [20 + $0] + TinyModelTests.prompt }

    static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count { group.addTask { (index, try body(index)) } }
            var results: [(Int, T)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test func oneSessionSharedByManyTasksGivesTheSerialResults() async throws {
        let model = try TinyModelTests.load(TinyModel(type: .q4_0), threads: 2)
        // Each prompt is evaluated by one task and completed by another.
        @Sendable func call(_ session: NativeSession, _ index: Int) throws -> [Float] {
            let prompt = Self.prompts[index / 2]
            return try index % 2 == 0 ? session.evaluate(prompt) : session.complete(prompt, maxTokens: 4, stopTokens: []).map(Float.init)
        }
        let serialSession = model.makeSession()
        let serial = try (0..<(Self.prompts.count * 2)).map { try call(serialSession, $0) }
        let shared = model.makeSession()
        let concurrent = try await Self.concurrently(serial.count) { try call(shared, $0) }
        #expect(concurrent == serial)
    }

    /// Branches taken from a session while other tasks evaluate it hold a prefix that is whole:
    /// going on from one gives what a fresh session gives for the same tokens.
    @Test func aSessionBranchedWhileOthersEvaluateItGivesWholeBranches() async throws {
        let model = try TinyModelTests.load(TinyModel(type: .q4_0), threads: 2)
        let shared = model.makeSession()
        _ = try shared.evaluate(Self.prompts[0])
        let branches = try await Self.concurrently(16) { index -> (tokens: [Int], logits: [Float])? in
            guard index % 2 == 1 else {
                _ = try shared.evaluate(Self.prompts[index / 2 % Self.prompts.count])
                return nil
            }
            let branch = shared.branch(keeping: 6)
            let sequence = branch.tokens + [7]
            return (sequence, try branch.evaluate(sequence))
        }
        for case let branch? in branches {
            #expect(branch.tokens.count == 7)
            #expect(try branch.logits == model.makeSession().evaluate(branch.tokens))
        }
    }

    @Test func sessionsOfOneModelRunAtOnceGiveTheSerialResults() async throws {
        let model = try TinyModelTests.load(TinyModel(type: .q4_K), threads: 3)
        let serial = try Self.prompts.map { try model.makeSession().complete($0, maxTokens: 4, stopTokens: []) }
        let concurrent = try await Self.concurrently(Self.prompts.count) { index in
            try model.makeSession().complete(Self.prompts[index], maxTokens: 4, stopTokens: [])
        }
        #expect(concurrent == serial)
    }

    /// Callers on many threads each get every index of their own job exactly once, also when
    /// the workers' shares outlast the caller's spin (so it sleeps until they finish).
    @Test func workerPoolRunsEachCallersJobOnEveryThreadOnce() async throws {
        let pool = WorkerPool(threads: 3)
        let sums = try await Self.concurrently(8) { caller in
            let slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: pool.threads)
            slots.initialize(repeating: 0)
            defer { slots.deallocate() }
            for round in 0..<10 {
                pool.run { index in
                    var work = 0
                    for step in 0..<(index * 50_000) { work &+= step }
                    slots[index] += caller * 1000 + round * 10 + index + (work == -1 ? 1 : 0)
                }
            }
            return Array(slots)
        }
        for (caller, slots) in sums.enumerated() {
            #expect(slots == (0..<pool.threads).map { index in (0..<10).reduce(0) { $0 + caller * 1000 + $1 * 10 + index } })
        }
    }
}
