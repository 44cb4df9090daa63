import Foundation
import Testing
@testable import NPCKit

@Suite struct VCardImportTests {
    @Test func version3WithFoldingGroupsAndPartialBirthdays() throws {
        let contacts = try Contact.load(from: Fixtures.url("vcard", "contacts-3.0.vcf"))
        #expect(contacts == [
            Contact(name: "Marguerite Oyelaran", givenName: "Marguerite", familyName: "Oyelaran", birthday: Birthday("1958-03-14")),
            Contact(name: "Tobias Reyes-Lund", givenName: "Tobias", familyName: "Reyes-Lund", birthday: Birthday("--07-02")),
            Contact(name: "Dr. Zoë Müller-Ødegård", givenName: "Zoë", familyName: "Müller-Ødegård", birthday: Birthday("1997-01-01")),
            Contact(name: "Sam Okafor", givenName: "Sam", familyName: "Okafor"),
            Contact(name: "渡辺 陽菜", birthday: Birthday("--02-29")),
        ])
        #expect(contacts.map(\.generation) == [.babyBoomers, nil, .genZ, nil, nil])
    }

    @Test func version4WithQuotedParametersDateTimesAndAFoldInsideACharacter() throws {
        let contacts = try Contact.load(from: Fixtures.url("vcard", "contacts-4.0.vcf"))
        #expect(contacts.map(\.name) == ["Lena Fischer", "Ana \"Anita\" Beltrán", "Kofi Boateng", "Hiro Kenji Nakamura Jr.", "Priya Raman", "Åsa Lindqvist"])
        #expect(contacts.map(\.birthday) == [Birthday("1980-12-31"), Birthday("--03-14"), Birthday("1981-01-01"), nil, nil, Birthday("2012-12-31")])
        #expect(contacts.map(\.generation) == [.genX, nil, .millennial, nil, nil, .genZ])
        #expect(contacts[3].givenName == "Hiro" && contacts[3].familyName == "Nakamura")
    }

    @Test(arguments: [
        ("bad-birthday.vcf", #"bad-birthday.vcf:8: BDAY "1958-13-40" is not a date (expected YYYY-MM-DD, YYYYMMDD or --MMDD)"#),
        ("no-name.vcf", "no-name.vcf:6: a vCard with neither FN nor N (give the card an FN (full name) line)"),
        ("invalid-utf8.vcf", "invalid-utf8.vcf:3: not UTF-8 text (save the file as UTF-8)"),
        ("unclosed.vcf", "unclosed.vcf:1: BEGIN:VCARD is never closed (add END:VCARD; the file may be cut short)"),
        ("garbage.vcf", "garbage.vcf:1: no ':' between the property name and its value (a line reads NAME:value; a continued line starts with a space)"),
        ("version-2.1.vcf", "version-2.1.vcf:2: vCard version 2.1 is not supported (export the contacts as vCard 3.0 or 4.0)"),
        ("no-colon.vcf", "no-colon.vcf:3: no ':' between the property name and its value (a line reads NAME:value; a continued line starts with a space)"),
        ("spaced-name.vcf", "spaced-name.vcf:2: \"FULL NAME\" is not a property name (a line reads NAME:value, NAME made of letters, digits and '-'; a continued line starts with a space)"),
    ])
    func malformedFilesNameTheirLine(file: String, message: String) {
        #expect {
            try Contact.load(from: Fixtures.url("vcard", file))
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func structureErrors() throws {
        #expect(throws: ImportError.malformed(file: nil, line: 1, problem: "FN outside any BEGIN … END block",
                                              hint: "the file should consist of BEGIN:VCARD … END:VCARD blocks")) {
            try VCardImport.contacts(from: Data("FN:Loose\n".utf8))
        }
        #expect(throws: ImportError.malformed(file: nil, line: 3, problem: "END:VCALENDAR without a matching BEGIN:VCALENDAR",
                                              hint: "every BEGIN:X needs an END:X, innermost first")) {
            try VCardImport.contacts(from: Data("BEGIN:VCARD\nFN:A\nEND:VCALENDAR\n".utf8))
        }
        #expect(throws: ImportError.self) { try VCardImport.contacts(from: Data("BEGIN:VCALENDAR\nEND:VCALENDAR\n".utf8)) }
        #expect(try VCardImport.contacts(from: Data()) == [])
    }

    @Test func manyCardsInOneFile() throws {
        var text = ""
        for index in 0..<500 {
            text += "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Guest \(index)\r\nBDAY:\(1946 + index % 67)0615\r\nEND:VCARD\r\n"
        }
        let contacts = try VCardImport.contacts(from: Data(text.utf8))
        #expect(contacts.count == 500)
        #expect(contacts.allSatisfy { $0.generation != nil })
    }
}
