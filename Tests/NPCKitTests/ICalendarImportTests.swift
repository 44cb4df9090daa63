import Foundation
import Testing
@testable import NPCKit

@Suite struct ICalendarImportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    static let auckland = TimeZone(identifier: "Pacific/Auckland") ?? .gmt

    @Test func aCalendarInUTC() throws {
        let events = try CalendarEvent.load(from: Fixtures.url("icalendar", "calendar.ics"))
        #expect(events.map(\.title) == ["Pottery night", "Late drinks", "Breakfast meeting", "Choir rehearsal", "Month-end books",
                                        "Leap-day party", "Quiz night"], "no attendee, cancelled, to-dos and alarms are left out")
        let pottery = events[0]
        #expect(pottery.date == .at("2026-12-04") && pottery.time == nil && pottery.repeat == nil)
        #expect(pottery.place == "The Kiln Collective, Unit 4")
        #expect(pottery.contacts == ["Marguerite Oyelaran", "Sam Okafor"])
        #expect(events[1].date == .at("2026-12-04") && events[1].time == TimeOfDay("23:30"), "Berlin 00:30 is 23:30 UTC the day before")
        #expect(events[1].contacts == ["tobias@example.org"])
        #expect(events[2].date == .at("2026-12-10") && events[2].time == TimeOfDay("09:00"))
        #expect(events[3].time == TimeOfDay("18:30") && events[3].repeat == Recurrence(frequency: .weekly, end: .count(8)))
        #expect(events[4].repeat == Recurrence(frequency: .monthly, end: .until(.at("2027-08-31"))))
        #expect(events[4].occurrences(from: .at("2027-01-01"), through: .at("2027-12-31"))
                == [.at("2027-01-31"), .at("2027-03-31"), .at("2027-05-31"), .at("2027-07-31"), .at("2027-08-31")])
        #expect(events[5].occurrences(from: .at("2028-01-01"), through: .at("2040-12-31")) == [.at("2028-02-29"), .at("2032-02-29"), .at("2036-02-29")])
        #expect(events[5].contacts == ["Zoë Müller-Ødegård"])
        #expect(events[6].occurrences(from: .at("2026-12-01"), through: .at("2026-12-31")) == [.at("2026-12-02"), .at("2026-12-09")],
                "UNTIL 18:00 on the 16th ends before that day's 19:00 quiz")
    }

    @Test func theCallersTimeZoneMovesDatesAcrossMidnight() throws {
        let berlin = try CalendarEvent.load(from: Fixtures.url("icalendar", "calendar.ics"), timeZone: Self.berlin)
        #expect(berlin[1].date == .at("2026-12-05") && berlin[1].time == TimeOfDay("00:30"))
        #expect(berlin[2].time == TimeOfDay("10:00"))
        #expect(berlin[3].time == TimeOfDay("19:30"))
        #expect(berlin[6].time == TimeOfDay("19:00"), "a floating time stays as written")
        #expect(berlin[0].date == .at("2026-12-04"), "an all-day date stays as written")

        let auckland = try CalendarEvent.load(from: Fixtures.url("icalendar", "calendar.ics"), timeZone: Self.auckland)
        let choir = auckland[3]
        #expect(choir.date == .at("2026-12-02") && choir.time == TimeOfDay("07:30"), "London Tuesday evening is Auckland Wednesday morning")
        #expect(choir.occurs(on: .at("2026-12-16")) && !choir.occurs(on: .at("2026-12-15")))
        #expect(auckland[2].date == .at("2026-12-10") && auckland[2].time == TimeOfDay("22:00"))
    }

    @Test func untilAsAUTCDateTimeForAZonedEvent() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            SUMMARY:Book club
            DTSTART;TZID=Europe/Berlin:20261203T200000
            RRULE:FREQ=WEEKLY;UNTIL=20261217T190000Z
            ATTENDEE;CN=Sam Okafor:mailto:sam@example.org
            END:VEVENT
            END:VCALENDAR
            """
        let events = try ICalendarImport.events(from: Data(text.utf8), timeZone: Self.berlin)
        #expect(events.first?.occurrences(from: .at("2026-12-01"), through: .at("2027-01-31")) == [.at("2026-12-03"), .at("2026-12-10"), .at("2026-12-17")])
        let earlier = text.replacingOccurrences(of: "20261217T190000Z", with: "20261217T185959Z")
        #expect(try ICalendarImport.events(from: Data(earlier.utf8), timeZone: Self.berlin).first?.repeat?.end == .until(.at("2026-12-16")))
    }

    @Test(arguments: [
        ("unknown-tzid.ics", "unknown-tzid.ics:5: unknown time zone TZID=Mars/Olympus_Mons (use an IANA time zone name such as Europe/Berlin)"),
        ("missing-dtstart.ics", "missing-dtstart.ics:3: an event without a DTSTART (give the event a DTSTART line, when it starts)"),
        ("garbage.ics", "garbage.ics:1: not UTF-8 text (save the file as UTF-8)"),
    ])
    func badFilesNameTheirLine(file: String, message: String) {
        #expect {
            try CalendarEvent.load(from: Fixtures.url("icalendar", file))
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test(arguments: [
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;INTERVAL=2", "INTERVAL=2"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=MONTHLY;BYDAY=1TU", "BYDAY=1TU"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;BYDAY=2TU", "BYDAY=2TU"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE", "leaves out the day the event starts on"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15", "BYMONTHDAY=15"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=YEARLY;BYSETPOS=1", "BYSETPOS"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=HOURLY", "FREQ=HOURLY"),
        ("DTSTART:20261201T100000Z\nRDATE;VALUE=PERIOD:20261205T100000Z/PT1H", "RDATE periods"),
        ("DTSTART:20261201T100000Z\nUID:a\nRECURRENCE-ID;RANGE=THISANDFUTURE:20261208T100000Z", "more than one occurrence"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY\nRRULE:FREQ=MONTHLY", "a second RRULE"),
    ])
    func unsupportedRulesLeaveTheirEventOutWithTheReason(lines: String, problem: String) throws {
        let reading = try ICalendarImport.read(from: Self.oneEvent(lines))
        #expect(reading.events.isEmpty)
        #expect(reading.skipped.count == 1)
        guard case ImportError.unsupported(_, let line, let message, _)? = reading.skipped.first else {
            Issue.record("\(reading.skipped)")
            return
        }
        #expect(line >= 4 && message.contains(problem), "\(message)")
    }

    /// A file with events the importer cannot express keeps the rest: each such event is left
    /// out with its line and reason, never the whole file.
    @Test(arguments: [("unsupported-daily.ics", "unsupported-daily.ics:6: FREQ=DAILY is not supported (supported: FREQ=WEEKLY, MONTHLY or YEARLY with COUNT or UNTIL)"),
                      ("unsupported-byday.ics", "unsupported-byday.ics:6: BYDAY=MO,WE leaves out the day the event starts on (start the event on one of its BYDAY days)")])
    func anUnsupportedEventIsReportedNotFatal(file: String, message: String) throws {
        var reported: [String] = []
        let events = try CalendarEvent.load(from: Fixtures.url("icalendar", file)) { reported.append("\($0)") }
        #expect(events.isEmpty && reported == [message])
    }

    // 2026-12-01 is a Tuesday.

    @Test func weeklyBYDAYListsBecomeOneSeriesPerDayWithTheCountSharedOut() throws {
        let events = try ICalendarImport.events(from: Self.oneEvent("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;BYDAY=TU,TH,SA;COUNT=7"))
        #expect(events.map(\.date) == [.at("2026-12-01"), .at("2026-12-03"), .at("2026-12-05")])
        #expect(events.map(\.repeat?.end) == [.count(3), .count(2), .count(2)])
        #expect(Self.dates(events, through: "2027-01-31") == ["2026-12-01", "2026-12-03", "2026-12-05", "2026-12-08", "2026-12-10", "2026-12-12", "2026-12-15"])
        let until = try ICalendarImport.events(from: Self.oneEvent("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;WKST=MO;BYDAY=FR,TU;UNTIL=20261211T100000Z"))
        #expect(Self.dates(until, through: "2027-01-31") == ["2026-12-01", "2026-12-04", "2026-12-08", "2026-12-11"])
    }

    @Test func exdatesCallOccurrencesOffAndStillCount() throws {
        let events = try ICalendarImport.events(from: Self.oneEvent(
            "DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;COUNT=4\nEXDATE:20261208T100000Z,20261222T100000Z\nEXDATE:20261229T100000Z"))
        #expect(Self.dates(events, through: "2027-01-31") == ["2026-12-01", "2026-12-15"])
        #expect(events.first?.repeat?.exceptions == [.at("2026-12-08"), .at("2026-12-22"), .at("2026-12-29")])
        let oneOff = try ICalendarImport.events(from: Self.oneEvent("DTSTART:20261201T100000Z\nEXDATE:20261201T100000Z"))
        #expect(oneOff.isEmpty, "an event called off on its only date")
    }

    @Test func rdatesAddOneOffOccurrences() throws {
        let events = try ICalendarImport.events(from: Self.oneEvent(
            "DTSTART:20261201T100000Z\nRRULE:FREQ=MONTHLY;COUNT=2\nRDATE:20261205T160000Z,20261219T100000Z\nRDATE;VALUE=DATE:20261224"))
        #expect(Self.dates(events, through: "2027-01-31") == ["2026-12-01", "2026-12-05", "2026-12-19", "2026-12-24", "2027-01-01"])
        #expect(events.first { $0.date == .at("2026-12-05") }?.time == TimeOfDay(hour: 16, minute: 0))
        #expect(events.first { $0.date == .at("2026-12-24") }?.time == TimeOfDay(hour: 10, minute: 0), "a date takes the event's time")
    }

    /// A changed occurrence (same UID, a RECURRENCE-ID) replaces the series' one on that date,
    /// in the reader's time zone; a cancelled one removes it.
    @Test func changedAndCancelledOccurrencesReplaceTheirDate() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:choir-1
            SUMMARY:Choir
            DTSTART;TZID=Europe/Berlin:20261201T190000
            RRULE:FREQ=WEEKLY;COUNT=4
            ATTENDEE;CN=Sam Okafor:mailto:sam@example.org
            END:VEVENT
            BEGIN:VEVENT
            UID:choir-1
            RECURRENCE-ID;TZID=Europe/Berlin:20261208T190000
            SUMMARY:Choir (moved)
            DTSTART;TZID=Europe/Berlin:20261209T200000
            ATTENDEE;CN=Sam Okafor:mailto:sam@example.org
            END:VEVENT
            BEGIN:VEVENT
            UID:choir-1
            RECURRENCE-ID;TZID=Europe/Berlin:20261215T190000
            STATUS:CANCELLED
            SUMMARY:Choir
            DTSTART;TZID=Europe/Berlin:20261215T190000
            ATTENDEE;CN=Sam Okafor:mailto:sam@example.org
            END:VEVENT
            END:VCALENDAR
            """
        let events = try ICalendarImport.events(from: Data(text.utf8), timeZone: Self.berlin)
        #expect(events.map(\.title) == ["Choir", "Choir (moved)"])
        #expect(Self.dates(events, through: "2027-01-31") == ["2026-12-01", "2026-12-09", "2026-12-22"])
        #expect(events.last?.time == TimeOfDay(hour: 20, minute: 0) && events.last?.repeat == nil)
    }

    /// Every date any of `events` happens on from 2026-12-01 through `last`, in order.
    private static func dates(_ events: [CalendarEvent], through last: String) -> [String] {
        events.flatMap { $0.occurrences(from: .at("2026-12-01"), through: .at(last)) }.map(\.isoString).sorted()
    }

    @Test(arguments: [
        ("DTSTART:2026-12-01", "DTSTART \"2026-12-01\" is not a date or date-time"),
        ("DTSTART:20261301T100000Z", "is not a date or date-time"),
        ("DTSTART:20261201T250000", "is not a date or date-time"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;COUNT=0", "COUNT=0"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270101", "both COUNT and UNTIL"),
        ("DTSTART:20261201T100000Z\nRRULE:COUNT=2", "without FREQ"),
        ("DTSTART:20261201T100000Z\nRRULE:FREQ=WEEKLY;UNTIL=soon", "is not a date"),
    ])
    func malformedValuesNameTheirLine(lines: String, problem: String) {
        #expect {
            try ICalendarImport.events(from: Self.oneEvent(lines), file: "cal.ics")
        } throws: { error in
            guard case ImportError.malformed(let file, let line, let message, _) = error else { return false }
            return file == "cal.ics" && line >= 4 && message.contains(problem)
        }
    }

    @Test func redundantRulePartsAreAccepted() throws {
        // 2026-12-01 is a Tuesday.
        let weekly = try ICalendarImport.events(from: Self.oneEvent("DTSTART;VALUE=DATE:20261201\nRRULE:FREQ=WEEKLY;BYDAY=TU;INTERVAL=1"))
        #expect(weekly.first?.repeat == Recurrence(frequency: .weekly))
        let yearly = try ICalendarImport.events(from: Self.oneEvent("DTSTART;VALUE=DATE:20261201\nRRULE:FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=1;COUNT=2"))
        #expect(yearly.first?.repeat == Recurrence(frequency: .yearly, end: .count(2)))
    }

    @Test func structure() {
        #expect(throws: ImportError.malformed(file: nil, line: 1, problem: "BEGIN:VCARD where BEGIN:VCALENDAR was expected",
                                              hint: "an iCalendar file holds BEGIN:VCALENDAR … END:VCALENDAR blocks")) {
            try ICalendarImport.events(from: Data("BEGIN:VCARD\nFN:A\nEND:VCARD\n".utf8))
        }
        #expect(throws: ImportError.self) {
            try ICalendarImport.events(from: Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VCALENDAR\n".utf8))
        }
    }

    /// A calendar with one event (SUMMARY on line 3, Sam Okafor attending) and `lines` from line 4.
    private static func oneEvent(_ lines: String) -> Data {
        Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Test\n\(lines)\nATTENDEE;CN=Sam Okafor:mailto:sam@example.org\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
    }
}
