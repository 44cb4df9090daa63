import Foundation
import Testing
@testable import NPCKit

@Suite struct FileLoadingTests {
    @Test func jsonFilesInTheSharedShapes() throws {
        let contacts = try Contact.load(from: Fixtures.url("json", "contacts.json"))
        #expect(contacts.map(\.name) == ["Marguerite Oyelaran", "Tobias Reyes-Lund", "Sam Okafor"])
        #expect(contacts.map(\.generation) == [.babyBoomers, nil, nil])
        let events = try CalendarEvent.load(from: Fixtures.url("json", "events.json"))
        #expect(events.map(\.title) == ["Pottery night", "Choir rehearsal"])
    }

    @Test func jsonErrorsNameTheFileAndKeyPath() {
        #expect(throws: ImportError.invalidJSON(file: "bad-birthday-contacts.json", keyPath: "contacts[3].birthday",
                                                problem: "\"1958-13-40\" is not a birthday (expected YYYY-MM-DD or --MM-DD)")) {
            try Contact.load(from: Fixtures.url("json", "bad-birthday-contacts.json"))
        }
        #expect {
            try CalendarEvent.load(from: Fixtures.url("json", "bad-repeat-events.json"))
        } throws: { error in
            "\(error)" == "bad-repeat-events.json: events[1].repeat.until: give either count or until, not both"
        }
        #expect {
            try Contact.list(fromJSON: Data(#"{"contacts": [{"givenName": "Ann"}]}"#.utf8), file: "c.json")
        } throws: { error in
            "\(error)" == "c.json: contacts[0].name: missing (it is required)"
        }
        #expect {
            try Contact.list(fromJSON: Data(#"{"contacts": [{"name": 7}]}"#.utf8))
        } throws: { error in
            "\(error)" == "contacts[0].name: has the wrong type (expected a string)"
        }
    }

    @Test func otherExtensionsSayWhatIsSupported() {
        #expect {
            try Contact.load(from: Fixtures.url("json", "contacts.csv"))
        } throws: { error in
            "\(error)" == "contacts.csv: unsupported file type (supported: .vcf, .json)"
        }
        #expect(throws: ImportError.unsupportedFileType(file: "contacts.csv", supported: ["ics", "json"])) {
            try CalendarEvent.load(from: Fixtures.url("json", "contacts.csv"))
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect {
            try Contact.load(from: Fixtures.url("json", "nowhere.vcf"))
        } throws: { error in
            guard case ImportError.unreadable(let file, _) = error else { return false }
            return file == "nowhere.vcf"
        }
    }
}
