import Foundation
import GuidedGeneration
import TestSupport

/// Prints the figures as Markdown tables (to paste into the README) or as tab-separated rows.
enum Report {
    static func maskBench(_ runs: [MaskBenchRun], tsv: Bool) {
        let total = totals(runs)
        if tsv {
            print("# maskbench\tfolder\tschemas\taccepted\tvalid\tgenerated\tagreed\tlabels\tcompile_median_ms\tinstances_per_s\tpartial")
            for run in runs + [total] {
                print(["maskbench", run.folder, "\(run.schemas)", "\(run.accepted)", "\(run.valid)", "\(run.generated)",
                       "\(run.agreed)", "\(run.labels)", String(format: "%.3f", median(run.compileSeconds) * 1000),
                       String(format: "%.0f", rate(run)), "\(run.partial)"].joined(separator: "\t"))
            }
            print("maskbench-digest\t\(total.digest.hex)")
            return
        }
        print("| Folder | Schemas | Coverage | Partial | Compliance | Agreement | Compile (median) | Instances/s |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for run in runs + [total] {
            let name = run.folder == total.folder ? "**\(run.folder)**" : run.folder
            print("| \(name) | \(grouped(run.schemas)) | \(share(run.accepted, run.schemas)) | \(grouped(run.partial)) | \(share(run.valid, run.generated)) "
                  + "| \(share(run.agreed, run.labels)) | \(String(format: "%.2f ms", median(run.compileSeconds) * 1000)) "
                  + "| \(grouped(Int(rate(run).rounded()))) |")
        }
        print("\nCoverage: schemas accepted / schemas. Partial: accepted schemas with a part generation leaves out "
              + "(`GenerationSchema.leftOut`). Compliance: generated instances valid / generated. "
              + "Agreement: validator verdicts equal to the labels / labelled tests. Output digest \(total.digest.hex).")
        let reasons = runs.filter { !$0.refusals.isEmpty }
        if !reasons.isEmpty { print("\nMost frequent refusals:") }
        for run in reasons {
            let top = run.refusals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5)
            print("- \(run.folder): " + top.map { "\($0.value)× \($0.key)" }.joined(separator: "; "))
        }
    }

    static func throughput(_ run: ThroughputRun, rounds: Int, tsv: Bool) {
        if tsv {
            print("# throughput\tworkload\tinstances\tseconds\tinstances_per_s")
            for workload in run.workloads {
                print(["throughput", workload.name, "\(workload.instances)", String(format: "%.4f", workload.seconds),
                       String(format: "%.0f", workload.perSecond)].joined(separator: "\t"))
            }
            print("throughput-digest\t\(run.digest.hex)")
            return
        }
        print("| NPC schema, 1 thread | Instances | Best of \(rounds) | Instances/s |")
        print("|---|---:|---:|---:|")
        for workload in run.workloads {
            print("| \(workload.name) | \(grouped(workload.instances)) | \(String(format: "%.3f s", workload.seconds)) "
                  + "| \(grouped(Int(workload.perSecond.rounded()))) |")
        }
        print(String(format: "\nCompile once: %.2f ms. Mean instance: %.0f bytes of JSON. Digest of the first %d instances: %@.",
                     run.compileSeconds * 1000, run.meanBytes, ThroughputRun.digestCount, run.digest.hex))
    }

    static func masks(_ run: MaskRun, llguidance: String?, tsv: Bool) {
        let figures = [run.meanMask, run.percentile(run.maskSeconds, 0.5), run.percentile(run.maskSeconds, 0.99)].map { $0 * 1e6 }
        let compile = run.percentile(run.compileSeconds, 0.5) * 1e3
        if tsv {
            print("# masks\tvocabulary\tfiles\tcompiled\tmasks\tmean_us\tp50_us\tp99_us\tcompile_p50_ms")
            print(["masks", "\(run.vocabularySize)", "\(run.withInstance)", "\(run.compiled)", "\(run.maskSeconds.count)"]
                .joined(separator: "\t") + "\t" + (figures + [compile]).map { String(format: "%.2f", $0) }.joined(separator: "\t"))
            if let llguidance { print("# llguidance\t\(llguidance)") }
            return
        }
        print("Token masks over a \(run.vocabularySize)-token vocabulary, \(run.files) MaskBench files "
              + "(\(run.withInstance) with a valid instance), one thread:")
        print("| Engine | Compiled | Masks | Mean | p50 | p99 | Compile p50 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        print("| ours | \(run.compiled)/\(run.withInstance) | \(run.maskSeconds.count) | "
              + String(format: "%.1f µs | %.1f µs | %.1f µs | %.2f ms |", figures[0], figures[1], figures[2], compile))
        if run.unwritten > 0 { print("\n\(run.unwritten) compiled schemas had a first valid instance the matcher cannot write (skipped).") }
        if let llguidance { print("\nllguidance (peer script, same files): \(llguidance)") }
    }

    static func local(_ run: LocalRun, tsv: Bool) {
        let sorted = run.seconds.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let answered = run.valid + run.invalid
        if tsv {
            print("# local\tfiles\tcompiled\tvalid\tinvalid\tunfinished\tfailed\tmedian_s\tsampled\tforced\tdigest")
            print("local\t\(run.files)\t\(run.compiled)\t\(run.valid)\t\(run.invalid)\t\(run.unfinished)\t\(run.otherFailures.count)\t"
                  + String(format: "%.2f", median) + "\t\(run.sampledTokens)\t\(run.forcedTokens)\t\(run.digest.hex)")
            return
        }
        print("LocalModel on \(run.files) MaskBench files (\(run.compiled) compiled), greedy, at most 512 tokens each:")
        print("| Replies | Valid | Invalid | Unfinished within 512 tokens | Other failures | Median seconds | Forced share |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        print("| \(answered) | \(run.valid) | \(run.invalid) | \(run.unfinished) | \(run.otherFailures.count) | " + String(format: "%.2f", median)
              + String(format: " | %.0f %% |", 100 * Double(run.forcedTokens) / Double(max(1, run.forcedTokens + run.sampledTokens))))
        print("\nReplies' digest \(run.digest.hex) (each file's with --verbose).")
        for failure in run.otherFailures { print("- \(failure)") }
    }

    static func native(_ run: NativeRun, tsv: Bool) {
        let median = NativeRun.median
        let rows: [(String, Double, Double, String)] = [
            ("generation, tokens/s", median(run.native.generatedPerSecond), median(run.server.generatedPerSecond), "%.1f"),
            ("prompt processing (\(NativeRun.promptTokens) tokens), tokens/s", median(run.native.promptPerSecond), median(run.server.promptPerSecond), "%.1f"),
            ("time to first token (\(NativeRun.promptTokens)-token prompt), ms", median(run.native.firstTokenSeconds) * 1000, median(run.server.firstTokenSeconds) * 1000, "%.0f"),
        ]
        let megabytes = { (bytes: Int) in Double(bytes) / 1_048_576 }
        if tsv {
            print("# native\tmeasure\tnative\tllama_server\tratio")
            for (name, ours, theirs, format) in rows {
                print(["native", name, String(format: format, ours), String(format: format, theirs), String(format: "%.2f", ours / theirs)].joined(separator: "\t"))
            }
            print(String(format: "native\tpeak memory MB (model file MB)\t%.0f\t%.0f\t", megabytes(run.peakResidentBytes), megabytes(run.fileBytes)))
            return
        }
        print("| \(run.threads) threads, \(run.generated) greedy tokens, median of \(run.native.generatedPerSecond.count) rounds | NativeModel | llama-server | Ratio |")
        print("|---|---:|---:|---:|")
        for (name, ours, theirs, format) in rows {
            print("| \(name) | \(String(format: format, ours)) | \(String(format: format, theirs)) | " + String(format: "%.2f |", ours / theirs))
        }
        print(String(format: "\nNativeModel's peak memory (whole process, weights mapped): %.0f MB for a %.0f MB model file (%.0f MB above it).",
                     megabytes(run.peakResidentBytes), megabytes(run.fileBytes), megabytes(run.peakResidentBytes - run.fileBytes)))
    }

    static func numerics(_ run: NumericsRun, tsv: Bool) {
        let format = { (value: Double?) in value.map { String(format: "%.4f", $0) } ?? "–" }
        if tsv {
            print("# numerics\tprompt\ttokens\tours_top20_max\tllama_top20_max\tllama_top20_unlisted\tggml_rounding_top20_max\tours_vocab_max\tours_vocab_rms")
            for c in run.rows {
                let server = c.serverTopError
                print(["numerics", c.name, String(c.tokens), format(c.ourTopError), format(server?.error), server.map { String($0.missing) } ?? "–",
                       format(c.roundedTopError), format(c.ourVocabularyError), format(c.ourVocabularyRMS)].joined(separator: "\t"))
            }
            return
        }
        print("Last-position log-probabilities against the float64 reference (scripts/reference-logits.py); "
              + "llama.cpp: \(run.serverURL?.absoluteString ?? "no server (--url or COFFEESHOP_LLM_URL)").\n")
        print("| Prompt | Tokens | NativeModel, largest Δ log p over the reference's top \(NumericsReference.topCount) | llama.cpp, same tokens | float64 with ggml's roundings, same tokens | NativeModel, whole vocabulary: max / RMS |")
        print("|---|---:|---:|---:|---:|---:|")
        for c in run.rows {
            let server = c.serverTopError
            let missing = server.map { $0.missing > 0 ? " (\($0.missing) not listed)" : "" } ?? ""
            print("| \(c.name) | \(c.tokens) | \(format(c.ourTopError)) | \(format(server?.error))\(missing) | \(format(c.roundedTopError)) | \(format(c.ourVocabularyError)) / \(format(c.ourVocabularyRMS)) |")
        }
        print("\nThe two most likely first tokens, with log-probabilities:\n")
        for c in run.rows {
            print("- \(c.name)")
            print("  - float64 reference: \(run.describe(c.referenceFirstTwo))")
            print("  - NativeModel:       \(run.describe(c.ourFirstTwo))")
            if let server = c.serverFirstTwo { print("  - llama.cpp:         \(run.describe(server))") }
        }
    }

    static func http(_ run: HTTPRun, tsv: Bool) {
        let rows = [run.curl, run.client, run.clientCPU]
        if tsv {
            print("# http\tmeasure\tmedian_ms\tp90_ms")
            for row in rows {
                print(["http", row.name, String(format: "%.2f", row.percentile(0.5) * 1000), String(format: "%.2f", row.percentile(0.9) * 1000)]
                    .joined(separator: "\t"))
            }
            return
        }
        print("| Same structured request, \(run.client.samples.count) rounds each | Median | p90 |")
        print("|---|---:|---:|")
        for row in rows {
            print("| \(row.name) | " + String(format: "%.1f ms | %.1f ms |", row.percentile(0.5) * 1000, row.percentile(0.9) * 1000))
        }
        print(String(format: "\nClient overhead per request (difference of the medians): %.1f ms.",
                     (run.client.percentile(0.5) - run.curl.percentile(0.5)) * 1000))
    }

    static func compile(_ run: CompileRun, tsv: Bool) {
        if tsv {
            print("# compile\tschema\tbytes\tdefinitions\tcompile_s\tfirst_instance_s\tvalid")
            for row in run.rows {
                print(["compile", row.name, "\(row.bytes)", "\(row.definitions)", String(format: "%.3f", row.compileSeconds),
                       String(format: "%.4f", row.firstInstanceSeconds), "\(row.valid)"].joined(separator: "\t"))
            }
            return
        }
        print("| Schema | Size | Definitions | Import + compile | First instance | Valid |")
        print("|---|---:|---:|---:|---:|---|")
        for row in run.rows {
            print("| \(row.name) | " + String(format: "%.2f MB | ", Double(row.bytes) / 1e6) + "\(grouped(row.definitions)) | "
                  + String(format: "%.3f s | %.4f s | ", row.compileSeconds, row.firstInstanceSeconds) + (row.valid ? "yes |" : "NO |"))
        }
    }

    static func session(_ run: SessionRun, tsv: Bool) {
        if tsv {
            print("# session\tworkload\tp50_ms\tp99_ms")
            for latency in run.latencies {
                print(["session", latency.name, String(format: "%.4f", latency.percentile(0.5) * 1000),
                       String(format: "%.4f", latency.percentile(0.99) * 1000)].joined(separator: "\t"))
            }
            for throughput in run.throughputs {
                print("session-throughput\t\(throughput.name)\t\(throughput.count)\t"
                      + String(format: "%.0f\t%.0f", throughput.perSecond, throughput.perCPUSecond))
            }
            return
        }
        print("| Procedural model, 1 thread | Calls | p50 | p99 |")
        print("|---|---:|---:|---:|")
        for latency in run.latencies {
            print("| \(latency.name) | \(grouped(latency.samples.count)) | " + String(format: "%.3f ms | %.3f ms |", latency.percentile(0.5) * 1000, latency.percentile(0.99) * 1000))
        }
        print("\n| Through a session (slots, fresh session each), best of \(run.rounds) | Items | Seconds | Per second | CPU seconds | Per CPU second |")
        print("|---|---:|---:|---:|---:|---:|")
        for throughput in run.throughputs {
            print("| \(throughput.name) | \(grouped(throughput.count)) | " + String(format: "%.3f", throughput.seconds)
                  + " | \(grouped(Int(throughput.perSecond.rounded()))) | " + String(format: "%.3f", throughput.cpuSeconds)
                  + " | \(grouped(Int(throughput.perCPUSecond.rounded()))) |")
        }
    }

    /// The sum of all folders, as one more row.
    private static func totals(_ runs: [MaskBenchRun]) -> MaskBenchRun {
        var total = MaskBenchRun(folder: "All")
        for run in runs {
            total.schemas += run.schemas
            total.accepted += run.accepted
            total.partial += run.partial
            total.labels += run.labels
            total.agreed += run.agreed
            total.generated += run.generated
            total.valid += run.valid
            total.compileSeconds += run.compileSeconds
            total.generationSeconds += run.generationSeconds
            total.digest.combine(run.digest)
        }
        return total
    }

    private static func rate(_ run: MaskBenchRun) -> Double {
        run.generationSeconds > 0 ? Double(run.generated) / run.generationSeconds : 0
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private static func share(_ part: Int, _ whole: Int) -> String {
        guard whole > 0 else { return "–" }
        let percent = 100 * Double(part) / Double(whole)
        let text = part == whole ? "100%" : String(format: "%.1f%%", min(percent, 99.9))
        return "\(text) (\(grouped(part))/\(grouped(whole)))"
    }

    private static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
