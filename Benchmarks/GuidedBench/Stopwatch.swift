import Dispatch

/// Monotonic elapsed time in seconds.
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds

    var seconds: Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
