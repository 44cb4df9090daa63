import Foundation
import GuidedGeneration

/// Coverage, compliance, validator agreement and throughput on the MaskBench schemas.
/// Usage: guided-bench [--data DIR] [--verbose] [--folder NAME]
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), arguments.index(after: i) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: i)]
}
let verbose = arguments.contains("--verbose")
let dataRoot = URL(fileURLWithPath: option("--data") ?? "../shared/data/jsonschemabench")
let folders = option("--folder").map { [$0] } ?? ["Glaiveai2K", "Github_easy", "Github_medium", "Snowplow", "WashingtonPost", "Handwritten", "Synthesized"]

for folder in folders {
    let dir = dataRoot.appendingPathComponent(folder)
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    var accepted = 0, labels = 0, agreed = 0, generated = 0, valid = 0
    var genTime = 0.0
    var refusals: [String: Int] = [:]
    for name in files {
        let start = Date()
        if verbose { FileHandle.standardError.write("\(folder)/\(name) ...".data(using: .utf8)!) }
        guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path),
              let file = try? GeneratedContent(jsonBytes: data), let schemaJSON = file["schema"] else { continue }
        let schema: GenerationSchema
        do { schema = try GenerationSchema(jsonSchema: schemaJSON) } catch {
            let key = "\(error)".components(separatedBy: " at ").first ?? "\(error)"
            refusals[String(key.prefix(60)), default: 0] += 1
            if verbose { FileHandle.standardError.write(" refused \(error)\n".data(using: .utf8)!) }
            continue
        }
        accepted += 1
        for test in file["tests"]?.elements ?? [] {
            labels += 1
            if schema.isValid(test["data"]!) == (test["valid"]?.boolValue ?? false) { agreed += 1 }
        }
        var random = SeededRandom(seed: 1)
        let t0 = Date()
        var instances: [GeneratedContent] = []
        for _ in 0..<10 { instances.append(schema.generate(random: &random)) }
        genTime += Date().timeIntervalSince(t0)
        for instance in instances {
            generated += 1
            if schema.isValid(instance) { valid += 1 } else if verbose {
                FileHandle.standardError.write(" INVALID \(instance.jsonString.prefix(200)) \(schema.violations(of: instance).prefix(2))".data(using: .utf8)!)
            }
        }
        if verbose { FileHandle.standardError.write(" \(String(format: "%.3f", Date().timeIntervalSince(start)))s\n".data(using: .utf8)!) }
    }
    let pct = files.isEmpty ? 0 : 100.0 * Double(accepted) / Double(files.count)
    print(String(format: "%-15@ coverage %5.1f%% (%d/%d)  compliance %d/%d  agreement %d/%d  %.0f instances/s",
                 folder as NSString, pct, accepted, files.count, valid, generated, agreed, labels, Double(generated) / max(genTime, 1e-9)))
    for (reason, count) in refusals.sorted(by: { $0.value > $1.value }).prefix(8) { print("    \(count)× \(reason)") }
}
