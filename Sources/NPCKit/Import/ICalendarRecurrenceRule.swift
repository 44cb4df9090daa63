import Foundation
import ProceduralModel

/// Reads an `RRULE` into one or more `Recurrence` series — the subset they can express, and
/// nothing else: `FREQ` `WEEKLY`, `MONTHLY` or `YEARLY`, with `COUNT` or `UNTIL` (a date or a
/// date-time), `INTERVAL=1` and `WKST`; for weekly rules a `BYDAY` list of plain weekdays that
/// includes the start's (`FREQ=WEEKLY;BYDAY=MO,WE`: one weekly series per day, a `COUNT` shared
/// out between them in date order); `BYMONTHDAY` and `BYMONTH` only when they repeat what the
/// start already says (`FREQ=MONTHLY;BYMONTHDAY=4` for an event on the 4th, as calendar apps
/// write it). Anything else is an `ImportError.unsupported` naming the line, never a silent
/// misreading.
package enum ICalendarRecurrenceRule {
    /// The weekday codes of `BYDAY`, Monday first (`CalendarDate.weekday` 1…7).
    package static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// The series of `line` for an event starting at `start`, whose local start in `timeZone` is
    /// `localStart`: each series' first local date and its rule (without exceptions).
    package static func series(from line: ContentLine, start: ICalendarDateTime, localStart: (date: CalendarDate, time: TimeOfDay?),
                       timeZone: TimeZone, file: String?) throws -> [(start: CalendarDate, rule: Recurrence)] {
        func unsupported(_ problem: String, _ hint: String = "supported: FREQ=WEEKLY, MONTHLY or YEARLY with COUNT or UNTIL") -> ImportError {
            .unsupported(file: file, line: line.line, problem: problem, hint: hint)
        }
        func malformed(_ problem: String, _ hint: String) -> ImportError {
            .malformed(file: file, line: line.line, problem: problem, hint: hint)
        }
        var parts: [String: String] = [:]
        for part in line.value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, parts[pair[0].uppercased()] == nil else {
                throw malformed("RRULE part \"\(part)\" is not NAME=value (or repeats a name)", "rule parts read FREQ=WEEKLY;COUNT=8")
            }
            parts[pair[0].uppercased()] = String(pair[1])
        }
        guard let frequencyText = parts.removeValue(forKey: "FREQ") else {
            throw malformed("RRULE without FREQ", "a rule starts with FREQ=WEEKLY, MONTHLY or YEARLY")
        }
        guard let frequency = Recurrence.Frequency(rawValue: frequencyText.lowercased()) else {
            throw unsupported("FREQ=\(frequencyText) is not supported")
        }
        if let interval = parts.removeValue(forKey: "INTERVAL"), interval != "1" {
            throw unsupported("INTERVAL=\(interval) is not supported", "only every week, month or year: INTERVAL=1")
        }
        parts["WKST"] = nil
        var weekdays = [start.date.weekday]
        if let list = parts.removeValue(forKey: "BYDAY") {
            let codes = list.uppercased().split(separator: ",").map(String.init)
            guard frequency == .weekly, !codes.isEmpty, codes.allSatisfy(weekdayCodes.contains) else {
                throw unsupported("BYDAY=\(list) is not supported", "BYDAY with FREQ=WEEKLY and plain weekdays (MO,WE,FR)")
            }
            weekdays = Set(codes.compactMap { weekdayCodes.firstIndex(of: $0).map { $0 + 1 } }).sorted()
            guard weekdays.contains(start.date.weekday) else {
                throw unsupported("BYDAY=\(list) leaves out the day the event starts on", "start the event on one of its BYDAY days")
            }
        }
        let redundant: [(name: String, value: String, frequencies: Set<Recurrence.Frequency>)] = [
            ("BYMONTHDAY", String(start.date.day), [.monthly, .yearly]),
            ("BYMONTH", String(start.date.month), [.yearly]),
        ]
        for part in redundant {
            guard let value = parts.removeValue(forKey: part.name) else { continue }
            guard part.frequencies.contains(frequency), value.uppercased() == part.value else {
                throw unsupported("\(part.name)=\(value) is not supported", "BYMONTHDAY and BYMONTH only when they repeat the start date's own day")
            }
        }
        let count = parts.removeValue(forKey: "COUNT"), until = parts.removeValue(forKey: "UNTIL")
        if let other = parts.keys.sorted().first {
            throw unsupported("RRULE part \(other) is not supported")
        }
        let end: Recurrence.End
        switch (count, until) {
        case (nil, nil):
            end = .never
        case (let countText?, nil):
            guard let count = Int(countText), count >= 1 else {
                throw malformed("COUNT=\(countText) is not a positive number", "COUNT gives how many times the event happens")
            }
            end = .count(count)
        case (nil, let untilText?):
            end = .until(try untilDate(untilText, line: line, start: start, localStart: localStart, timeZone: timeZone, file: file))
        case (_?, _?):
            throw malformed("RRULE with both COUNT and UNTIL", "keep one of them")
        }
        // The days in the order of their first occurrence: the start's own day first.
        let offsets = weekdays.map { ($0 - start.date.weekday + 7) % 7 }.sorted()
        return offsets.enumerated().compactMap { position, offset in
            var seriesEnd = end
            if case .count(let total) = end {
                // Occurrences take the days in turn, so day `position` gets every k-th of them.
                let share = (total - position + offsets.count - 1) / offsets.count
                guard share >= 1 else { return nil }
                seriesEnd = .count(share)
            }
            return (localStart.date.adding(days: offset), Recurrence(frequency: frequency, end: seriesEnd))
        }
    }

    /// The local date of the last day the event may happen on: `UNTIL` moved to `timeZone`, a
    /// day earlier when it falls on that date before the event's start time.
    private static func untilDate(_ text: String, line: ContentLine, start: ICalendarDateTime,
                                  localStart: (date: CalendarDate, time: TimeOfDay?), timeZone: TimeZone, file: String?) throws -> CalendarDate {
        let startZoneID: String? = if case .fixed(let zone) = start.zone { zone.identifier } else { nil }
        let until = try ICalendarDateTime(text, line: line, file: file, timeZoneID: startZoneID).local(in: timeZone)
        if let untilTime = until.time, let startTime = localStart.time, untilTime < startTime {
            return until.date.adding(days: -1)
        }
        return until.date
    }
}
