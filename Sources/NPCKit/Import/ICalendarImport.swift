import Foundation

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
/// **Recurrence.** `FREQ=WEEKLY`, `MONTHLY` or `YEARLY` with `COUNT` or `UNTIL`; a rule part that
/// would change which days the event happens on (`INTERVAL=2`, `BYDAY=MO,WE`, `FREQ=DAILY`), and
/// `RDATE`, `EXDATE` or `RECURRENCE-ID` exceptions, are errors naming the line rather than
/// silently misread.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let events = try ICalendarImport.events(from: Data(contentsOf: icsURL), file: "calendar.ics", timeZone: berlin)
/// ```
public enum ICalendarImport {
    /// The events of the file's calendars, in file order, with dates and times local to
    /// `timeZone`. Throws `ImportError` naming the line of the first problem.
    public static func events(from data: Data, file: String? = nil, timeZone: TimeZone = .gmt) throws -> [CalendarEvent] {
        let lines = try ContentLineReader.lines(in: data, file: file)
        var events: [CalendarEvent] = []
        for calendar in try ContentComponent.components(of: lines, file: file, outermost: "VCALENDAR") {
            guard calendar.name == "VCALENDAR" else {
                throw ImportError.malformed(file: file, line: calendar.line, problem: "BEGIN:\(calendar.name) where BEGIN:VCALENDAR was expected",
                                            hint: "an iCalendar file holds BEGIN:VCALENDAR … END:VCALENDAR blocks")
            }
            for component in calendar.children where component.name == "VEVENT" {
                if let event = try event(from: component, timeZone: timeZone, file: file) { events.append(event) }
            }
        }
        return events
    }

    private static func event(from component: ContentComponent, timeZone: TimeZone, file: String?) throws -> CalendarEvent? {
        for name in ["RDATE", "EXDATE", "RECURRENCE-ID"] {
            if let exception = component.property(name) {
                throw ImportError.unsupported(file: file, line: exception.line, problem: "\(name) (an exception to a repeating event) is not supported",
                                              hint: "export the calendar without changed or cancelled occurrences")
            }
        }
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
        let contacts = attendees(of: component)
        guard !contacts.isEmpty, component.property("STATUS")?.text.uppercased() != "CANCELLED" else { return nil }
        let local = start.local(in: timeZone)
        let place = component.property("LOCATION")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return CalendarEvent(
            title: title, date: local.date, time: local.time, place: place?.isEmpty == false ? place : nil, contacts: contacts,
            repeat: try rules.first.map {
                try ICalendarRecurrenceRule.recurrence(from: $0, start: start, localStart: local, timeZone: timeZone, file: file)
            })
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
