import Foundation
import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// Exported packs checked by the engines' own tools (../shared/tools, installed by
/// scripts/engine-tools.sh): the reference Ink compiler and Blade Ink's runtime, Yarn Spinner's
/// grammar, and Godot 3's CSV translation importer.
@Suite struct EngineOracleTests {
    static let tools = CLibraryTests.root.appendingPathComponent("../shared/tools").standardizedFileURL
    static let inklecate = tools.appendingPathComponent("ink/inklecate.exe")
    /// The venv scripts/engine-tools.sh makes: bink and ANTLR's Python runtime.
    static let enginePython = ProcessInfo.processInfo.environment["COFFEESHOP_ENGINE_PYTHON"].map(URL.init(fileURLWithPath:))

    /// `contentpack export --kind dialog` in `format` to `name` in `directory`.
    static func export(_ format: String, count: Int, seed: Int, to name: String, in directory: TemporaryDirectory) throws -> URL {
        let file = directory.url.appendingPathComponent(name)
        let run = try ContentPackProcess.run(["export", "--kind", "dialog", "--count", String(count), "--seed", String(seed),
                                              "--format", format, "--out", file.path, "--quiet"])
        #expect(run.status == 0, "\(run.errors)")
        return file
    }

    /// The start knot of every tree in an Ink script.
    static func startKnots(_ script: URL) throws -> [String] {
        try String(contentsOf: script, encoding: .utf8).split(separator: "\n")
            .compactMap { $0.wholeMatch(of: /=== ([A-Za-z0-9_]+_Start) ===/).map { String($0.1) } }
    }

    /// Plays every path of every tree of a compiled story (Oracles/play_ink.py) and returns its summary.
    static func play(_ story: URL, starts: [String]) throws -> GeneratedContent {
        let player = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracles/play_ink.py")
        let run = try ContentPackProcess.run(program: try #require(enginePython), [player.path, story.path] + starts)
        #expect(run.status == 0, "\(run.errors)")
        return try GeneratedContent(json: run.output)
    }

    @Test(.enabled(if: Prerequisite.ready(.mono, .engineTools), Comment(rawValue: Prerequisite.reason(.mono, .engineTools))))
    func inkScriptsCompileCleanAndEveryPathPlaysToAnEnd() throws {
        let directory = try TemporaryDirectory()
        let script = try Self.export("ink", count: 20, seed: 3, to: "pack.ink", in: directory)
        let story = directory.url.appendingPathComponent("pack.json")
        let compile = try ContentPackProcess.run(program: try #require(ContentPackProcess.onPath("mono")),
                                                 [Self.inklecate.path, "-j", "-o", story.path, script.path])
        #expect(compile.status == 0)
        #expect(compile.output.contains(#"{"compile-success": true}"#) && compile.output.contains(#"{"issues":[]}"#),
                "inklecate reported issues: \(compile.output)")
        let starts = try Self.startKnots(script)
        let summary = try Self.play(story, starts: starts)
        #expect(summary["problems"]?.elements == [], "\(summary.jsonString)")
        // Three topics, asked in any order and any number before leaving: 1 + 3 + 6 + 6 paths a tree.
        #expect(summary["trees"] == GeneratedContent(20) && summary["paths"] == GeneratedContent(20 * 16), "\(summary.jsonString)")
        // `--format ink-json` is our own compilation of the same pack: it plays exactly alike.
        let compiled = try Self.export("ink-json", count: 20, seed: 3, to: "pack.ink.json", in: directory)
        #expect(try Self.play(compiled, starts: starts) == summary)
    }

    @Test(.enabled(if: Prerequisite.ready(.engineTools), Comment(rawValue: Prerequisite.reason(.engineTools))))
    func yarnScriptsPassYarnSpinnersGrammarAlsoTwoPacksTogether() throws {
        let directory = try TemporaryDirectory()
        let first = try Self.export("yarn", count: 20, seed: 3, to: "a.yarn", in: directory)
        let second = try Self.export("yarn", count: 20, seed: 4, to: "b.yarn", in: directory)
        let both = directory.url.appendingPathComponent("both.yarn")
        try (try Data(contentsOf: first) + Data(contentsOf: second)).write(to: both)
        for script in [first, second, both] {
            let check = try ContentPackProcess.run(program: try #require(Self.enginePython),
                                                   [Self.tools.appendingPathComponent("yarn-parse/check_yarn.py").path, script.path])
            #expect(check.status == 0, "\(script.lastPathComponent): \(check.output) \(check.errors)")
            #expect(check.output.contains("lexer errors 0, parser errors 0") && check.output.contains("duplicate titles []")
                    && check.output.contains("duplicate line ids [] (0)"), "\(check.output)")
        }
    }

    @Test(.enabled(if: Prerequisite.ready(.godot), Comment(rawValue: Prerequisite.reason(.godot))))
    func godotImportsEveryKeyWithOurText() throws {
        let directory = try TemporaryDirectory()
        let table = try Self.export("godot-csv", count: 6, seed: 2, to: "pack.csv", in: directory)
        let ours = ExportCommandTests.parseCSV(try String(contentsOf: table, encoding: .utf8)).dropFirst()
        let run = try ContentPackProcess.run(program: Self.tools.appendingPathComponent("godot-import/import-csv.sh"), [table.path])
        #expect(run.status == 0, "\(run.errors)")
        let loaded = try #require(try GeneratedContent(json: run.output)["en"])
        #expect(loaded.orderedKeys.count == ours.count)
        for row in ours { #expect(loaded[row[0]]?.stringValue == row[1], "\(row[0])") }
    }
}
