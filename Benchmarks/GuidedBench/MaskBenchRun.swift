import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata

/// One JSONSchemaBench folder: import and compile every schema, check the validator against the
/// labelled tests, generate instances and validate them.
struct MaskBenchRun {
    let folder: String
    var schemas = 0
    var accepted = 0
    /// Accepted schemas with a part generation leaves out (`GenerationSchema.leftOut`).
    var partial = 0
    var labels = 0
    var agreed = 0
    var generated = 0
    var valid = 0
    /// Import + compile time of each accepted schema.
    var compileSeconds: [Double] = []
    var generationSeconds = 0.0
    /// Refusal messages (up to their JSON Pointer) and how often each occurred.
    var refusals: [String: Int] = [:]
    var digest = OutputDigest()

    struct MissingFolder: Error, CustomStringConvertible {
        let path: String
        var description: String { "no JSONSchemaBench folder at \(path) (pass --data DIR)" }
    }

    init(folder: String) {
        self.folder = folder
    }

    /// Measures every schema in `folder`.
    static func measure(folder: String, options: Options) throws -> MaskBenchRun {
        var run = MaskBenchRun(folder: folder)
        let directory = options.dataRoot.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw MissingFolder(path: directory.path)
        }
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            run.schemas += 1
            let clock = Stopwatch()
            run.measure(directory.appendingPathComponent(name), options: options)
            if options.verbose { log(String(format: "%@/%@ %.3fs\n", folder, name, clock.seconds)) }
        }
        return run
    }

    private mutating func measure(_ file: URL, options: Options) {
        guard let data = FileManager.default.contents(atPath: file.path),
              let document = try? GeneratedContent(jsonBytes: data), let schemaJSON = document["schema"] else {
            refusals["unreadable benchmark file", default: 0] += 1
            return
        }
        let compileClock = Stopwatch()
        let schema: GenerationSchema
        do {
            schema = try GenerationSchema(jsonSchema: schemaJSON)
        } catch {
            refusals[Self.reason(error), default: 0] += 1
            if options.verbose { Self.log("  refused: \(error)\n") }
            return
        }
        compileSeconds.append(compileClock.seconds)
        accepted += 1
        if !schema.leftOut.isEmpty {
            partial += 1
            if options.verbose { Self.log("  left out: \(schema.leftOut.map(\.description).joined(separator: "; "))\n") }
        }

        for test in document["tests"]?.elements ?? [] {
            guard let data = test["data"] else { continue }
            labels += 1
            if schema.isValid(data) == (test["valid"]?.boolValue ?? false) { agreed += 1 }
        }

        var random = SeededRandom(seed: options.seed)
        var instances: [GeneratedContent] = []
        instances.reserveCapacity(options.instancesPerSchema)
        let generationClock = Stopwatch()
        for _ in 0..<options.instancesPerSchema { instances.append(schema.generate(random: &random)) }
        generationSeconds += generationClock.seconds

        for instance in instances {
            generated += 1
            digest.add(instance.jsonString)
            if schema.isValid(instance) {
                valid += 1
            } else if options.verbose {
                Self.log("  INVALID \(instance.jsonString.prefix(200)) \(schema.violations(of: instance).prefix(2))\n")
            }
        }
    }

    /// A refusal's kind without the schema-specific pointer, so that refusals group.
    private static func reason(_ error: any Error) -> String {
        let text: String
        switch error as? GenerationSchema.SchemaError {
        case .unsupportedKeyword(let keyword, _, let context)?: text = "unsupported '\(keyword)': \(context.debugDescription)"
        case .unsatisfiable(_, let context)?: text = "cannot generate: \(context.debugDescription)"
        case .invalidSchema(_, let context)?: text = "invalid schema: \(context.debugDescription)"
        default: text = "\(error)"
        }
        return String(text.prefix(90))
    }

    static func log(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
