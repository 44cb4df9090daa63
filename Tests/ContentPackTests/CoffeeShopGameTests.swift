import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit
import Testing

/// End-to-end: scripted sessions piped into the built `coffeeshop` binary, the way a player
/// scripts a session or a test harness drives it.
@Suite struct CoffeeShopGameTests {
    static let fixed = ["--seed", "7", "--today", "2026-11-28"]

    /// Plays `commands` (one per line) in a fresh saves folder unless one is given.
    static func play(_ commands: [String], saves: TemporaryDirectory? = nil, extra: [String] = [], seed: Int = 7) throws -> (ContentPackResult, TemporaryDirectory) {
        let folder = try saves ?? TemporaryDirectory()
        let input = Data((commands.joined(separator: "\n") + "\n").utf8)
        let arguments = ["--seed", "\(seed)", "--today", "2026-11-28", "--saves-dir", folder.url.path] + extra
        let result = try ContentPackProcess.run(arguments, input: input, binary: "coffeeshop")
        return (result, folder)
    }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The golden tour's commands: every command of the game, a complaint settled after a wrong
    /// remedy, a wrong drink and the right one, a wait taken back with undo, a purchase.
    static func tour() throws -> [String] {
        try String(contentsOf: golden.appendingPathComponent("tour.commands"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// `Golden/tour.commands` played with `--seed 1 --today 2026-11-28` prints exactly
    /// `Golden/tour.transcript`. After a deliberate change to the game or its content, refresh it:
    /// `swift run coffeeshop --seed 1 --today 2026-11-28 --saves-dir /tmp/golden < Tests/ContentPackTests/Golden/tour.commands > Tests/ContentPackTests/Golden/tour.transcript`
    @Test func theGoldenTranscriptStaysStable() throws {
        let commands = try String(contentsOf: Self.golden.appendingPathComponent("tour.commands"), encoding: .utf8)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("tour.transcript"), encoding: .utf8)
        let saves = try TemporaryDirectory()
        let result = try ContentPackProcess.run(["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path],
                                                input: Data(commands.utf8), binary: "coffeeshop")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(lines, wanted).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(result.output == expected, "first difference at line \((firstDifference?.offset ?? min(lines.count, wanted.count)) + 1)")
    }

    @Test func aScriptedTourCoversEveryCommandAndRepeatsExactly() throws {
        let (first, _) = try Self.play(try Self.tour(), seed: 1)
        let (again, _) = try Self.play(try Self.tour(), seed: 1)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == again.output)
        let text = first.output
        for expected in ["== The Counter ==", "Commands:", "The board reads", "A big glass jar", "Hint: ", "== The Seating Area ==", "turns to you",
                         "Dev Malhotra: ", "Juno:", "== The Riddle Corner ==", "(Answer with a number", "[08:", "day 1 of 3",
                         "Undone: it is", "There is nothing to undo", "Created 'Riddle'", "left out: a Quiz with 2 answers marked correct",
                         "One of your own creations has turned up here", "Correct — the riddle you made holds up.", "Score ", "I don't know how to 'dance wildly'",
                         "There is no 'nowhere' here", "Saved as 'tour'.", "Saved as 'autosave'.", "Thanks for visiting."] {
            #expect(text.contains(expected), "missing: \(expected)")
        }
        #expect(first.errors.isEmpty)
    }

    @Test func aSaveRestoresEverythingIncludingWhatACustomerSaid() throws {
        // Seed 301 seats Gordon Featherstone, whose calendar has an event today, in the Riddle Corner.
        let (played, saves) = try Self.play(["look", "go riddles", "talk customer", "what's going on?", "bye", "riddle", "save mid", "quit"], seed: 301)
        #expect(played.status == 0)
        let file = saves.url.appendingPathComponent("mid.json")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("\"formatVersion\" : 1"))
        #expect(saved.contains("Spring bulb planting"), "the customer's conversation is in the save")
        let (loaded, _) = try Self.play(["look", "score", "talk customer", "what did I ask you?", "bye", "quit"],
                                        saves: saves, extra: ["--load", "mid"], seed: 301)
        #expect(loaded.status == 0, "\(loaded.errors)")
        #expect(loaded.output.contains("== The Riddle Corner =="))
        #expect(loaded.output.contains("Loaded 'mid'"))
        #expect(loaded.output.contains("It is 08:0"), "the clock is where it was saved")
        // Saving again keeps the previous save as a backup.
        let (_, _) = try Self.play(["save mid", "quit"], saves: saves)
        #expect(FileManager.default.fileExists(atPath: saves.url.appendingPathComponent("mid.json.bak").path))
    }

    @Test func corruptAndUnknownSavesAreRefusedAndLeftUntouched() throws {
        let saves = try TemporaryDirectory()
        let corrupt = #"{"formatVersion": 1, "savedAt": "2026-11-28T10:00:00Z", "state": {"room": 3}}"#
        let future = #"{"formatVersion": 99, "savedAt": "2026-11-28T10:00:00Z", "state": {}}"#
        _ = try saves.write(corrupt, to: "broken.json")
        _ = try saves.write(future, to: "future.json")
        _ = try saves.write("not json at all", to: "garbage.json")
        let (result, _) = try Self.play(["load broken", "load future", "load garbage", "load missing", "load ../../etc/passwd", "save ../escape", "quit"], saves: saves)
        #expect(result.output.contains("the save 'broken' is damaged and was left as it is"))
        #expect(result.output.contains("format version 99; this game reads version 1"))
        #expect(result.output.contains("the save 'garbage' is damaged"))
        #expect(result.output.contains("there is no save called 'missing'"))
        #expect(result.output.contains("'../../etc/passwd' is not a save name"))
        #expect(result.output.contains("'../escape' is not a save name"))
        #expect(try String(contentsOf: saves.url.appendingPathComponent("broken.json"), encoding: .utf8) == corrupt)
        #expect(try String(contentsOf: saves.url.appendingPathComponent("future.json"), encoding: .utf8) == future)
        #expect(!FileManager.default.fileExists(atPath: saves.url.deletingLastPathComponent().appendingPathComponent("escape.json").path))
        let (startup, _) = try Self.play([], saves: saves, extra: ["--load", "broken"])
        #expect(startup.status == 1)
        #expect(startup.errors.hasPrefix("coffeeshop: the save 'broken' is damaged"))
    }

    @Test func aSaveInterruptedBeforeTheRenameLeavesThePreviousSave() throws {
        let (_, saves) = try Self.play(["go seating", "save slot", "quit"])
        let before = try Data(contentsOf: saves.url.appendingPathComponent("slot.json"))
        // The crash: a half-written temporary file, never renamed.
        _ = try saves.write(#"{"formatVersion": 1, "sav"#, to: ".slot.json.tmp")
        let (loaded, _) = try Self.play(["look", "quit"], saves: saves, extra: ["--load", "slot"])
        #expect(loaded.status == 0)
        #expect(loaded.output.contains("== The Seating Area =="))
        #expect(try Data(contentsOf: saves.url.appendingPathComponent("slot.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: saves.url.appendingPathComponent(".slot.json.tmp").path),
                "the abandoned temporary file is removed when the saves are next opened")
        let (listed, _) = try Self.play(["saves", "quit"], saves: saves)
        #expect(listed.output.contains("slot — "))
        #expect(!listed.output.contains(".slot"))
    }

    @Test func flagsHelpAndErrors() throws {
        let help = try ContentPackProcess.run(["--help"], binary: "coffeeshop")
        #expect(help.status == 0 && help.output.contains("--saves-dir DIR"))
        let version = try ContentPackProcess.run(["--version"], binary: "coffeeshop")
        #expect(version.status == 0 && version.output.hasPrefix("coffeeshop "))
        for (arguments, message) in [(["--seed", "x"], "--seed takes a whole number"), (["--today", "2026-02-30"], "--today takes a date"),
                                     (["--model", "gpt"], "unknown model 'gpt'"),
                                     (["--model", "http://127.0.0.1:9", "--tool-calling", "magic"], "--tool-calling takes auto, native or schema"),
                                     (["--tool-calling", "native"], "go with a server URL"), (["--guided", "value"], "go with a server URL"),
                                     (["--model", "http://127.0.0.1:9", "--guided", "everything"], "--guided takes auto, schema or value"), (["--frobnicate"], "unknown option '--frobnicate'"),
                                     (["--model", "http://127.0.0.1:9", "--timeout", "soon"], "--timeout takes a positive number of seconds"),
                                     (["--fallback", "procedural"], "--fallback procedural goes with a model file or a server"),
                                     (["--model", "http://127.0.0.1:9", "--fallback", "maybe"], "--fallback takes procedural or none"),
                                     (["--seed"], "option '--seed' needs a value (N)"), (["stray"], "unexpected argument 'stray'"), (["--model", "a.gguf", "--threads", "0"], "option '--threads' must be a positive integer")] {
            let result = try ContentPackProcess.run(arguments, binary: "coffeeshop")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(result.errors)")
        }
        let missing = try ContentPackProcess.run(Self.fixed + ["--contacts", "/nonexistent/contacts.vcf"], binary: "coffeeshop")
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("coffeeshop: "))
    }

    @Test func playersOwnContactsNameTheCustomers() throws {
        let folder = try TemporaryDirectory()
        // One friend per generation, so whichever generation the customer is, a friend names them.
        let friends = [("Zelda Quince", 1990), ("Otto Brandywine", 1955), ("Pia Larkspur", 1972), ("Remy Faircloth", 2001)]
        let cards = friends.map { "BEGIN:VCARD\nVERSION:3.0\nFN:\($0.0)\nBDAY:\($0.1)-04-01\nEND:VCARD" }
        let contacts = try folder.write(cards.joined(separator: "\n"), to: "friends.vcf")
        let (result, _) = try Self.play(["go seating", "quit"], saves: folder, extra: ["--contacts", contacts])
        #expect(result.status == 0, "\(result.errors)")
        #expect(friends.contains { result.output.contains($0.0) })
    }

    /// A new game never writes over the last one's autosave: it offers to continue it, keeps it
    /// as `autosave-1` when the player plays on, and `saves` lists a damaged save as damaged.
    @Test func autosavesRotateAndTheLastGameCanBeContinued() throws {
        let folder = try TemporaryDirectory()
        let (first, _) = try Self.play(["go seating", "quit"], saves: folder)
        #expect(first.output.contains("Saved as 'autosave'.") && !first.output.contains("Your last game"))
        let (second, _) = try Self.play(["quit"], saves: folder)
        #expect(second.output.contains("Your last game is saved as 'autosave' (The Seating Area, "))
        #expect(second.output.contains("Saved as 'autosave' (the previous game's is kept as 'autosave-1')."))
        try Data("not a save".utf8).write(to: folder.url.appendingPathComponent("broken.json"))
        let (third, _) = try Self.play(["saves", "continue", "go seating", "quit"], saves: folder)
        let listing = third.outputLines.filter { $0.hasPrefix("  ") }
        #expect(listing.map { String($0.prefix { $0 != "—" }) } == ["  autosave ", "  autosave-1 ", "  broken "], "\(listing)")
        #expect(listing.last?.hasSuffix("damaged, left as it is: not a save file (no formatVersion)") == true)
        #expect(third.output.contains("Loaded 'autosave', saved "))
        #expect(third.output.contains("\nSaved as 'autosave'.\n"), "a continued game saves over its own autosave")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("broken.json"), encoding: .utf8) == "not a save")
        let loaded = try ContentPackProcess.run(Self.fixed + ["--saves-dir", folder.url.path, "--load", "autosave-1"], input: Data(), binary: "coffeeshop")
        #expect(loaded.outputLines.dropFirst(2).first?.hasPrefix("Loaded 'autosave-1', saved ") == true, "\(loaded.output)")
        #expect(loaded.outputLines.dropFirst(2).first?.hasSuffix(" in The Seating Area (turn 2).") == true)
    }

    /// `continue`, then `load autosave-2`, then `quit` loses no game: the one played becomes the
    /// autosave and the two others move along, instead of the continued game being written over.
    @Test func aContinuedGameIsNeverWrittenOverByAnOlderAutosave() throws {
        let folder = try TemporaryDirectory()
        for room in ["seating", "window", "riddles"] { _ = try Self.play(["go \(room)", "quit"], saves: folder) }
        func rooms() throws -> [String?] {
            try ["autosave", "autosave-1", "autosave-2"].map { name in
                try GeneratedContent(json: String(contentsOf: folder.url.appendingPathComponent("\(name).json"), encoding: .utf8))["state"]?["room"]?.stringValue
            }
        }
        #expect(try rooms() == ["riddles", "window", "seating"])
        let (played, _) = try Self.play(["continue", "load autosave-2", "quit"], saves: folder)
        #expect(played.status == 0, "\(played.errors)")
        #expect(played.output.contains("Saved as 'autosave' (the previous game's is kept as 'autosave-1')."), "\(played.output)")
        #expect(try rooms() == ["seating", "riddles", "window"])
    }

    /// The same seed, date and commands write the same save in two runs (but for the time it
    /// was written): conversations' identifiers do not depend on the process.
    @Test func identicalRunsWriteIdenticalSaves() throws {
        let commands = ["look", "go riddles", "talk customer", "hello", "what are your plans?", "bye", "quit"]
        let saves = try (0..<2).map { _ in
            let (result, folder) = try Self.play(commands)
            #expect(result.status == 0)
            let text = try String(contentsOf: folder.url.appendingPathComponent("autosave.json"), encoding: .utf8)
            return text.split(separator: "\n").filter { !$0.contains("\"savedAt\"") }
        }
        #expect(saves[0] == saves[1])
        #expect(saves[0].contains { $0.contains("\"customer0-1\"") })
    }

    /// Ctrl-C (SIGINT) in the middle of a game saves it as 'autosave' and leaves with status 130.
    @Test func ctrlCSavesTheGame() throws {
        let folder = try TemporaryDirectory()
        let process = Process()
        process.executableURL = try #require(ContentPackProcess.executable(named: "coffeeshop"))
        process.arguments = Self.fixed + ["--saves-dir", folder.url.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("go seating\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("== The Seating Area ==") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        process.interrupt()
        seen.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: seen, as: UTF8.self).contains("Saved as 'autosave'."))
        let save = try GeneratedContent(json: String(contentsOf: folder.url.appendingPathComponent("autosave.json"), encoding: .utf8))
        #expect(save["state"]?["room"]?.stringValue == "seating")
    }

    /// Contacts without a birth year (a vCard birthday without one, or none) still become
    /// customers.
    @Test func contactsWithoutABirthYearBecomeCustomersToo() throws {
        let folder = try TemporaryDirectory()
        let contacts = try folder.write("BEGIN:VCARD\nVERSION:3.0\nFN:Zelda Quince\nBDAY:--0401\nEND:VCARD\n"
                                        + "BEGIN:VCARD\nVERSION:3.0\nFN:Otto Brandywine\nEND:VCARD\n", to: "friends.vcf")
        let (result, _) = try Self.play(["go seating", "quit"], saves: folder, extra: ["--contacts", contacts])
        #expect(result.status == 0, "\(result.errors)")
        #expect(["Zelda Quince", "Otto Brandywine"].contains { result.output.contains($0) }, "\(result.output)")
    }

    /// The player's calendar with an event the importer cannot express: the game starts, says on
    /// standard error which event it left out and why, and keeps the others.
    @Test func aCalendarEventThatCannotBeReadIsLeftOutWithAWarning() throws {
        let folder = try TemporaryDirectory()
        let calendar = try folder.write("""
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            SUMMARY:Every other Tuesday\r
            DTSTART:20261201T100000Z\r
            RRULE:FREQ=WEEKLY;INTERVAL=2\r
            ATTENDEE;CN=Sam Okafor:mailto:sam@example.org\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            SUMMARY:Pottery night\r
            DTSTART:20261128T190000\r
            RRULE:FREQ=WEEKLY;BYDAY=SA,TU;COUNT=4\r
            EXDATE:20261201T190000\r
            ATTENDEE;CN=Sam Okafor:mailto:sam@example.org\r
            END:VEVENT\r
            END:VCALENDAR\r

            """, to: "calendar.ics")
        let (result, _) = try Self.play(["quit"], saves: folder, extra: ["--calendar", calendar])
        #expect(result.status == 0)
        #expect(result.errorLines == ["coffeeshop: warning: calendar.ics:5: INTERVAL=2 is not supported (only every week, month or year: INTERVAL=1); that event is left out"])
    }
}
