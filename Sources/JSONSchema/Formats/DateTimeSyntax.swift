/// RFC 3339 `full-date`, `full-time` and `date-time` (section 5.6), and the ISO 8601 durations of
/// its Appendix A.
package enum DateTimeSyntax {
    package static func isFullDate(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        return bytes.count == 10 && fullDate(bytes[...])
    }

    package static func isFullTime(_ string: String) -> Bool {
        fullTime(Array(string.utf8)[...])
    }

    package static func isDateTime(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t")
        else { return false }
        return fullDate(bytes[..<10]) && fullTime(bytes[11...])
    }

    /// `duration = "P" (dur-date / dur-time / dur-week)`, where a date runs Y, M, D and a time
    /// H, M, S, each a contiguous run of those units (so `P1Y2D` and `PT1H2S` are invalid).
    package static func isDuration(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.first == UInt8(ascii: "P") else { return false }
        var index = 1
        let dateUnits = Array("YMD".utf8), timeUnits = Array("HMS".utf8)

        if index < bytes.count, bytes[index] != UInt8(ascii: "T") {
            if let weekEnd = component(bytes, from: index, unit: UInt8(ascii: "W")) {
                return weekEnd == bytes.count
            }
            guard let end = unitRun(bytes, from: index, units: dateUnits) else { return false }
            index = end
        } else if index == bytes.count {
            return false
        }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "T"),
                  let end = unitRun(bytes, from: index + 1, units: timeUnits)
            else { return false }
            index = end
        }
        return index == bytes.count
    }

    // MARK: - Pieces

    private static func fullDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let s = bytes.startIndex
        guard bytes.count == 10,
              bytes[s + 4] == UInt8(ascii: "-"), bytes[s + 7] == UInt8(ascii: "-"),
              let year = number(bytes, at: s, width: 4),
              let month = number(bytes, at: s + 5, width: 2),
              let day = number(bytes, at: s + 8, width: 2),
              (1...12).contains(month)
        else { return false }
        return day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// `partial-time time-offset`. A leap second (`:60`) is accepted only where it falls on
    /// 23:59 UTC, that is after the offset is taken away, as RFC 3339 section 5.7 allows.
    private static func fullTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let s = bytes.startIndex
        guard bytes.count >= 9,
              bytes[s + 2] == UInt8(ascii: ":"), bytes[s + 5] == UInt8(ascii: ":"),
              let hour = number(bytes, at: s, width: 2), hour <= 23,
              let minute = number(bytes, at: s + 3, width: 2), minute <= 59,
              let second = number(bytes, at: s + 6, width: 2), second <= 60
        else { return false }

        var index = s + 8
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > fractionStart else { return false }
        }
        guard index < bytes.endIndex else { return false }

        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.endIndex - index == 6, bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHour = number(bytes, at: index + 1, width: 2), offsetHour <= 23,
                  let offsetMinute = number(bytes, at: index + 4, width: 2), offsetMinute <= 59
            else { return false }
            let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        default:
            return false
        }

        if second == 60 {
            let utcMinuteOfDay = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utcMinuteOfDay == 23 * 60 + 59
        }
        return true
    }

    /// `1*DIGIT unit` at `index`: the index after the unit, or nil.
    private static func component(_ bytes: [UInt8], from index: Int, unit: UInt8) -> Int? {
        var end = index
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        guard end > index, end < bytes.count, bytes[end] == unit else { return nil }
        return end + 1
    }

    /// One or more components whose units form a contiguous run of `units`, in order.
    private static func unitRun(_ bytes: [UInt8], from start: Int, units: [UInt8]) -> Int? {
        var index = start
        var nextUnit: Int?
        while index < bytes.count, isDigit(bytes[index]) {
            var end = index
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            guard end < bytes.count, let position = units.firstIndex(of: bytes[end]) else {
                return nil
            }
            if let expected = nextUnit, position != expected { return nil }
            nextUnit = position + 1
            index = end + 1
        }
        return nextUnit == nil ? nil : index
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func number(_ bytes: ArraySlice<UInt8>, at index: Int, width: Int) -> Int? {
        var value = 0
        for byte in bytes[index..<index + width] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
