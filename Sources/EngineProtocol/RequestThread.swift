import Foundation

/// A thread of its own for one engine request: a task that prefers it as its executor runs its
/// work there instead of on Swift's cooperative pool, which has one thread per core. A request
/// doing long synchronous work — compiling or generating from a schema of 100,000 properties —
/// then holds its own thread, which the system time-slices with the others', so it can slow the
/// rest down but never starve them: with the pool's threads all inside such requests, no other
/// request (nor the server reading its input) would run at all.
///
/// `@unchecked Sendable`: its only mutable state, the queue of jobs and the finished flag, is
/// read and written under `condition`'s lock (`ServeFairnessTests` runs requests on it).
final class RequestThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    /// Starts the thread; it ends once `finish()` is called and its queued jobs have run.
    init() {
        let thread = Thread { [self] in run() }
        thread.name = "engine request"
        // As large as the main thread's: deep schemas are walked on it.
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end when it has run the jobs it holds.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty, !finished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
