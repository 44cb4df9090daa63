import ContentPacks
import Foundation
import NPCKit
import Testing

/// End-to-end: `--resume` checks an interrupted export's lines against the journal it kept
/// beside its temporary file, so lines changed after it stopped — anywhere, not only at the
/// ends — are refused, and a file the journal cannot vouch for is checked line by line.
@Suite struct ResumeJournalTests {
    let folder: TemporaryDirectory
    let arguments = ["export", "--quiet", "--kind", "npc", "--count", "10", "--seed", "4"]

    init() throws {
        folder = try TemporaryDirectory()
    }

    var target: String { folder.url.appendingPathComponent("out.jsonl").path }
    var partial: String { folder.url.appendingPathComponent(".out.jsonl.partial").path }
    var journalFile: String { folder.url.appendingPathComponent(".out.jsonl.partial.journal").path }

    /// The export's ten lines, made whole.
    func made(seed: String = "4") throws -> [String] {
        let lines = try ContentPackProcess.run(["export", "--quiet", "--kind", "npc", "--count", "10", "--seed", seed]).outputLines
        try #require(lines.count == 10)
        return lines
    }

    /// Leaves `lines` as the temporary file and, when given, a journal of `recorded` as the
    /// export would have kept it.
    func interrupted(_ lines: [String], journalOf recorded: [String]?) throws {
        #expect(FileManager.default.createFile(atPath: partial, contents: Data((lines.joined(separator: "\n") + "\n").utf8)))
        guard let recorded else { return }
        var journal = PackJournal()
        journal.absorb(Array((recorded.joined(separator: "\n") + "\n").utf8))
        #expect(FileManager.default.createFile(atPath: journalFile, contents: Data(journal.text.utf8)))
    }

    @Test func aFileAsTheJournalRecordsItIsFinishedAndItsJournalRemoved() throws {
        let whole = try made()
        try interrupted(Array(whole.prefix(6)), journalOf: Array(whole.prefix(6)))
        let finish = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
        #expect(finish.status == 0, "\(finish.errors)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == whole.joined(separator: "\n") + "\n")
        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect(!FileManager.default.fileExists(atPath: journalFile))
    }

    /// After a gap (an item left out), the journal records no more lines: a resume keeps the
    /// lines before it, drops the rest of the file and makes them again.
    @Test func linesAfterAGapAreMadeAgain() throws {
        let whole = try made()
        var journal = PackJournal()
        journal.absorb(Array((whole.prefix(4).joined(separator: "\n") + "\n").utf8))
        journal.markGap()
        journal.absorb(Array((whole[4] + "\n").utf8))
        #expect(journal.lines == 4 && journal.hasGap, "nothing is recorded after a gap")
        #expect(PackJournal(text: journal.text) == journal, "the gap is kept in the file")
        #expect(PackJournal(text: journal.text)?.withoutGap == PackJournal(text: journal.withoutGap.text))
        // The file goes on past the gap with lines that are not at their items' indices.
        #expect(FileManager.default.createFile(atPath: partial, contents: Data((Array(whole.prefix(4)) + [whole[6], whole[7]]).map { $0 + "\n" }.joined().utf8)))
        #expect(FileManager.default.createFile(atPath: journalFile, contents: Data(journal.text.utf8)))
        let finish = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
        #expect(finish.status == 0, "\(finish.errors)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == whole.joined(separator: "\n") + "\n")
    }

    @Test func linesChangedInTheMiddleAreRefusedAndLeftAsTheyWere() throws {
        let whole = try made(), other = try made(seed: "9")
        let first = Array(whole.prefix(6))
        var swapped = first
        swapped.swapAt(2, 3)
        var repeated = first
        repeated[4] = first[3]
        var reformatted = first
        reformatted[2] = first[2].replacingOccurrences(of: "\":", with: "\": ")
        var replaced = first
        replaced[3] = other[3]
        for (name, lines) in [("swapped", swapped), ("repeated", repeated), ("reformatted", reformatted), ("another seed's", replaced)] {
            try interrupted(lines, journalOf: first)
            let before = FileManager.default.contents(atPath: partial)
            let result = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
            #expect(result.status == 1, "\(name)")
            #expect(result.errorLines == ["contentpack: error: cannot resume \(target) from \(partial): its first 6 lines are not the ones the export wrote"
                                          + " (changed since it stopped) — remove \(partial) or export with the options it was made with"], "\(name)")
            #expect(FileManager.default.contents(atPath: partial) == before, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: target), "\(name)")
        }
    }

    /// Lines past the journal (written after it was last saved) are made again; so is every
    /// line when the journal is missing, damaged or longer than the file.
    @Test func linesNoJournalVouchesForAreMadeAgain() throws {
        let whole = try made(), other = try made(seed: "9")
        var tail = Array(whole.prefix(7))
        tail[6] = other[6]
        try interrupted(tail, journalOf: Array(whole.prefix(4)))
        var result = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
        #expect(result.errorLines.first?.contains("line 7 is not what seed 4 makes for item 6") == true, "\(result.errors)")

        var middle = Array(whole.prefix(6))
        middle[4] = other[4]
        for journal in [nil, Array(whole.prefix(8))] {
            try? FileManager.default.removeItem(atPath: journalFile)
            try interrupted(middle, journalOf: journal)
            result = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
            #expect(result.errorLines.first?.contains("line 5 is not what seed 4 makes for item 4") == true, "\(result.errors)")
        }
        #expect(FileManager.default.createFile(atPath: journalFile, contents: Data("coffeeshop export journal 1\nlines 6\n".utf8)))
        try interrupted(Array(whole.prefix(6)), journalOf: nil)
        result = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
        #expect(result.status == 0, "a damaged journal: every line made again, and all of them right")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == whole.joined(separator: "\n") + "\n")
    }

    @Test func aJournalThatIsAFIFOIsNotOpened() throws {
        let whole = try made()
        try interrupted(Array(whole.prefix(5)), journalOf: nil)
        #expect(mkfifo(journalFile, 0o600) == 0)
        let result = try ContentPackProcess.run(arguments + ["--out", target, "--resume"])
        #expect(result.status == 1)
        #expect(result.errorLines.first?.contains("not a regular file") == true, "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func journalsRecordAndReadBack() {
        var whole = PackJournal(), chunked = PackJournal()
        let text = Array("{\"a\":1}\n{\"b\":2}\n{\"c\"".utf8)
        whole.absorb(text)
        chunked.absorb(text.prefix(5))
        chunked.absorb(text.dropFirst(5))
        #expect(whole == chunked && whole.lines == 2 && whole.bytes == 16)
        #expect(PackJournal(text: whole.text) != nil)
        #expect(PackJournal(text: String(whole.text.dropLast(3))) == nil)
        #expect(PackJournal(text: "coffeeshop export journal 1\nlines -1\nbytes 0\nchain \(String(repeating: "0", count: 64))\n") == nil)
    }
}
