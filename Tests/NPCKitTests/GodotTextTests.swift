@testable import ContentPacks
import Foundation
import GuidedGeneration
import JSONSchema
@testable import NPCKit
import RegexAutomata
import TestSupport
import Testing

/// Messages of the Godot CSV export survive Godot's importer (issue 43: `C:\new\table` loaded as
/// a line break and a tab, since the importer unescapes messages and backslashes were not
/// escaped). Checked against a model of the importer's rules on seeded random text, and against
/// Godot 3 itself in the integration tier.
@Suite struct GodotTextTests {
    /// What Godot 3's `String::c_unescape` does: each replacement over the whole text in turn,
    /// left to right, not overlapping.
    static func godotUnescape(_ message: String) -> String {
        let replacements: [(String, String)] = [(#"\a"#, "\u{07}"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"), (#"\n"#, "\n"), (#"\r"#, "\r"),
                                                (#"\t"#, "\t"), (#"\v"#, "\u{0B}"), (#"\'"#, "'"), (#"\""#, "\""), (#"\?"#, "?"), (#"\\"#, #"\"#)]
        var scalars = Array(message.unicodeScalars)
        for (key, replacement) in replacements {
            let pattern = Array(key.unicodeScalars)
            var result: [Unicode.Scalar] = []
            var index = 0
            while index < scalars.count {
                if index + 1 < scalars.count, scalars[index] == pattern[0], scalars[index + 1] == pattern[1] {
                    result += replacement.unicodeScalars
                    index += 2
                } else {
                    result.append(scalars[index])
                    index += 1
                }
            }
            scalars = result
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// The text Godot should load: the original, with a word joiner after each backslash that
    /// comes before a control letter (no escape carries that pair through) and NUL replaced.
    static func expected(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar == "\0" ? "\u{FFFD}" : scalar)
            if scalar == "\\", index + 1 < scalars.count, "abfnrtv".unicodeScalars.contains(scalars[index + 1]) { result.append("\u{2060}") }
        }
        return String(result)
    }

    static let alphabet: [String] = [#"\"#, #"\"#, #"\\"#, "a", "b", "f", "n", "r", "t", "v", "x", "'", "\"", "?", " ", ",", "\r", "\n", "\t",
                                     "\r\n", "\0", "é", "李", "🙂", "C:", "\u{2060}"]

    /// Seeded random texts built from the characters the importer treats specially.
    static func randomTexts(count: Int, seed: UInt64, avoidingNUL: Bool = false) -> [String] {
        var random = SeededRandom(seed: seed)
        let alphabet = avoidingNUL ? Self.alphabet.filter { $0 != "\0" } : Self.alphabet
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...24, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined()
        }
    }

    @Test func theIssuesPathLoadsAsWritten() {
        let text = #"C:\new\table"#
        #expect(GodotText.escaped(text) == "C:\\\\\u{2060}new\\\\\u{2060}table")
        #expect(Self.godotUnescape(GodotText.escaped(text)) == "C:\\\u{2060}new\\\u{2060}table")
        #expect(!Self.godotUnescape(GodotText.escaped(text)).contains { $0 == "\n" || $0 == "\t" })
    }

    @Test func escapesOtherThanControlLettersRoundTripExactly() {
        for text in [#"a\\c"#, #"say \"hi\""#, #"it\'s"#, #"why\?"#, #"\x41"#, #"ends with \"#, "line\r\nbreak", "tab\there", #"\\\\"#] {
            let loaded = Self.godotUnescape(GodotText.escaped(text))
            #expect(loaded == text, "\(text.debugDescription) loaded as \(loaded.debugDescription)")
        }
    }

    @Test func seededRandomTextLoadsAsExpected() {
        for text in Self.randomTexts(count: 2_000, seed: 43) {
            let message = GodotText.escaped(text)
            #expect(!message.unicodeScalars.contains { $0 == "\r" || $0 == "\0" }, "Godot's line reader drops CR and stops at NUL")
            #expect(Self.godotUnescape(message) == Self.expected(text), "\(text.debugDescription)")
        }
    }

    /// A table of hostile messages through Godot 3's own importer (`../shared/tools/godot-import`).
    @Test(.enabled(if: Prerequisite.ready(.godot), Comment(rawValue: Prerequisite.reason(.godot))))
    func godotLoadsHostileMessagesAsExpected() throws {
        let texts = [#"C:\new\table"#, #"a\\b \"q\" it\'s why\?"#, "cr\rlf\ntab\t", "nul\0byte"] + Self.randomTexts(count: 120, seed: 7)
        let tree = DialogTree(title: "Godot_0", nodes: [.init(id: "Start", lines: texts.map { .init(speaker: "Juno", text: $0) }, options: [])])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("godot-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("table.csv")
        try Data((DialogScripts.godotHeader + DialogScripts.godotRows(tree)).utf8).write(to: table)

        let process = Process()
        process.executableURL = SharedData.tools.appendingPathComponent("godot-import/import-csv.sh")
        process.arguments = [table.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let loaded = try #require(try GeneratedContent(json: String(decoding: json, as: UTF8.self))["en"])
        for (index, text) in texts.enumerated() {
            let key = "\(DialogScripts.name(tree, "Start"))_\(index)_\(DialogScripts.lineID(tree, "Start", index, text))".uppercased()
            #expect(loaded[key]?.stringValue == Self.expected(text), "\(text.debugDescription)")
        }
    }
}
