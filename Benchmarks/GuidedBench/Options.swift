import Foundation

/// The benchmark's command line.
struct Options {
    static let allFolders = ["Glaiveai2K", "Github_easy", "Github_medium", "Snowplow", "WashingtonPost", "Handwritten", "Synthesized"]

    static let usage = """
        Usage: guided-bench [options]

        Measures, in this process on one thread:
          MaskBench   coverage (schemas accepted), compliance (generated instances valid),
                      validator agreement with the labelled tests, median compile time per
                      schema and instances/s, per folder of JSONSchemaBench;
          throughput  instances/s for the NPC schema: generation alone, and with jsonString;
          session     the procedural model through sessions: latencies and items/s;
          http        (only with --only http) the HTTP client's time per request against a real
                      server, next to curl sending the same request, and its CPU time;
          masks       (only with --only masks) token-mask time per token over a GGUF model's
                      vocabulary along the first valid instance of every k-th MaskBench schema,
                      and schema compile time; with --llguidance, llguidance's on the same files;
          native      (only with --only native) the in-process GGUF runtime beside the llama-server
                      binary on the same model file and thread count: generation and prompt
                      tokens/s, time to first token for a 200-token prompt, the ratios, and the
                      runtime's peak memory next to the file's size;
          numerics    (only with --only numerics) the native runtime's last-position log-probabilities
                      on a few fixed prompts against an exact float64 forward pass of the same file
                      (scripts/reference-logits.py) and, with a llama-server (--url, default
                      $COFFEESHOP_LLM_URL), the server's for the same token ids: the largest
                      |Δ log p| over the reference's top 20 for both, ours over the whole
                      vocabulary, and each side's two most likely tokens;
          compile     (only with --only compile) import + compile time of the largest MaskBench
                      schema and of a synthesized 2 MB catalogue of 2,000 definitions (fastest of
                      --rounds), and the time to their first instance;
          local       (only with --only local) one instance of every sampled MaskBench schema
                      (--schemas) from LocalModel on --model, greedy, at most 512 tokens: valid,
                      unfinished within the budget, seconds per schema, a digest of the replies
                      (each file's with --verbose).

        Options:
          --data DIR            JSONSchemaBench root (default: shared/data/jsonschemabench beside the repository)
          --folder NAME         only this folder (repeatable; default: all seven)
          --instances N         instances generated per MaskBench schema (default 10)
          --npc-count N         NPC instances per timed round (default 1000000)
          --rounds N            timed throughput rounds; the fastest is reported (default 3)
          --seed N              base seed (default 1)
          --only maskbench|throughput|session|http|masks|native|local|compile|numerics
          --model FILE.gguf     the model for --only masks, native, local and numerics (default: $COFFEESHOP_LLAMA_MODEL)
          --llama-server PATH   llama.cpp's server binary for --only native (default: $COFFEESHOP_LLAMA_SERVER)
          --threads N           threads for both runtimes in --only native (default: all cores)
          --generate N          tokens generated per round in --only native (default 128)
          --schemas N           MaskBench files sampled for --only masks and local (default 150)
          --llguidance PYTHON   a Python with llguidance, gguf and numpy: run the peer script too
          --numerics PYTHON     a Python with numpy and gguf for --only numerics (default: $COFFEESHOP_NUMERICS_PYTHON)
          --url URL             the OpenAI-compatible server for --only http (the llama-server for --only numerics)
          --model-name NAME     the server's model name (default: default)
          --http-requests N     requests sent each way for --only http (default 30)
          --tsv                 tab-separated output for scripts instead of Markdown tables
          --verbose             per-schema progress and invalid instances on standard error
          --print-npc-schema    print the NPC benchmark schema and exit
          --help                this text
        """

    enum Part: String { case maskbench, throughput, session, http, masks, native, local, compile, numerics }

    var dataRoot: URL
    var folders = Options.allFolders
    var instancesPerSchema = 10
    var npcCount = 1_000_000
    var rounds = 3
    var seed: UInt64 = 1
    var parts: Set<Part> = [.maskbench, .throughput, .session]
    var serverURL: URL?
    var modelName = "default"
    var httpRequests = 30
    var modelPath = ProcessInfo.processInfo.environment["COFFEESHOP_LLAMA_MODEL"]
    var maskSchemas = 150
    var llamaServer = ProcessInfo.processInfo.environment["COFFEESHOP_LLAMA_SERVER"]
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var generateTokens = 128
    var llguidancePython: String?
    var numericsPython = ProcessInfo.processInfo.environment["COFFEESHOP_NUMERICS_PYTHON"]
    var tsv = false
    var verbose = false
    var printSchema = false
    var help = false

    /// The data folder when none is given: `../shared/data/jsonschemabench` beside the repository.
    static let defaultDataRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/jsonschemabench")

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws {
        dataRoot = Self.defaultDataRoot
        var chosenFolders: [String] = []
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        func count(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let n = Int(text), n > 0 else { throw UsageError(description: "\(flag) needs a positive integer, not '\(text)'") }
            return n
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--data": dataRoot = URL(fileURLWithPath: try value(flag))
            case "--folder":
                let name = try value(flag)
                guard Self.allFolders.contains(name) else {
                    throw UsageError(description: "unknown folder '\(name)'; use one of \(Self.allFolders.joined(separator: ", "))")
                }
                chosenFolders.append(name)
            case "--instances": instancesPerSchema = try count(flag)
            case "--npc-count": npcCount = try count(flag)
            case "--rounds": rounds = try count(flag)
            case "--http-requests": httpRequests = try count(flag)
            case "--model": modelPath = try value(flag)
            case "--schemas": maskSchemas = try count(flag)
            case "--llama-server": llamaServer = try value(flag)
            case "--threads": threads = try count(flag)
            case "--generate": generateTokens = try count(flag)
            case "--llguidance": llguidancePython = try value(flag)
            case "--numerics": numericsPython = try value(flag)
            case "--model-name": modelName = try value(flag)
            case "--url":
                let text = try value(flag)
                guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? "") else {
                    throw UsageError(description: "--url takes an http(s) URL, not '\(text)'")
                }
                serverURL = url
            case "--seed":
                let text = try value(flag)
                guard let n = UInt64(text) else { throw UsageError(description: "--seed needs an unsigned integer, not '\(text)'") }
                seed = n
            case "--only":
                let text = try value(flag)
                guard let part = Part(rawValue: text) else { throw UsageError(description: "--only takes maskbench, throughput, session, http, masks, native, local, compile or numerics, not '\(text)'") }
                parts = [part]
            case "--tsv": tsv = true
            case "--verbose": verbose = true
            case "--print-npc-schema": printSchema = true
            case "--help", "-h": help = true
            default: throw UsageError(description: "unknown option '\(flag)' (see --help)")
            }
        }
        if !chosenFolders.isEmpty { folders = chosenFolders }
        if parts.contains(.http) && serverURL == nil { throw UsageError(description: "--only http needs --url") }
        if parts.contains(.native) && (modelPath == nil || llamaServer == nil) {
            throw UsageError(description: "--only native needs --model FILE.gguf and --llama-server PATH (scripts/llama-server.sh start prints both)")
        }
        if parts.contains(.numerics) && (modelPath == nil || numericsPython == nil) {
            throw UsageError(description: "--only numerics needs --model FILE.gguf and --numerics PYTHON (scripts/numerics-venv.sh prints it)")
        }
    }
}
