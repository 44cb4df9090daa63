import Foundation
import GuidedGeneration
import JSONSchema
@testable import NPCKit
import ProceduralModel
import RegexAutomata
import TestSupport
import Testing

/// The importer's reading of repeating events against an independent one: Python's
/// recurring-ical-events (from the venv `scripts/ical-venv.sh` makes; `.ci/run` exports it as
/// `COFFEESHOP_ICAL_PYTHON`) over seeded random calendars — weekly, monthly and yearly rules,
/// weekly `BYDAY` lists, `COUNT` and `UNTIL`, `EXDATE`, `RDATE`, changed occurrences, floating,
/// zoned, UTC and all-day starts — read in Berlin time. Every occurrence's date and title agree;
/// times agree too except for UTC events, whose local time the importer keeps from the first
/// occurrence while Berlin's clocks change (documented).
@Suite struct ICalendarOracleTests {
    static let python = ProcessInfo.processInfo.environment["COFFEESHOP_ICAL_PYTHON"]
    static let first = CalendarDate(isoString: "2026-11-15")!
    static let last = CalendarDate(isoString: "2027-12-31")!

    @Test(.enabled(if: Prerequisite.ready(.icalPython), Comment(rawValue: Prerequisite.reason(.icalPython))))
    func randomCalendarsReadLikeRecurringICalEvents() throws {
        for seed in 1...10 {
            var random = SeededRandom(seed: UInt64(seed))
            let text = Self.calendar(events: 60, random: &random)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).ics")
            try Data(text.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let reading = try ICalendarImport.read(from: Data(text.utf8), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
            #expect(reading.skipped.isEmpty, "\(reading.skipped)")
            let ours = reading.events.flatMap { event in
                event.occurrences(from: Self.first, through: Self.last).map { [$0.isoString, event.time?.description ?? "-", event.title] }
            }
            let theirs = try Self.oracle(file)
            func withoutUTCTimes(_ rows: [[String]]) -> [String] {
                rows.map { ($0[2].hasSuffix("utc") ? [$0[0], "?", $0[2]] : $0).joined(separator: " ") }
            }
            let (mine, reference) = (Self.counted(withoutUTCTimes(ours)), Self.counted(withoutUTCTimes(theirs)))
            let extra = mine.filter { reference[$0.key, default: 0] < $0.value }.keys.sorted()
            let missing = reference.filter { mine[$0.key, default: 0] < $0.value }.keys.sorted()
            #expect(extra.isEmpty && missing.isEmpty, "seed \(seed): only ours \(extra.prefix(5)), only theirs \(missing.prefix(5))")
        }
    }

    private static func counted(_ rows: [String]) -> [String: Int] {
        rows.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// The reference's occurrences as `[date, time or "-", title]`.
    static func oracle(_ file: URL) throws -> [[String]] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracles/occurrences.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = [script.path, file.path, "Europe/Berlin", first.isoString, last.isoString]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problems)")
        return try #require(try GeneratedContent(json: String(decoding: data, as: UTF8.self)).elements).map { row in
            (row.elements ?? []).map { $0.stringValue ?? "-" }
        }
    }

    private enum Start: CaseIterable {
        case floating, berlin, utc, allDay
    }

    /// `events` random events (titles `E<n> <start kind>`), with changed occurrences after them.
    static func calendar(events: Int, random: inout SeededRandom) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//coffeeshop tests//EN"]
        for index in 0..<events {
            let kind = Start.allCases.randomElement(using: &random) ?? .floating
            let date = first.adding(days: Int.random(in: 0...60, using: &random))
            let time = TimeOfDay(hour: Int.random(in: 9...18, using: &random), minute: [0, 15, 30, 45].randomElement(using: &random) ?? 0)
            func stamp(_ day: CalendarDate, _ name: String) -> String {
                let digits = day.isoString.replacingOccurrences(of: "-", with: "")
                let clock = time.map { String(format: "%02d%02d00", $0.hour, $0.minute) } ?? ""
                return switch kind {
                case .floating: "\(name):\(digits)T\(clock)"
                case .berlin: "\(name);TZID=Europe/Berlin:\(digits)T\(clock)"
                case .utc: "\(name):\(digits)T\(clock)Z"
                case .allDay: "\(name);VALUE=DATE:\(digits)"
                }
            }
            let title = "E\(index) \(kind)"
            var event = ["BEGIN:VEVENT", "UID:event-\(index)", "SUMMARY:\(title)", stamp(date, "DTSTART"), "ATTENDEE;CN=Sam Okafor:mailto:sam@example.org"]
            var ruleDates: [CalendarDate] = []
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                break
            case let shape:
                let frequency = ["WEEKLY", "WEEKLY", "MONTHLY", "YEARLY"][shape - 1]
                var rule = "RRULE:FREQ=\(frequency)"
                if shape == 2 {
                    let days = Set([date.weekday] + (0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 1...7, using: &random) })
                    rule += ";BYDAY=" + days.sorted().map { ICalendarRecurrenceRule.weekdayCodes[$0 - 1] }.joined(separator: ",")
                }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: rule += ";COUNT=\(Int.random(in: 1...12, using: &random))"
                case 1:
                    let until = date.adding(days: Int.random(in: 10...300, using: &random)).isoString.replacingOccurrences(of: "-", with: "")
                    rule += kind == .allDay ? ";UNTIL=\(until)" : kind == .floating ? ";UNTIL=\(until)T235959" : ";UNTIL=\(until)T215959Z"
                default: break
                }
                event.append(rule)
                // Dates of the series for sure: a weekly rule's first six, when it has no end.
                if shape == 1, !rule.contains("COUNT"), !rule.contains("UNTIL") { ruleDates = (0..<6).map { date.adding(days: 7 * $0) } }
            }
            // Weekly events call off one or two of their dates, and some gain a date or have one
            // moved (a date of the series that was not called off: the occurrence it replaces).
            var kept = ruleDates.dropFirst().shuffled(using: &random)
            if !ruleDates.isEmpty {
                for day in kept.prefix(Int.random(in: 0...2, using: &random)) {
                    event.append(stamp(day, "EXDATE"))
                    kept.removeFirst()
                }
                if Bool.random(using: &random) { event.append(stamp(date.adding(days: 3), "RDATE")) }
            }
            event.append("END:VEVENT")
            lines += event
            if let moved = kept.first, Int.random(in: 0..<3, using: &random) == 0 {
                lines += ["BEGIN:VEVENT", "UID:event-\(index)", stamp(moved, "RECURRENCE-ID"), "SUMMARY:\(title) moved",
                          stamp(moved.adding(days: 1), "DTSTART"), "ATTENDEE;CN=Sam Okafor:mailto:sam@example.org", "END:VEVENT"]
            }
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }
}
