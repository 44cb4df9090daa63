import Foundation
@testable import NPCKit
import ProceduralModel
import Testing

@Suite struct AgeGenerationTests {
    @Test(arguments: [
        (1945, nil), (1946, AgeGeneration.babyBoomers), (1964, .babyBoomers), (1965, .genX), (1980, .genX),
        (1981, .millennial), (1996, .millennial), (1997, .genZ), (2012, .genZ), (2013, nil),
    ] as [(Int, AgeGeneration?)])
    func boundaries(year: Int, expected: AgeGeneration?) {
        #expect(AgeGeneration(birthYear: year) == expected)
    }

    @Test func rangesAreContiguousAndRoundTrip() {
        let cases = AgeGeneration.allCases
        for (earlier, later) in zip(cases, cases.dropFirst()) {
            #expect(earlier.birthYears.upperBound + 1 == later.birthYears.lowerBound)
        }
        for generation in cases {
            for year in generation.birthYears { #expect(AgeGeneration(birthYear: year) == generation) }
        }
        #expect(cases.map(\.rawValue) == ["babyBoomers", "genX", "millennial", "genZ"])
    }
}

@Suite struct BirthdayTests {
    @Test(arguments: [
        ("1958-03-14", 1958, 3, 14), ("19580314", 1958, 3, 14), ("--07-02", nil, 7, 2), ("--0702", nil, 7, 2),
        ("1958-03-14T08:30:00Z", 1958, 3, 14), ("19961022T140000", 1996, 10, 22), ("--02-29", nil, 2, 29),
        ("2000-02-29", 2000, 2, 29),
    ] as [(String, Int?, Int, Int)])
    func parses(text: String, year: Int?, month: Int, day: Int) throws {
        let birthday = try #require(Birthday(text))
        #expect(birthday.year == year && birthday.month == month && birthday.day == day)
    }

    @Test(arguments: ["1958-13-40", "1958-02-30", "1999-02-29", "--02-30", "--13-01", "1958-3-14", "58-03-14", "", "--",
                      "1958/03/14", "0000-01-01", "1958-03-14x", "abcd-ef-gh", "--0314-", "195803141"])
    func rejects(text: String) {
        #expect(Birthday(text) == nil)
    }

    @Test func writesItsCanonicalForm() throws {
        #expect(Birthday("19580314")?.description == "1958-03-14")
        #expect(Birthday("--0702")?.description == "--07-02")
        #expect(Birthday(month: 1, day: 5, year: 7)?.description == "0007-01-05")
        let encoded = try JSONEncoder().encode([Birthday("--07-02"), Birthday("1958-03-14")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["--07-02","1958-03-14"]"#)
    }

    @Test func everyDayOfALeapYearRoundTripsInEveryForm() {
        for dayNumber in CalendarDate.at("2024-01-01").dayNumber...CalendarDate.at("2024-12-31").dayNumber {
            let date = CalendarDate(dayNumber: dayNumber)
            let compact = date.isoString.replacingOccurrences(of: "-", with: "")
            let monthDay = String(date.isoString.dropFirst(5))
            #expect(Birthday(date.isoString) == Birthday(month: date.month, day: date.day, year: date.year))
            #expect(Birthday(compact)?.description == date.isoString)
            #expect(Birthday("--" + monthDay)?.description == "--" + monthDay)
            #expect(Birthday("--" + monthDay.replacingOccurrences(of: "-", with: "")) == Birthday(month: date.month, day: date.day))
        }
    }
}

@Suite struct ContactTests {
    @Test func generationNeedsABirthYear() {
        #expect(Contact(name: "A", birthday: Birthday("1958-03-14")).generation == .babyBoomers)
        #expect(Contact(name: "B", birthday: Birthday("--03-14")).generation == nil)
        #expect(Contact(name: "C").generation == nil)
        #expect(Contact(name: "D", birthday: Birthday("1930-01-01")).generation == nil)
    }

    @Test func codableInTheContactsJSONShape() throws {
        let json = #"{"contacts": [{"name": "Marguerite Oyelaran", "givenName": "Marguerite", "familyName": "Oyelaran", "birthday": "1958-03-14"}, {"name": "Tobias Reyes-Lund", "birthday": "--07-02"}, {"name": "Sam Okafor"}]}"#
        let contacts = try Contact.list(fromJSON: Data(json.utf8))
        #expect(contacts == [
            Contact(name: "Marguerite Oyelaran", givenName: "Marguerite", familyName: "Oyelaran", birthday: Birthday("1958-03-14")),
            Contact(name: "Tobias Reyes-Lund", birthday: Birthday("--07-02")),
            Contact(name: "Sam Okafor"),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(contacts[2]), as: UTF8.self) == #"{"name":"Sam Okafor"}"#)
        #expect(String(decoding: try encoder.encode(contacts[1]), as: UTF8.self) == #"{"birthday":"--07-02","name":"Tobias Reyes-Lund"}"#)
        #expect(try JSONDecoder().decode([Contact].self, from: encoder.encode(contacts)) == contacts)
    }

    @Test func anEmptyNameIsRejected() {
        #expect(throws: ImportError.invalidJSON(file: nil, keyPath: "contacts[0].name", problem: "a contact needs a non-empty name")) {
            try Contact.list(fromJSON: Data(#"{"contacts": [{"name": "  "}]}"#.utf8))
        }
    }
}
