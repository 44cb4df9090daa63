@testable import CoffeeShopGame
import Foundation
@testable import NPCKit
import Testing

/// Characters have lives of their own: a persona generated once under its schema, different for
/// different strangers, the same for the same seed, kept across saves, and answered from — job,
/// hometown, family, plans for a day — along with facts that agree with the game (the shop's
/// hours are the shift's, a drink is praised once it is served).
@Suite struct PersonaTests {
    @Test func personasAreMadeUnderTheirSchemaOncePerSeedAndDiffer() async throws {
        let library = try ContentLibrary.builtIn()
        let grammar = library.procedural.grammar
        func lines(_ symbol: String) -> Set<String> { Set(grammar.alternatives(of: symbol)?.map(\.text) ?? []) }
        var personas: [Persona] = []
        for seed in 0..<40 as Range<UInt64> {
            let persona = try await Persona.generate(for: "Guest \(seed)", library: library, seed: seed)
            #expect(try await Persona.generate(for: "Guest \(seed)", library: library, seed: seed) == persona, "the same seed, the same life")
            #expect(persona.week.count == 7 && persona.hobbies.count == 2 && Set(persona.hobbies).count == 2)
            for (field, symbol) in [(persona.job, "occupation"), (persona.hometown, "hometown"), (persona.home, "personaHome"),
                                    (persona.family, "personaFamily"), (persona.favouriteFood, "food"), (persona.opinion, "personaOpinion"),
                                    (persona.age, "age"), (persona.pets, "pet"), (persona.partner, "personaPartner"),
                                    (persona.children, "personaChildren"), (persona.music, "personaMusic"), (persona.reading, "personaReading"),
                                    (persona.watching, "personaWatching"), (persona.travel, "personaTravel"),
                                    (persona.previousJob, "personaPreviousJob"), (persona.settled, "personaSettled"),
                                    (persona.languages, "personaLanguages"), (persona.birthday, "personaBirthday")] {
                #expect(lines(symbol).contains(field), "\(symbol): \(field)")
            }
            #expect(persona.week.allSatisfy(lines("personaPlan").contains) && persona.hobbies.allSatisfy(lines("hobby").contains))
            personas.append(persona)
        }
        #expect(Set(personas.map(\.job)).count >= 15, "strangers have different jobs")
        #expect(Set(personas.map(\.hometown)).count >= 15)
    }

    @Test func customersAnswerFromTheirLivesTheSameWayAfterALoad() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persona-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try GameTests.newGame(saves: store, seed: 4)
        _ = await game.handle("look")
        let customer = try #require(await game.state.met.first)
        let persona = try #require(customer.persona)
        await game.walk(to: customer.room)
        _ = await game.handle("talk \(customer.npc.name)")
        func says(_ text: String, _ fact: String) -> Bool { text.lowercased().contains(fact.lowercased()) }
        let job = await game.handle("What do you do for a living?").text
        #expect(says(job, persona.job), "\(job)")
        let hometown = await game.handle("Where are you from?").text
        #expect(says(hometown, persona.hometown), "\(hometown)")
        let family = await game.handle("Do you have any family?").text
        #expect(says(family, persona.family), "\(family)")
        let barista = await game.handle("what's the barista called?").text
        #expect(says(barista, await game.library.barista.name), "a customer knows the barista by name: \(barista)")
        for (question, fact) in [("are you married?", persona.partner), ("got any kids?", persona.children), ("how old are you?", persona.age),
                                 ("what music are you into?", persona.music), ("been anywhere nice on holiday?", persona.travel),
                                 ("what did you do before?", persona.previousJob), ("how long have you lived round here?", persona.settled),
                                 ("seen any good films lately?", persona.watching), ("do you speak any other languages?", persona.languages),
                                 ("when's your birthday?", persona.birthday)] {
            let reply = await game.handle(question).text
            #expect(says(reply, fact), "\(question) → \(reply)")
        }
        let drink = await game.handle("How's your drink?").text
        #expect(drink.contains("waiting"), "not praised before it is made: \(drink)")
        _ = await game.handle("bye")
        _ = await game.handle("save lives")
        let loaded = try GameTests.newGame(saves: store, seed: 11)
        _ = await loaded.handle("load lives")
        #expect(await loaded.state.met.first?.persona == persona)
        await loaded.walk(to: customer.room)
        _ = await loaded.handle("talk \(customer.npc.name)")
        #expect(says(await loaded.handle("what's your job?").text, persona.job))
    }

    /// A save made before a persona's newer facts loads, and the customer's life is made again
    /// when next talked to: the same seed, the same life.
    @Test func aPersonaOfAnOlderSaveIsMadeAgainWhole() async throws {
        let game = try GameTests.newGame(seed: 4)
        _ = await game.handle("look")
        let persona = try #require(await game.state.met.first?.persona)
        var fields = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(await game.state)) as? [String: Any])
        var met = try #require(fields["met"] as? [[String: Any]])
        var older = try #require(met[0]["persona"] as? [String: Any])
        for key in ["age", "pets", "partner", "children", "music", "reading", "watching", "travel", "previousJob", "settled", "languages", "birthday"] {
            older[key] = nil
        }
        met[0]["persona"] = older
        fields["met"] = met
        let old = try JSONDecoder().decode(GameState.self, from: JSONSerialization.data(withJSONObject: fields))
        #expect(old.met[0].persona == nil)
        await game.restore(old)
        await game.walk(to: old.met[0].room)
        _ = await game.handle("talk \(old.met[0].npc.name)")
        _ = await game.handle("hello")
        #expect(await game.state.met[0].persona == persona)
    }

    @Test func theBaristaHasALifeAndKeepsTheShopsHours() async throws {
        let library = try ContentLibrary.builtIn()
        let life = try #require(library.barista.life)
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        #expect(await game.handle("How old are you?").text.contains("thirty-one"))
        #expect(await game.handle("When is your birthday?").text.contains("14th of March"))
        #expect(await game.handle("Where did you grow up?").text.contains(life.hometown))
        #expect(await game.handle("Do you have any pets?").text.contains("Pistachio"))
        #expect(await game.handle("What would you do if you weren't a barista?").text.contains("potter"))
        let hours = await game.handle("What are your opening hours?").text
        #expect(hours.contains("08:00") && hours.contains("10:00"), "the shop's hours are the shift's: \(hours)")
    }

    @Test func aPlanQuestionGetsThatDaysPlanForTheNextSuchDay() async throws {
        let library = try ContentLibrary.builtIn()
        let life = try #require(library.barista.life)
        // 2027-01-04 is a Monday: "the 4th of January" asked in November means next year's.
        let tool = GetContactEventTool(contact: "Juno", events: [], speaksForContact: true, week: life.week)
        let monday = try await tool.call(arguments: .init(day: 4, month: 1, year: 2027))
        #expect(monday == "On Monday, January 4 it's \(life.week[0]).")
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let answer = await game.handle("Any plans on the 4th of January?").text
        #expect(answer.contains("Monday, January 4"), "\(answer)")
    }
}
