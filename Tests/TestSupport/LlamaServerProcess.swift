import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPModel
#if canImport(Glibc)
import Glibc
#endif

/// A llama.cpp server of a test's or a benchmark's own (by default the binary and model
/// `scripts/llama-server.sh` built, named by `COFFEESHOP_LLAMA_SERVER` and
/// `COFFEESHOP_LLAMA_MODEL`), on a free port of 127.0.0.1, to be killed in the middle of a
/// request or of an export, or when the benchmark is done.
public final class LlamaServerProcess: @unchecked Sendable {
    public static let binary = ProcessInfo.processInfo.environment["COFFEESHOP_LLAMA_SERVER"]
    public static let modelFile = ProcessInfo.processInfo.environment["COFFEESHOP_LLAMA_MODEL"]
    public static var available: Bool { binary != nil && modelFile != nil }

    let process = Process()
    public let url: URL

    private init(port: UInt16) {
        url = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts the server on `threads` cores and waits (at most 60 s) until `/health` answers.
    public static func start(binary: String? = binary, model: String? = modelFile, threads: Int = 1) async throws -> LlamaServerProcess {
        guard let binary, let model else { throw POSIXError(.ENOENT) }
        let server = LlamaServerProcess(port: try LoopbackHTTPServer.unusedPort())
        server.process.executableURL = URL(fileURLWithPath: binary)
        server.process.arguments = ["-m", model, "--host", "127.0.0.1", "--port", String(server.url.port!), "-c", "2048",
                                    "-t", "\(threads)", "-tb", "\(threads)", "-np", "1"]
        server.process.standardOutput = FileHandle.nullDevice
        server.process.standardError = FileHandle.nullDevice
        try server.process.run()
        for _ in 0..<600 {
            if await server.get("health") != nil { return server }
            guard server.process.isRunning else { throw POSIXError(.ECHILD) }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        server.kill()
        throw POSIXError(.ETIMEDOUT)
    }

    /// Waits (at most 30 s) until the server's slot is working on a request.
    public func waitUntilBusy() async throws {
        for _ in 0..<300 {
            if let slots = await get("slots") as? [[String: Any]], slots.contains(where: { $0["is_processing"] as? Bool == true }) { return }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        throw POSIXError(.ETIMEDOUT)
    }

    public func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The JSON `POST path` with `body` answers, waiting as long as the server takes
    /// (`SocketHTTPConnection` waits in `poll`, so the wait takes no CPU from the server).
    public func post(_ path: String, json body: [String: Any]) async throws -> Any {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (status, data) = try await SocketHTTPConnection.response(to: request, timeout: Self.patience)
        guard status == 200 else { throw POSIXError(.EPROTO) }
        return try JSONSerialization.jsonObject(with: data)
    }

    private func get(_ path: String) async -> Any? {
        guard let (status, data) = try? await SocketHTTPConnection.response(to: URLRequest(url: url.appendingPathComponent(path)), timeout: Self.patience),
              status == 200 else { return nil }
        return try? JSONSerialization.jsonObject(with: data)
    }

    /// How long a request waits for the server: longer than any load on this machine makes it.
    private static let patience: TimeInterval = 3600

    deinit { kill() }
}
