import Foundation
import ProceduralModel

/// Reads events from an iCalendar file (`.ics`, RFC 5545), as calendar apps export them.
///
/// Every `VEVENT` of a `VCALENDAR` with at least one attendee becomes a `CalendarEvent`:
/// `SUMMARY` → title, `LOCATION` → place, each `ATTENDEE` → a contact (its `CN`, else the
/// `mailto:` address), `DTSTART` → date and time, `RRULE` → repeat (see below). Events without
/// attendees involve no contact and are left out, as are cancelled ones; `VTIMEZONE`, `VALARM`,
/// `VTODO` and other blocks are skipped.
///
/// **Time zones.** An event's date and time are the *local* date and time in `timeZone`, the
/// player's zone (UTC unless given): `DTSTART;TZID=Europe/Berlin:20261205T003000` is
/// 2026-12-04 at 23:30 in UTC. A UTC time (`…Z`) is moved the same way; a floating time (no
/// zone) and an all-day date (`VALUE=DATE:20261204`) are taken as written. A `TZID` must be an
/// IANA name Foundation knows (an unknown one is an error naming the line). A repeating event
/// repeats on the local date of its first occurrence.
///
/// **Recurrence.** `FREQ=WEEKLY`, `MONTHLY` or `YEARLY` with `COUNT` or `UNTIL`, and weekly
/// `BYDAY` lists (`BYDAY=MO,WE`: one repeating event per day). `EXDATE` calls occurrences off,
/// `RDATE` adds one-off occurrences, and an event with a `RECURRENCE-ID` replaces its `UID`'s
/// occurrence on that date (a moved or retitled meeting). An event whose rule asks for more
/// (`INTERVAL=2`, `FREQ=DAILY`, `BYDAY=2TU`, `RDATE` periods) is left out — never misread —
/// and reported in `Reading.skipped` with its line; the rest of the file is still read. A
/// malformed file (a missing `DTSTART`, a broken date) is an error, as are blocks nested more
/// than 32 deep (`ImportError.unsupported`).
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let reading = try ICalendarImport.read(from: Data(contentsOf: icsURL), file: "calendar.ics", timeZone: berlin)
/// for problem in reading.skipped { print("left out: \(problem)") }
/// ```
public enum ICalendarImport {
    /// What a calendar file gave: its events, and why each event left out was left out.
    public struct Reading: Sendable, Equatable {
        public let events: [CalendarEvent]
        /// One `ImportError.unsupported` per event that asks for something not supported.
        public let skipped: [ImportError]
    }

    /// The events of the file's calendars, in file order, with dates and times local to
    /// `timeZone`, and the events left out. Throws `ImportError` naming the line of the first
    /// problem that makes the file unreadable.
    public static func read(from data: Data, file: String? = nil, timeZone: TimeZone = .gmt) throws -> Reading {
        let lines = try ContentLineReader.lines(in: data, file: file)
        var components: [ContentComponent] = []
        for calendar in try ContentComponent.components(of: lines, file: file, outermost: "VCALENDAR") {
            guard calendar.name == "VCALENDAR" else {
                throw ImportError.malformed(file: file, line: calendar.line, problem: "BEGIN:\(calendar.name) where BEGIN:VCALENDAR was expected",
                                            hint: "an iCalendar file holds BEGIN:VCALENDAR … END:VCALENDAR blocks")
            }
            components += calendar.children.filter { $0.name == "VEVENT" }
        }
        let replaced = try replacedOccurrences(components, timeZone: timeZone, file: file)
        var events: [CalendarEvent] = []
        var skipped: [ImportError] = []
        for component in components {
            do {
                events += try Self.events(from: component, replaced: replaced, timeZone: timeZone, file: file)
            } catch let error as ImportError {
                guard case .unsupported = error else { throw error }
                skipped.append(error)
            }
        }
        return Reading(events: events, skipped: skipped)
    }

    /// The events of `read`, without the report of those left out.
    package static func events(from data: Data, file: String? = nil, timeZone: TimeZone = .gmt) throws -> [CalendarEvent] {
        try read(from: data, file: file, timeZone: timeZone).events
    }

    /// The local dates of the occurrences that events with a `RECURRENCE-ID` replace, by `UID`.
    private static func replacedOccurrences(_ components: [ContentComponent], timeZone: TimeZone, file: String?) throws -> [String: Set<CalendarDate>] {
        var replaced: [String: Set<CalendarDate>] = [:]
        for component in components {
            guard let id = component.property("RECURRENCE-ID"), id.parameter("RANGE") == nil, let uid = component.property("UID")?.text else { continue }
            replaced[uid, default: []].insert(try ICalendarDateTime(id.value, line: id, file: file).local(in: timeZone).date)
        }
        return replaced
    }

    /// The local dates of the event's `EXDATE` lines (each may list several, comma-separated).
    private static func excludedDates(of component: ContentComponent, timeZone: TimeZone, file: String?) throws -> Set<CalendarDate> {
        var dates: Set<CalendarDate> = []
        for line in component.properties where line.name == "EXDATE" {
            for value in line.value.split(separator: ",") {
                dates.insert(try ICalendarDateTime(String(value), line: line, file: file).local(in: timeZone).date)
            }
        }
        return dates
    }

    /// The event's `RDATE` occurrences, local to `timeZone`; periods are not supported.
    private static func addedOccurrences(of component: ContentComponent, timeZone: TimeZone, file: String?) throws -> [(date: CalendarDate, time: TimeOfDay?)] {
        var occurrences: [(date: CalendarDate, time: TimeOfDay?)] = []
        for line in component.properties where line.name == "RDATE" {
            guard line.parameter("VALUE")?.uppercased() != "PERIOD" else {
                throw ImportError.unsupported(file: file, line: line.line, problem: "RDATE periods are not supported",
                                              hint: "give extra occurrences as dates or date-times")
            }
            for value in line.value.split(separator: ",") {
                occurrences.append(try ICalendarDateTime(String(value), line: line, file: file).local(in: timeZone))
            }
        }
        return occurrences
    }

    /// The calendar events one `VEVENT` stands for: none (no attendees, cancelled, called off),
    /// one, or several (a weekly rule over several weekdays, added dates).
    private static func events(from component: ContentComponent, replaced: [String: Set<CalendarDate>], timeZone: TimeZone,
                               file: String?) throws -> [CalendarEvent] {
        let title = component.property("SUMMARY")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !title.isEmpty else {
            throw ImportError.malformed(file: file, line: component.line, problem: "an event without a SUMMARY",
                                        hint: "give the event a SUMMARY line, its title")
        }
        guard let startLine = component.property("DTSTART") else {
            throw ImportError.malformed(file: file, line: component.line, problem: "an event without a DTSTART",
                                        hint: "give the event a DTSTART line, when it starts")
        }
        let start = try ICalendarDateTime(startLine.value, line: startLine, file: file)
        let rules = component.properties.filter { $0.name == "RRULE" }
        if rules.count > 1 {
            throw ImportError.unsupported(file: file, line: rules[1].line, problem: "a second RRULE in one event is not supported",
                                          hint: "give each event at most one RRULE")
        }
        if let id = component.property("RECURRENCE-ID"), id.parameter("RANGE") != nil || !rules.isEmpty {
            throw ImportError.unsupported(file: file, line: id.line, problem: "a RECURRENCE-ID that changes more than one occurrence is not supported",
                                          hint: "a changed occurrence stands for that one date only")
        }
        let contacts = attendees(of: component)
        guard !contacts.isEmpty, component.property("STATUS")?.text.uppercased() != "CANCELLED" else { return [] }
        let local = start.local(in: timeZone)
        let place = component.property("LOCATION")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        var exceptions = try excludedDates(of: component, timeZone: timeZone, file: file)
        if component.property("RECURRENCE-ID") == nil, let uid = component.property("UID")?.text { exceptions.formUnion(replaced[uid] ?? []) }
        func event(on date: CalendarDate, at time: TimeOfDay?, repeat rule: Recurrence? = nil) -> CalendarEvent {
            CalendarEvent(title: title, date: date, time: time, place: place?.isEmpty == false ? place : nil, contacts: contacts, repeat: rule)
        }
        var events: [CalendarEvent] = []
        if let rule = rules.first {
            for series in try ICalendarRecurrenceRule.series(from: rule, start: start, localStart: local, timeZone: timeZone, file: file) {
                var repeating = series.rule
                repeating.exceptions = exceptions
                events.append(event(on: series.start, at: local.time, repeat: repeating))
            }
        } else if !exceptions.contains(local.date) {
            events.append(event(on: local.date, at: local.time))
        }
        for added in try addedOccurrences(of: component, timeZone: timeZone, file: file) where !exceptions.contains(added.date) {
            events.append(event(on: added.date, at: added.time ?? local.time))
        }
        return events
    }

    /// The attendees' names (`CN`), else their addresses without `mailto:`, each once.
    private static func attendees(of component: ContentComponent) -> [String] {
        var names: [String] = []
        for attendee in component.properties where attendee.name == "ATTENDEE" {
            var name = attendee.parameter("CN")?.trimmingCharacters(in: .whitespaces) ?? ""
            if name.isEmpty {
                name = attendee.text.trimmingCharacters(in: .whitespaces)
                if name.lowercased().hasPrefix("mailto:") { name = String(name.dropFirst("mailto:".count)) }
            }
            if !name.isEmpty, !names.contains(name) { names.append(name) }
        }
        return names
    }
}
