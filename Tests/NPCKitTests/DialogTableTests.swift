import Foundation
import Testing
@testable import NPCKit

/// The question table (`Fixtures/dialog-questions.json`) through the game: what share of
/// answers is relevant, and that no character claims another's identity or speaks of itself in
/// the third person. `npc-bench --only dialog` prints the same figures; the floors below are
/// the figures reached, so a change that makes characters listen worse fails here.
///
/// `Fixtures/dialog-questions-heldout.json` holds 120 more questions to the barista, written by
/// someone who had not read the dialog content, after the content's synonyms were written: the
/// check that the content generalises rather than fits the first table's phrasings.
@Suite struct DialogTableTests {
    static func table(_ name: String = "dialog-questions") throws -> QuestionTable {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name).json")
        return try QuestionTable(json: try String(contentsOf: url, encoding: .utf8))
    }

    @Test func theTableAsksEnoughInVariedPhrasings() throws {
        let table = try Self.table()
        #expect(table.questions.count >= 150)
        #expect(table.questions.filter { $0.to == .barista }.count >= 100)
        #expect(table.questions.filter { $0.to == .customer }.count >= 60)
        #expect(Set(table.questions.map(\.ask)).count == table.questions.count, "no question twice")
        for question in table.questions {
            #expect(!question.contains.isEmpty && question.contains.allSatisfy { !$0.isEmpty }, "\(question.ask)")
            if question.about == "plans" { #expect(question.date.flatMap(CalendarDate.init(isoString:)) != nil, "\(question.ask)") }
        }
    }

    @Test func charactersListenAtLeastAsWellAsTheyDid() async throws {
        let report = try await Self.table().run(library: try .builtIn(), seed: 1)
        #expect(report.relevance(to: .barista) >= 0.89)
        #expect(report.relevance(to: .customer) >= 0.95)
        #expect(report.mixUps == 0, "\(report.answers.filter(\.isMixUp).map(\.text))")
        #expect(report.thirdPerson == 0, "\(report.answers.filter(\.isThirdPerson).map(\.text))")
        let again = try await Self.table().run(library: try .builtIn(), seed: 1)
        #expect(again.answers.map(\.text) == report.answers.map(\.text), "the same seed gives the same answers")
    }

    @Test func theBaristaListensToQuestionsNotWrittenForHer() async throws {
        let heldOut = try Self.table("dialog-questions-heldout")
        #expect(heldOut.questions.count >= 100 && heldOut.questions.allSatisfy { $0.to == .barista })
        let first = try Self.table()
        #expect(Set(heldOut.questions.map(\.ask)).isDisjoint(with: first.questions.map(\.ask)))
        let report = try await heldOut.run(library: try .builtIn(), seed: 1)
        #expect(report.relevance(to: .barista) >= 0.88)
        #expect(report.mixUps == 0 && report.thirdPerson == 0)
    }

    @Test func theBaristaKeepsToHerFactSheet() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let tenure = ["How long have you worked here?", "Have you been here long?", "When did you start working here?"]
        for question in tenure {
            let answer = await game.handle(question).text
            #expect(answer.lowercased().contains("three years"), "\(answer)")
        }
        for question in ["What's the wifi password?", "Do you have wifi?"] {
            let answer = await game.handle(question).text
            #expect(answer.contains("PixelBeanGuest") && answer.contains("decafisalie"), "\(answer)")
        }
        for question in ["What's your favourite drink?", "What do you like to drink?"] {
            let answer = await game.handle(question).text
            #expect(answer.contains("a cortado with oat milk"), "\(answer)")
        }
    }

    @Test func anOverLongLineIsCutToWhatFitsAndAnswered() async throws {
        let ramble = String(repeating: "I was wondering, and do forgive me for going on, ", count: 280)
        let long = ramble + "what's the wifi password?"
        #expect(long.count > 13_000)
        let cut = Conversation.fitting(long)
        #expect(cut.count <= Conversation.maximumPromptCharacters && cut.hasSuffix("what's the wifi password?"))
        #expect(cut.first?.isLetter == true, "cut at the start of a word: \(cut.prefix(20))")
        #expect(Conversation.fitting("Hi!") == "Hi!")
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let answer = await game.handle(long).text
        #expect(answer.hasPrefix("Juno: ") && !answer.contains("Something went wrong"), "an answer in character: \(answer)")
        #expect(await game.state.conversation == .barista, "the conversation goes on")
    }

    @Test func customersSpeakForThemselvesInTheFirstPerson() async throws {
        // Seed 24's first customer is Gordon Featherstone, whose calendar has Saturday plans.
        let game = try GameTests.newGame(seed: 24)
        _ = await game.handle("look")
        let customer = try #require(await game.state.met.first)
        await game.walk(to: customer.room)
        _ = await game.handle("talk \(customer.npc.name)")
        let name = await game.handle("What's your name?").text
        #expect(name.contains(customer.npc.name.split(separator: " ")[0]) && !name.contains("Juno"), "\(name)")
        #expect(await game.handle("What are you drinking?").text.contains(customer.npc.order.drink))
        let plans = await game.handle("What are you doing on Saturday?").text
        #expect(plans.contains("Spring bulb planting") && plans.contains("I have"), "\(plans)")
        #expect(!plans.contains("with \(customer.npc.name)"))
        let shrug = await game.handle("¿Dónde está el baño, por favor?").text
        #expect(shrug.contains("English") && !shrug.contains("Something went wrong"), "\(shrug)")
        let offTopic = await game.handle("What is the capital of Peru?").text
        #expect(["no idea", "Couldn't tell", "I don't know", "Not sure"].contains { offTopic.contains($0) }, "an in-character deflection: \(offTopic)")
    }
}

/// What the player tells the characters about themselves is remembered: in the conversation,
/// on the next visit, by everyone they talk to, and across a save.
@Suite struct PlayerMemoryTests {
    @Test func namesAndLikingsAreReadFromWhatThePlayerSays() {
        var facts = PlayerFacts()
        var learned = facts.learn(from: "Hi, I'm Sam and I love oat lattes")
        #expect(learned && facts == PlayerFacts(name: "Sam", likes: ["oat lattes"]))
        learned = facts.learn(from: "I'm tired. I'm So sleepy.")
        #expect(!learned, "a state is not a name")
        learned = facts.learn(from: "Call me Samantha, please")
        #expect(learned && facts.name == "Samantha")
        learned = facts.learn(from: "my name is Ada")
        #expect(learned && facts.name == "Ada")
        learned = facts.learn(from: "I like it")
        #expect(!learned, "a pronoun is not a liking")
        for drink in ["mocha", "chai", "cortado", "matcha"] { facts.learn(from: "I really like \(drink)") }
        #expect(facts.likes == ["chai", "cortado", "matcha"])
        #expect(PlayerFacts().remembered == nil)
        #expect(facts.remembered == "Of course I remember you, Ada. You like matcha.")
    }

    @Test func charactersRememberThePlayerAcrossVisitsAndSaves() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try GameTests.newGame(saves: store, seed: 3)
        _ = await game.handle("talk barista")
        _ = await game.handle("Hello! I'm Sam, and I love oat lattes.")
        #expect(await game.handle("What's my name?").text.contains("Sam"))
        _ = await game.handle("bye")
        #expect(await game.handle("talk barista").text.contains("Back again, Sam? Still into oat lattes?"))
        _ = await game.handle("bye")
        // A customer met later knows too.
        _ = await game.handle("look")
        let customer = try #require(await game.state.met.first)
        await game.walk(to: customer.room)
        _ = await game.handle("talk \(customer.npc.name)")
        #expect(await game.handle("Do you remember me?").text.contains("Sam"))
        _ = await game.handle("bye")
        _ = await game.handle("save memory")
        let loaded = try GameTests.newGame(saves: store, seed: 9)
        _ = await loaded.handle("load memory")
        #expect(await loaded.state.player == PlayerFacts(name: "Sam", likes: ["oat lattes"]))
        await loaded.walk(to: "counter")
        #expect(await loaded.handle("talk barista").text.contains("Back again, Sam?"))
        #expect(await loaded.handle("What do I usually have?").text.contains("oat lattes"))
    }
}
