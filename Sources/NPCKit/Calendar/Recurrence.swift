import ProceduralModel

/// How an event repeats: every week, month or year from its first date, either forever, for a
/// number of occurrences (the first date included), or until a last date (included), less the
/// dates it was called off (`exceptions`, iCalendar's `EXDATE`, which still count toward `count`).
///
/// A monthly event on the 29th, 30th or 31st skips the months without that day, and a yearly
/// event on February 29 happens in leap years only — as RFC 5545 (iCalendar) has it: such dates
/// are no occurrences and do not count toward `count`. Codable in the shape of an events.json
/// `repeat` object: `{"frequency": "weekly", "count": 8}`, `{"frequency": "monthly", "until":
/// "2027-06-30"}` or `{"frequency": "yearly"}`, with `"except": ["2026-12-24"]` when some dates
/// are called off.
///
/// ```swift
/// let rule = Recurrence(frequency: .monthly, end: .count(3))
/// let start = CalendarDate(isoString: "2027-01-31")!
/// rule.occurrences(startingOn: start, from: start, through: CalendarDate(isoString: "2027-12-31")!)
/// // 2027-01-31, 2027-03-31, 2027-05-31
/// ```
public struct Recurrence: Sendable, Hashable, Codable {
    /// How often the event comes back.
    public enum Frequency: String, CaseIterable, Codable, Sendable {
        case weekly, monthly, yearly
    }

    /// When the repetition stops.
    public enum End: Sendable, Hashable {
        /// It never stops.
        case never
        /// After this many occurrences, the first one included (at least 1).
        case count(Int)
        /// After the last occurrence on or before this date.
        case until(CalendarDate)
    }

    /// Every week, month or year.
    public var frequency: Frequency
    /// When the repetition stops.
    public var end: End
    /// Dates the rule produces on which the event does not happen.
    public var exceptions: Set<CalendarDate>

    /// A rule repeating at `frequency` until `end` (forever by default), except on `exceptions`.
    public init(frequency: Frequency, end: End = .never, exceptions: Set<CalendarDate> = []) {
        self.frequency = frequency
        self.end = end
        self.exceptions = exceptions
    }

    /// The occurrences of an event first held on `start` that fall within `from...through`,
    /// in order.
    public func occurrences(startingOn start: CalendarDate, from: CalendarDate, through: CalendarDate) -> [CalendarDate] {
        guard from <= through else { return [] }
        let limit: Int? = if case .count(let count) = end { count } else { nil }
        // Without skipped dates the n-th candidate is the n-th occurrence, so the walk can start
        // near `from`; otherwise occurrences are counted from the start.
        var index = limit == nil || !canSkip(start) ? firstCandidateIndex(start: start, from: from) : 0
        var counted = index
        var found: [CalendarDate] = []
        while limit.map({ counted < $0 }) ?? true {
            switch candidate(index, start: start) {
            case .beyondSupportedYears:
                return found
            case .skipped:
                break
            case .date(let date):
                if date > through { return found }
                if case .until(let last) = end, date > last { return found }
                if date >= from, !exceptions.contains(date) { found.append(date) }
                counted += 1
            }
            index += 1
        }
        return found
    }

    private enum Candidate {
        case date(CalendarDate)
        case skipped
        case beyondSupportedYears
    }

    /// The `index`-th date the rule would produce after `start` (0 is `start` itself).
    private func candidate(_ index: Int, start: CalendarDate) -> Candidate {
        let year: Int, month: Int
        switch frequency {
        case .weekly:
            let date = start.adding(days: 7 * index)
            return date.isInSupportedRange ? .date(date) : .beyondSupportedYears
        case .monthly:
            let monthIndex = start.year * 12 + start.month - 1 + index
            (year, month) = (monthIndex / 12, monthIndex % 12 + 1)
        case .yearly:
            (year, month) = (start.year + index, start.month)
        }
        guard year <= 9999 else { return .beyondSupportedYears }
        return CalendarDate(year: year, month: month, day: start.day).map(Candidate.date) ?? .skipped
    }

    private func canSkip(_ start: CalendarDate) -> Bool {
        switch frequency {
        case .weekly: false
        case .monthly: start.day > 28
        case .yearly: start.month == 2 && start.day == 29
        }
    }

    /// The index of a candidate on or shortly before `from`, never past it.
    private func firstCandidateIndex(start: CalendarDate, from: CalendarDate) -> Int {
        let index = switch frequency {
        case .weekly: (from.dayNumber - start.dayNumber) / 7
        case .monthly: (from.year - start.year) * 12 + from.month - start.month - 1
        case .yearly: from.year - start.year - 1
        }
        return max(0, index)
    }

    private enum CodingKeys: String, CodingKey {
        case frequency, count, until
        case exceptions = "except"
    }

    /// Decodes a `repeat` object; a `count` below 1, or both `count` and `until`, is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        frequency = try container.decode(Frequency.self, forKey: .frequency)
        let count = try container.decodeIfPresent(Int.self, forKey: .count)
        let until = try container.decodeIfPresent(CalendarDate.self, forKey: .until)
        exceptions = Set(try container.decodeIfPresent([CalendarDate].self, forKey: .exceptions) ?? [])
        switch (count, until) {
        case (nil, nil):
            end = .never
        case (let count?, nil):
            guard count >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .count, in: container, debugDescription: "count must be at least 1, got \(count)")
            }
            end = .count(count)
        case (nil, let until?):
            end = .until(until)
        case (_?, _?):
            throw DecodingError.dataCorruptedError(forKey: .until, in: container, debugDescription: "give either count or until, not both")
        }
    }

    /// Encodes a `repeat` object: `frequency`, `count` or `until` when the rule has an end, and
    /// the exceptions in date order when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frequency, forKey: .frequency)
        switch end {
        case .never: break
        case .count(let count): try container.encode(count, forKey: .count)
        case .until(let date): try container.encode(date, forKey: .until)
        }
        if !exceptions.isEmpty { try container.encode(exceptions.sorted(), forKey: .exceptions) }
    }
}
