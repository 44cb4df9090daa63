/// A wall-clock time on a 24-hour clock, to the minute. Codable as `"HH:MM"`.
///
/// ```swift
/// let time = TimeOfDay("19:00")!               // hour 19, minute 0
/// TimeOfDay(hour: 7, minute: 5)?.description   // "07:05"
/// ```
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int

    /// The time, or nil unless `hour` is 0...23 and `minute` 0...59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (two digits each); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// Minutes since 00:00.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// The time `minutes` after this one, on a clock that wraps at midnight.
    public func adding(minutes: Int) -> TimeOfDay {
        let total = ((minutesSinceMidnight + minutes) % 1440 + 1440) % 1440
        return TimeOfDay(hour: total / 60, minute: total % 60)!
    }

    /// Earlier in the day first.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    /// Decodes `"HH:MM"`; anything else is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeOfDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a time (expected HH:MM, 24-hour)")
        }
        self = time
    }

    /// Encodes `"HH:MM"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
