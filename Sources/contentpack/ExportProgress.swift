import Foundation

/// A one-line progress display on standard error — items, items per second, time left —
/// redrawn at most five times a second, and only when standard error is a terminal (never in
/// pipes, logs or CI).
final class ExportProgress {
    private let label: String
    private let total: Int
    private let isShown: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0

    init(label: String, total: Int, isShown: Bool) {
        self.label = label
        self.total = total
        self.isShown = isShown && isatty(STDERR_FILENO) == 1
    }

    func update(done: Int) {
        guard isShown else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw >= 200_000_000 || done == total else { return }
        lastDraw = now
        let seconds = max(Double(now - start) / 1e9, 1e-3)
        let rate = Double(done) / seconds
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = String(format: "\r%@: %d/%d items, %.0f items/s, about %.0f s left ", label, done, total, rate, left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Clears the line before the summary.
    func finish() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
