import Foundation
import GuidedGeneration
import HTTPModel

/// The HTTP client's overhead per request against a real server (`--only http --url URL`): the
/// same structured request (greedy, so the server does the same work every time) goes out in
/// turns through `OpenAICompatibleModel` — body built, sent, reply parsed and validated — and
/// through `curl` (its own `time_total`, without its start-up). The difference of the medians is
/// what the client adds; the client's CPU time (this process, all threads, during `respond`
/// only) is the part that is our code's work rather than waiting.
struct HTTPRun {
    let client: SessionRun.Latency
    let clientCPU: SessionRun.Latency
    let curl: SessionRun.Latency

    init(url: URL, modelName: String, requests: Int) async throws {
        // The schema as response_format: the one request curl replays (per value would be a dozen requests).
        let model = OpenAICompatibleModel(baseURL: url, name: modelName, retries: 0, validationRetries: 0, guidedDecoding: .serverSchema)
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"name": {"type": "string", "pattern": "^[A-Z][a-z]{2,10}$"}, "mood": {"enum": ["cheerful", "grumpy", "sleepy"]}, "level": {"type": "integer", "minimum": 1, "maximum": 10}}, "required": ["name", "mood", "level"], "additionalProperties": false}"#)
        let transcript = Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "Invent a customer of a coffee shop."))]))])
        let request = LanguageModelRequest(transcript: transcript, tools: [], schema: schema,
                                           options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60))
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("guided-bench-http-\(getpid()).json")
        try await model.requestBody(for: request).write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile) }
        let endpoint = url.appendingPathComponent("v1/chat/completions")
        _ = try await model.respond(to: request)
        var client: [Double] = []
        var cpu: [Double] = []
        var curl: [Double] = []
        for _ in 0..<requests {
            let wall = Stopwatch()
            let processor = CPUClock()
            _ = try await model.respond(to: request)
            cpu.append(processor.seconds)
            client.append(wall.seconds)
            curl.append(try Self.curlSeconds(body: bodyFile, endpoint: endpoint))
        }
        self.client = .init(name: "OpenAICompatibleModel.respond (build, send, parse, validate)", samples: client)
        clientCPU = .init(name: "OpenAICompatibleModel.respond, client CPU time", samples: cpu)
        self.curl = .init(name: "curl (time_total)", samples: curl)
    }

    struct CurlFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// What one run of `curl` reports: its `time_total` in seconds.
    private static func curlSeconds(body: URL, endpoint: URL) throws -> Double {
        let curl = Process()
        let output = Pipe()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{time_total}", "-H", "Content-Type: application/json",
                          "--data-binary", "@\(body.path)", endpoint.absoluteString]
        curl.standardOutput = output
        try curl.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        guard curl.terminationStatus == 0, let seconds = Double(text) else { throw CurlFailure(description: "curl failed: \(text)") }
        return seconds
    }
}
