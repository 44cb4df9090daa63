import Foundation
import GuidedGeneration
@testable import NPCKit
import ProceduralModel
import Testing

@Suite struct GetContactEventToolTests {
    static let events = [
        CalendarEvent(title: "Choir rehearsal", date: .at("2026-11-10"), time: TimeOfDay("18:30"), place: "St. Brigid's Hall",
                      contacts: ["Tobias Reyes-Lund"], repeat: Recurrence(frequency: .weekly, end: .count(8))),
        CalendarEvent(title: "Market day", date: .at("2026-11-24"), contacts: ["Tobias Reyes-Lund", "Sam Okafor"]),
        CalendarEvent(title: "Early swim", date: .at("2026-11-24"), time: TimeOfDay("07:00"), contacts: ["tobias reyes-lund"]),
        CalendarEvent(title: "Pottery night", date: .at("2026-11-24"), time: TimeOfDay("19:00"), place: "The Kiln Collective",
                      contacts: ["Sam Okafor"]),
    ]

    @Test func aRecurringEventOnItsThirdOccurrence() async throws {
        let tool = GetContactEventTool(contact: "Tobias Reyes-Lund", events: Self.events)
        let output = try await tool.call(arguments: .init(day: 24, month: 11, year: 2026))
        #expect(output == "Market day; 07:00 Early swim; 18:30 Choir rehearsal at St. Brigid's Hall.")
        #expect(try await tool.call(arguments: .init(day: 1, month: 12, year: 2026)) == "18:30 Choir rehearsal at St. Brigid's Hall.")
    }

    @Test func nothingPlannedIsAnHonestAnswer() async throws {
        let tool = GetContactEventTool(contact: "Tobias Reyes-Lund", events: Self.events)
        #expect(try await tool.call(arguments: .init(day: 25, month: 11, year: 2026)) == "Nothing planned with Tobias Reyes-Lund on Wednesday, November 25, 2026.")
        #expect(try await tool.call(arguments: .init(day: 5, month: 1, year: 2027)) == "Nothing planned with Tobias Reyes-Lund on Tuesday, January 5, 2027.",
                "the eighth rehearsal was on December 29")
        #expect(try await tool.call(arguments: .init(day: 31, month: 2, year: 2026)) == "There is no day 31 in February 2026.")
        #expect(try await tool.call(arguments: .init(day: 1, month: 13, year: 2026)) == "There is no day 1 in month 13 of 2026.")
        let stranger = GetContactEventTool(contact: "Nobody Known", events: Self.events)
        #expect(try await stranger.call(arguments: .init(day: 24, month: 11, year: 2026)).hasPrefix("Nothing planned with Nobody Known"))
    }

    @Test func theContactSpeakingAnswersInTheFirstPerson() async throws {
        let tool = GetContactEventTool(contact: "Tobias Reyes-Lund", events: Self.events, speaksForContact: true)
        #expect(try await tool.call(arguments: .init(day: 24, month: 11, year: 2026))
                == "On Tuesday, November 24 I have Market day, Early swim at 07:00 and then Choir rehearsal at 18:30 at St. Brigid's Hall.")
        #expect(try await tool.call(arguments: .init(day: 25, month: 11, year: 2026)) == "I have nothing planned on Wednesday, November 25.")
        #expect(!(try await tool.call(arguments: .init(day: 1, month: 12, year: 2026))).contains("Tobias"))
    }

    /// Told the day it is, the one speaking tells days before it in the past tense.
    @Test func daysBeforeTodayAreToldAsPast() async throws {
        let week = ["choir", "pottery", "a quiet evening", "the pub quiz", "dinner out", "the market", "a long walk"]
        let today = CalendarDate(year: 2026, month: 11, day: 26)!
        let tool = GetContactEventTool(contact: "Tobias Reyes-Lund", events: Self.events, speaksForContact: true, week: week, today: today)
        #expect(try await tool.call(arguments: .init(day: 25, month: 11, year: 2026)) == "On Wednesday, November 25 it was a quiet evening.")
        #expect(try await tool.call(arguments: .init(day: 24, month: 11, year: 2026)).hasPrefix("On Tuesday, November 24 I had Market day"))
        #expect(try await tool.call(arguments: .init(day: 26, month: 11, year: 2026)) == "On Thursday, November 26 it's the pub quiz.")
        let withoutWeek = GetContactEventTool(contact: "Sam Okafor", events: [], speaksForContact: true, today: today)
        #expect(try await withoutWeek.call(arguments: .init(day: 2, month: 11, year: 2026)) == "I had nothing planned on Monday, November 2.")
    }

    @Test func offersTheEventsCapabilityOnly() {
        let tool = GetContactEventTool(contact: "Sam Okafor", events: [])
        let contacts = ProceduralContent.ToolRequest(capability: "contacts", keywords: ["contact", "friend", "person"])
        let events = ProceduralContent.ToolRequest(capability: "events", keywords: ["event", "events", "calendar", "schedule"])
        let declared = tool.capabilities.sorted()
        #expect(declared == ["events"])
        #expect(events.isOffered(byToolNamed: tool.name, description: tool.description, capabilities: declared))
        #expect(!contacts.isOffered(byToolNamed: tool.name, description: tool.description, capabilities: declared))
        // A tool that declares nothing is matched by words: with "contact" in it, contacts.
        #expect(contacts.isOffered(byToolNamed: tool.name, description: tool.description + " for a contact", capabilities: []))
    }

    @Test func whatsGoingOnTomorrowReachesTomorrowsEvents() async throws {
        let tool = GetContactEventTool(contact: "Tobias Reyes-Lund", events: Self.events)
        let session = LanguageModelSession(tools: [tool], instructions: "You are Juno, a barista. Today is 2026-11-23.")
        let reply = try await session.respond(to: "What's going on tomorrow?", options: GenerationOptions(samplingMode: .greedy))
        #expect(reply.content.contains("18:30 Choir rehearsal at St. Brigid's Hall"), "\(reply.content)")
        #expect(reply.content.contains("Early swim") && !reply.content.contains("Pottery"))
        let calls = reply.transcriptEntries.compactMap { entry -> Transcript.ToolCall? in
            if case .toolCalls(let calls) = entry { return calls.first } else { return nil }
        }
        let arguments = try #require(calls.first?.arguments)
        #expect(try arguments.value(Int.self, forProperty: "day") == 24)
        #expect(try arguments.value(Int.self, forProperty: "month") == 11)
        #expect(try arguments.value(Int.self, forProperty: "year") == 2026)
    }
}
