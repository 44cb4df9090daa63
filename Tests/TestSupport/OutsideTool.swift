import Foundation

/// Runs an outside checker on input it reads from a file: the input goes to a temporary file,
/// whose path follows `arguments`, and is removed after.
enum OutsideTool {
    /// The exit status and what the tool printed (standard error too with `mergingErrors`).
    static func run(_ executable: String, arguments: [String], input: Data, mergingErrors: Bool) throws -> (status: Int32, output: Data) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("outside-tool-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try input.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + [file.path]
        let output = Pipe()
        process.standardOutput = output
        if mergingErrors { process.standardError = output }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}
