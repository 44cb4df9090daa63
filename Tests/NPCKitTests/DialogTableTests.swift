@testable import CoffeeShopGame
import Foundation
@testable import NPCKit
@testable import ProceduralModel
import TestSupport
import Testing

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
        #expect(report.relevance(to: .barista) >= 0.90)
        #expect(report.relevance(to: .customer) >= 0.96)
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

    /// The blind tables of 2026-11-28 to 2026-12-01, each scored once unseen (all but the
    /// newest tuned on since): floors at the figures reached, so later content cannot quietly
    /// undo them. The fast tier runs every third table from the newest; the integration tier all.
    @Test(arguments: TestTier.sample([("dialog-blind-20", 0.795, 0.795, 0.97), ("dialog-blind-19", 0.905, 0.88, 0.92), ("dialog-blind-18", 0.835, 0.795, 0.875), ("dialog-blind-17", 0.915, 0.865, 0.85),
                                      ("dialog-blind-16", 0.785, 0.78, 0.895), ("dialog-blind-15", 0.935, 0.83, 0.895),
                                      ("dialog-blind-14", 0.845, 0.88, 0.895), ("dialog-blind-13", 0.865, 0.765, 0.945),
                                      ("dialog-blind-12", 0.845, 0.785, 0.97), ("dialog-blind-11", 0.895, 0.715, 0.97),
                                      ("dialog-blind-10", 0.845, 0.81, 0.97), ("dialog-blind-9", 0.885, 0.72, 0.945),
                                      ("dialog-blind-8", 0.865, 0.895, 0.97), ("dialog-blind-7", 0.925, 0.895, 0.945),
                                      ("dialog-blind-6", 0.875, 0.88, 0.97), ("dialog-blind-5", 0.845, 0.86, 0.945),
                                      ("dialog-blind-4", 0.91, 0.86, 0.97), ("dialog-blind-3", 0.845, 0.845, 0.92),
                                      ("dialog-blind-2", 0.895, 0.845, 0.945), ("dialog-blind-1", 0.875, 0.83, 0.97)], fastStride: 3))
    func earlierBlindTablesStayAnswered(name: String, barista: Double, customers: Double, memory: Double) async throws {
        let table = try Self.table(name)
        let report = try await table.run(library: try .builtIn(), seed: 1)
        let told = report.answers.filter { $0.question.said != nil }
        let untold = QuestionTable.Report(answers: report.answers.filter { $0.question.said == nil })
        #expect(untold.relevance(to: .barista) >= barista)
        #expect(untold.relevance(to: .customer) >= customers)
        #expect(Double(told.filter(\.isRelevant).count) / Double(told.count) >= memory)
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

    @Test func theBaristaAnswersFromTheBoardAndTheClock() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let asked = [("how much is a flat white?", "The flat white is 4 coins."), ("How much is a croissant", "The croissant is 3 coins."),
                     ("how much for a large latte?", "The latte is 4 coins."),
                     ("do u have matcha", "We do! The matcha is 5 coins."),
                     ("whats the cheapest thing on the menu", "he babyccino is the cheapest drink at 1 coin"),
                     ("hw much 4 a croissant", "The croissant is 3 coins."), ("how much is a hot choc", "The cocoa, or hot chocolate, is 3 coins."), ("what's a large cappucino cost these days", "The cappuccino is 4 coins.")]
        for (question, answer) in asked {
            let reply = await game.handle(question).text
            #expect(reply.contains(answer), "\(question) → \(reply)")
        }
        let two = await game.handle("hw much for a cappuccino n a croissant").text
        #expect(two.contains("The cappuccino is 4 coins.") && two.contains("The croissant is 3 coins."), "both items priced: \(two)")
        let cake = await game.handle("how much is the carrot cake?").text
        #expect(!cake.contains("toastie") && !cake.contains("We do"), "an item not on the board has no price of another's: \(cake)")
        let clock = await game.clock
        let reply = await game.handle("what time is it?").text
        #expect(reply.contains(clock), "the game's clock, \(clock): \(reply)")
        #expect(await game.handle("menu").text.contains("  Food: almond croissant 4, croissant 3,"))
    }

    @Test func theQuestionIsHeardPastTheRemarkAndTheHabitPastTheDay() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let post = await game.handle("sorry to bother you but is there a post office anywhere near").text
        #expect(post.contains("A post office?") && post.lowercased().contains("door"), "the way, not an apology: \(post)")
        let umbrella = await game.handle("could I borrow an umbrella? i'll bring it back i promise").text
        #expect(umbrella.contains("An umbrella?") && umbrella.contains("back"), "lent, not the weather: \(umbrella)")
        let weekends = await game.handle("how do you usually spend your weekends").text
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        #expect(!weekdays.contains { weekends.contains("On \($0),") }, "a habit, not one day's plan: \(weekends)")
    }

    @Test func aPluralDayIsAHabitAndAReasonAfterTheQuestionIsNotItsSubject() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let fridays = await game.handle("how busy does it get on fridays").text
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        #expect(!weekdays.contains { fridays.contains("On \($0),") }, "every Friday, not one day's plan: \(fridays)")
        _ = await game.handle("I've never really had coffee before")
        let flowers = await game.handle("where can i buy flowers around here, its my mums birthday").text
        #expect(flowers.lowercased().contains("door"), "the way, not the player's mum: \(flowers)")
        let refill = await game.handle("can i get a refill on my coffee or do i have to pay again").text
        #expect(!refill.contains("You said") && !refill.contains("You told"), "a request recalls nothing told: \(refill)")
    }

    @Test func anOrderAgainstWhatThePlayerCannotHaveIsQuestioned() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        _ = await game.handle("fyi I'm allergic to nuts, properly allergic")
        let hazelnut = await game.handle("can i have the hazelnut latte today?").text
        #expect(hazelnut.contains("nuts"), "the allergy told, before the order: \(hazelnut)")
        let latte = await game.handle("can i have a latte please").text
        #expect(!latte.contains("nuts"), "an order naming no nuts: \(latte)")
        _ = await game.handle("my dog... what was his name again")
        #expect(await game.state.memories.values.allSatisfy { $0.pets.isEmpty }, "the thing a question names is no pet told")
    }

    @Test func sadNewsComesBeforeTheFactItTells() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let late = await game.handle("It's my late husband's birthday today. He loved this place.").text
        #expect(late.lowercased().contains("sorry") && !late.contains("Say hello"), "\(late)")
    }

    @Test func aLessonIsGivenOnlyWhenThePlayerAsksHowToDoIt() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let shot = await game.handle("how long do I pull a shot for?").text
        #expect(shot.contains("thirty"), "a lesson: \(shot)")
        let tenure = await game.handle("so how long have you been pulling shots at this place?").text
        #expect(!tenure.contains("thirty seconds") && !tenure.contains("grams"), "her years, not a lesson: \(tenure)")
        #expect(QuestionParts.asksHowTo("can u show me how to steam milk properly"))
        #expect(QuestionParts.asksHowTo("how hot should I get the milk?"))
        #expect(!QuestionParts.asksHowTo("how do you do the latte art? it's so pretty"))
    }

    @Test func aPlayerAskingOfTheirOwnIsNotAnsweredWithTheSpeakersOwn() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let guess = await game.handle("bet you can guess where I grew up, i told you earlier").text
        #expect(guess.contains("haven't told") && !guess.contains("bet you"), "never told, and the question is no fact: \(guess)")
        _ = await game.handle("I'm Rosalind, nice to meet you")
        let name = await game.handle("sorry, did you catch my name?").text
        #expect(name.contains("Rosalind") && !name.dropFirst("Juno: ".count).contains("Juno"), "\(name)")
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

/// What the player tells a character about themselves is remembered by that character: in the
/// conversation, on the next visit and across a save — and by no one else.
@Suite struct PlayerMemoryTests {
    @Test func anOrderIsWhatTheyHadNotSomethingSaidOfThemselves() {
        var facts = PlayerFacts()
        facts.learn(from: "I'd like a pot of tea, please, and a slice of cake.")
        #expect(facts.said.isEmpty && facts.orders.count == 1 && facts.justTold.isEmpty, "\(facts)")
        var daughter = PlayerFacts()
        daughter.learn(from: "I told my daughter I'd only have one cake today")
        #expect(daughter.family.allSatisfy { !$0.contains("I'd") }, "a pronoun is no name: \(daughter.family)")
        for line in ["I've never cared for cinnamon, I'm afraid.", "I'm not keen on cinnamon", "i don't care for cinnamon", "I am allergic to cinnamon"] {
            var told = PlayerFacts()
            told.learn(from: line)
            #expect(told.dislikes == ["cinnamon"], "\(line)")
        }
    }

    @Test func namesAndLikingsAreReadFromWhatThePlayerSays() {
        var facts = PlayerFacts()
        var learned = facts.learn(from: "Hi, I'm Sam and I love oat lattes")
        #expect(learned && facts.name == "Sam" && facts.likes == ["oat lattes"])
        learned = facts.learn(from: "I'm tired. I'm So sleepy.")
        #expect(!learned, "a state is not a name")
        // A name typed in lower case counts where the player introduces themselves; a name
        // before a question is read, too.
        for (line, name) in [("hi! i'm priya, nice to meet you", "Priya"), ("hey i'm jo", "Jo"), ("hi, I'm Soren, mind if I sit here?", "Soren"),
                             ("I'm Maya, what's yours?", "Maya"), ("i'm sam by the way, i'm new here", "Sam"),
                             ("I forgot to tell you, my name is Ada", "Ada"), ("guess what, I'm Noor and I got the job!", "Noor")] {
            var introduced = PlayerFacts()
            introduced.learn(from: line)
            #expect(introduced.name == name, "\(line)")
        }
        for line in ["hey i'm exhausted", "hi i'm starving, what's good?", "hey i'm cold", "i'm priya", "so what's my name, do you remember?", "i'm new here by the way"] {
            var told = PlayerFacts()
            told.learn(from: line)
            #expect(told.name == nil, "\(line)")
        }
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

    @Test func everyKindOfFactIsReadInTheSecondPerson() {
        var facts = PlayerFacts()
        facts.learn(from: "btw I just got a cat, her name is mochi", day: 1)
        #expect(facts.pets == ["your cat Mochi"])
        facts.learn(from: "My dog's called Biscuit!", day: 1)
        #expect(facts.pets == ["your cat Mochi", "your dog Biscuit"])
        facts.learn(from: "I work as a plumber, mostly boilers", day: 1)
        #expect(facts.job == "you work as a plumber")
        facts.learn(from: "I'm a teacher at the primary school", day: 1)
        #expect(facts.job == "you're a teacher at the primary school")
        facts.learn(from: "I live over in Riverside", day: 1)
        #expect(facts.home == "you live over in Riverside")
        facts.learn(from: "ugh I hate cinnamon", day: 1)
        #expect(facts.dislikes == ["cinnamon"])
        facts.learn(from: "my sister Ana is visiting on sunday", day: 2)
        #expect(facts.family == ["your sister Ana"] && facts.plans == ["your sister Ana is visiting on sunday"])
        facts.learn(from: "I had a flat white earlier, it was lovely", day: 2)
        #expect(facts.orders == ["you had a flat white earlier, it was lovely"])
        let before = facts
        for question in ["Do you like dogs?", "what's my dog called?", "Are you from Riverside?", "do you work as a barista"] {
            facts.learn(from: question, day: 2)
            #expect(facts.pets == before.pets && facts.job == before.job && facts.home == before.home, "a question tells nothing: \(question)")
        }
        #expect(facts.topics(before: 2) == ["your cat Mochi", "your dog Biscuit", "your job", "where you live", "cinnamon"])
        let sheet = facts.sheet(day: 2)
        #expect(sheet.contains("\nThe player's pet: your cat Mochi and your dog Biscuit.\n"), "\(sheet)")
        #expect(sheet.contains("\nYou talked before about: your cat Mochi, your dog Biscuit, your job, where you live and cinnamon.\n"), "\(sheet)")
    }

    @Test func factsAreReadThroughWordsThatStandInsideThePhrase() {
        var facts = PlayerFacts()
        facts.learn(from: "I'm originally from Cork", day: 1)
        #expect(facts.home == "you're originally from Cork")
        facts.learn(from: "I really can't stand cinnamon", day: 1)
        #expect(facts.dislikes == ["cinnamon"])
        facts.learn(from: "just moved to Whitby from Glasgow last month", day: 1)
        #expect(facts.home == "just moved to Whitby from Glasgow last month")
        facts.learn(from: "my usual is an oat cortado with an extra shot", day: 1)
        #expect(facts.likes == ["an oat cortado with an extra shot"])
        facts.learn(from: "had the worst ramen for lunch today, so salty", day: 1)
        #expect(facts.orders == ["you had the worst ramen for lunch today, so salty"])
        facts.learn(from: "can I get a flat white please?", day: 1)
        #expect(facts.orders.last == "you ordered a flat white", "an order asked is an order")
        facts.learn(from: "I'd like a cappuccino with an extra shot if that's possible", day: 1)
        #expect(facts.orders.last == "you ordered a cappuccino with an extra shot")
        facts.learn(from: "can I sit here?", day: 1)
        #expect(facts.orders.count == 3, "a question asking for no item is no order")
    }

    @Test func aLineTypedAsATextIsHeardAndRememberedWrittenOut() async throws {
        // An age told on its own is kept in words "how old am I?" finds.
        var allergic = PlayerFacts()
        allergic.learn(from: "im allergic to nuts is the banana bread ok", day: 1)
        #expect(allergic.dislikes == ["nuts"], "the question after the fact, with no full stop, is not part of it")
        let kept = [("im allergic 2 peanuts lol", "you're allergic to peanuts"), ("I'm 15", "you're 15 years old"),
                    ("i am fifteen now", "you're 15 years old"), ("I'm 15 minutes early", "you're 15 minutes early")]
        for (line, said) in kept {
            var facts = PlayerFacts()
            facts.learn(from: line, day: 1)
            #expect(facts.said == [said], "\(line)")
            #expect(facts.justTold.contains("age") == said.hasSuffix("years old"), "an age told is a fact to answer: \(line)")
        }
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let beach = await game.handle("wer is the beach").text
        #expect(beach.contains("The beach?"), "the way: \(beach)")
        let told = await game.handle("im fifteen lol").text
        #expect(told.contains("age"), "the age told, answered: \(told)")
        let introduced = await game.handle("I'm Jay, nice to meet you").text
        #expect(introduced.contains("Jay"), "a name no example has, heard as a name: \(introduced)")
        let both = await game.handle("How much would a flat white and a cinnamon bun come to?").text
        #expect(both.contains("4 coins") && both.contains("3 coins"), "two items priced, not the first alone: \(both)")
        let age = await game.handle("how old am i").text
        #expect(age.contains("15 years old"), "the age told: \(age)")
    }

    @Test func aThirdPersonsNameIsNotThePlayersOwn() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        _ = await game.handle("I'm Ros.")
        let neighbour = await game.handle("What was my neighbour's name again?").text
        #expect(!neighbour.contains("Ros") && !neighbour.contains("your name"), "a neighbour's name asked: \(neighbour)")
        let own = await game.handle("what's my name again?").text
        #expect(own.contains("Ros"), "the player's own: \(own)")
    }

    @Test func lineAfterLineTheBaristaHearsWhatEachAsks() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        _ = await game.handle("My usual, if you want to remember it, is a large oat cortado with an extra shot.")
        // (line, a reply must contain, must not contain, why)
        let turns: [(String, String, String?, String)] = [
            ("could I get my usual? you remember what it is?", "oat cortado", nil, "a usual is the player's own; a follow-up pointing back asks nothing new"),
            ("where can I park?", "arking", "top of the hill", "park as a verb asks for parking"),
            ("how do I get to the park?", "top of the hill", nil, "the park itself"),
            ("i got a parking ticket this morning, worst day ever", "", "behind the bakery", "news about parking asks for none"),
            ("what's the soup of the day?", "soup", "all day long", "the soup of the day is no date"),
            ("would you recommend the fish and chips place?", "The fish and chips place?", nil, "a thing's worth, not a pet fish"),
            ("is that a good laptop?", "That laptop?", nil, "the thing is named after the praise"),
            ("is the milk organic?", "farm", "bag", "the milk, not the coffee beans"),
            ("is there a cinema?", "Mill Lane", nil, "a place the barista knows, asked for without 'near here'"),
            ("what's the museum like?", "corn exchange", nil, "a known place asked of"),
            ("is there a nice walk nearby?", "canal path", "pint", "the kind of place said is the walk, not a nice pub"),
            ("Might I have my cappuccino a little cooler than usual?", "", "cinema", "'a little' names no little cinema"),
            ("Is it safe to walk about in the evening round here?", "", "canal path out to the lock", "walking is no walk asked for"),
            ("It's two years this month since my wife passed, you know.", "sorry", "Congratulations", "a death is no exam passed"),
            ("Here's one for you: what did the stamp say to the envelope? Stick with me and we'll go places!", "", "stamps", "a joke after an opening is a joke"),
            ("Good morning. I wonder if you could tell me what on earth a macchiato is?", "macchiato is", nil, "the question after a greeting and its courtesy"),
            ("Would you happen to know where the post office is?", "The post office?", "office is?", "the place said back without its verb"),
            ("Where would you recommend for a bit of fish and chips?", "chip shop", "cat", "a place recommended, not a pet fish"),
        ]
        for (line, wanted, unwanted, why) in turns {
            let reply = await game.handle(line).text
            #expect((wanted.isEmpty || reply.contains(wanted)) && !(unwanted.map(reply.contains) ?? false), "\(why): \(line) → \(reply)")
        }
    }

    @Test func theBaristaKnowsTheTownsPlaces() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        let asked = [("is there a cinema in town?", "Mill Lane"), ("any arcades round here", "Saltmarsh"), ("is there a skate park", "canal"),
                     ("how do i get to the station", "bottom of the hill"), ("wheres good for chips", "chip shop"),
                     ("How do I get to the beach from here without a car?", "Saltmarsh"), ("is the park nice?", "The park? ")]
        for (question, place) in asked {
            let reply = await game.handle(question).text
            #expect(reply.contains(place), "\(question) → \(reply)")
        }
        let cash = await game.handle("where's the nearest cash machine?").text
        #expect(!cash.contains("swimming") && !cash.contains("Saltmarsh"), "a place the town list does not name gets the way to the high street: \(cash)")
    }

    @Test func theWeatherAndTheSpecialsFollowTheSeason() async throws {
        #expect([1, 3, 6, 8, 9, 12].map { CalendarDate(year: 2036, month: $0, day: 1)!.season } == ["winter", "spring", "summer", "summer", "autumn", "winter"])
        let august = try Game(library: try .builtIn(), setup: .init(seed: 5, today: CalendarDate(isoString: "2036-08-14")!, relaxed: true))
        _ = await august.handle("talk barista")
        let summer = ["ice", "sun", "warm", "hot", "boiling", "thunderstorm"]
        let weather = await august.handle("what's the weather like?").text.lowercased()
        #expect(summer.contains { weather.contains($0) } && !weather.contains("gloves"), "a summer day: \(weather)")
        let specials = await august.handle("any seasonal specials?").text.lowercased()
        #expect(specials.contains("summer") || specials.contains("iced"), "\(specials)")
        let january = try Game(library: try .builtIn(), setup: .init(seed: 5, today: CalendarDate(isoString: "2036-01-14")!, relaxed: true))
        _ = await january.handle("talk barista")
        let cold = await january.handle("what's the weather like?").text.lowercased()
        #expect(!summer.contains { cold.contains($0) }, "a winter day: \(cold)")
        let may = try Game(library: try .builtIn(), setup: .init(seed: 5, today: CalendarDate(isoString: "2037-05-09")!, relaxed: true))
        _ = await may.handle("talk barista")
        let spring = await may.handle("what's the weather like?").text.lowercased()
        #expect(!["freezing", "gloves", "snow", "boiling"].contains { spring.contains($0) }, "a spring day: \(spring)")
    }

    @Test func whatThePlayerSaidOfThemselvesIsKeptWholeForTheDetails() {
        var facts = PlayerFacts()
        facts.learn(from: "Hi. My brother Kofi just moved to Lisbon. Is it raining?", day: 1)
        facts.learn(from: "I've got a golden retriever called Rufus, and I'm allergic to hazelnuts", day: 1)
        #expect(facts.said == ["your brother Kofi just moved to Lisbon", "you've got a golden retriever called Rufus, and you're allergic to hazelnuts"])
        #expect(facts.pets == ["your golden retriever Rufus"], "a breed is a pet")
        #expect(facts.sheet(day: 1).contains("\nThe player said: your brother Kofi just moved to Lisbon.\n"))
        for number in 1...12 { facts.learn(from: "I walked \(number) miles today", day: 2) }
        #expect(facts.said.count == PlayerFacts.maximumSaid && facts.said.last == "you walked 12 miles today")
        facts.learn(from: "Do I like tea? Hello there. Lovely!", day: 2)
        #expect(facts.said.last == "you walked 12 miles today", "questions, greetings and remarks tell nothing of the player")
        facts.learn(from: "My boyfriend stayed in Portugal.", day: 2)
        facts.learn(from: "His name is Rui and he is a cook. It's raining again.", day: 2)
        #expect(facts.said.last == "your boyfriend stayed in Portugal; his name is Rui and he is a cook",
                "a sentence going on about the one just spoken of is kept with it")
        facts.learn(from: "He makes the best paella in Lisbon.", day: 2)
        #expect(facts.said.last == "your boyfriend stayed in Portugal; his name is Rui and he is a cook", "one sentence more at most")
    }

    /// A remark that comes with a question ("where was I flying to? my memory's awful") is kept,
    /// but is not offered as that question's answer; the next line offers it again.
    @Test func aRemarkWithAQuestionIsNotItsAnswer() {
        var facts = PlayerFacts()
        facts.learn(from: "I'm flying to Osaka on Friday", day: 1)
        facts.learn(from: "where was I flying to? my memory's awful", day: 1)
        #expect(facts.said.last == "your memory's awful")
        #expect(!facts.sheet(day: 1).contains("The player said: your memory's awful."))
        #expect(facts.sheet(day: 1).contains("flying to Osaka"))
        facts.learn(from: "Lovely.", day: 1)
        #expect(facts.sheet(day: 1).contains("The player said: your memory's awful."))
    }

    @Test func aQuestionAboutADetailIsAnsweredWithWhatThePlayerSaid() async throws {
        let game = try GameTests.newGame(seed: 5)
        _ = await game.handle("talk barista")
        for line in ["my brother Kofi just moved to Lisbon", "I teach maths at the high school", "I'm allergic to hazelnuts", "my daughter Zoe turns six next week"] {
            _ = await game.handle(line)
        }
        let asked = [("where did my brother move to?", "Lisbon"), ("what subject do I teach", "maths"),
                     ("anything you remember about my allergies?", "hazelnuts"), ("how old is my daughter turning?", "six")]
        for (question, detail) in asked {
            let reply = await game.handle(question).text
            #expect(reply.contains(detail), "\(question) → \(reply)")
        }
        #expect(!(await game.handle("what's the weather like?").text.contains("You said")), "a question about the world is not about the player")
        #expect(await game.handle("I've been learning the cello").text.contains("learning the cello"), "a sentence of no kind is heard too")
        #expect(await game.handle("what have we talked about?").text.contains("you've been learning the cello"))
    }

    @Test func aSaveFromBeforeMemoriesWerePerCharacterGivesTheBaristaTheFacts() throws {
        let state = GameState(seed: 1, today: CalendarDate(year: 2026, month: 11, day: 26)!, room: "counter")
        var fields = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
        fields["memories"] = nil
        fields["player"] = ["name": "Sam", "likes": ["oat lattes"]]
        let old = try JSONDecoder().decode(GameState.self, from: JSONSerialization.data(withJSONObject: fields))
        #expect(old.memories == ["barista": PlayerFacts(name: "Sam", likes: ["oat lattes"])])
    }

    @Test func eachCharacterRemembersWhatTheyWereToldAcrossVisitsAndSaves() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SaveStore(directory: folder)
        let game = try GameTests.newGame(saves: store, seed: 3)
        _ = await game.handle("talk barista")
        let hello = await game.handle("Hello! I'm Sam, and I love oat lattes.").text
        #expect(hello.contains("Sam") || hello.contains("oat lattes"), "\(hello)")
        _ = await game.handle("My dog's called Biscuit")
        #expect(await game.handle("What's my name?").text.contains("Sam"))
        #expect(await game.handle("what's my dog called again?").text.contains("Biscuit"))
        _ = await game.handle("bye")
        #expect(await game.handle("talk barista").text.contains("Back again, Sam? Still into oat lattes?"))
        _ = await game.handle("bye")
        // A customer was never told: they do not claim to know the player.
        _ = await game.handle("look")
        let customer = try #require(await game.state.met.first)
        await game.walk(to: customer.room)
        _ = await game.handle("talk \(customer.npc.name)")
        let stranger = await game.handle("Do you remember me?").text
        #expect(!stranger.contains("Sam") && !stranger.contains("remember you"), "\(stranger)")
        #expect(!(await game.handle("what's my dog's name?").text.contains("Biscuit")))
        _ = await game.handle("bye")
        _ = await game.handle("save memory")
        let loaded = try GameTests.newGame(saves: store, seed: 9)
        _ = await loaded.handle("load memory")
        #expect(await loaded.state.memories["barista"] == game.state.memories["barista"])
        await loaded.walk(to: "counter")
        #expect(await loaded.handle("talk barista").text.contains("Back again, Sam?"))
        #expect(await loaded.handle("What do I usually have?").text.contains("oat lattes"))
        #expect(await loaded.handle("do you remember my dog's name?").text.contains("Biscuit"))
    }
}
