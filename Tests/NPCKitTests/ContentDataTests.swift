import Foundation
import GuidedGeneration
import NPCKit
import ProceduralModel
import Testing

/// The repository's `content/` data against the rules of docs/content-format.md: counts, shapes,
/// lengths and the references between files.
@Suite("content/: procedural pack data")
struct ProceduralContentDataTests {
    static let menuSymbols = ["baseDrink", "size", "milk", "syrup", "extra", "temperature"]

    @Test func namesArePlentifulAndFitTheNPCNamePattern() throws {
        let symbols = try ContentFolder.symbolAlternatives()
        let given = try #require(symbols["firstName"]), family = try #require(symbols["lastName"])
        #expect(given.count >= 200 && Set(given).count == given.count)
        #expect(family.count >= 200 && Set(family).count == family.count)
        for name in given { #expect(name.wholeMatch(of: #/[A-Z][a-z]{2,9}/#) != nil, "given name \(name)") }
        for name in family { #expect(name.wholeMatch(of: #/[A-Z][a-z]{2,11}/#) != nil, "surname \(name)") }
        let pack = try ContentFolder.pack()
        for name in try ContentFolder.expansions(of: "fullName", in: pack, count: 500) {
            #expect(name.wholeMatch(of: #/[A-Z][a-z]{2,9} [A-Z][a-z]{2,11}/#) != nil, "\(name)")
        }
        let honorifics = Set(symbols["honorific"] ?? [])
        #expect(honorifics.isSuperset(of: ["Mr.", "Mrs.", "Ms.", "Mx.", "Dr.", "Prof."]))
        #expect(pack.slots.contains { $0.symbol == "honorific" && $0.names.contains("title") && $0.names.contains("honorific") })
    }

    @Test func ordersAreDrawnOnlyFromTheMenuSymbols() throws {
        let symbols = try ContentFolder.symbolAlternatives()
        #expect(try #require(symbols["baseDrink"]).count >= 20)
        for symbol in ["drink", "drinkOrder"] {
            for template in try #require(symbols[symbol]) {
                let referenced = Set(Self.references(in: template))
                #expect(referenced.isSubset(of: Set(Self.menuSymbols + ["drink"])), "\(symbol): \(template)")
            }
        }
        let drinks = try #require(symbols["baseDrink"])
        for order in try ContentFolder.expansions(of: "drinkOrder", in: try ContentFolder.pack(), count: 1_000) {
            #expect(drinks.contains { order.lowercased().contains($0) }, "\(order)")
        }
    }

    @Test func theMenuPricesExactlyTheProceduralMenu() throws {
        let menu = try ContentFolder.game("menu.json", as: GameContentShapes.Menu.self)
        let symbols = try ContentFolder.symbolAlternatives()
        let sections = [("baseDrink", menu.drinks), ("size", menu.sizes), ("milk", menu.milks),
                        ("syrup", menu.syrups), ("extra", menu.extras), ("temperature", menu.temperatures)]
        for (symbol, items) in sections {
            #expect(items.map(\.name) == symbols[symbol], "menu section for \(symbol)")
            #expect(items.allSatisfy { $0.price >= 0 })
        }
        #expect(menu.currency == "coins")
        let food = try #require(menu.food, "the shop sells food beside its drinks")
        #expect(!food.isEmpty && food.allSatisfy { $0.price > 0 } && Set(food.map(\.name)).count == food.count)
    }

    @Test func aMenuWrittenBeforeFoodStillLoads() throws {
        let older = #"{"currency": "coins", "drinks": [{"name": "latte", "price": 4}], "sizes": [], "milks": [], "syrups": [], "extras": [], "temperatures": []}"#
        let menu = try JSONDecoder().decode(Menu.self, from: Data(older.utf8))
        #expect(menu.food.isEmpty && menu.drinks.map(\.name) == ["latte"])
    }

    @Test func attributesAreMany() throws {
        let attributes = try #require(try ContentFolder.symbolAlternatives()["attribute"])
        #expect(attributes.count >= 40 && Set(attributes).count == attributes.count)
        let slot = try #require(try ContentFolder.pack().slots.first { $0.symbol == "attribute" })
        #expect(Set(slot.names).isSuperset(of: ["attributes", "traits", "mood", "personality"]))
    }

    @Test func complaintsHaveManyShapesAndFitTheNPCSchema() throws {
        #expect(try #require(try ContentFolder.symbolAlternatives()["complaint"]).count >= 40)
        let complaints = try ContentFolder.expansions(of: "complaint", in: try ContentFolder.pack(), count: 2_000)
        for complaint in Set(complaints) {
            #expect((5...60).contains(complaint.count), "\(complaint.count) characters: \(complaint)")
        }
        #expect(Set(complaints).count >= 300)
    }

    @Test func riddlesHaveExactlyOneCorrectAnswerInVaryingPlaces() throws {
        let riddles = try #require(try ContentFolder.pack().recordCollections.first { $0.name == "riddles" }).records
        #expect(riddles.count >= 80)
        var correctPlaces: Set<Int> = []
        for riddle in riddles {
            let question = try #require(riddle["question"]?.stringValue)
            let answers = try #require(riddle["answers"]?.elements)
            #expect((3...4).contains(answers.count), "\(question)")
            let correct = answers.indices.filter { answers[$0]["isCorrect"]?.boolValue == true }
            #expect(correct.count == 1, "\(question)")
            correctPlaces.formUnion(correct)
            #expect(question.hasSuffix("?"))
            #expect(Set(answers.compactMap { $0["text"]?.stringValue }).count == answers.count, "\(question)")
        }
        #expect(Set(riddles.compactMap { $0["question"]?.stringValue }).count == riddles.count)
        #expect(correctPlaces == [0, 1, 2, 3])
    }

    @Test func baristaIntentsAreManyWithSeveralExamplesAndLines() throws {
        let pack = try ContentFolder.pack()
        let symbols = try ContentFolder.symbolAlternatives()
        #expect(pack.intents.count >= 40)
        for intent in pack.intents {
            // Events has the most: a question about plans names its day in many ways.
            #expect((4...16).contains(intent.examples.count), "\(intent.name): \(intent.examples.count) examples")
            #expect((symbols[intent.response]?.count ?? 0) >= 3, "\(intent.name): few response lines")
        }
        let events = try #require(pack.intents.first { $0.name == "events" })
        #expect(events.tool?.capability == "events")
        let who = try #require(pack.intents.first { $0.tool?.capability == "contacts" })
        let keywords = Set(who.tool?.keywords ?? [])
        #expect(keywords.isSuperset(of: ["contact", "friend", "person", "someone"]))
        #expect(pack.corpus.count >= 60)
    }

    @Test(arguments: [
        ("What's the password for the internet?", "wifi"), ("When do you close tonight?", "hours"),
        ("How much is a cappuccino?", "prices"), ("Where's the loo?", "bathroom"), ("Any oat milk?", "milk"),
        ("Is there anything decaf?", "decaf"), ("Got any croissants left?", "pastries"), ("Tell me a coffee joke", "joke"),
        ("Where are the riddles?", "riddle"), ("What do you suggest I order?", "recommendation"),
        ("Can I speak to your manager?", "manager"), ("Is it raining outside?", "weather"), ("Thank you very much", "thanks"),
        ("What's your name?", "baristaName"), ("What is this music?", "music"), ("Where do the beans come from?", "beans"),
        ("Are you hiring baristas?", "jobs"), ("It's my birthday tomorrow", "birthday"), ("Who is that over there?", "whoIsThat"),
        ("How long have you been working here?", "tenure"), ("Are there any events on Friday?", "events"),
    ])
    func paraphrasesReachTheirIntent(prompt: String, intent: String) async throws {
        let pack = try ContentFolder.pack()
        let response = try #require(pack.intents.first { $0.name == intent }).response
        let lines = try #require(Self.replyLines(response, in: try ContentFolder.symbolAlternatives()))
        let reply = try await LanguageModelSession(model: ProceduralModel(content: pack))
            .respond(to: prompt, options: GenerationOptions(samplingMode: .greedy)).content
        #expect(lines.contains { Self.template($0, matches: reply) }, "\(prompt) → \(reply)")
    }

    @Test func everyExampleReachesItsOwnIntent() async throws {
        let pack = try ContentFolder.pack()
        let symbols = try ContentFolder.symbolAlternatives()
        let model = ProceduralModel(content: pack)
        for intent in pack.intents {
            let lines = try #require(Self.replyLines(intent.response, in: symbols))
            // Asked of someone who speaks as the intent's speaker (a customer's intents answer customers
            // only), on a day the instructions state (for the date asked).
            let marker = intent.speaker.flatMap { name in pack.speakers.first { $0.name == name }?.markers.first }
            let instructions = (marker.map { "You are Ada Lovelace, \($0) the Pixel Bean. Your order: a large latte. " } ?? "") + "Today is 2026-11-23."
            for example in intent.examples {
                // An intent heard under a fact of the player's ("The player dislikes: ") is asked
                // with that fact naming what the example names; one heard after a kind of fact
                // told ("Just told: age.") with that line.
                let fact = intent.when.map { $0.hasSuffix(": ") ? "\n\($0)\(example).\n" : "\n\($0)\n" } ?? ""
                let reply = try await LanguageModelSession(model: model, instructions: instructions + fact)
                    .respond(to: example, options: GenerationOptions(samplingMode: .greedy)).content
                #expect(lines.contains { Self.template($0, matches: reply) }, "\(intent.name): \(example) → \(reply)")
            }
        }
    }

    @Test func whoIsThatAsksTheContactTool() async throws {
        let parameters = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "properties": {"generation": {"enum": ["babyBoomers", "genX", "millennial", "genZ"]}}, "required": ["generation"]}
            """#)
        let finder = DynamicTool(name: "findContact", description: "Finds a contact (a friend or person the player knows)",
                                 parameters: parameters) { _ in "Marguerite Oyelaran" }
        let session = LanguageModelSession(model: ProceduralModel(content: try ContentFolder.pack()), tools: [finder])
        let reply = try await session.respond(to: "Who's that by the window?", options: GenerationOptions(samplingMode: .greedy))
        #expect(reply.content.contains("Marguerite Oyelaran"))
    }

    /// The grammar symbols a template references (`#name.modifiers#`).
    static func references(in template: String) -> [String] {
        template.split(separator: "#", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element.split(separator: ".").first ?? "") }
    }

    /// Whether `line` could be an expansion of `template`: its literal text in order, anything
    /// where a reference stands (an echo of the prompt may be empty).
    /// The lines a reply symbol may say: its own and its seasons' ("weatherReply@autumn").
    static func replyLines(_ response: String, in symbols: [String: [String]]) -> [String]? {
        symbols[response].map { $0 + CalendarDate.seasons.flatMap { symbols[response + "@" + $0] ?? [] } }
    }

    static func template(_ template: String, matches line: String) -> Bool {
        let parts = template.split(separator: "#", omittingEmptySubsequences: false).enumerated().map { part in
            part.offset % 2 == 1 ? ".*" : NSRegularExpression.escapedPattern(for: String(part.element))
        }
        return line.range(of: "^" + parts.joined() + "$", options: [.regularExpression, .caseInsensitive]) != nil
    }
}
