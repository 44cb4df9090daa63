/// Tests that load the whole machine — a real model in process, a real llama.cpp server —
/// take turns: run side by side on a 2-core machine they starve each other (and the servers'
/// requests time out), while one after another each is quick. Light tests still run beside them.
///
/// ```swift
/// @Test func aRealModelTest() async throws {
///     try await MachineTurns.exclusively { … }
/// }
/// ```
public actor MachineTurns {
    private static let shared = MachineTurns()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private func acquire() async {
        guard busy else { busy = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }

    /// Runs `body` when no other such test is running.
    public static func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        await shared.acquire()
        do {
            let result = try await body()
            await shared.release()
            return result
        } catch {
            await shared.release()
            throw error
        }
    }
}
