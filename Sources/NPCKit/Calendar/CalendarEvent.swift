import Foundation
import ProceduralModel

/// Something planned on the player's calendar, with the contacts taking part: a title, the
/// (first) date, a start time and a place when known, and how it repeats, if it does.
///
/// Codable in the shape of a `content/game/events.json` entry: `title`, `date` (`YYYY-MM-DD`)
/// and `contacts` (at least one full name) required; `time` (`HH:MM`, 24-hour), `place` and
/// `repeat` (a `Recurrence`) left out when absent. Events come from such a file or from an
/// iCalendar export (`CalendarEvent.load(from:timeZone:)`).
///
/// ```swift
/// let choir = CalendarEvent(title: "Choir rehearsal", date: CalendarDate(isoString: "2026-12-01")!,
///                           time: TimeOfDay("18:30"), place: "St. Brigid's Hall", contacts: ["Tobias Reyes-Lund"],
///                           repeat: Recurrence(frequency: .weekly, end: .count(8)))
/// choir.occurs(on: CalendarDate(isoString: "2026-12-15")!)     // true: the third rehearsal
/// ```
public struct CalendarEvent: Sendable, Hashable, Codable {
    /// What is planned ("Pottery night").
    public var title: String
    /// The date of the first (or only) occurrence.
    public var date: CalendarDate
    /// The local start time; nil for an all-day event.
    public var time: TimeOfDay?
    /// Where it happens, when known.
    public var place: String?
    /// The full names of the contacts taking part.
    public var contacts: [String]
    /// How the event repeats; nil for a one-off.
    public var `repeat`: Recurrence?

    /// An event; `contacts` should name at least one person (the JSON shape requires it).
    public init(title: String, date: CalendarDate, time: TimeOfDay? = nil, place: String? = nil, contacts: [String],
                repeat: Recurrence? = nil) {
        self.title = title
        self.date = date
        self.time = time
        self.place = place
        self.contacts = contacts
        self.repeat = `repeat`
    }

    /// Whether the event happens on `day`: its date, or one of its repetitions.
    public func occurs(on day: CalendarDate) -> Bool {
        !occurrences(from: day, through: day).isEmpty
    }

    /// The days within `from...through` the event happens on, in order.
    public func occurrences(from: CalendarDate, through: CalendarDate) -> [CalendarDate] {
        guard let rule = `repeat` else { return (from...through).contains(date) ? [date] : [] }
        return rule.occurrences(startingOn: date, from: from, through: through)
    }

    /// Whether `name` is among the contacts, ignoring case and surrounding white space.
    public func involves(_ name: String) -> Bool {
        let wanted = Self.comparable(name)
        return contacts.contains { Self.comparable($0) == wanted }
    }

    private static func comparable(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    private enum CodingKeys: String, CodingKey {
        case title, date, time, place, contacts, `repeat`
    }

    /// Decodes an events.json entry; an empty `contacts` list is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        date = try container.decode(CalendarDate.self, forKey: .date)
        time = try container.decodeIfPresent(TimeOfDay.self, forKey: .time)
        place = try container.decodeIfPresent(String.self, forKey: .place)
        contacts = try container.decode([String].self, forKey: .contacts)
        `repeat` = try container.decodeIfPresent(Recurrence.self, forKey: .repeat)
        guard !contacts.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .contacts, in: container, debugDescription: "an event needs at least one contact")
        }
    }
}
