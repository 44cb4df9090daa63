import Foundation
import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// The C library as engines use it: a C program built with the system's compiler against
/// include/coffeeshop.h, the same program under Valgrind's leak checker, the Python ctypes
/// bindings and the C# bindings run by Mono. Each prints `label<TAB>value` lines, checked
/// here against the documented protocol exchange and against `contentpack serve --stdio`.
@Suite struct CLibraryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// The reply the documented exchange (docs/protocol.md) gives for the first calendar question.
    static let potteryReply = "The pen was running out, but my calendar says: 19:00 Pottery night at The Kiln."

    /// The library `swift test` built beside the binaries.
    static func library() throws -> URL {
        let binary = try #require(ContentPackProcess.executable(named: "contentpack"), "contentpack was not built")
        #if canImport(Darwin)
        let name = "libCoffeeShop.dylib"
        #else
        let name = "libCoffeeShop.so"
        #endif
        let library = binary.deletingLastPathComponent().appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: library.path), "\(name) was not built beside contentpack")
        return library
    }

    /// Samples/C/client.c, compiled with warnings as errors and linked to the library (the built
    /// one, or the one in `libraryDirectory`).
    static func buildClient(in directory: TemporaryDirectory, libraryDirectory: String? = nil) throws -> URL {
        let compiler = try #require(ContentPackProcess.onPath("cc"), "no C compiler (cc) on the PATH")
        let libraryDirectory = try libraryDirectory ?? library().deletingLastPathComponent().path
        let client = directory.url.appendingPathComponent("client")
        let build = try ContentPackProcess.run(program: compiler, [
            "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", root.appendingPathComponent("include").path,
            root.appendingPathComponent("Samples/C/client.c").path, "-L", libraryDirectory, "-lCoffeeShop", "-lpthread",
            "-Wl,-rpath," + libraryDirectory, "-o", client.path,
        ])
        #expect(build.status == 0, "cc failed: \(build.errors)")
        return client
    }

    /// The `label<TAB>value` lines, in order.
    static func labelled(_ output: String) -> [(label: String, value: String)] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    static func values(_ lines: [(label: String, value: String)], _ label: String) -> [String] {
        lines.filter { $0.label == label }.map(\.value)
    }

    /// What `contentpack serve --stdio` answers to one generate request.
    static func served(kind: String, seed: Int, count: Int) throws -> String {
        let request = #"{"id": 1, "method": "generate", "params": {"kind": "\#(kind)", "count": \#(count), "seed": \#(seed)}}"#
        let result = try ContentPackProcess.run(["serve", "--stdio"], input: Data((request + "\n").utf8))
        let response = try GeneratedContent(json: try #require(result.outputLines.first))
        return try #require(response["result"]?["items"]).jsonString
    }

    /// include/coffeeshop.h is written by hand: its functions must be exactly the ones the
    /// library exports, so a function added, renamed or dropped on one side fails here.
    @Test func theHeaderDeclaresExactlyTheExportedFunctions() throws {
        let header = try String(contentsOf: Self.root.appendingPathComponent("include/coffeeshop.h"), encoding: .utf8)
        let declared = Set(header.matches(of: /\b(coffeeshop_[a-z0-9_]+)\(/).map { String($0.output.1) })
        let nm = try #require(ContentPackProcess.onPath("nm"), "no nm on the PATH")
        let symbols = try ContentPackProcess.run(program: nm, ["-D", "--defined-only", try Self.library().path])
        #expect(symbols.status == 0, "nm failed: \(symbols.errors)")
        let exported = Set(symbols.output.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count == 3 && fields[1] == "T" && fields[2].hasPrefix("coffeeshop_") ? String(fields[2]) : nil
        })
        #expect(declared.count >= 14)
        #expect(declared.subtracting(exported).isEmpty, "declared in the header, not exported: \(declared.subtracting(exported).sorted())")
        #expect(exported.subtracting(declared).isEmpty, "exported, not in the header: \(exported.subtracting(declared).sorted())")
    }

    @Test func theCClientUsesEveryFunctionAndAgreesWithTheProtocol() throws {
        let directory = try TemporaryDirectory()
        let client = try Self.buildClient(in: directory)
        let run = try ContentPackProcess.run(program: client, [])
        #expect(run.status == 0, "the client failed: \(run.errors)")
        let lines = Self.labelled(run.output)
        #expect(Self.values(lines, "abi") == ["1"])
        #expect(Self.values(lines, "npc") == [try Self.served(kind: "npc", seed: 7, count: 2)])
        #expect(Self.values(lines, "riddle") == [try Self.served(kind: "riddle", seed: 7, count: 1)])
        #expect(Self.values(lines, "dialog") == [try Self.served(kind: "dialog", seed: 7, count: 1)])
        let dice = try #require(try GeneratedContent(json: Self.values(lines, "dice").first ?? "").elements)
        #expect(dice.count == 5 && dice.allSatisfy { (1...6).contains($0.numberValue ?? 0) })

        let replies = Self.values(lines, "reply")
        #expect(replies.first == Self.potteryReply)
        #expect(replies.dropFirst().first?.contains("10:00, Bulb planting at the community garden") == true, "a JSON tool answer is said by its values")
        #expect(Self.values(lines, "failed tool").first?.hasPrefix("2 ") == true)
        #expect(Self.values(lines, "failed tool").first?.hasSuffix("the calendar is locked") == true)
        #expect(Self.values(lines, "tool") == [24, 28, 27].map { #"getCalendarEvents {"day":\#($0),"month":11,"year":2026}"# })

        let snapshots = Self.values(lines, "snapshot")
        #expect(Self.values(lines, "snapshots") == [String(snapshots.count)])
        #expect(snapshots.count > 2)
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $1.hasPrefix($0) }, "each snapshot extends the one before")
        #expect(snapshots.last == Self.values(lines, "streamed reply").first)
        let stars = try GeneratedContent(json: Self.values(lines, "structured reply").first ?? "")["stars"]?.numberValue
        #expect(stars.map { (1...5).contains($0) } == true)
        let transcript = try GeneratedContent(json: Self.values(lines, "transcript").first ?? "")
        let kinds = (transcript["entries"]?.elements ?? []).compactMap { $0["kind"]?.stringValue }
        let withTool = ["prompt", "toolCalls", "toolOutput", "response"]
        let withoutTool = ["prompt", "response"]
        let expectedKinds: [String] = ["instructions"] + withTool + withTool + withoutTool + withoutTool
        #expect(kinds == expectedKinds, "the failed prompt leaves the transcript as it was")

        let expectedErrors = [
            ("no handler", "2 the tool 'getCalendarEvents' failed: the host gave this session no tool handler"),
            ("unknown kind", "1 unknown kind 'dragon'; kinds: npc, riddle, dialog"),
            ("count 0", #"1 "count" must be an integer from 1 to 10000"#),
            ("malformed schema", "1 schema_json is not JSON: line 1, column 10: expected a JSON value, found end of input"),
            ("bad UTF-8", "1 kind is not UTF-8 text"),
            ("null kind", "1 kind is a null pointer"),
            ("null out", "1 the output pointer is a null pointer"),
            ("null context", "1"),
            ("null session", "1"),
            ("null handles", "6 of 6 calls set the out pointer to NULL"),
            ("bad tools", #"1 tools[0] needs a "name" (a non-empty string) and a "description" (a string)"#),
            ("bad content", "1 content directory: /nonexistent/content: cannot be read: no such directory"),
        ]
        for (label, message) in expectedErrors {
            #expect(Self.values(lines, label) == [message], "\(label)")
        }
        #expect(Self.values(lines, "unsatisfiable schema").first?.hasPrefix("1 the schema is refused: ") == true)
        #expect(Self.values(lines, "bad model").first?.hasPrefix("1 model 'gopher://example': unknown model") == true)
        #expect(Self.values(lines, "own contexts") == ["4 threads, identical"])
        #expect(Self.values(lines, "one context") == ["4 threads, identical"])
    }

    /// The first ```fence block after `marker` in docs/engines.md.
    static func enginesGuideBlock(_ fence: String, after marker: String) throws -> String {
        let guide = try String(contentsOf: root.appendingPathComponent("docs/engines.md"), encoding: .utf8)
        let start = try #require(guide.range(of: marker))
        let open = try #require(guide.range(of: "```\(fence)\n", range: start.upperBound..<guide.endIndex))
        let close = try #require(guide.range(of: "\n```", range: open.upperBound..<guide.endIndex))
        return String(guide[open.upperBound..<close.lowerBound])
    }

    /// The guide's `game.c`, built by one of its `cc` lines as written but for `folder`, which
    /// becomes this test's `path`: the source and `-o game` go to `directory`, `include` is the
    /// repository's, and the shell's quotes around `$ORIGIN` are taken off. Returns the program.
    static func buildGuideProgram(ccLine: String, in directory: TemporaryDirectory, folder: String, as path: String) throws -> URL {
        _ = try directory.write(try enginesGuideBlock("c", after: "`game.c`:"), to: "game.c")
        let arguments = ccLine.split(separator: " ").dropFirst().map { word -> String in
            switch word {
            case "include": return root.appendingPathComponent("include").path
            case "game.c", "game": return directory.url.appendingPathComponent(String(word)).path
            default: return word.replacingOccurrences(of: folder, with: path).replacingOccurrences(of: "'", with: "")
            }
        }
        let output = try #require(arguments.firstIndex(of: "-o").map { arguments[$0 + 1] }, "the cc line names no output")
        let compiler = try #require(ContentPackProcess.onPath("cc"), "no C compiler (cc) on the PATH")
        let build = try ContentPackProcess.run(program: compiler, arguments)
        try #require(build.status == 0, "cc failed: \(build.errors)")
        return URL(fileURLWithPath: output)
    }

    /// docs/engines.md's program and its `cc` line, as written — only the library's folder is the
    /// one this build wrote — give a `./game` that starts without `LD_LIBRARY_PATH` and prints
    /// the NPCs and the tool-using reply.
    @Test func theEnginesGuidesProgramBuildsAndRunsAsWritten() throws {
        let commands = try Self.enginesGuideBlock("sh", after: "# Embedding in engines").split(separator: "\n").map(String.init)
        #expect(commands.contains("./game"))
        let directory = try TemporaryDirectory()
        let libraryFolder = try Self.library().deletingLastPathComponent().path
        let program = try Self.buildGuideProgram(ccLine: try #require(commands.first { $0.hasPrefix("cc ") }), in: directory,
                                                 folder: ".build/release", as: libraryFolder)
        let game = try ContentPackProcess.run(program: program, [], environment: ["LD_LIBRARY_PATH": ""])
        #expect(game.status == 0, "\(game.errors)")
        #expect(game.outputLines == [try Self.served(kind: "npc", seed: 7, count: 2), Self.potteryReply])
    }

    /// What docs/engines.md says a game ships: `scripts/bundle-library.sh` puts the library and
    /// the Swift runtime it loads in one folder, stripped; the guide's program linked there with
    /// `-Wl,-rpath,$ORIGIN` runs with the toolchain's runtime hidden (a tmpfs over it in a mount
    /// namespace of its own), so nothing outside the folder but the system's libraries is needed.
    @Test(.enabled(if: Prerequisite.ready(.mountNamespace), Comment(rawValue: Prerequisite.reason(.mountNamespace))))
    func theBundledLibraryRunsWithoutTheToolchain() throws {
        let directory = try TemporaryDirectory()
        let bundle = directory.url.appendingPathComponent("game")
        let bundling = try ContentPackProcess.run(program: Self.root.appendingPathComponent("scripts/bundle-library.sh"),
                                                  [try Self.library().path, bundle.path])
        try #require(bundling.status == 0, "\(bundling.errors)")
        #expect(bundling.outputLines.last?.hasSuffix("total") == true)
        let shipping = try Self.enginesGuideBlock("sh", after: "**Shipping the library with a game.**").split(separator: "\n")
        let game = try Self.buildGuideProgram(ccLine: String(try #require(shipping.first { $0.hasPrefix("cc ") })), in: directory,
                                              folder: "game/lib", as: bundle.path).path
        let swift = try #require(ContentPackProcess.onPath("swift")).resolvingSymlinksInPath()
        let runtime = swift.deletingLastPathComponent().appendingPathComponent("../lib/swift/linux").standardizedFileURL.path
        let hidden = try ContentPackProcess.run(program: try #require(ContentPackProcess.onPath("unshare")),
                                                ["-m", "sh", "-c", "mount -t tmpfs none \"$1\" && exec \"$2\"", "sh", runtime, game],
                                                environment: ["LD_LIBRARY_PATH": ""])
        #expect(hidden.status == 0, "\(hidden.errors)")
        #expect(hidden.outputLines == [try Self.served(kind: "npc", seed: 7, count: 2), Self.potteryReply])
    }

    /// The client's `repeat` — every kind, schemas with and without patterns, sessions with and
    /// without a tool — under Memcheck with its default options and our suppressions (which
    /// must match at its default 12 frames): nothing definitely or indirectly lost, and what the
    /// suppressions hide the same after 700 calls as after 7,000, so nothing is lost per call.
    @Test(.enabled(if: Prerequisite.ready(.valgrind), Comment(rawValue: Prerequisite.reason(.valgrind))))
    func repeatedCallsLeakNothing() throws {
        // Valgrind 3.19 cannot read the DWARF 5 of a release build: the client links a copy
        // without debug information, whose symbol table the suppressions still match.
        let directory = try TemporaryDirectory()
        let copy = directory.url.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let library = copy.appendingPathComponent(try Self.library().lastPathComponent)
        try FileManager.default.copyItem(at: try Self.library(), to: library)
        let strip = try ContentPackProcess.run(program: try #require(ContentPackProcess.onPath("strip")), ["--strip-debug", library.path])
        try #require(strip.status == 0, "\(strip.errors)")
        let client = try Self.buildClient(in: directory, libraryDirectory: copy.path)
        let valgrind = try #require(ContentPackProcess.onPath("valgrind"))
        func suppressed(after calls: Int) throws -> String? {
            let run = try ContentPackProcess.run(program: valgrind, [
                "--leak-check=full", "--suppressions=" + Self.root.appendingPathComponent("Samples/C/valgrind.supp").path,
                client.path, "repeat", String(calls),
            ])
            #expect(run.status == 0, "the client failed under valgrind: \(run.errors.suffix(2000))")
            #expect(run.output.contains("repeat\t\(calls) of \(calls) calls succeeded"))
            #expect(run.errors.contains("definitely lost: 0 bytes in 0 blocks") && run.errors.contains("indirectly lost: 0 bytes in 0 blocks"),
                    "valgrind found leaks after \(calls) calls: \(run.errors.suffix(3000))")
            return run.errors.split(separator: "\n").first { $0.contains("suppressed:") && $0.contains("blocks") }
                .map { String($0[$0.range(of: "suppressed:")!.lowerBound...]) }
        }
        let few = try suppressed(after: 700), many = try suppressed(after: 7_000)
        #expect(few != nil && few == many, "what the suppressions hide grew with the calls: \(few ?? "-") then \(many ?? "-")")
    }

    /// The seeded fuzz suite's C API surface (`CFuzz/capi_fuzz.c`): every function called with
    /// damaged kinds, schemas, tool lists, instructions, prompts and tool answers and odd counts,
    /// the contract checked after each call — a documented status, the out pointer set on
    /// success and NULL on failure with a message, a tool's second answer refused. A crash
    /// fails the run.
    @Test(arguments: [1, 2])
    func theContractHoldsForDamagedInputs(seed: Int) throws {
        let compiler = try #require(ContentPackProcess.onPath("cc"), "no C compiler (cc) on the PATH")
        let directory = try TemporaryDirectory()
        let libraryDirectory = try Self.library().deletingLastPathComponent().path
        let harness = directory.url.appendingPathComponent("capi_fuzz")
        let build = try ContentPackProcess.run(program: compiler, [
            "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", Self.root.appendingPathComponent("include").path,
            Self.root.appendingPathComponent("Tests/ContentPackTests/CFuzz/capi_fuzz.c").path, "-L", libraryDirectory, "-lCoffeeShop",
            "-Wl,-rpath," + libraryDirectory, "-o", harness.path,
        ])
        try #require(build.status == 0, "cc failed: \(build.errors)")
        let calls = TestTier.cases(fast: 1_000, full: 10_000)
        let run = try ContentPackProcess.run(program: harness, [String(calls), String(seed)])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        #expect(run.outputLines.count == 1 && run.outputLines[0].hasPrefix("fuzz\t\(calls) calls: ok ")
                && run.outputLines[0].hasSuffix("; contract breaches 0"), "\(run.output)")
    }

    @Test func thePythonBindingsRunTheExample() throws {
        let python = try #require(ContentPackProcess.onPath("python3"), "no python3 on the PATH")
        let run = try ContentPackProcess.run(program: python, [Self.root.appendingPathComponent("Samples/Python/example.py").path],
                                             environment: ["COFFEESHOP_LIBRARY": try Self.library().path, "PYTHONDONTWRITEBYTECODE": "1"])
        #expect(run.status == 0, "example.py failed: \(run.errors)")
        let lines = Self.labelled(run.output)
        #expect(Self.values(lines, "riddle") == [try Self.served(kind: "riddle", seed: 7, count: 1)])
        #expect(Self.values(lines, "reply").first == GeneratedContent(Self.potteryReply).jsonString)
        #expect(Self.values(lines, "failed tool") == [#"[true,"the tool 'getCalendarEvents' failed: RuntimeError: the calendar is locked"]"#])
        let snapshots = try #require(try GeneratedContent(json: Self.values(lines, "snapshots").first ?? "").elements)
        #expect(snapshots.last?.jsonString == Self.values(lines, "streamed reply").first)
        #expect(Self.values(lines, "tool arguments") == [#"[{"day":24,"month":11,"year":2026},{"day":28,"month":11,"year":2026},{"day":27,"month":11,"year":2026}]"#])
        #expect(Self.values(lines, "unknown kind") == [#"[true,"unknown kind 'dragon'; kinds: npc, riddle, dialog"]"#])
        #expect(Self.values(lines, "bad model").first?.hasPrefix("[true,") == true)
        let persona = try #require(Self.values(lines, "persona").first, "a session with another persona answered")
        #expect(persona.contains("Mira") && !persona.contains("Juno"), "the persona its instructions describe: \(persona)")
    }

    /// A context on a GGUF model file, through the Python bindings: a structured value decoded in
    /// process under the schema.
    @Test(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))))
    func aContextOnAModelFile() throws {
        let python = try #require(ContentPackProcess.onPath("python3"))
        let script = """
            import json, os, sys
            sys.path.insert(0, sys.argv[1])
            from coffeeshop import Context
            with Context(model=os.environ["COFFEESHOP_MODEL"]) as shop:
                print(json.dumps(shop.generate_schema({"type": "object", "properties": {"mood": {"enum": ["calm", "busy"]},
                      "cups": {"type": "integer", "minimum": 1, "maximum": 9}}, "required": ["mood", "cups"]}, seed=4, count=2)))
            """
        let run = try ContentPackProcess.run(program: python, ["-c", script, Self.root.appendingPathComponent("Samples/Python").path],
                                             environment: ["COFFEESHOP_LIBRARY": try Self.library().path, "PYTHONDONTWRITEBYTECODE": "1"])
        #expect(run.status == 0, "\(run.errors)")
        let values = try #require(try GeneratedContent(json: run.output).elements)
        #expect(values.count == 2)
        for value in values {
            #expect(["calm", "busy"].contains(value["mood"]?.stringValue ?? ""))
            #expect((1...9).contains(value["cups"]?.numberValue ?? 0))
        }
    }

    @Test(.enabled(if: Prerequisite.ready(.mono), Comment(rawValue: Prerequisite.reason(.mono))))
    func theCSharpBindingsRunUnderMono() throws {
        let directory = try TemporaryDirectory()
        let compiler = try #require(ContentPackProcess.onPath("mcs"))
        let example = directory.url.appendingPathComponent("example.exe")
        let build = try ContentPackProcess.run(program: compiler, [
            "-warnaserror", "-out:" + example.path,
            Self.root.appendingPathComponent("Samples/Unity/CoffeeShop.cs").path, Self.root.appendingPathComponent("Samples/Unity/Example.cs").path,
        ])
        #expect(build.status == 0, "mcs failed: \(build.output) \(build.errors)")
        let mono = try #require(ContentPackProcess.onPath("mono"))
        // MONO_CRASH_NOFILE: on a native crash Mono still prints its stack traces to stderr (shown
        // below), but writes no mono_crash.*.json into the working directory, the package root.
        let run = try ContentPackProcess.run(program: mono, [example.path],
                                             environment: ["LD_LIBRARY_PATH": try Self.library().deletingLastPathComponent().path,
                                                           "MONO_CRASH_NOFILE": "1"])
        #expect(run.status == 0, "the example failed under Mono: \(run.errors)")
        let lines = Self.labelled(run.output)
        #expect(Self.values(lines, "riddle") == [try Self.served(kind: "riddle", seed: 7, count: 1)])
        #expect(Self.values(lines, "reply").first == Self.potteryReply)
        #expect(Self.values(lines, "failed tool") == ["2 the tool 'getCalendarEvents' failed: the calendar is locked"])
        #expect(Self.values(lines, "snapshots").first?.hasSuffix(" ending in the reply") == true)
        #expect(Self.values(lines, "tool arguments") == [[24, 28, 27].map { #"{"day":\#($0),"month":11,"year":2026}"# }.joined(separator: " ")])
        #expect(Self.values(lines, "unknown kind") == ["1 unknown kind 'dragon'; kinds: npc, riddle, dialog"])
        #expect(Self.values(lines, "bad model").first?.hasPrefix("1 model 'gopher://example'") == true)
    }
}
