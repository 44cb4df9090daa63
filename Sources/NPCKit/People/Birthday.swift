import ProceduralModel

/// A birthday: a month and a day, and the year when it is known.
///
/// Written `YYYY-MM-DD`, or `--MM-DD` without a year (the vCard convention). Parsing also reads
/// the other vCard forms — `19580314`, `--0314`, and date-times whose time part after `T` is
/// ignored (`1958-03-14T08:30:00Z`). February 29 is a birthday without a year, and with a leap
/// year only. Codable as its written form.
///
/// ```swift
/// let birthday = Birthday("--07-02")!          // month 7, day 2, year nil
/// Birthday("19580314")?.description             // "1958-03-14"
/// Birthday(month: 2, day: 30)                  // nil
/// ```
public struct Birthday: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1…12.
    public let month: Int
    /// 1…31, a day the month has.
    public let day: Int
    /// The birth year; nil when unknown.
    public let year: Int?

    /// The birthday, or nil when `month` and `day` are no day of `year` (of a leap year when
    /// `year` is nil) or `year` is outside 1...9999.
    public init?(month: Int, day: Int, year: Int? = nil) {
        if let year {
            guard CalendarDate(year: year, month: month, day: day) != nil else { return nil }
        } else {
            // 2000 is a leap year, so February 29 passes without a year.
            guard CalendarDate(year: 2000, month: month, day: day) != nil else { return nil }
        }
        self.month = month
        self.day = day
        self.year = year
    }

    /// Parses `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD` or `--MMDD`, each optionally followed by a time
    /// part starting with `T` (ignored); nil for anything else or an impossible day.
    public init?(_ text: String) {
        let date = Self.datePart(of: text)
        let digits = date.filter(\.isASCIIDigit).compactMap(\.wholeNumberValue)
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        switch Self.layout(of: date) {
        case "9999-99-99", "99999999": self.init(month: number(4..<6), day: number(6..<8), year: number(0..<4))
        case "--99-99", "--9999": self.init(month: number(0..<2), day: number(2..<4))
        default: return nil
        }
    }

    /// Whether `text` is a vCard 4 date too coarse for a birthday — a year (`1958`), a year and
    /// month (`1958-03`), a month (`--03`) or a day (`---14`) alone.
    package static func isReducedPrecisionDate(_ text: String) -> Bool {
        ["9999", "9999-99", "--99", "---99"].contains(layout(of: datePart(of: text)))
    }

    private static func datePart(of text: String) -> Substring {
        let text = Substring(text)
        return text.firstIndex(of: "T").map { text[..<$0] } ?? text
    }

    /// The text with every ASCII digit written as 9: `1958-03-14` → `9999-99-99`.
    private static func layout(of date: Substring) -> String {
        String(date.map { $0.isASCIIDigit ? "9" : $0 })
    }

    /// `YYYY-MM-DD`, or `--MM-DD` without a year.
    public var description: String {
        let monthDay = "\(Self.twoDigits(month))-\(Self.twoDigits(day))"
        guard let year else { return "--" + monthDay }
        return String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)-" + monthDay
    }

    /// Decodes any form `init?(_:)` reads; anything else is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let birthday = Birthday(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a birthday (expected YYYY-MM-DD or --MM-DD)")
        }
        self = birthday
    }

    /// Encodes `"YYYY-MM-DD"` or `"--MM-DD"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension Character {
    /// `0`…`9` only (`isNumber` also accepts other scripts' digits and fractions).
    package var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
