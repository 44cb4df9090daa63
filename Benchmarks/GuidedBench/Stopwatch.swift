import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic elapsed time in seconds.
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds

    var seconds: Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// CPU time this process spent (user + system) since the clock was made. For a one-thread
/// workload it is the time the work needed on one core, whatever else the machine was running.
struct CPUClock {
    private let start = CPUClock.now()

    var seconds: Double { CPUClock.now() - start }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
