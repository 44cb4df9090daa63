import CommandLineSupport
import ContentPacks
import Foundation
import HTTPModel
import ModelSelection
import NPCKit
import NativeModel
import ProceduralModel

/// `contentpack export`: a batch of NPCs or riddles in JSON, JSON Lines or CSV — to standard
/// output, a file, or a pack directory with `manifest.json`. Item k depends only on the seed
/// and k (and, with `--unique`, on the items before it), never on `--jobs`.
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Export a content pack of NPCs, riddles or dialog trees (JSON, JSON Lines, CSV, Yarn, Ink, Godot CSV)."
    static let synopsis = "export --kind npc|riddle|dialog|all [--count N] [--seed S] [--format json|jsonl|csv|yarn|ink|ink-json|godot-csv] [--out PATH|DIR/|-] [--only K] [--jobs N] [--unique FIELD] [--resume] [--quiet]"
    static let discussion = """
        Generates N items of a kind through the embedded model, each valid for the kind's JSON
        Schema ('contentpack schema KIND'). Item k is made from the seed and k alone, so the same
        seed gives the same bytes, whatever --jobs is, and --only K prints item K by itself.
        --out DIR/ (or an existing directory) writes KIND.FORMAT per kind, manifest.json (format
        version, generator, seed, counts, each kind's schema, the SHA-256 of every content file,
        the options) and audit.json (how often each grammar alternative was drawn and each line
        came out, what was never drawn, the duplicates rejected). --kind all (npc, riddle and
        dialog) needs a directory; yarn, ink and godot-csv are for --kind dialog. Files are
        written to a temporary name and renamed when complete; --resume finishes an interrupted
        JSON Lines export from its last complete line. --unique FIELD (a dot path such as name
        or order.drink) keeps only items whose field is new, ignoring case and spacing.
        """
    static let options = [
        OptionSpec("--kind", value: "KIND", help: "npc, riddle, dialog, or all (all writes into the directory --out names)."),
        OptionSpec("--count", value: "N", help: "Items per kind (default 10)."),
        OptionSpec("--seed", value: "S", help: "Seed, 0 to \(UInt64.max) (default 0)."),
        OptionSpec("--format", value: "F", help: "json, jsonl or csv (default jsonl); for dialog also yarn, ink, ink-json (compiled Ink), godot-csv."),
        OptionSpec("--out", value: "PATH", help: "- for standard output (default), a file, or a directory (ending in / or existing)."),
        OptionSpec("--only", value: "K", help: "Only item K (0-based) of the pack."),
        OptionSpec("--jobs", value: "N", help: "Items made in parallel (default 1; at most the active processor cores, more is lowered with a note; per server when --model names several); the output is the same for any N."),
        OptionSpec("--unique", value: "FIELD", help: "Reject items whose FIELD repeats an earlier one's."),
        OptionSpec(flag: "--resume", help: "Finish an interrupted JSON Lines export to a file (same options)."),
        OptionSpec(flag: "--quiet", help: "No progress or summary on standard error."),
        OptionSpec("--fallback", value: "procedural", help: "Make an item the chosen model keeps getting wrong with the procedural model."),
    ] + ModelOptions.specs
    static let maximumPositionals = 0

    let kinds: [PackKind]
    let count: Int
    let seed: UInt64
    let format: PackFormat
    let out: String
    let only: Int?
    /// The jobs asked for, and the jobs used: no more than the active processor cores, since
    /// more only cost memory (each job holds its own copy of the content).
    let requestedJobs: Int
    let jobs: Int
    let unique: String?
    let quiet: Bool
    let resume: Bool
    let model: ModelChoice
    let threads: Int?
    let fallsBack: Bool

    init(arguments: CommandLineArguments) throws {
        let kindName = try arguments.requiredValue("--kind")
        if kindName == "all" {
            kinds = PackKind.allCases
        } else if let kind = PackKind(rawValue: kindName) {
            kinds = [kind]
        } else {
            throw CommandFailure.usage("unknown kind '\(kindName)'; expected npc, riddle, dialog or all")
        }
        count = try arguments.integer("--count", default: 10, minimum: 0, requirement: "a non-negative integer")
        seed = try arguments.integer("--seed", default: 0, requirement: "an integer from 0 to \(UInt64.max)")
        let formatName = arguments.value("--format") ?? "jsonl"
        guard let format = PackFormat(rawValue: formatName) else {
            throw CommandFailure.usage("unknown format '\(formatName)'; expected json, jsonl, csv, yarn, ink or godot-csv")
        }
        self.format = format
        if format.isDialogOnly, kinds != [.dialog] {
            throw CommandFailure.usage("the \(format.rawValue) format holds dialog trees; use --kind dialog")
        }
        let out = arguments.value("--out") ?? "-"
        only = arguments.value("--only") == nil ? nil
            : try arguments.integer("--only", default: 0, minimum: 0, requirement: "a non-negative integer")
        if let only, only >= count { throw CommandFailure.usage("--only \(only) is past the last item (\(count - 1))") }
        requestedJobs = try arguments.integer("--jobs", default: 1, minimum: 1, requirement: "a positive integer")
        jobs = min(requestedJobs, ProcessInfo.processInfo.activeProcessorCount)
        unique = arguments.value("--unique")
        quiet = arguments.flag("--quiet")
        model = try ModelOptions.choice(arguments)
        threads = try ModelOptions.threads(arguments)
        switch arguments.value("--fallback") {
        case nil: fallsBack = false
        case "procedural"?: fallsBack = true
        case let other?: throw CommandFailure.usage("--fallback takes procedural, not '\(other)'")
        }
        if fallsBack, model.url == nil, model.file == nil { throw CommandFailure.usage("--fallback procedural goes with a model file or a server --model") }
        resume = arguments.flag("--resume")
        if resume, format != .jsonl || out == "-" || only != nil {
            throw CommandFailure.usage("--resume continues a JSON Lines export to a file or directory (not with --only)")
        }
        if kinds.count > 1 {
            // Several kinds: --out names a directory, new or existing, with or without its slash.
            guard out != "-", PackOutput.isDirectory(out) || !FileManager.default.fileExists(atPath: out) else {
                throw CommandFailure.usage("--kind all writes one file per kind; give --out a directory, not \(out == "-" ? "standard output" : "the file '\(out)'")")
            }
            self.out = out.hasSuffix("/") ? out : out + "/"
        } else {
            self.out = out
        }
    }

    func run() async throws -> ExitStatus {
        let library = try PackOutput.library()
        let opened = try model.opened(threads: threads)
        if jobs < requestedJobs, !quiet {
            StandardError.writeLine("\(Usage.toolName): note: --jobs \(requestedJobs) is more than the \(jobs) active processor cores; using \(jobs)")
        }
        let directory = PackOutput.isDirectory(out) ? URL(fileURLWithPath: out, isDirectory: true) : nil
        let audit = directory == nil ? nil : GrammarAudit()
        var written: [(kind: PackKind, count: Int, file: String)] = []
        var rejected = 0
        var fallbacks: [String: [Int]] = [:]
        var failures: [(kind: PackKind, items: [PackExport.FailedItem])] = []
        for kind in kinds {
            let file = "\(kind.rawValue).\(format.fileExtension)"
            let target = directory.map { $0.appendingPathComponent(file).path } ?? out
            let progress = ExportProgress(label: kind.rawValue, total: count, isShown: !quiet && target != "-")
            // --jobs is per server when items are spread over several.
            let export = PackExport(kind: kind, count: only.map { $0 + 1 } ?? count, seed: seed, jobs: jobs * max(1, model.urls.count), uniqueField: unique,
                                    model: opened?.model, fallsBackToProcedural: fallsBack)
            let resuming = resume ? try await ResumeFile.resumePoint(target: target, export: export, library: library) : nil
            let report = try await PackOutput.write(to: target, resuming: resuming, journaled: format == .jsonl && only == nil) { emit, linesDone, markGap in
                var writer = format.writer(schema: try kind.schema(library: library), emit: emit)
                var report = try await export.run(library: library, skip: only ?? min(linesDone, count), audit: audit,
                                                  failed: { _ in try markGap() }) { index, item in
                    try writer.add(item)
                    progress.update(done: index + 1)
                }
                try writer.finish()
                progress.finish()
                report.itemsWritten += only == nil ? min(linesDone, count) : 0
                return report
            }
            written.append((kind, report.itemsWritten, file))
            rejected += report.duplicatesRejected
            if !report.fallbackIndices.isEmpty { fallbacks[kind.rawValue] = report.fallbackIndices }
            if !report.failedItems.isEmpty { failures.append((kind, report.failedItems)) }
            if !quiet, target != "-" {
                StandardError.writeLine("\(Usage.toolName): wrote \(report.itemsWritten) \(kind.rawValue) items to \(target)"
                                        + (unique == nil ? "" : " (\(report.duplicatesRejected) duplicates rejected)")
                                        + (fallsBack ? " (\(report.fallbackItems) by the procedural fallback\(Self.indexList(report.fallbackIndices)))" : ""))
            }
        }
        if let directory {
            var options = ["format": format.rawValue, "jobs": String(jobs), "sampling": ItemSampling.summary,
                           "model": model.urls.isEmpty ? model.label : model.urls.map(\.absoluteString).joined(separator: ",")]
            if let requests = opened?.requestsPerServer, !requests.isEmpty {
                options["modelServers"] = zip(model.urls, requests).map { "\($0.absoluteString): \($1) requests" }.joined(separator: "; ")
            }
            options["modelName"] = model.url == nil ? nil : model.name
            if let sampling = opened?.sampling, let file = model.file {
                options.merge(try ModelFileFacts.manifestEntries(file: file, sampling: sampling)) { $1 }
            }
            options["fallback"] = fallsBack ? "procedural" : nil
            options["unique"] = unique
            options["only"] = only.map(String.init)
            let manifest = try PackManifest(generator: Usage.versionText, library: library, seed: seed, kinds: written,
                                            options: options, duplicatesRejected: rejected)
            _ = try await PackOutput.write(to: directory.appendingPathComponent("manifest.json").path) { emit, _, _ in
                try emit(manifest.content.prettyJSONString + "\n")
            }
            if let audit {
                let report = PackAudit(audit: audit, library: library, items: written.map { ($0.kind.rawValue, $0.count) },
                                       duplicatesRejected: rejected, fallbackItems: fallbacks,
                                       failedItems: Dictionary(uniqueKeysWithValues: failures.map { ($0.kind.rawValue, $0.items.map(\.index)) }))
                _ = try await PackOutput.write(to: directory.appendingPathComponent("audit.json").path) { emit, _, _ in
                    try emit(report.content.prettyJSONString + "\n")
                }
            }
        }
        for (kind, items) in failures {
            StandardError.writeLine("\(Usage.toolName): \(items.count) \(kind.rawValue) item\(items.count == 1 ? " was" : "s were") left out: the model's output "
                                    + "kept failing the schema (item\(items.count == 1 ? "" : "s")\(Self.indexList(items.map(\.index)))); the first: \(items[0].reason)"
                                    + " — export again with --fallback procedural to have the embedded model make them")
        }
        return failures.isEmpty ? .success : .failure
    }

    /// ": 3, 7, 12" (the first ten, then how many more), or nothing for none.
    private static func indexList(_ indices: [Int]) -> String {
        guard !indices.isEmpty else { return "" }
        let shown = indices.prefix(10).map(String.init).joined(separator: ", ")
        return ": " + shown + (indices.count > 10 ? " and \(indices.count - 10) more" : "")
    }
}
