import Foundation

extension CalendarEvent {
    /// The events of a file, read by its extension: `.ics` (iCalendar, see `ICalendarImport`;
    /// dates and times local to `timeZone`) or `.json` (the `content/game/events.json` shape,
    /// whose dates and times are already local, so `timeZone` does not apply). An iCalendar
    /// event that asks for something not supported is left out and handed to `skipped`.
    ///
    /// ```swift
    /// let events = try CalendarEvent.load(from: URL(fileURLWithPath: "calendar.ics"),
    ///                                     timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt) { print("left out: \($0)") }
    /// ```
    /// - Throws: `ImportError` naming the file and the line or key path of the first problem,
    ///   or the supported extensions for any other file.
    public static func load(from url: URL, timeZone: TimeZone = .gmt, skipped: (ImportError) -> Void = { _ in }) throws -> [CalendarEvent] {
        let file = url.lastPathComponent
        switch url.pathExtension.lowercased() {
        case "ics", "ical", "icalendar":
            let reading = try ICalendarImport.read(from: ImportFile.data(at: url), file: file, timeZone: timeZone)
            reading.skipped.forEach(skipped)
            return reading.events
        case "json": return try list(fromJSON: ImportFile.data(at: url), file: file)
        default: throw ImportError.unsupportedFileType(file: file, supported: ["ics", "json"])
        }
    }

    /// The events of a JSON document shaped like `content/game/events.json`:
    /// `{"events": [{"title": "Pottery night", "date": "2026-12-04", "contacts": ["Sam Okafor"]}, …]}`.
    ///
    /// ```swift
    /// let events = try CalendarEvent.list(fromJSON: Data(contentsOf: eventsURL), file: "events.json")
    /// ```
    /// - Throws: `ImportError.invalidJSON` with the key path of the problem (`events[1].repeat.count`).
    package static func list(fromJSON data: Data, file: String? = nil) throws -> [CalendarEvent] {
        try ImportFile.decodeJSON(EventList.self, from: data, file: file).events
    }

    private struct EventList: Decodable {
        let events: [CalendarEvent]
    }
}
