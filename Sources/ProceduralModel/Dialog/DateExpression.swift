import GuidedGeneration

/// Resolves the date an English prompt talks about, relative to a reference date ("today").
///
/// Understood, case-insensitively:
/// - **Explicit dates** — these win over any relative words in the same text:
///   ISO `2026-11-24` (also `2026/11/24`); day-first `24/11/2026`, `24.11.2026`, `24-11-2026`
///   (read month-first, `11/24/2026`, only when day-first names no real day); month names or
///   their abbreviations with a day as a numeral, ordinal or words — `November 24`,
///   `Nov 24th 2026`, `November 24, 2026`, `November the twenty-fourth`, `24 November`,
///   `the 24th of November 2026`. Without a year, the next such day from the reference date is
///   meant (the reference date's year, or the next year's once it has passed), unless the
///   question is in the past tense ("what did you do on …").
///   Impossible days (`February 30`) are not dates.
/// - **Relative words**, the earliest in the text wins: `today`, `tonight`, `this morning`,
///   `this afternoon`, `this evening` (+0); `tomorrow` (+1); `yesterday`, `last night` (−1);
///   texting spellings too (`tmrw`, `2moro`, `tonite`, `yday`);
///   `the day after tomorrow` (+2); `the day before yesterday` (−2); `in 3 days`,
///   `in three weeks`, `in a week`, `2 days from now`, `a week from today` (+n); `3 days ago`
///   (−n); units are days, weeks, fortnights, months and years (months and years keep the day,
///   clamped to the month's end); `next week` / `last week` (the same weekday ± 7 days),
///   `this week` (+0), `next month`, `last month`, `next year`, `last year`; `Friday next week`
///   and `Friday week` (that weekday of the week after this one); `Friday the 4th` (the next 4th
///   that is a Friday).
/// - **Weekdays** (full names, singular or plural): a bare weekday, `on Friday`,
///   `this Friday` or `coming Friday` is the first such day *on or after* the reference date
///   (today when today is a Friday); `next Friday` is the first one *strictly after* it (1–7
///   days ahead); `last Friday`, `past Friday` or `previous Friday` the last one strictly before
///   it (1–7 days back).
/// - **The weekend**: `weekend`, `this weekend` or `the weekend` is the first Saturday on or
///   after the reference date; `next weekend` the Saturday after that one; `last weekend` the
///   Saturday of the weekend before this one; in a question in the past tense ("how was your
///   weekend?"), `weekend` is the last one; `the weekend after this one` is next weekend, and
///   `the weekend after next` the one after that.
/// - **Holidays**, the next one on or after the reference date: `Christmas` (`Christmas Day`,
///   `Xmas`), `Christmas Eve`, `Boxing Day`, `New Year's Eve` (`New Year`, its night), `New Year's Day`, `Halloween`,
///   `Valentine's Day` (`valentines`), `St Patrick's Day`; `Easter` (`Easter Sunday`), `Easter
///   Monday` and `Good Friday`, computed for the year; `Thanksgiving`, the fourth Thursday of
///   November.
/// - **A day of the month** without its month (`the 3rd`, `on the 29th`): the next such day.
///
/// All arithmetic is `CalendarDate`'s, so no result depends on the machine's time zone or
/// locale.
enum DateExpression {
    /// The date `text` mentions, or nil when it mentions none. Relative expressions need
    /// `reference`; explicit dates with a year do not.
    static func resolve(_ text: String, relativeTo reference: CalendarDate?) -> CalendarDate? {
        let tokens = DateToken.tokens(text)
        for index in tokens.indices {
            if let (date, _) = explicitDate(tokens, at: index, defaultYear: reference?.year) {
                return nextOccurrence(of: date, after: reference, in: tokens)
            }
        }
        guard let reference else { return nil }
        for index in tokens.indices {
            if let date = relativeDate(tokens, at: index, reference: reference) {
                return date.isInSupportedRange ? date : nil
            }
        }
        return nil
    }

    /// A date named without its year that has passed this year means next year's, unless the
    /// question is about the past ("what did you do on the 4th of January?").
    private static func nextOccurrence(of date: CalendarDate, after reference: CalendarDate?, in tokens: [DateToken]) -> CalendarDate {
        guard let reference, date < reference, !tokens.contains(where: { $0.word == String(date.year) }),
              !tokens.contains(where: { $0.word.map(pastWords.contains) == true }) else { return date }
        return CalendarDate(year: date.year + 1, month: date.month, day: date.day) ?? date
    }

    static let pastWords: Set<String> = ["did", "was", "were", "last", "ago", "went", "happened", "had", "spent"]

    /// The reference date stated in instructions: an explicit date with a year that follows
    /// one of `today`, `date`, `now`, `current`, `currently` or `it is` within ten words —
    /// "Today is 2026-11-23.", "Today's date is November 23, 2026", "It is Monday,
    /// 23 November 2026". Nil when the instructions state none.
    static func referenceDate(in instructions: String) -> CalendarDate? {
        let tokens = DateToken.tokens(instructions)
        let anchors: Set<String> = ["today", "date", "now", "current", "currently"]
        for (index, token) in tokens.enumerated() {
            let word = token.word ?? ""
            let isAnchor = anchors.contains(word) || (word == "is" && index > 0 && tokens[index - 1].word == "it")
            guard isAnchor else { continue }
            for start in (index + 1)..<min(tokens.count, index + 11) {
                if let (date, _) = explicitDate(tokens, at: start, defaultYear: nil) { return date }
            }
        }
        return nil
    }

    // MARK: Explicit dates

    private static let monthsByName: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, name) in CalendarDate.monthNames.enumerated() {
            table[name.lowercased()] = index + 1
            table[String(name.lowercased().prefix(3))] = index + 1
        }
        table["sept"] = 9
        return table
    }()

    /// The explicit date starting at `index` and how many tokens it spans.
    static func explicitDate(_ tokens: [DateToken], at index: Int, defaultYear: Int?) -> (CalendarDate, Int)? {
        switch tokens[index] {
        case .numericDate(let groups, let separator):
            return numericDate(groups, separator: separator).map { ($0, 1) }
        case .word(let word):
            if let month = monthsByName[word] {
                return monthFirst(tokens, month: month, at: index, defaultYear: defaultYear)
            }
            return dayFirst(tokens, at: index, defaultYear: defaultYear)
        }
    }

    private static func numericDate(_ groups: [String], separator: Character) -> CalendarDate? {
        let numbers = groups.compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        if groups[0].count == 4 {
            guard separator != "." else { return nil }
            return CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2])
        }
        guard groups[2].count == 4 else { return nil }
        return CalendarDate(year: numbers[2], month: numbers[1], day: numbers[0])
            ?? CalendarDate(year: numbers[2], month: numbers[0], day: numbers[1])
    }

    /// `November 24`, `Nov 24th 2026`, `November the 24th`.
    private static func monthFirst(_ tokens: [DateToken], month: Int, at index: Int, defaultYear: Int?) -> (CalendarDate, Int)? {
        var next = index + 1
        if next < tokens.count, tokens[next].word == "the" { next += 1 }
        guard let (day, dayLength) = dayNumber(tokens, at: next) else { return nil }
        next += dayLength
        return withYear(tokens, at: next, month: month, day: day, defaultYear: defaultYear, start: index)
    }

    /// `24 November`, `the 24th of November 2026`.
    private static func dayFirst(_ tokens: [DateToken], at index: Int, defaultYear: Int?) -> (CalendarDate, Int)? {
        var next = index
        if tokens[next].word == "the" { next += 1 }
        guard let (day, dayLength) = dayNumber(tokens, at: next) else { return nil }
        next += dayLength
        if next < tokens.count, tokens[next].word == "of" { next += 1 }
        guard next < tokens.count, let word = tokens[next].word, let month = monthsByName[word] else { return nil }
        return withYear(tokens, at: next + 1, month: month, day: day, defaultYear: defaultYear, start: index)
    }

    private static func withYear(_ tokens: [DateToken], at index: Int, month: Int, day: Int, defaultYear: Int?, start: Int) -> (CalendarDate, Int)? {
        if index < tokens.count, let word = tokens[index].word, (3...4).contains(word.count),
           word.allSatisfy({ ("0"..."9").contains($0) }), let year = Int(word) {
            return CalendarDate(year: year, month: month, day: day).map { ($0, index + 1 - start) }
        }
        guard let defaultYear else { return nil }
        return CalendarDate(year: defaultYear, month: month, day: day).map { ($0, index - start) }
    }

    /// A day of the month (1...31) as a numeral, ordinal or number words.
    private static func dayNumber(_ tokens: [DateToken], at index: Int) -> (Int, Int)? {
        let words = tokens[index...].prefix(3).map { $0.word ?? "" }
        guard let reading = NumberWords.reading(words, at: 0), (1...31).contains(reading.value) else { return nil }
        return (reading.value, reading.length)
    }

    // MARK: Relative dates

    private static let fixedPhrases: [([String], Int)] = [
        (["day", "after", "tomorrow"], 2), (["day", "before", "yesterday"], -2),
        (["today"], 0), (["tonight"], 0), (["this", "morning"], 0), (["this", "afternoon"], 0),
        (["this", "evening"], 0), (["tomorrow"], 1), (["yesterday"], -1), (["last", "night"], -1),
        (["tmrw"], 1), (["tmr"], 1), (["tmw"], 1), (["2moro"], 1), (["2morrow"], 1), (["tomoz"], 1), (["tomorow"], 1), (["tommorow"], 1),
        (["tonite"], 0), (["2nite"], 0), (["tday"], 0), (["yday"], -1),
    ]

    private enum Unit {
        case days(Int)
        case months(Int)
    }

    private static let units: [String: Unit] = [
        "day": .days(1), "days": .days(1), "week": .days(7), "weeks": .days(7),
        "fortnight": .days(14), "fortnights": .days(14), "month": .months(1), "months": .months(1),
        "year": .months(12), "years": .months(12),
    ]

    private static let weekdaysByName: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, name) in CalendarDate.weekdayNames.enumerated() {
            table[name.lowercased()] = index + 1
            table[name.lowercased() + "s"] = index + 1
        }
        return table
    }()

    private static func relativeDate(_ tokens: [DateToken], at index: Int, reference: CalendarDate) -> CalendarDate? {
        let words = tokens[index...].prefix(5).map { $0.word ?? "" }
        for (phrase, offset) in fixedPhrases where words.starts(with: phrase) {
            return reference.adding(days: offset)
        }
        if let date = counted(words, reference: reference) { return date }
        let pastTense = tokens.contains { $0.word.map(pastWords.contains) == true }
        if let date = holiday(words, reference: reference, inThePast: pastTense) { return date }
        if let date = dayOfTheMonth(words, reference: reference) { return date }
        // On a Sunday, "this weekend" is today; otherwise the coming Saturday. Asked in the past
        // tense ("how was your weekend?"), the weekend is the last one: this one's Saturday from
        // a Saturday or a Sunday.
        let weekend = reference.weekday == 7 ? reference
            : pastTense ? (reference.weekday == 6 ? reference : previous(6, from: reference))
            : upcoming(6, from: reference, includingToday: true)
        let nextWeekend = upcoming(6, from: reference, includingToday: false).adding(days: reference.weekday >= 6 ? 0 : 7)
        // "the weekend after this one" is next weekend; "the weekend after next", the one after.
        if let at = words.prefix(2).firstIndex(of: "weekend"), words.count > at + 2, words[at + 1] == "after",
           ["this", "next"].contains(words[at + 2]) {
            return words[at + 2] == "this" ? nextWeekend : nextWeekend.adding(days: 7)
        }
        if words.first == "weekend" { return weekend }
        if words.count > 1, words[1] == "weekend" {
            switch words[0] {
            case "this", "the", "coming": return weekend
            case "next": return nextWeekend
            // On a Sunday, last weekend is the one before this one.
            case "last", "past", "previous": return previous(6, from: reference.weekday == 7 ? reference.adding(days: -1) : reference)
            default: break
            }
        }
        guard let first = words.first else { return nil }
        if let weekday = weekdaysByName[first] { return named(weekday, tokens, at: index, reference: reference) }
        guard words.count > 1 else { return nil }
        let second = words[1]
        if let weekday = weekdaysByName[second] {
            switch first {
            case "next": return upcoming(weekday, from: reference, includingToday: false)
            case "last", "past", "previous": return previous(weekday, from: reference)
            case "this", "coming", "on": return named(weekday, tokens, at: index + 1, reference: reference)
            default: return nil
            }
        }
        let direction: Int
        switch first {
        case "next": direction = 1
        case "last": direction = -1
        case "this": direction = 0
        default: return nil
        }
        switch second {
        case "week": return reference.adding(days: 7 * direction)
        case "month": return reference.adding(months: direction)
        case "year": return reference.adding(months: 12 * direction)
        default: return nil
        }
    }

    /// The weekday named at `index`: "Friday next week", "Friday the 4th", else the coming one.
    private static func named(_ weekday: Int, _ tokens: [DateToken], at index: Int, reference: CalendarDate) -> CalendarDate {
        let rest = tokens[(index + 1)...].prefix(2).map { $0.word ?? "" }
        return weekdayOfNextWeek(weekday, rest[...], reference: reference)
            ?? weekdayOnTheDay(weekday, tokens, after: index + 1, reference: reference)
            ?? upcoming(weekday, from: reference, includingToday: true)
    }

    /// "Friday next week", "Friday week": that weekday in the week after this one.
    private static func weekdayOfNextWeek(_ weekday: Int, _ rest: ArraySlice<String>, reference: CalendarDate) -> CalendarDate? {
        guard rest.starts(with: ["next", "week"]) || rest.first == "week" else { return nil }
        let nextMonday = reference.adding(days: 8 - reference.weekday)
        return nextMonday.adding(days: weekday - 1)
    }

    /// "Friday the 4th": the next 4th (from `reference`) that falls on a Friday, within a
    /// year and a half, else the next 4th.
    private static func weekdayOnTheDay(_ weekday: Int, _ tokens: [DateToken], after index: Int, reference: CalendarDate) -> CalendarDate? {
        var next = index
        if next < tokens.count, tokens[next].word == "the" { next += 1 }
        guard next < tokens.count, let (day, _) = dayNumber(tokens, at: next) else { return nil }
        var first: CalendarDate?
        for months in 0..<18 {
            guard let month = reference.adding(months: months),
                  let date = CalendarDate(year: month.year, month: month.month, day: day), date >= reference else { continue }
            if date.weekday == weekday { return date }
            first = first ?? date
        }
        return first
    }

    /// "the 3rd", "the twenty-ninth": the next such day of a month, on or after `reference`
    /// (months without it are skipped).
    private static func dayOfTheMonth(_ words: [String], reference: CalendarDate) -> CalendarDate? {
        guard words.first == "the", let reading = NumberWords.reading(Array(words.dropFirst()), at: 0), reading.isOrdinal,
              (1...31).contains(reading.value) else { return nil }
        for months in 0..<3 {
            guard let month = reference.adding(months: months),
                  let date = CalendarDate(year: month.year, month: month.month, day: reading.value), date >= reference else { continue }
            return date
        }
        return nil
    }

    /// Holidays by name, as (month, day): the longest name first, so "christmas eve" is not
    /// read as "christmas".
    private static let holidays: [([String], month: Int, day: Int)] = [
        (["christmas", "eve"], 12, 24), (["christmas", "day"], 12, 25), (["christmas"], 12, 25), (["xmas", "eve"], 12, 24),
        (["xmas", "day"], 12, 25), (["xmas"], 12, 25),
        (["boxing", "day"], 12, 26), (["new", "year", "s", "eve"], 12, 31), (["new", "years", "eve"], 12, 31),
        (["new", "year", "eve"], 12, 31), (["new", "year", "s", "day"], 1, 1), (["new", "years", "day"], 1, 1),
        (["new", "year", "day"], 1, 1), (["new", "year"], 12, 31), (["new", "years"], 12, 31), (["halloween"], 10, 31), (["valentine", "s", "day"], 2, 14), (["valentines", "day"], 2, 14),
        (["valentine", "day"], 2, 14), (["valentine", "s"], 2, 14), (["valentines"], 2, 14),
        (["st", "patrick", "s", "day"], 3, 17), (["st", "patricks", "day"], 3, 17), (["saint", "patrick", "s", "day"], 3, 17),
        (["st", "patrick", "s"], 3, 17), (["st", "patricks"], 3, 17), (["st", "paddy", "s", "day"], 3, 17), (["paddy", "s", "day"], 3, 17),
    ]

    /// Holidays that move with Easter, as days after Easter Sunday; the longest name first.
    private static let easterHolidays: [([String], offset: Int)] = [
        (["easter", "sunday"], 0), (["easter", "monday"], 1), (["easter", "day"], 0), (["good", "friday"], -2), (["easter"], 0),
    ]

    /// The fourth Thursday of November of `year`.
    static func thanksgiving(of year: Int) -> CalendarDate? {
        guard let first = CalendarDate(year: year, month: 11, day: 1) else { return nil }
        return first.adding(days: (4 - first.weekday + 7) % 7 + 21)
    }

    /// Easter Sunday of `year` in the Gregorian calendar (the anonymous Gregorian computus).
    static func easterSunday(of year: Int) -> CalendarDate? {
        let a = year % 19, b = year / 100, c = year % 100
        let h = (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30
        let l = (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let monthAndDay = h + l - 7 * m + 114
        return CalendarDate(year: year, month: monthAndDay / 31, day: monthAndDay % 31 + 1)
    }

    /// The next holiday named at the start of `words`, on or after `reference`; in a question
    /// in the past tense ("did you do anything for Valentine's?"), the last one on or before it.
    private static func holiday(_ words: [String], reference: CalendarDate, inThePast: Bool) -> CalendarDate? {
        let inYear: (Int) -> CalendarDate?
        if let (_, offset) = easterHolidays.first(where: { words.starts(with: $0.0) }) {
            inYear = { easterSunday(of: $0)?.adding(days: offset) }
        } else if words.starts(with: ["thanksgiving"]) {
            inYear = thanksgiving
        } else if let (_, month, day) = holidays.first(where: { words.starts(with: $0.0) }) {
            inYear = { CalendarDate(year: $0, month: month, day: day) }
        } else {
            return nil
        }
        guard let thisYear = inYear(reference.year) else { return nil }
        if inThePast { return thisYear <= reference ? thisYear : inYear(reference.year - 1) }
        return thisYear >= reference ? thisYear : inYear(reference.year + 1)
    }

    /// `in 3 days`, `3 days ago`, `2 weeks from now`, `a week from today`.
    private static func counted(_ words: [String], reference: CalendarDate) -> CalendarDate? {
        let ahead = words.first == "in"
        let start = ahead ? 1 : 0
        guard let reading = NumberWords.reading(words, at: start, articleIsOne: true), !reading.isOrdinal else { return nil }
        let unitIndex = start + reading.length
        guard unitIndex < words.count, let unit = units[words[unitIndex]] else { return nil }
        let after = Array(words.dropFirst(unitIndex + 1))
        let sign: Int
        if ahead {
            sign = 1
        } else if after.first == "ago" {
            sign = -1
        } else if after.starts(with: ["from", "now"]) || after.starts(with: ["from", "today"]) {
            sign = 1
        } else {
            return nil
        }
        switch unit {
        case .days(let size):
            guard reading.value <= 4_000_000 else { return nil }
            return reference.adding(days: reading.value * size * sign)
        case .months(let size):
            guard reading.value <= 120_000 else { return nil }
            return reference.adding(months: reading.value * size * sign)
        }
    }

    private static func upcoming(_ weekday: Int, from reference: CalendarDate, includingToday: Bool) -> CalendarDate {
        var days = (weekday - reference.weekday + 7) % 7
        if days == 0 && !includingToday { days = 7 }
        return reference.adding(days: days)
    }

    private static func previous(_ weekday: Int, from reference: CalendarDate) -> CalendarDate {
        let days = (reference.weekday - weekday + 7) % 7
        return reference.adding(days: -(days == 0 ? 7 : days))
    }
}
