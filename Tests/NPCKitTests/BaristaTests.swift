@testable import NPCKit
import ProceduralModel
import Testing

@Suite struct BaristaTests {
    let today = CalendarDate(year: 2026, month: 11, day: 23)!

    @Test func theBaristaAnswersRepeatablyInPersona() async throws {
        let library = try ContentLibrary.builtIn()
        let first = try await Barista(library: library, today: today).reply(to: "How long have you worked here?", seed: 1)
        let again = try await Barista(library: library, today: today).reply(to: "How long have you worked here?", seed: 1)
        #expect(!first.isEmpty)
        #expect(first == again)
    }

    @Test func aLongConversationIsCondensedInsteadOfFailing() async throws {
        let barista = Barista(library: try .builtIn(), today: today)
        let prompts = ["Hello!", "What do you recommend?", "What's the wifi password?", "Who is the manager?", "Thanks, bye!"]
        for turn in 0..<400 {
            let reply = try await barista.reply(to: prompts[turn % prompts.count] + " (\(turn))", seed: UInt64(turn))
            #expect(!reply.isEmpty)
        }
        #expect(barista.transcript.count < 800)
    }

    @Test func theTranscriptCarriesOver() async throws {
        let library = try ContentLibrary.builtIn()
        let barista = Barista(library: library, today: today)
        _ = try await barista.reply(to: "Hi there", seed: 2)
        let resumed = Barista(library: library, transcript: barista.transcript)
        _ = try await resumed.reply(to: "What's on the menu?", seed: 3)
        #expect(resumed.transcript.count == barista.transcript.count + 2)
    }
}
