import Foundation
import Testing
@testable import NPCKit

/// Blocks nested without end (issue 43: 60,000 `BEGIN:VEVENT` lines, 1.6 MB, overflowed the
/// stack while the component tree was freed) are refused at the nesting limit with a typed
/// error naming the line; nesting up to the limit still reads.
@Suite struct ImportNestingTests {
    static let hostileDepth = 60_000

    /// `depth` nested `BEGIN:name` blocks inside `outer`, each closed, with `inner` in the middle.
    private static func nested(_ name: String, depth: Int, outer: (String, String) = ("", ""), inner: String = "") -> Data {
        var text = outer.0
        text.reserveCapacity(depth * (name.count + 14) * 2)
        for _ in 0..<depth { text += "BEGIN:\(name)\r\n" }
        text += inner
        for _ in 0..<depth { text += "END:\(name)\r\n" }
        return Data((text + outer.1).utf8)
    }

    private static func isNestingRefusal(_ error: any Error, line: Int) -> Bool {
        guard case ImportError.unsupported(_, let errorLine, let problem, _)? = error as? ImportError else { return false }
        return errorLine == line && problem.contains("more than \(ContentComponent.maximumNesting) deep")
    }

    @Test func sixtyThousandNestedEventsAreRefusedAtTheLimit() {
        let calendar = Self.nested("VEVENT", depth: Self.hostileDepth, outer: ("BEGIN:VCALENDAR\r\n", "END:VCALENDAR\r\n"))
        #expect(calendar.count > 1_500_000)
        #expect {
            try ICalendarImport.read(from: calendar, file: "deep.ics")
        } throws: { Self.isNestingRefusal($0, line: ContentComponent.maximumNesting + 1) }
    }

    @Test func sixtyThousandNestedCardsAreRefusedAtTheLimit() {
        let cards = Self.nested("VCARD", depth: Self.hostileDepth, inner: "FN:Sam Okafor\r\n")
        #expect {
            try VCardImport.contacts(from: cards, file: "deep.vcf")
        } throws: { Self.isNestingRefusal($0, line: ContentComponent.maximumNesting + 1) }
    }

    @Test func theRefusalIsOneLineNamingTheFileAndLine() throws {
        let cards = Self.nested("VCARD", depth: ContentComponent.maximumNesting + 1, inner: "FN:Sam Okafor\r\n")
        let error = try #require(throws: ImportError.self) { try VCardImport.contacts(from: cards, file: "deep.vcf") }
        #expect(error.description == "deep.vcf:33: BEGIN:VCARD nests blocks more than 32 deep "
                + "(calendars and address books nest blocks three or four deep; the file may be damaged)")
    }

    @Test func nestingUpToTheLimitStillReads() throws {
        let event = "BEGIN:VEVENT\r\nSUMMARY:Quiz night\r\nDTSTART:20261204T190000\r\nATTENDEE;CN=Sam Okafor:mailto:sam@example.org\r\n"
        let alarms = Self.nested("VALARM", depth: ContentComponent.maximumNesting - 2, outer: (event, "END:VEVENT\r\n"),
                                 inner: "ACTION:DISPLAY\r\n")
        let calendar = Data("BEGIN:VCALENDAR\r\n".utf8) + alarms + Data("END:VCALENDAR\r\n".utf8)
        let events = try ICalendarImport.events(from: calendar, file: "alarms.ics")
        #expect(events.map(\.title) == ["Quiz night"])
    }
}
