import ContentPacks
import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit
import TestSupport
import Testing

/// End-to-end: `contentpack export` and `contentpack schema` through the built binary.
@Suite struct ExportCommandTests {
    static func export(_ arguments: [String]) throws -> ContentPackResult {
        try ContentPackProcess.run(["export"] + arguments)
    }

    static func schema(_ kind: String) throws -> GenerationSchema {
        let printed = try ContentPackProcess.run(["schema", kind])
        #expect(printed.status == 0)
        return try GenerationSchema(jsonSchema: try GeneratedContent(json: printed.output))
    }

    @Test(arguments: ["npc", "riddle", "dialog"])
    func jsonLinesAndJSONFollowTheKindsSchema(kind: String) throws {
        let schema = try Self.schema(kind)
        let lines = try Self.export(["--kind", kind, "--count", "60", "--seed", "3"])
        #expect(lines.status == 0, "\(lines.errors)")
        #expect(lines.outputLines.count == 60)
        for line in lines.outputLines { #expect(schema.isValid(try GeneratedContent(json: line)), "\(line)") }
        let document = try Self.export(["--kind", kind, "--count", "60", "--seed", "3", "--format", "json"])
        let items = try #require(try GeneratedContent(json: document.output).elements)
        #expect(items.map(\.jsonString) == lines.outputLines)
    }

    @Test func theSameSeedGivesTheSameBytesForAnyJobsAndOnlyKIsLineK() throws {
        let count = TestTier.cases(fast: 300, full: 1_500)
        let one = try Self.export(["--kind", "npc", "--count", String(count), "--seed", "9", "--jobs", "1"])
        let two = try Self.export(["--kind", "npc", "--count", String(count), "--seed", "9", "--jobs", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == two.stdout)
        for k in [0, 7, count - 1] {
            let only = try Self.export(["--kind", "npc", "--count", String(count), "--seed", "9", "--only", String(k)])
            #expect(only.outputLines == [one.outputLines[k]])
        }
        let other = try Self.export(["--kind", "npc", "--count", "5", "--seed", "10"])
        #expect(other.outputLines != Array(one.outputLines.prefix(5)))
    }

    @Test func uniqueRejectsRepeatsWhateverTheJobs() throws {
        let plain = try Self.export(["--kind", "riddle", "--count", "40", "--seed", "1"])
        let questions = try plain.outputLines.map { try GeneratedContent(json: $0).value(String.self, forProperty: "question") }
        #expect(Set(questions).count < questions.count, "the fixture needs repeats to reject")
        let unique = try Self.export(["--kind", "riddle", "--count", "40", "--seed", "1", "--unique", "question", "--jobs", "2"])
        let uniqueOne = try Self.export(["--kind", "riddle", "--count", "40", "--seed", "1", "--unique", "question"])
        #expect(unique.stdout == uniqueOne.stdout)
        let kept = try unique.outputLines.map { try GeneratedContent(json: $0).value(String.self, forProperty: "question") }
        #expect(kept.count == 40 && Set(kept.map { $0.lowercased() }).count == 40)
        let only = try Self.export(["--kind", "riddle", "--count", "40", "--seed", "1", "--unique", "question", "--only", "39"])
        #expect(only.outputLines == [unique.outputLines[39]])
        let impossible = try Self.export(["--kind", "riddle", "--count", "500", "--unique", "answers.0.isCorrect"])
        #expect(impossible.status == 1)
        #expect(impossible.errors.contains("distinct 'answers.0.isCorrect'"))
    }

    @Test func csvQuotesAndRoundTrips() throws {
        let csv = try Self.export(["--kind", "npc", "--count", "200", "--seed", "4", "--format", "csv"])
        let lines = try Self.export(["--kind", "npc", "--count", "200", "--seed", "4"])
        #expect(csv.output.hasSuffix("\r\n"))
        let rows = Self.parseCSV(csv.output)
        let header = try #require(rows.first)
        #expect(header.starts(with: ["id", "generation", "name", "order.size"]))
        #expect(rows.count == 201)
        #expect(rows.dropFirst().map(\.[0]) == (0..<200).map { "npc_4_\($0)" }, "each item's stable id")
        for (row, line) in zip(rows.dropFirst(), lines.outputLines) {
            let item = try GeneratedContent(json: line)
            let fields = Dictionary(uniqueKeysWithValues: zip(header, row))
            #expect(fields["name"] == (try item.value(String.self, forProperty: "name")))
            #expect(fields["level"] == (try item.value(Int.self, forProperty: "level")).description)
            #expect(row.count == header.count)
            if let complaint = item["encounter"]?["complaint"]?.stringValue { #expect(fields["encounter.complaint"] == complaint) }
        }
        #expect(csv.output.contains("\""), "some field needed quoting")
    }

    /// The header follows the schema, not the item that showed an optional column first: packs
    /// made with other seeds put the columns they share in the same order.
    @Test func csvHeadersFollowTheSchemaWhateverTheSeed() throws {
        let headers = try (1...6).map { seed in
            try #require(Self.parseCSV(try Self.export(["--kind", "npc", "--count", "3", "--seed", String(seed), "--format", "csv"]).output).first)
        }
        let declared = ["id", "generation", "name", "order.size", "order.temperature", "order.drink", "order.milk", "order.syrup", "order.extras.0",
                        "level", "attributes.0", "encounter.kind"]
        for header in headers {
            let positions = declared.compactMap { header.firstIndex(of: $0) }
            #expect(positions == positions.sorted(), "\(header)")
            for other in headers {
                let shared = header.filter(other.contains)
                #expect(shared == other.filter(header.contains), "\(header) vs \(other)")
            }
        }
    }

    @Test func aPackDirectoryHasItsFilesAndAManifest() throws {
        let folder = try TemporaryDirectory()
        let pack = folder.url.appendingPathComponent("pack").path + "/"
        let result = try Self.export(["--kind", "all", "--count", "25", "--seed", "5", "--out", pack])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errorLines == ["contentpack: wrote 25 npc items to \(pack)npc.jsonl", "contentpack: wrote 25 riddle items to \(pack)riddle.jsonl",
                                      "contentpack: wrote 25 dialog items to \(pack)dialog.jsonl"])
        let manifest = try GeneratedContent(json: try String(contentsOfFile: pack + "manifest.json", encoding: .utf8))
        #expect(try manifest.value(Int.self, forProperty: "formatVersion") == 1)
        #expect(try manifest.value(String.self, forProperty: "seed") == "5")
        #expect(manifest["kinds"]?["npc"]?["count"] == GeneratedContent(25))
        #expect(manifest["kinds"]?["riddle"]?["schema"] == (try Self.schema("riddle")).jsonSchema)
        let digests = try #require(manifest["contentSHA256"])
        #expect(digests.orderedKeys.contains { $0.hasSuffix("menu.json") })
        #expect(digests.orderedKeys.allSatisfy { (digests[$0]?.stringValue?.count ?? 0) == 64 })
        let files = try FileManager.default.contentsOfDirectory(atPath: pack)
        #expect(Set(files) == ["manifest.json", "audit.json", "npc.jsonl", "riddle.jsonl", "dialog.jsonl"], "no partial files are left")

        // The audit: every kind's count, draws per grammar alternative, repeated lines; the same for any --jobs.
        let audit = try GeneratedContent(json: try String(contentsOfFile: pack + "audit.json", encoding: .utf8))
        #expect(audit["items"] == (try GeneratedContent(json: #"{"npc": 25, "riddle": 25, "dialog": 25}"#)))
        let rules = try #require(audit["rules"])
        #expect(!rules.orderedKeys.isEmpty)
        for symbol in rules.orderedKeys {
            let counts = rules[symbol]?["alternatives"]?.orderedKeys.compactMap { rules[symbol]?["alternatives"]?[$0]?.numberValue } ?? []
            #expect(rules[symbol]?["draws"]?.numberValue == counts.reduce(0, +), "\(symbol)")
        }
        let repeated = try #require(audit["lines"]?["mostRepeated"]?.elements)
        #expect(repeated.allSatisfy { ($0["count"]?.numberValue ?? 0) >= 2 })
        // A new directory named without its trailing slash.
        let otherDirectory = folder.url.appendingPathComponent("other").path
        let other = otherDirectory + "/"
        #expect(try Self.export(["--kind", "all", "--count", "25", "--seed", "5", "--out", otherDirectory, "--jobs", "2", "--quiet"]).status == 0)
        let file = folder.url.appendingPathComponent("a-file").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("mine".utf8)))
        let refused = try Self.export(["--kind", "all", "--count", "2", "--out", file])
        #expect(refused.status == 2 && refused.errors.contains("not the file"))
        #expect(FileManager.default.contents(atPath: file) == Data("mine".utf8))
        #expect(FileManager.default.contents(atPath: other + "audit.json") == FileManager.default.contents(atPath: pack + "audit.json"))
        #expect(FileManager.default.contents(atPath: other + "npc.jsonl") == FileManager.default.contents(atPath: pack + "npc.jsonl"))
    }

    /// An export killed half-way, then finished with --resume, equals an uninterrupted one. The
    /// killed state is made by hand — the first 600,000 bytes of the full export, cut inside a
    /// line, under the temporary name — so the test does not race the export's speed.
    @Test func resumeFinishesAKilledExportWithoutGapsOrRepeats() throws {
        let folder = try TemporaryDirectory()
        let full = folder.url.appendingPathComponent("full.jsonl").path
        let resumed = folder.url.appendingPathComponent("resumed.jsonl").path
        // Past the first 64 KB block, whatever the tier.
        let count = TestTier.cases(fast: 2_000, full: 10_000), cutAt = TestTier.cases(fast: 100_000, full: 600_000)
        let arguments = ["export", "--kind", "npc", "--count", String(count), "--seed", "12", "--quiet"]
        #expect(try ContentPackProcess.run(arguments + ["--out", full]).status == 0)
        let whole = try #require(FileManager.default.contents(atPath: full))
        #expect(whole.count > cutAt)
        let partial = folder.url.appendingPathComponent(".resumed.jsonl.partial").path
        let cut = whole.prefix(cutAt)
        #expect(cut.last != UInt8(ascii: "\n"), "the cut falls inside a line")
        #expect(FileManager.default.createFile(atPath: partial, contents: cut))

        let finish = try ContentPackProcess.run(arguments + ["--out", resumed, "--resume"])
        #expect(finish.status == 0, "\(finish.errors)")
        #expect(FileManager.default.contents(atPath: resumed) == whole)
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    /// A killed export leaves nothing under the real name, and what it left under the temporary
    /// name is whole lines of the same export (and one cut short). The export is far too large
    /// to finish before it is killed, on any machine.
    @Test func aKilledExportLeavesOnlyItsTemporaryFile() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("huge.jsonl").path
        let binary = try #require(ContentPackProcess.executable(named: "contentpack"))
        let process = Process()
        process.executableURL = binary
        process.arguments = ["export", "--kind", "npc", "--count", "50000000", "--seed", "12", "--quiet", "--out", target]
        try process.run()
        let partial = folder.url.appendingPathComponent(".huge.jsonl.partial").path
        // Written in 64 KB blocks, so the last line on disk is usually cut short.
        while process.isRunning, (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0 < 600_000 {
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: target), "a killed export leaves no file under the real name")
        let left = try String(contentsOfFile: partial, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let first = try ContentPackProcess.run(["export", "--kind", "npc", "--count", String(left.count), "--seed", "12", "--quiet"])
        #expect(!left.isEmpty && first.outputLines == left, "the temporary file holds the export's first lines, in order")
        let journalText = try String(contentsOfFile: partial + ".journal", encoding: .utf8)
        let journal = try #require(PackJournal(text: journalText), "the journal beside it is whole: \(journalText)")
        var recorded = PackJournal()
        for line in left.prefix(journal.lines) { recorded.add(line: Array(line.utf8)) }
        #expect(journal.lines > 0 && journal.lines <= left.count && journal == recorded, "the journal records the lines on disk")
    }

    /// Dialog trees as the JSON the scripts are made from.
    static func trees(count: Int, seed: Int) throws -> [GeneratedContent] {
        try export(["--kind", "dialog", "--count", String(count), "--seed", String(seed)]).outputLines.map { try GeneratedContent(json: $0) }
    }

    @Test func yarnScriptsHaveTitledNodesOptionsAndJumpsToNodesThatExist() throws {
        let yarn = try Self.export(["--kind", "dialog", "--count", "12", "--seed", "8", "--format", "yarn"])
        #expect(yarn.status == 0)
        #expect(try yarn.stdout == Self.export(["--kind", "dialog", "--count", "12", "--seed", "8", "--format", "yarn", "--jobs", "2"]).stdout)
        var titles: [String] = [], jumps: [String] = [], lineIDs: [String] = []
        var inBody = false, afterOption = false
        for line in yarn.outputLines {
            if !inBody {
                if line.hasPrefix("title: ") {
                    let title = String(line.dropFirst(7))
                    #expect(title.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/) != nil, "\(title)")
                    titles.append(title)
                } else {
                    #expect(line == "---", "a header line or the body marker, not '\(line)'")
                    inBody = line == "---"
                }
                continue
            }
            if line == "===" { inBody = false; afterOption = false; continue }
            if afterOption {
                let match = line.wholeMatch(of: /\ {4}<<jump ([A-Za-z][A-Za-z0-9_]*)>>/)
                let jump = try #require(match, "an option's body is an indented jump, not '\(line)'")
                jumps.append(String(jump.1))
                afterOption = false
                continue
            }
            let found = line.firstMatch(of: /\ #line:([0-9a-f]{16})$/)
            let id = try #require(found, "every line has a #line: id: '\(line)'")
            lineIDs.append(String(id.1))
            if line.hasPrefix("-> ") { afterOption = true } else { #expect(line.wholeMatch(of: /^(Juno|Player): .+ #line:[0-9a-f]{16}$/) != nil, "\(line)") }
        }
        #expect(!inBody, "the last node is closed with ===")
        #expect(titles.count == Set(titles).count && titles.count >= 12 * 5)
        #expect(Set(jumps).isSubset(of: Set(titles)))
        #expect(lineIDs.count == Set(lineIDs).count)
        // Every tree's nodes are reachable from its start: the jumps cover all but the starts.
        #expect(Set(titles).subtracting(jumps).allSatisfy { $0.hasSuffix("_Start") })
        // Another seed: no title and no line id in common, so the two packs can share a project.
        let other = try Self.export(["--kind", "dialog", "--count", "12", "--seed", "9", "--format", "yarn"]).outputLines
        let otherIDs = other.compactMap { $0.firstMatch(of: /\ #line:([0-9a-f]{16})$/).map { String($0.1) } }
        let otherTitles = other.filter { $0.hasPrefix("title: ") }.map { String($0.dropFirst(7)) }
        #expect(otherIDs.count == lineIDs.count && Set(otherIDs).isDisjoint(with: lineIDs))
        #expect(Set(otherTitles).isDisjoint(with: titles) && titles.allSatisfy { $0.hasPrefix("Juno_8_") })
    }

    @Test func inkScriptsHaveKnotsChoicesAndDivertsToKnotsThatExist() throws {
        let ink = try Self.export(["--kind", "dialog", "--count", "12", "--seed", "8", "--format", "ink"])
        #expect(ink.status == 0)
        let lines = ink.outputLines
        let first = lines.first?.wholeMatch(of: /-> ([A-Za-z][A-Za-z0-9_]*)/)
        let start = try #require(first, "the story starts with a divert")
        var knots: [String] = [], diverts = [String(start.1)], ends = 0, topics = 0, leaves = 0
        for line in lines.dropFirst() where !line.isEmpty {
            if let knot = line.wholeMatch(of: /^=== ([A-Za-z][A-Za-z0-9_]*) ===$/) {
                knots.append(String(knot.1))
            } else if let choice = line.wholeMatch(of: /^\+ (\{not ([A-Za-z][A-Za-z0-9_]*)\} )?\[(.+)\] -> ([A-Za-z][A-Za-z0-9_]*)$/) {
                diverts.append(String(choice.4))
                if let condition = choice.2 {
                    #expect(condition == choice.4, "a topic is offered while its own knot is unread: '\(line)'")
                    topics += 1
                } else {
                    leaves += 1
                }
            } else if line == "-> END" {
                ends += 1
            } else {
                #expect(line.wholeMatch(of: /^(Juno|Player): .+ #speaker:\1$/) != nil, "a line of dialogue with its speaker's tag, not '\(line)'")
            }
        }
        #expect(knots.count == Set(knots).count)
        #expect(Set(diverts).isSubset(of: Set(knots)))
        #expect(ends == 12 && topics > 0 && leaves > 0)
    }

    @Test func godotTranslationTablesHaveTheHeaderUniqueKeysAndEveryLine() throws {
        let table = try Self.export(["--kind", "dialog", "--count", "6", "--seed", "2", "--format", "godot-csv"])
        #expect(table.status == 0)
        #expect(table.stdout.first != 0xEF, "no byte order mark")
        let rows = Self.parseCSV(table.output)
        #expect(rows.first == ["keys", "en"])
        let keys = rows.dropFirst().map(\.[0])
        #expect(keys.count == Set(keys).count && rows.dropFirst().allSatisfy { $0.count == 2 })
        #expect(keys.allSatisfy { $0.wholeMatch(of: /[A-Z][A-Z0-9_]*_[0-9]+_[0-9A-F]{16}/) != nil }, "\(keys.prefix(3))")
        // Another seed: no key in common, so an old translation never attaches to a new line.
        let other = try Self.export(["--kind", "dialog", "--count", "6", "--seed", "3", "--format", "godot-csv"])
        #expect(Set(Self.parseCSV(other.output).dropFirst().map(\.[0])).isDisjoint(with: keys))
        let texts = Set(rows.dropFirst().map(\.[1]))
        for tree in try Self.trees(count: 6, seed: 2) {
            for node in tree["nodes"]?.elements ?? [] {
                for line in node["lines"]?.elements ?? [] { #expect(texts.contains(line["text"]?.stringValue ?? "?")) }
            }
        }
    }

    @Test func badExportRequestsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--kind", "dragon"], "unknown kind 'dragon'"), (["--kind", "npc", "--format", "xml"], "unknown format 'xml'"),
            (["--kind", "all"], "give --out a directory"), (["--kind", "npc", "--count", "3", "--only", "3"], "--only 3 is past the last item"),
            (["--count", "3"], "missing required option '--kind'"), (["--kind", "npc", "--jobs", "0"], "'--jobs' must be a positive integer"),
            (["--kind", "npc", "--quiet=yes"], "'--quiet' takes no value"),
            (["--kind", "npc", "--resume"], "--resume continues a JSON Lines export to a file"),
            (["--kind", "npc", "--format", "yarn"], "the yarn format holds dialog trees; use --kind dialog"),
            (["--kind", "npc", "--format", "csv", "--out", "x.csv", "--resume"], "--resume continues a JSON Lines export"),
        ]
        for (arguments, message) in cases {
            let result = try Self.export(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(result.errors)")
        }
        let unknown = try ContentPackProcess.run(["schema", "dragon"])
        #expect(unknown.status == 2 && unknown.errors.contains("unknown kind 'dragon'"))
    }

    /// RFC 4180 fields, quoted fields with doubled quotes and line breaks inside.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { inQuotes = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(field)
                field = ""
                rows.append(row)
                row = []
            } else {
                field.append(character)
            }
        }
        return rows
    }
}
