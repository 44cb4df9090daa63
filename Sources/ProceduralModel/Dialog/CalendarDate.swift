/// A day of the proleptic Gregorian calendar, with the day arithmetic dialog and calendars need.
///
/// Computed with integer arithmetic on a day count (days since 1970-01-01), so results never
/// depend on the machine's time zone, locale or calendar settings. Codable as `"YYYY-MM-DD"`.
///
/// ```swift
/// let today = CalendarDate(isoString: "2026-11-23")!
/// print(today.adding(days: 1), CalendarDate.weekdayNames[today.weekday - 1])   // 2026-11-24 Monday
/// ```
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, or nil when `month`/`day` do not name a real day of `year` (1...9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 (negative: before it).
    public init(dayNumber: Int) {
        // Civil-from-days over 400-year eras of 146,097 days, with years starting in March so
        // that the leap day falls at the end of the year.
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (dayNumber + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// The same day `months` months later (earlier when negative), clamped to the month's last
    /// day: January 31 plus one month is February 28 (or 29). Nil past the years 1...9999.
    public func adding(months: Int) -> CalendarDate? {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return CalendarDate(year: newYear, month: newMonth, day: min(day, CalendarDate.daysIn(month: newMonth, year: newYear)))
    }

    /// Whether the year is within 1...9999, as every date `init(year:month:day:)` makes is;
    /// day arithmetic far enough from today can leave that range.
    public var isInSupportedRange: Bool { (1...9999).contains(year) }

    /// `YYYY-MM-DD`.
    public var isoString: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { isoString }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// English month names, January first.
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
    /// English weekday names, Monday first (index = ISO weekday - 1).
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The date's season in the northern hemisphere, by month: "winter" (December to February),
    /// "spring", "summer" (June to August) or "autumn".
    public var season: String { Self.seasons[month % 12 / 3] }

    /// The seasons `season` names, winter first.
    public static let seasons = ["winter", "spring", "summer", "autumn"]

    /// The date as said aloud, its weekday first: "Thursday, March 16".
    public var spoken: String { "\(Self.weekdayNames[weekday - 1]), \(Self.monthNames[month - 1]) \(day)" }

    /// The date written `YYYY-MM-DD` (exactly four, two and two digits), or nil.
    public init?(isoString text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(isoString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date written YYYY-MM-DD, got \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isoString)
    }
}
