@testable import CoffeeShopGame
import Foundation
import JSONSchema
@testable import NPCKit
import Testing

/// What the level creator makes, in play: riddles answered, characters talked to, items taken
/// and used, prose instead of JSON, and creations that break their own rule never placed.
@Suite struct CreationTests {
    static func read(_ json: String, type: String) throws -> Creation {
        try Creation(reading: try GeneratedContent(json: json), typeName: type)
    }

    @Test func shapesAreReadAsRiddlesCharactersAndItems() throws {
        let riddle = try Self.read(#"{"question": "What has keys?", "answers": [{"text": "A piano", "isCorrect": true}, {"text": "A map", "isCorrect": false}], "difficulty": 2}"#, type: "Riddle")
        #expect(riddle.kind == .riddle && riddle.name == "What has keys?" && riddle.answers == ["A piano", "A map"] && riddle.correctIndex == 0)
        #expect(riddle.details == "difficulty 2")
        let pirate = try Self.read(#"{"name": "Anne Bonny", "mood": "jolly", "parrots": 2, "sober": false}"#, type: "Pirate")
        #expect(pirate.kind == .character && pirate.name == "Anne Bonny")
        #expect(pirate.prose == "Anne Bonny, a pirate of your making, is here (mood jolly, parrots 2, not sober). ('talk Anne Bonny')")
        let spoon = try Self.read(#"{"title": "Excalibur", "shiny": true, "toppings": ["cream", "cocoa", "salt"], "description": "It hums."}"#, type: "LuckySpoon")
        #expect(spoon.kind == .item)
        #expect(spoon.prose == "A lucky spoon called Excalibur lies here (shiny, toppings: cream, cocoa and salt, It hums.). ('take Excalibur')")
        let tip = try Self.read(#"{"coins": 3}"#, type: "Tip")
        #expect(tip.kind == .item && tip.name == "Tip" && tip.prose.hasPrefix("A tip lies here (coins 3)."))
        for made in [riddle, pirate, spoon, tip] { #expect(!made.prose.contains("{"), "\(made.prose)") }
    }

    /// Numbers are said as people write them: a whole number with all its digits, a fraction
    /// without an exponent.
    @Test func numbersAreWrittenOutNeverInExponentForm() throws {
        let pirate = try Self.read(#"{"name": "Anne Bonny", "parrots": 2320805005596245000, "debt": -12000000000000000000, "ratio": 0.00001, "speed": 2.5}"#, type: "Pirate")
        #expect(pirate.details == "parrots 2320805005596245000, debt -12000000000000000000, ratio 0.00001, speed 2.5")
    }

    /// A character made in the level creator holds values of each field's kind, whatever the
    /// seed: numbers small and written out (never `2.3e+18`), and each personal text field a line
    /// of its own kind — a hobby is a hobby, a job a job — never the shop's trivia.
    @Test func madeCharactersHoldValuesOfEachFieldsKind() async throws {
        let library = try ContentLibrary.builtIn()
        let pirate = try EncounterType(parsing: "Pirate: name text, age integer, parrots integer, height number, hobby text, job text, "
                                       + "catchphrase text, hometown text, pet text, mood text, favouriteFood text")
        let kinds = ["hobby": "hobby", "job": "occupation", "catchphrase": "catchphrase", "hometown": "hometown", "pet": "pet",
                     "mood": "attribute", "favouriteFood": "food"]
        let grammar = library.procedural.grammar
        func linesOf(_ symbol: String) -> Set<String>? { grammar.alternatives(of: symbol).map { Set($0.map(\.text)) } }
        let lines = try kinds.mapValues { try #require(linesOf($0)) }
        for seed in UInt64(0)..<300 {
            let instance = try await pirate.instance(at: 0, seed: seed, model: library.model)
            let made = try Creation(reading: instance, typeName: "Pirate")
            #expect(made.kind == .character)
            for key in ["age", "parrots", "height"] {
                let number = try #require(instance[key]?.numberValue)
                #expect((0...100).contains(number), "seed \(seed): \(key) \(number)")
            }
            #expect(made.details.range(of: #"\de[+-]?\d"#, options: .regularExpression) == nil, "seed \(seed): \(made.details)")
            for (field, symbol) in kinds {
                let value = try #require(instance[field]?.stringValue)
                #expect(lines[field]?.contains(value) == true, "seed \(seed): \(field) '\(value)' is not a line of \(symbol)")
            }
        }
    }

    @Test func aRiddleWithoutExactlyOneCorrectAnswerIsNotPlaced() throws {
        #expect(throws: CreationProblem.notExactlyOneCorrect(typeName: "Riddle", marked: 2)) {
            try Self.read(#"{"question": "Q?", "answers": [{"text": "a", "isCorrect": true}, {"text": "b", "isCorrect": true}]}"#, type: "Riddle")
        }
        #expect(throws: CreationProblem.notExactlyOneCorrect(typeName: "Riddle", marked: 0)) {
            try Self.read(#"{"question": "Q?", "answers": [{"text": "a", "isCorrect": false}]}"#, type: "Riddle")
        }
    }

    @Test func theGamePlacesOnlyWhatKeepsItsRulesAndPlaysEachShape() async throws {
        let game = try GameTests.newGame(seed: 1)
        // A riddle shaped like the stored ones is answered with stored riddles of three answers.
        let made = await game.handle("create Riddle: question text, answers list of 3 Answer; Answer: text text, isCorrect bool")
        #expect(!made.text.contains("left out"), "\(made.text)")
        #expect(await game.state.creations.count == 3)
        #expect(await game.state.creations.allSatisfy { $0.answers.count == 3 && $0.correctIndex != nil })
        _ = await game.handle("create Pirate: name text, mood one of grumpy|jolly, parrots integer 0...3")
        _ = await game.handle("create Spoon: name text, shiny bool")
        // Walk the rooms with customers until everything has turned up.
        let rooms = ["seating", "window", "seating", "patio", "seating", "nook", "riddles", "nook", "seating", "window"]
        for room in rooms where await game.state.creations.contains(where: { $0.room == nil }) {
            await game.walk(to: room)
        }
        #expect(await game.state.creations.allSatisfy { $0.room != nil })

        let riddle = try #require(await game.state.creations.first)
        await game.walk(to: try #require(riddle.room))
        let answered = await game.handle("answer \(riddle.correctIndex! + 1)")
        #expect(answered.text.hasPrefix("Correct — the riddle you made holds up."), "\(answered.text)")
        #expect(await game.state.creations[0].isDone)

        let pirate = try #require(await game.state.creations.firstIndex { $0.kind == .character })
        await game.walk(to: try #require(game.state.creations[pirate].room))
        #expect(await game.handle("talk pirate").text.hasSuffix("turns to you. (Say anything; 'bye' ends the conversation.)"))
        let said = await game.handle("Ahoy! How are you?")
        #expect(said.text.hasPrefix("\(await game.state.creations[pirate].name): "), "\(said.text)")
        #expect(await game.state.creations[pirate].transcript != nil)
        _ = await game.handle("bye")

        let spoon = try #require(await game.state.creations.firstIndex { $0.kind == .item })
        let name = await game.state.creations[spoon].name
        await game.walk(to: try #require(game.state.creations[spoon].room))
        #expect(await game.handle("take \(name)").text.hasPrefix("You take \(name). (+1 score)"))
        #expect(await game.state.inventory.contains(name))
        #expect(await game.handle("take \(name)").text.hasPrefix("There is no"))
        await GameTests.followHints(game) { $0.waitingCustomer(.drink) != nil || $0.waitingCustomer(.manager) != nil }
        let used = await game.handle("use \(name)")
        #expect(used.text.contains("They are charmed"), "\(used.text)")
        #expect(await !game.state.inventory.contains(name))
    }

    /// A quiz no stored riddle fits is generated field by field, and one with two answers marked
    /// correct is left out, said so, and never placed.
    @Test func aQuizThatBreaksTheRuleOfOneCorrectAnswerIsLeftOut() async throws {
        let game = try GameTests.newGame(seed: 1)
        _ = await game.handle("create Riddle: question text, answers list of 3 Answer; Answer: text text, isCorrect bool")
        let made = await game.handle("create Quiz: question text, choices list of 3 Choice; Choice: label text, right bool")
        #expect(made.text.contains("left out: a Quiz with 2 answers marked correct breaks the rule of exactly one, so it is not placed"), "\(made.text)")
        #expect(await game.state.creations.count == 5)
        #expect(await game.state.creations.allSatisfy { $0.answers.count == 3 && $0.correctIndex != nil })
    }

    @Test func aSaveFromBeforeCreationsKeepsItsInstances() throws {
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(GameState(seed: 3, today: GameTests.today, room: "patio"))) as! [String: Any]
        object["creations"] = nil
        object["customEncounters"] = [#"{"name": "Anne Bonny", "mood": "jolly"}"#, "not json"]
        let old = try JSONDecoder().decode(GameState.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.creations.map(\.name) == ["Anne Bonny"])
    }
}
