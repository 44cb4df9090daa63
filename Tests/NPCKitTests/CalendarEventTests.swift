import Foundation
@testable import NPCKit
import ProceduralModel
import RegexAutomata
import Testing

@Suite struct RecurrenceTests {
    @Test func weeklyWithACount() {
        let rule = Recurrence(frequency: .weekly, end: .count(8))
        let dates = rule.occurrences(startingOn: .at("2026-12-01"), from: .at("2026-01-01"), through: .at("2027-12-31"))
        #expect(dates.count == 8)
        #expect(dates.first == .at("2026-12-01") && dates.last == .at("2027-01-19"))
        #expect(rule.occurrences(startingOn: .at("2026-12-01"), from: .at("2026-12-15"), through: .at("2026-12-15")) == [.at("2026-12-15")])
    }

    @Test func monthlyOnThe31stSkipsShortMonthsWithoutCountingThem() {
        let rule = Recurrence(frequency: .monthly, end: .count(4))
        let dates = rule.occurrences(startingOn: .at("2027-01-31"), from: .at("2027-01-01"), through: .at("2028-12-31"))
        #expect(dates == [.at("2027-01-31"), .at("2027-03-31"), .at("2027-05-31"), .at("2027-07-31")])
    }

    @Test func yearlyOnFebruary29IsForLeapYearsOnly() {
        let rule = Recurrence(frequency: .yearly, end: .count(3))
        let dates = rule.occurrences(startingOn: .at("2028-02-29"), from: .at("2028-01-01"), through: .at("2040-12-31"))
        #expect(dates == [.at("2028-02-29"), .at("2032-02-29"), .at("2036-02-29")])
        #expect(Recurrence(frequency: .yearly).occurrences(startingOn: .at("2096-02-29"), from: .at("2097-01-01"), through: .at("2104-12-31"))
                == [.at("2104-02-29")], "2100 is no leap year")
    }

    @Test func untilIsInclusive() {
        let rule = Recurrence(frequency: .weekly, end: .until(.at("2026-12-15")))
        #expect(rule.occurrences(startingOn: .at("2026-12-01"), from: .at("2026-11-01"), through: .at("2027-01-31"))
                == [.at("2026-12-01"), .at("2026-12-08"), .at("2026-12-15")])
    }

    @Test func foreverStopsAtTheLastSupportedYear() {
        let dates = Recurrence(frequency: .yearly).occurrences(startingOn: .at("9990-06-01"), from: .at("9995-01-01"), through: .at("9999-12-31"))
        #expect(dates.count == 5)
        #expect(Recurrence(frequency: .weekly).occurrences(startingOn: .at("9999-12-01"), from: .at("9999-12-01"), through: .at("9999-12-31")).count == 5)
    }

    /// The rule against a day-by-day reading of its definition, over seeded random starts, ends
    /// and windows.
    @Test func agreesWithADayByDayReference() {
        var random = SeededRandom(seed: 2026)
        for _ in 0..<400 {
            let start = CalendarDate(dayNumber: Int.random(in: 20_000...20_800, using: &random))
            let frequency = Recurrence.Frequency.allCases.randomElement(using: &random) ?? .weekly
            let end: Recurrence.End = switch Int.random(in: 0..<3, using: &random) {
            case 0: .never
            case 1: .count(Int.random(in: 1...30, using: &random))
            default: .until(start.adding(days: Int.random(in: -10...1500, using: &random)))
            }
            // Exceptions on some of the rule's own dates and some others; they still count.
            let exceptions = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in
                start.adding(days: Int.random(in: 0...120, using: &random) * (Bool.random(using: &random) ? 7 : 1))
            })
            let rule = Recurrence(frequency: frequency, end: end, exceptions: exceptions)
            let from = start.adding(days: Int.random(in: -100...900, using: &random))
            let through = from.adding(days: Int.random(in: 0...600, using: &random))
            let expected = Self.reference(rule, start: start, through: through).filter { $0 >= from }
            #expect(rule.occurrences(startingOn: start, from: from, through: through) == expected, "\(rule) from \(start), \(from)...\(through)")
            let event = CalendarEvent(title: "t", date: start, contacts: ["x"], repeat: rule)
            let probe = from.adding(days: Int.random(in: 0...600, using: &random))
            #expect(event.occurs(on: probe) == Self.reference(rule, start: start, through: probe).contains(probe))
        }
    }

    private static func reference(_ rule: Recurrence, start: CalendarDate, through: CalendarDate) -> [CalendarDate] {
        var dates: [CalendarDate] = []
        var produced = 0
        var day = start
        while day <= through {
            let matches = switch rule.frequency {
            case .weekly: (day.dayNumber - start.dayNumber) % 7 == 0
            case .monthly: day.day == start.day
            case .yearly: day.day == start.day && day.month == start.month
            }
            if matches {
                if case .until(let last) = rule.end, day > last { break }
                if case .count(let count) = rule.end, produced == count { break }
                produced += 1
                if !rule.exceptions.contains(day) { dates.append(day) }
            }
            day = day.adding(days: 1)
        }
        return dates
    }
}

@Suite struct CalendarEventTests {
    @Test func codableInTheEventsJSONShape() throws {
        let events = try CalendarEvent.list(fromJSON: Fixtures.data("json", "events.json"), file: "events.json")
        #expect(events == [
            CalendarEvent(title: "Pottery night", date: .at("2026-12-04"), time: TimeOfDay("19:00"), place: "The Kiln Collective",
                          contacts: ["Marguerite Oyelaran", "Sam Okafor"]),
            CalendarEvent(title: "Choir rehearsal", date: .at("2026-12-01"), time: TimeOfDay(hour: 18, minute: 30), place: "St. Brigid's Hall",
                          contacts: ["Tobias Reyes-Lund"], repeat: Recurrence(frequency: .weekly, end: .count(8))),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let choir = String(decoding: try encoder.encode(events[1]), as: UTF8.self)
        #expect(choir == #"{"contacts":["Tobias Reyes-Lund"],"date":"2026-12-01","place":"St. Brigid's Hall","repeat":{"count":8,"frequency":"weekly"},"time":"18:30","title":"Choir rehearsal"}"#)
        let bare = CalendarEvent(title: "Walk", date: .at("2026-12-02"), contacts: ["Sam Okafor"], repeat: Recurrence(frequency: .yearly, end: .until(.at("2030-01-01"))))
        #expect(String(decoding: try encoder.encode(bare), as: UTF8.self)
                == #"{"contacts":["Sam Okafor"],"date":"2026-12-02","repeat":{"frequency":"yearly","until":"2030-01-01"},"title":"Walk"}"#)
        #expect(try JSONDecoder().decode(CalendarEvent.self, from: encoder.encode(bare)) == bare)
        let calledOff = Recurrence(frequency: .weekly, end: .count(4), exceptions: [.at("2026-12-15"), .at("2026-12-08")])
        #expect(String(decoding: try encoder.encode(calledOff), as: UTF8.self)
                == #"{"count":4,"except":["2026-12-08","2026-12-15"],"frequency":"weekly"}"#)
        #expect(try JSONDecoder().decode(Recurrence.self, from: encoder.encode(calledOff)) == calledOff)
    }

    @Test(arguments: [
        (#"{"events": [{"title": "a", "date": "2026-12-04", "contacts": []}]}"#, "events[0].contacts"),
        (#"{"events": [{"title": "a", "date": "2026-12-04"}]}"#, "events[0].contacts"),
        (#"{"events": [{"title": "a", "date": "2026-12-04", "time": "7pm", "contacts": ["x"]}]}"#, "events[0].time"),
        (#"{"events": [{"title": "a", "date": "2026-13-04", "contacts": ["x"]}]}"#, "events[0].date"),
        (#"{"events": [{"title": "a", "date": "2026-12-04", "contacts": ["x"], "repeat": {"frequency": "daily"}}]}"#, "events[0].repeat.frequency"),
        (#"{"events": [{"title": "a", "date": "2026-12-04", "contacts": ["x"], "repeat": {"frequency": "weekly", "count": 0}}]}"#, "events[0].repeat.count"),
        (#"{"events": [{"title": 3, "date": "2026-12-04", "contacts": ["x"]}]}"#, "events[0].title"),
        (#"{"events": "#, ""),
    ])
    func shapeErrorsNameTheKeyPath(json: String, keyPath: String) {
        #expect {
            try CalendarEvent.list(fromJSON: Data(json.utf8), file: "events.json")
        } throws: { error in
            guard case ImportError.invalidJSON(let file, let path, _) = error else { return false }
            return file == "events.json" && path == keyPath && "\(error)".hasPrefix("events.json: ")
        }
    }

    @Test func involvesIgnoresCaseAndSpaces() {
        let event = CalendarEvent(title: "t", date: .at("2026-12-01"), contacts: ["Sam Okafor"])
        #expect(event.involves(" sam okafor ") && !event.involves("Sam"))
    }

    @Test func timeOfDay() {
        #expect(TimeOfDay("00:00") != nil && TimeOfDay("23:59") != nil)
        for bad in ["24:00", "12:60", "7:00", "07:5", "0700", "", "ab:cd", "-1:00"] { #expect(TimeOfDay(bad) == nil, "\(bad)") }
        #expect(TimeOfDay(hour: 7, minute: 5)?.description == "07:05")
        #expect(TimeOfDay("09:30")! < TimeOfDay("10:00")!)
    }
}
