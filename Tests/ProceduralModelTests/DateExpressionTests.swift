import Testing
@testable import GuidedGeneration
@testable import ProceduralModel

@Suite struct DateExpressionTests {
    /// A Monday.
    static let monday = "2026-11-23"

    static let cases: [(text: String, reference: String, expected: String?)] = [
        ("What's on today?", monday, "2026-11-23"),
        ("What are you doing this weekend?", monday, "2026-11-28"),
        ("any plans for the weekend?", monday, "2026-11-28"),
        ("and next weekend?", monday, "2026-12-05"),
        ("whatcha doing the weekend after this one? the saturday I mean", "2028-02-17", "2028-02-26"),
        ("the weekend after next", monday, "2026-12-12"), ("weekend after this", "2026-11-28", "2026-12-05"),
        ("this weekend", "2026-11-29", "2026-11-29"),
        ("next weekend", "2026-11-29", "2026-12-05"),
        ("what did you do last weekend?", monday, "2026-11-21"), ("how was your weekend?", monday, "2026-11-21"),
        ("how was the weekend", "2026-11-28", "2026-11-28"),
        ("doing anything on the 3rd?", "2027-01-21", "2027-02-03"), ("what are you up to on the 29th, that friday", "2027-01-21", "2027-01-29"),
        ("the 30th?", "2027-01-31", "2027-03-30"), ("anything planned for valentines", "2027-01-21", "2027-02-14"),
        ("the 3 of us", monday, nil),
        ("last weekend", "2026-11-29", "2026-11-21"), ("last weekend", "2026-11-28", "2026-11-21"),
        ("Doing anything at Christmas?", monday, "2026-12-25"),
        ("on Christmas Eve", monday, "2026-12-24"), ("xmas eve plans?", monday, "2026-12-24"),
        ("what about New Year's Eve?", monday, "2026-12-31"),
        ("New Year's Day", monday, "2027-01-01"),
        ("Halloween plans?", monday, "2027-10-31"),
        ("valentine's day", monday, "2027-02-14"),
        ("Did you do anything for Valentine's on Monday?", "2028-02-17", "2028-02-14"), ("what did you do at christmas?", monday, "2025-12-25"),
        ("did you do anything for New Year?", "2037-01-15", "2036-12-31"), ("any plans for new year?", "2037-01-15", "2037-12-31"),
        ("what are you doing for thanksgiving?", "2029-11-14", "2029-11-22"), ("how was thanksgiving?", "2026-11-28", "2026-11-26"),
        ("how was easter?", "2027-04-02", "2027-03-28"),
        ("anything for st patrick's day", "2027-03-11", "2027-03-17"), ("open over easter?", "2027-03-11", "2027-03-28"),
        ("easter monday", "2026-04-06", "2026-04-06"), ("good friday plans", monday, "2027-03-26"), ("easter", "2027-03-29", "2028-04-16"),
        ("xmas", "2026-12-25", "2026-12-25"),
        ("Anything tonight?", monday, "2026-11-23"),
        ("Any events tomorrow?", monday, "2026-11-24"),
        ("What happened yesterday?", monday, "2026-11-22"),
        ("And the day after tomorrow?", monday, "2026-11-25"),
        ("the day before yesterday", monday, "2026-11-21"),
        ("What did you do last night?", monday, "2026-11-22"),
        ("Is there a show this evening?", monday, "2026-11-23"),
        ("Is it open on Friday?", monday, "2026-11-27"),
        ("friday", monday, "2026-11-27"),
        ("What about next Friday?", monday, "2026-11-27"),
        ("Did you work last Monday?", monday, "2026-11-16"),
        ("this Sunday", monday, "2026-11-29"),
        ("on Monday", monday, "2026-11-23"),
        ("next Monday", monday, "2026-11-30"),
        ("last Friday", monday, "2026-11-20"),
        ("Are you open on Saturdays?", monday, "2026-11-28"),
        ("in 3 days", monday, "2026-11-26"),
        ("in three days", monday, "2026-11-26"),
        ("3 days ago", monday, "2026-11-20"),
        ("two weeks from now", monday, "2026-12-07"),
        ("a week from today", monday, "2026-11-30"),
        ("in a fortnight", monday, "2026-12-07"),
        ("twenty-one days ago", monday, "2026-11-02"),
        ("next week", monday, "2026-11-30"),
        ("last week", monday, "2026-11-16"),
        ("next month", monday, "2026-12-23"),
        ("last year", monday, "2025-11-23"),
        ("Is there anything on 2026-12-24?", monday, "2026-12-24"),
        ("24/11/2026", monday, "2026-11-24"),
        ("24.12.2026", monday, "2026-12-24"),
        ("11/24/2026", monday, "2026-11-24"),
        ("November 24", monday, "2026-11-24"),
        ("Nov 24th 2027", monday, "2027-11-24"),
        ("on November 24, 2026?", monday, "2026-11-24"),
        ("24 November", monday, "2026-11-24"),
        ("the 3rd of March 2027", monday, "2027-03-03"),
        ("on the fifth of December", monday, "2026-12-05"),
        ("December the twenty-first", monday, "2026-12-21"),
        // A day without its year that has passed means next year's, unless the past is asked for.
        ("Sept 9", monday, "2027-09-09"),
        ("plans on the 4th of January?", monday, "2027-01-04"),
        ("what did you do on Sept 9?", monday, "2026-09-09"),
        ("u free tmrw?", monday, "2026-11-24"),
        // Monday 2026-11-23: the Wednesday of the week after, and the next 11th that is a Friday.
        ("busy wednesday next week?", monday, "2026-12-02"),
        ("what about wednesday week", monday, "2026-12-02"),
        ("on friday the 11th?", monday, "2026-12-11"),
        ("saturday the 28th", monday, "2026-11-28"),
        ("tomorrow, not 2026-12-01", monday, "2026-12-01"),
        ("Monday, November 30, 2026", monday, "2026-11-30"),
        // Rollovers and leap years.
        ("tomorrow", "2026-12-31", "2027-01-01"),
        ("yesterday", "2027-01-01", "2026-12-31"),
        ("tomorrow", "2028-02-28", "2028-02-29"),
        ("tomorrow", "2028-02-29", "2028-03-01"),
        ("tomorrow", "2027-02-28", "2027-03-01"),
        ("tomorrow", "2100-02-28", "2100-03-01"),
        ("tomorrow", "2000-02-28", "2000-02-29"),
        ("the day before yesterday", "2026-03-01", "2026-02-27"),
        ("in 3 days", "2026-11-29", "2026-12-02"),
        ("next month", "2027-01-31", "2027-02-28"),
        ("next month", "2028-01-31", "2028-02-29"),
        ("next year", "2028-02-29", "2029-02-28"),
        ("last week", "2026-01-03", "2025-12-27"),
        ("next Friday", "2026-12-30", "2027-01-01"),
        ("February 29", "2028-01-10", "2028-02-29"),
        // Not dates.
        ("February 30", monday, nil),
        ("February 29", "2027-01-10", nil),
        ("31/02/2026", monday, nil),
        ("How long have you worked here?", monday, nil),
        ("May I have a coffee?", monday, nil),
        ("I sat in the sun", monday, nil),
        ("in 3 cups", monday, nil),
        ("in 9000 years", monday, nil),
        ("3000000 days ago", monday, nil),
        ("in 999999999 days", monday, nil),
    ]

    static func date(_ iso: String) -> CalendarDate {
        let parts = iso.split(separator: "-").map { Int($0)! }
        return CalendarDate(year: parts[0], month: parts[1], day: parts[2])!
    }

    @Test func resolvesTheTable() {
        #expect(Self.cases.count >= 40)
        for (text, reference, expected) in Self.cases {
            let found = DateExpression.resolve(text, relativeTo: Self.date(reference))
            #expect(found?.isoString == expected, "\(text) from \(reference)")
        }
    }

    @Test func relativeWordsNeedAReference() {
        #expect(DateExpression.resolve("tomorrow", relativeTo: nil) == nil)
        #expect(DateExpression.resolve("on 2026-11-24", relativeTo: nil) == Self.date("2026-11-24"))
        #expect(DateExpression.resolve("November 24", relativeTo: nil) == nil)
    }

    @Test(arguments: [
        ("Today is 2026-11-23.", "2026-11-23"),
        ("You are a barista. Today's date is November 23, 2026. Be kind.", "2026-11-23"),
        ("It is Monday, 23 November 2026.", "2026-11-23"),
        ("The current date: 23/11/2026", "2026-11-23"),
        ("Date: Nov 23rd 2026", "2026-11-23"),
    ])
    func findsTheReferenceDate(_ instructions: String, _ expected: String) {
        #expect(DateExpression.referenceDate(in: instructions)?.isoString == expected)
    }

    @Test(arguments: [
        "You are a historian born on 1850-03-02.",
        "Today is a good day.",
        "You are a barista.",
    ])
    func findsNoReferenceDateWhenNoneIsStated(_ instructions: String) {
        #expect(DateExpression.referenceDate(in: instructions) == nil)
    }

    @Test func dayArithmeticRoundTrips() {
        #expect(CalendarDate(dayNumber: 0).isoString == "1970-01-01")
        #expect(CalendarDate(dayNumber: 0).weekday == 4)
        #expect(Self.date(Self.monday).weekday == 1)
        #expect(CalendarDate(year: 1, month: 1, day: 1)!.weekday == 1)
        var date = CalendarDate(year: 1, month: 1, day: 1)!
        var number = date.dayNumber
        while date.year < 2401 {
            let next = date.adding(days: 1)
            #expect(next.dayNumber == number + 1)
            #expect(next > date)
            if next.day != 1 { #expect(next.day == date.day + 1 && next.month == date.month) }
            date = next
            number += 1
            if date.year == 3 { date = CalendarDate(year: 1999, month: 12, day: 25)!; number = date.dayNumber }
        }
        #expect(CalendarDate(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2026, month: 13, day: 1) == nil)
    }
}
