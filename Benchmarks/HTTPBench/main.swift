import Foundation
import GuidedGeneration

/// http-bench: the HTTP client's overhead per request against a real server. The same
/// structured request (greedy, so the server does the same work every time) goes out in turns
/// through `OpenAICompatibleModel` — body built, sent, reply parsed and validated — and through
/// `curl` (its own `time_total`, without its start-up); the difference of the medians is what
/// the client adds. The client's CPU time per request (this process, all threads, during
/// `respond` only) is the part of it that is our code's work rather than waiting.
///
/// Usage: http-bench --url URL [--model-name NAME] [--rounds N]
struct Options {
    var url: URL?
    var modelName = "default"
    var rounds = 30

    static let usage = "usage: http-bench --url URL [--model-name NAME] [--rounds N]   (release build; needs curl)"

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard flag != "--help" else { throw UsageError(message: Self.usage) }
            guard let value = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value\n\(Self.usage)") }
            switch flag {
            case "--url": url = URL(string: value)
            case "--model-name": modelName = value
            case "--rounds":
                guard let count = Int(value), count > 0 else { throw UsageError(message: "--rounds takes a positive whole number") }
                rounds = count
            default: throw UsageError(message: "unknown option '\(flag)'\n\(Self.usage)")
            }
        }
        guard url != nil else { throw UsageError(message: "--url is required\n\(Self.usage)") }
    }
}

struct UsageError: Error { let message: String }

/// What one run of `curl` reports: its `time_total` in seconds.
func curlSeconds(body: URL, endpoint: URL) throws -> Double {
    let curl = Process()
    let output = Pipe()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    curl.arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{time_total}", "-H", "Content-Type: application/json",
                      "--data-binary", "@\(body.path)", endpoint.absoluteString]
    curl.standardOutput = output
    try curl.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    curl.waitUntilExit()
    guard curl.terminationStatus == 0, let seconds = Double(text) else { throw UsageError(message: "curl failed: \(text)") }
    return seconds
}

/// CPU time of this process (all threads), in seconds.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func percentile90(_ values: [Double]) -> Double { values.sorted()[min(values.count - 1, values.count * 9 / 10)] }

func run() async -> Int32 {
    let options: Options
    do { options = try Options(Array(CommandLine.arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("http-bench: \((error as? UsageError)?.message ?? "\(error)")\n".utf8))
        return 2
    }
    do {
        let base = options.url!
        let model = OpenAICompatibleModel(baseURL: base, name: options.modelName, retries: 0, validationRetries: 0)
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"name": {"type": "string", "pattern": "^[A-Z][a-z]{2,10}$"}, "mood": {"enum": ["cheerful", "grumpy", "sleepy"]}, "level": {"type": "integer", "minimum": 1, "maximum": 10}}, "required": ["name", "mood", "level"], "additionalProperties": false}"#)
        let transcript = Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "Invent a customer of a coffee shop."))]))])
        let request = LanguageModelRequest(transcript: transcript, tools: [], schema: schema,
                                           options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 60))
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("http-bench-\(getpid()).json")
        try await model.requestBody(for: request).write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile) }
        let endpoint = base.appendingPathComponent("v1/chat/completions")
        _ = try await model.respond(to: request)
        var client: [Double] = []
        var curl: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<options.rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            _ = try await model.respond(to: request)
            cpu.append(processCPUSeconds() - cpuStart)
            client.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            curl.append(try curlSeconds(body: bodyFile, endpoint: endpoint))
        }
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        print("| Same structured request, \(options.rounds) rounds each | Median | p90 |")
        print("|---|---:|---:|")
        print("| curl (time_total) | \(ms(median(curl))) | \(ms(percentile90(curl))) |")
        print("| OpenAICompatibleModel.respond (build, send, parse, validate) | \(ms(median(client))) | \(ms(percentile90(client))) |")
        print("| OpenAICompatibleModel.respond, client CPU time | \(ms(median(cpu))) | \(ms(percentile90(cpu))) |")
        print("\nClient overhead per request (difference of the medians): \(ms(median(client) - median(curl))).")
        return 0
    } catch {
        FileHandle.standardError.write(Data("http-bench: \(error)\n".utf8))
        return 1
    }
}

exit(await run())
