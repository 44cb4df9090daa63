import Foundation
@testable import NPCKit
import RegexAutomata
import TestSupport
import Testing

/// Every mutated or random vCard file gives contacts or an `ImportError`; none crashes or hangs
/// the importer.
@Suite struct VCardFuzzTests {
    static let inputCount = 1_000

    static let tokens = ["BEGIN:VCARD", "END:VCARD", "VERSION:3.0", "VERSION:4.0", "VERSION:2.1", "FN:", "N:", "BDAY:", "BDAY;VALUE=text:",
                         "BDAY;X-APPLE-OMIT-YEAR=1604:", "1604-07-02", "--0229", "--02-30", "19580314T101500Z", "item1.", ";", ":", ",",
                         "=", "\\,", "\\;", "\\n", "\r\n", "\r\n ", "\n\t", "\"", "BEGIN:", "END:"]

    @Test func mutatedAndRandomCardsGiveContactsOrAnImportError() throws {
        let seeds = try ["contacts-3.0.vcf", "contacts-4.0.vcf", "spaced-name.vcf", "bad-birthday.vcf", "unclosed.vcf"]
            .map { Array(try Fixtures.data("vcard", $0)) }
        var inputs = FuzzInputs(random: SeededRandom(seed: 3_000), seeds: seeds, tokens: Self.tokens,
                                nesting: [("BEGIN:VCARD\r\n", "END:VCARD\r\n"), ("BEGIN:X\n", "END:X\n")])
        for _ in 0..<Self.inputCount {
            let bytes = inputs.next()
            do {
                _ = try VCardImport.contacts(from: Data(bytes), file: "fuzz.vcf")
            } catch is ImportError {
            } catch {
                Issue.record("untyped error \(error) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
    }
}

/// Every mutated or random iCalendar file gives events or an `ImportError`, in any time zone;
/// none crashes or hangs the importer.
@Suite struct ICalendarFuzzTests {
    static let inputCount = 1_000

    static let tokens = ["BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VEVENT", "END:VEVENT", "BEGIN:VALARM", "END:VALARM", "DTSTART:",
                         "DTSTART;VALUE=DATE:", "DTSTART;TZID=Europe/Berlin:", "TZID=Mars/Olympus", "20261204", "20261205T003000",
                         "20261210T090000Z", "99991231T235959Z", "RRULE:FREQ=WEEKLY;COUNT=", "RRULE:FREQ=YEARLY;UNTIL=", "FREQ=MONTHLY",
                         ";COUNT=", ";UNTIL=", ";INTERVAL=2", ";BYDAY=MO", "ATTENDEE;CN=", "ATTENDEE:mailto:", "mailto:", "SUMMARY:",
                         "LOCATION:", "STATUS:CANCELLED", "RDATE:", "EXDATE:", "RECURRENCE-ID:", ";", ":", ",", "=", "\\,", "\r\n",
                         "\r\n ", "\"", "BEGIN:", "END:"]
    static let timeZones = ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "America/St_Johns"].compactMap(TimeZone.init(identifier:))

    @Test func mutatedAndRandomCalendarsGiveEventsOrAnImportError() throws {
        let seeds = try ["calendar.ics", "missing-dtstart.ics", "unknown-tzid.ics", "unsupported-byday.ics"]
            .map { Array(try Fixtures.data("icalendar", $0)) }
        var inputs = FuzzInputs(random: SeededRandom(seed: 3_001), seeds: seeds, tokens: Self.tokens,
                                nesting: [("BEGIN:VEVENT\r\n", "END:VEVENT\r\n"), ("BEGIN:VCALENDAR\n", "END:VCALENDAR\n")])
        for index in 0..<Self.inputCount {
            let bytes = inputs.next()
            let zone = Self.timeZones[index % Self.timeZones.count]
            do {
                _ = try ICalendarImport.events(from: Data(bytes), file: "fuzz.ics", timeZone: zone)
            } catch is ImportError {
            } catch {
                Issue.record("untyped error \(error) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
    }
}
