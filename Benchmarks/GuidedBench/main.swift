import Foundation
import TestSupport

/// guided-bench: the performance figures of GuidedGeneration (see `Options.usage`).
/// Exits 1 when a generated instance is invalid, 2 on a usage or data error.
func runBenchmark() async -> Int32 {
    let options: Options
    do {
        options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        MaskBenchRun.log("guided-bench: \(error)\n")
        return 2
    }
    if options.help {
        print(Options.usage)
        return 0
    }
    if options.printSchema {
        print(NPCSchema.json)
        return 0
    }
    do {
        var compliant = true
        if options.parts.contains(.maskbench) {
            let runs = try options.folders.map { try MaskBenchRun.measure(folder: $0, options: options) }
            Report.maskBench(runs, tsv: options.tsv)
            compliant = runs.allSatisfy { $0.valid == $0.generated }
        }
        if options.parts.contains(.throughput) {
            if options.parts.count > 1 && !options.tsv { print() }
            Report.throughput(try ThroughputRun(options: options), rounds: options.rounds, tsv: options.tsv)
        }
        if options.parts.contains(.session) {
            if options.parts.count > 1 && !options.tsv { print() }
            Report.session(try await SessionRun(count: options.npcCount, rounds: options.rounds), tsv: options.tsv)
        }
        if options.parts.contains(.http), let url = options.serverURL {
            if options.parts.count > 1 && !options.tsv { print() }
            Report.http(try await HTTPRun(url: url, modelName: options.modelName, requests: options.httpRequests), tsv: options.tsv)
        }
        if options.parts.contains(.native) {
            Report.native(try await NativeRun(options: options), tsv: options.tsv)
        }
        if options.parts.contains(.numerics) {
            Report.numerics(try await NumericsRun(options: options), tsv: options.tsv)
        }
        if options.parts.contains(.local) {
            let run = try await LocalRun(options: options)
            Report.local(run, tsv: options.tsv)
            compliant = run.invalid == 0
        }
        if options.parts.contains(.compile) {
            let run = try CompileRun(options: options)
            Report.compile(run, tsv: options.tsv)
            compliant = run.rows.allSatisfy(\.valid)
        }
        if options.parts.contains(.masks) {
            let run = try MaskRun(options: options)
            let peer = options.llguidancePython.map { LLGuidancePeer.run(python: $0, model: options.modelPath ?? "", options: options) }
            Report.masks(run, llguidance: peer, tsv: options.tsv)
        }
        return compliant ? 0 : 1
    } catch {
        MaskBenchRun.log("guided-bench: \(error)\n")
        return 2
    }
}

exit(await runBenchmark())
