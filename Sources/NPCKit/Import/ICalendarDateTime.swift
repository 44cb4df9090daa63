import Foundation
import ProceduralModel

/// An iCalendar `DATE` (`20261204`) or `DATE-TIME` (`20261204T190000`, floating;
/// `…Z`, UTC; or with a `TZID` parameter) as written, before it is moved to the caller's zone.
package struct ICalendarDateTime: Sendable, Equatable {
    /// Where a date-time's wall-clock reading holds.
    package enum Zone: Sendable, Equatable {
        /// No zone: the same wall-clock time wherever the reader is.
        case floating
        case fixed(TimeZone)
    }

    package let date: CalendarDate
    /// Nil for a plain date (an all-day event).
    package let time: TimeOfDay?
    package let zone: Zone

    /// Parses the value of `line` (seconds are dropped). `timeZoneID` overrides the line's own
    /// `TZID` parameter — how `UNTIL` is read in its event's zone.
    package init(_ text: String, line: ContentLine, file: String?, timeZoneID: String? = nil) throws {
        func malformed() -> ImportError {
            .malformed(file: file, line: line.line, problem: "\(line.name) \"\(text)\" is not a date or date-time",
                       hint: "expected YYYYMMDD or YYYYMMDDTHHMMSS, optionally ending in Z")
        }
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        let dateDigits = parts[0]
        guard parts.count <= 2, dateDigits.count == 8, dateDigits.allSatisfy(\.isASCIIDigit),
              let date = CalendarDate(year: Int(dateDigits.prefix(4)) ?? 0, month: Int(dateDigits.dropFirst(4).prefix(2)) ?? 0,
                                      day: Int(dateDigits.suffix(2)) ?? 0)
        else { throw malformed() }
        self.date = date
        guard parts.count == 2 else {
            (time, zone) = (nil, .floating)
            return
        }
        var timeText = parts[1]
        let isUTC = timeText.last == "Z"
        if isUTC { timeText = timeText.dropLast() }
        guard timeText.count == 6, timeText.allSatisfy(\.isASCIIDigit),
              let time = TimeOfDay(hour: Int(timeText.prefix(2)) ?? -1, minute: Int(timeText.dropFirst(2).prefix(2)) ?? -1),
              (Int(timeText.suffix(2)) ?? 60) <= 60
        else { throw malformed() }
        self.time = time
        if isUTC {
            zone = .fixed(.gmt)
        } else if let identifier = timeZoneID ?? line.parameter("TZID") {
            guard let timeZone = TimeZone(identifier: identifier) else {
                throw ImportError.malformed(file: file, line: line.line, problem: "unknown time zone TZID=\(identifier)",
                                            hint: "use an IANA time zone name such as Europe/Berlin")
            }
            zone = .fixed(timeZone)
        } else {
            zone = .floating
        }
    }

    /// The local date and time in `timeZone`; a plain date or a floating time stays as written.
    package func local(in timeZone: TimeZone) -> (date: CalendarDate, time: TimeOfDay?) {
        guard let time, case .fixed(let source) = zone else { return (date, time) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = source
        let written = DateComponents(year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
        guard let instant = calendar.date(from: written) else { return (date, time) }
        calendar.timeZone = timeZone
        let moved = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        guard let year = moved.year, let month = moved.month, let day = moved.day,
              let localDate = CalendarDate(year: year, month: month, day: day),
              let localTime = TimeOfDay(hour: moved.hour ?? 0, minute: moved.minute ?? 0)
        else { return (date, time) }
        return (localDate, localTime)
    }
}
