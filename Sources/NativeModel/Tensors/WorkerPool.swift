import Foundation
import Synchronization

/// Threads kept for the life of a model, to run one job on all of them at once. A decode step
/// forks and joins about four times per layer; Dispatch's wake-ups cost tens of microseconds
/// each on Linux, more than a small layer's products, so workers here spin on a generation
/// counter for a short while after each job and only then sleep on a condition; the caller
/// likewise spins a short while for the workers to finish, then sleeps until the last one does.
/// An idle pool's threads all sleep. Callers are serialized by `callers`.
final class WorkerPool: Sendable {
    let threads: Int
    private let shared = Shared()
    /// Serializes callers: sessions of one model may run on different threads.
    private let callers = NSLock()

    /// How many times an idle worker checks for a new job before it sleeps.
    private static let spins = 20_000
    /// How many times a caller checks for the workers to finish before it sleeps: long enough to
    /// cover waking a sleeping worker and a layer's largest share, so a decode step never sleeps.
    private static let callerSpins = 400_000

    /// What the caller and the workers share; the workers hold it, not the pool, so the pool's
    /// `deinit` can stop them.
    /// Unchecked: `job` is written only between jobs, before `generation` is bumped with release
    /// ordering (workers read it after an acquiring load); `stopping` changes only under `condition`.
    private final class Shared: @unchecked Sendable {
        /// Bumped (under `condition`) to start a job; workers run it once they see a new value.
        let generation = Atomic<Int>(0)
        /// Workers still running the current job.
        let remaining = Atomic<Int>(0)
        let condition = NSCondition()
        /// Signalled by the worker that brings `remaining` to 0, for a caller that stopped spinning.
        let finished = NSCondition()
        let exited = DispatchGroup()
        var job: ((Int) -> Void)?
        var stopping = false

        func publish(stop: Bool) {
            condition.lock()
            stopping = stop
            generation.add(1, ordering: .releasing)
            condition.broadcast()
            condition.unlock()
        }

        func work(_ index: Int) {
            var seen = 0
            while true {
                var spun = 0
                while generation.load(ordering: .acquiring) == seen && spun < WorkerPool.spins { spun += 1 }
                condition.lock()
                while generation.load(ordering: .acquiring) == seen && !stopping { condition.wait() }
                seen = generation.load(ordering: .acquiring)
                let done = stopping
                condition.unlock()
                if done { break }
                job?(index)
                if remaining.subtract(1, ordering: .releasing).newValue == 0 { finished.withLock { finished.signal() } }
            }
            exited.leave()
        }

        /// Returns when every worker has finished the current job: after a spin (a share usually
        /// ends within microseconds of the caller's), asleep on `finished`, so a caller whose
        /// workers wait for a core does not keep one busy.
        func waitForWorkers() {
            var spun = 0
            while remaining.load(ordering: .acquiring) > 0 && spun < WorkerPool.callerSpins { spun += 1 }
            finished.withLock {
                while remaining.load(ordering: .acquiring) > 0 { finished.wait() }
            }
        }
    }

    init(threads: Int) {
        self.threads = max(1, threads)
        for index in 1..<self.threads {
            shared.exited.enter()
            let thread = Thread { [shared] in shared.work(index) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    deinit {
        shared.publish(stop: true)
        shared.exited.wait()
    }

    /// Calls `body(i)` for every `i` in `0..<threads`, each on its own thread, and returns when
    /// all have finished. `body(0)` runs on the caller's thread.
    func run(_ body: (Int) -> Void) {
        guard threads > 1 else { return body(0) }
        callers.lock()
        defer { callers.unlock() }
        withoutActuallyEscaping(body) { body in
            shared.job = body
            shared.remaining.store(threads - 1, ordering: .releasing)
            shared.publish(stop: false)
            body(0)
            shared.waitForWorkers()
            shared.job = nil
        }
    }
}
