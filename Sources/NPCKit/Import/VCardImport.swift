import Foundation

/// Reads contacts from a vCard file (`.vcf`, versions 3.0 and 4.0 — RFC 2426 and RFC 6350), as
/// address books export them.
///
/// Every `BEGIN:VCARD` … `END:VCARD` block is one contact. Read: `FN` (the full name), `N`
/// (`family;given;additional;prefix;suffix`) and `BDAY` — `YYYY-MM-DD`, `YYYYMMDD`, year-less
/// `--MMDD` or `--MM-DD`, a time after `T` ignored; Apple's `X-APPLE-OMIT-YEAR` marks a year
/// that stands for "unknown". Properties may carry a group prefix (`item1.FN`); every other
/// property is ignored. A card without `FN` takes its name from `N`. A text birthday
/// (`VALUE=text`) or one coarser than a day (`--03`, `1958`) is left out. The file must be UTF-8,
/// and its blocks nested at most 32 deep.
///
/// ```swift
/// let vcf = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Sam Okafor\r\nBDAY:--0702\r\nEND:VCARD\r\n"
/// let contacts = try VCardImport.contacts(from: Data(vcf.utf8), file: "friends.vcf")
/// contacts[0].birthday?.month                 // 7
/// ```
package enum VCardImport {
    /// The contacts of the file's cards, in file order. Throws `ImportError` naming the line of
    /// the first problem: a malformed line, a card with neither `FN` nor `N`, a `BDAY` that is not
    /// a date, an unsupported vCard version, or text that is not UTF-8.
    package static func contacts(from data: Data, file: String? = nil) throws -> [Contact] {
        let lines = try ContentLineReader.lines(in: data, file: file)
        return try ContentComponent.components(of: lines, file: file, outermost: "VCARD").map { card in
            guard card.name == "VCARD" else {
                throw ImportError.malformed(file: file, line: card.line, problem: "BEGIN:\(card.name) where BEGIN:VCARD was expected",
                                            hint: "a vCard file holds only BEGIN:VCARD … END:VCARD blocks")
            }
            return try contact(from: card, file: file)
        }
    }

    private static func contact(from card: ContentComponent, file: String?) throws -> Contact {
        if let version = card.property("VERSION"), !["3.0", "4.0"].contains(version.text.trimmingCharacters(in: .whitespaces)) {
            throw ImportError.unsupported(file: file, line: version.line, problem: "vCard version \(version.text) is not supported",
                                          hint: "export the contacts as vCard 3.0 or 4.0")
        }
        let parts = card.property("N")?.structuredValue.map { $0.filter { !$0.isEmpty }.joined(separator: " ") } ?? []
        func part(_ index: Int) -> String? {
            index < parts.count && !parts[index].isEmpty ? parts[index] : nil
        }
        let familyName = part(0), givenName = part(1)
        // Prefix, given, additional, family, suffix: how a full name reads.
        let nameFromN = [part(3), givenName, part(2), familyName, part(4)].compactMap { $0 }.joined(separator: " ")
        let fullName = card.property("FN")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !fullName.isEmpty || !nameFromN.isEmpty else {
            throw ImportError.malformed(file: file, line: card.line, problem: "a vCard with neither FN nor N",
                                        hint: "give the card an FN (full name) line")
        }
        return Contact(name: fullName.isEmpty ? nameFromN : fullName, givenName: givenName, familyName: familyName,
                       birthday: try card.property("BDAY").flatMap { try birthday(from: $0, file: file) })
    }

    private static func birthday(from line: ContentLine, file: String?) throws -> Birthday? {
        let text = line.text.trimmingCharacters(in: .whitespaces)
        if line.parameter("VALUE")?.lowercased() == "text" || Birthday.isReducedPrecisionDate(text) { return nil }
        guard let birthday = Birthday(text) else {
            throw ImportError.malformed(file: file, line: line.line, problem: "BDAY \"\(text)\" is not a date",
                                        hint: "expected YYYY-MM-DD, YYYYMMDD or --MMDD")
        }
        if let year = birthday.year, line.parameter("X-APPLE-OMIT-YEAR") == String(year) {
            return Birthday(month: birthday.month, day: birthday.day)
        }
        return birthday
    }
}
