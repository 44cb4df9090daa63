import Foundation
import GuidedGeneration
import JSONSchema
import NativeModel

/// `--only local --model FILE.gguf`: real-world schemas through `LocalModel` — every sampled
/// MaskBench file (the same sample as `--only masks`) whose schema compiles is asked for one
/// instance (greedy, at most 512 tokens) and the reply checked by the validator. Counts the
/// valid replies, the replies the model did not finish within the budget, and the time; a
/// digest of every reply's text (each file's own with `--verbose`) tells which replies a change
/// to the decoder moved.
struct LocalRun {
    var files = 0
    var compiled = 0
    var valid = 0
    var invalid = 0
    var unfinished = 0
    var otherFailures: [String] = []
    var seconds: [Double] = []
    var sampledTokens = 0
    var forcedTokens = 0
    var digest = OutputDigest()

    init(options: Options) async throws {
        guard let path = options.modelPath else { throw Options.UsageError(description: "--only local needs --model FILE.gguf") }
        let model = try LocalModel(contentsOf: URL(fileURLWithPath: path), options: LocalModel.Options(threads: options.threads, contextSize: 4096))
        let request = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 512)
        for file in MaskRun.sample(root: options.dataRoot, count: options.maskSchemas) {
            files += 1
            guard let data = FileManager.default.contents(atPath: file.path), let document = try? GeneratedContent(jsonBytes: data),
                  let schemaJSON = document["schema"], let schema = try? GenerationSchema(jsonSchema: schemaJSON) else { continue }
            compiled += 1
            let clock = Stopwatch()
            var reply = OutputDigest()
            do {
                let content = try await LanguageModelSession(model: model).respond(to: "Write an example of this JSON Schema.", schema: schema, options: request).content
                if schema.violations(of: content).isEmpty { valid += 1 } else { invalid += 1 }
                reply.add(content.jsonString)
                digest.combine(reply)
                seconds.append(clock.seconds)
            } catch LanguageModelSession.GenerationError.decodingFailure(let context) where context.debugDescription.contains("did not finish") {
                unfinished += 1
            } catch {
                otherFailures.append("\(file.lastPathComponent): \(error)")
            }
            if options.verbose { MaskBenchRun.log("\(file.lastPathComponent): valid \(valid), unfinished \(unfinished), reply \(reply.hex)\n") }
        }
        sampledTokens = model.statistics.sampledTokens
        forcedTokens = model.statistics.forcedTokens
    }
}
