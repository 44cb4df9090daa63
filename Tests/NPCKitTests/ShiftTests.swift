@testable import CoffeeShopGame
import Foundation
@testable import NPCKit
import Testing

/// The shift: the clock, arrivals and departures, serving judged against orders and traits,
/// remedies, the day's goal, winning and losing, undo and purchases.
@Suite struct ShiftTests {
    static func shiftGame(seed: UInt64 = 1) throws -> Game {
        try GameTests.newGame(seed: seed, relaxed: false)
    }

    /// A game whose only customer is `npc`, waiting in the seating area where the player stands,
    /// with no one else due today.
    static func gameWithOne(_ npc: NPC, leaves: Int = 60, relaxed: Bool = false) async throws -> Game {
        try await gameWith([(npc, leaves)], relaxed: relaxed)
    }

    /// A game whose only customers are `customers`, in that order, each giving up at its
    /// `leaves` minute, all waiting in the seating area where the player stands, with no one
    /// else due today.
    static func gameWith(_ customers: [(npc: NPC, leaves: Int)], relaxed: Bool = false) async throws -> Game {
        let game = try GameTests.newGame(relaxed: relaxed)
        var state = await game.state
        state.room = "seating"
        state.shift.arrived = 1_000
        state.met = customers.map { .init(npc: $0.npc, room: "seating", visit: .init(day: 1, arrived: 0, leaves: $0.leaves)) }
        await game.restore(state)
        return game
    }

    static func customer(_ attributes: [String] = ["shy", "cosy", "bookish"], encounter: Encounter = .orderCoffee,
                         name: String = "Sam Tester") -> NPC {
        NPC(name: name, generation: .genX,
            order: CoffeeOrder(size: "large", temperature: "iced", drink: "latte", milk: "oat", syrup: "vanilla"),
            level: 1, attributes: attributes, encounter: encounter)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func aPlayerWhoFollowsTheHintsWinsTheWeek(seed: UInt64) async throws {
        let game = try Self.shiftGame(seed: seed)
        var last = ""
        for _ in 0..<400 {
            #expect(await game.handle("hint").text.hasSuffix(game.hint.text))
            let reply = await game.handle(game.hint.command)
            last = reply.text
            if reply.isFinished { break }
        }
        #expect(await game.state.shift.outcome == .won, "\(last)")
        #expect(await game.state.shift.day == 3)
        #expect(last.contains("== Closing time, day 3 of 3 =="))
        #expect(last.contains("You win!"))
        let over = await game.handle("look")
        #expect(over.isFinished && over.text.hasPrefix("This game is over: you won on day 3."))
    }

    @Test func aPlayerWhoOnlyWaitsLosesTheFirstDay() async throws {
        let game = try Self.shiftGame()
        var text = ""
        for _ in 0..<20 {
            let reply = await game.handle("wait")
            text += reply.text + "\n"
            if reply.isFinished { break }
        }
        #expect(await game.state.shift.outcome == .lost)
        #expect(await game.state.shift.day == 1)
        #expect(text.contains("(reputation -2)"), "customers leave and say so")
        #expect(text.contains("You lose."))
    }

    @Test func missingTheGoalAtClosingLosesTheDay() async throws {
        let game = try Self.shiftGame()
        await GameTests.followHints(game) { $0.state.shift.minute >= 100 }
        var state = await game.state
        state.shift.today.coins = 3
        await game.restore(state)
        var last = Game.Reply(text: "")
        while !last.isFinished { last = await game.handle("wait") }
        #expect(last.text.contains("Coins earned today: 3 of 30."))
        #expect(last.text.contains("Day 1 is lost."))
        #expect(await game.state.shift.outcome == .lost)
    }

    @Test func meetingTheGoalOpensAHarderDay() async throws {
        let game = try Self.shiftGame()
        await GameTests.followHints(game) { $0.state.shift.day == 2 }
        let rules = try ContentLibrary.builtIn().shift
        #expect(await game.state.shift.minute < 30)
        #expect(await game.state.shift.today == .init())
        #expect(await game.arrivalMinutes().count == rules.days[1].customers)
        #expect(rules.days[1].customers > rules.days[0].customers && rules.days[1].patience < rules.days[0].patience)
        #expect(rules.days[1].goal.coins > rules.days[0].goal.coins)
    }

    @Test func regularsComeBackOnLaterDaysForTheirUsual() async throws {
        let game = try Self.shiftGame()
        let rules = try ContentLibrary.builtIn().shift
        await GameTests.followHints(game) { $0.state.shift.day == 2 && $0.state.shift.arrived == rules.days[1].customers }
        let back = await game.state.met.filter { $0.visit?.day == 2 && $0.visit?.number == 2 }
        #expect(back.count == rules.days[1].regulars, "day 2 brings its regulars back")
        #expect(back.allSatisfy { $0.npc.encounter == .orderCoffee })
        let new = await game.state.met.filter { $0.visit?.day == 2 && $0.visit?.number == nil }
        #expect(back.count + new.count == rules.days[1].customers, "a regular is one of the day's customers, not one more")
        let met = await game.state.met
        #expect(Set(met.map(\.npc.name)).count == met.count, "a regular is the same customer, not a twin")
    }

    @Test func aRegularRemembersWhatWasSaidOnTheirFirstVisit() async throws {
        let game = try Self.shiftGame()
        await GameTests.followHints(game) { $0.state.shift.day == 2 && $0.state.met.contains { ($0.visit?.number ?? 1) == 2 } }
        let met = await game.state.met
        let index = try #require(met.indices.first { (met[$0].visit?.number ?? 1) == 2 })
        let regular = await game.state.met[index]
        #expect(!regular.isResolved && regular.visit?.day == 2)
        await game.walk(to: regular.room)
        let greeting = await game.handle("talk \(regular.npc.name)").text
        #expect(!greeting.isEmpty)
        _ = await game.handle("I'm Sam, by the way.")
        _ = await game.handle("bye")
        let made = await game.handle("make order").text
        #expect(made.contains(regular.npc.name), "\(made)")
        #expect(await game.state.met[index].isResolved)
        #expect(await game.state.met[index].transcript != nil, "the conversation is kept across visits")
    }

    @Test func aWrongDrinkIsRefusedAndACloseOneIsPaidWithoutATip() async throws {
        let game = try await Self.gameWithOne(Self.customer())
        let wrong = await game.handle("make espresso")
        #expect(wrong.text.contains("pushes it back") && wrong.text.contains("I wanted a large iced oat latte with vanilla syrup"))
        #expect(await game.state.shift.reputation == 8)
        #expect(await game.state.shift.today.refused == 1)
        #expect(await game.state.shift.minute == 4, "a drink takes 4 minutes")
        #expect(await !game.state.met[0].isResolved)
        let close = await game.handle("make large iced oat latte")
        #expect(close.text.contains("Not quite what I said") && close.text.contains("no tip"), "\(close.text)")
        #expect(await game.state.met[0].isResolved)
        #expect(await game.state.shift.today.close == 1)
        #expect(await game.state.coins == 7, "latte 4 + large 2 + oat 1, no tip")
    }

    @Test func theRightDrinkIsPaidWithATipThatTraitsAndWaitingChange() async throws {
        let plain = try await Self.gameWithOne(Self.customer())
        #expect(await plain.handle("make large iced oat latte with vanilla syrup").text.contains("+10 coins with a 2-coin tip"))
        #expect(await plain.state.shift.reputation == 12)
        let generous = try await Self.gameWithOne(Self.customer(["generous", "shy", "cosy"]))
        #expect(await generous.handle("make order").text.contains("with a 4-coin tip"))
        // Served after more than half their patience: a coin less.
        let late = try await Self.gameWithOne(Self.customer(), leaves: 12)
        _ = await late.handle("wait")
        #expect(await late.handle("make order").text.contains("with a 1-coin tip"))
    }

    @Test func curiousCustomersLoveARecommendationAndFussyOnesRefuseIt() async throws {
        let curious = try await Self.gameWithOne(Self.customer(["curious", "shy", "cosy"]))
        let delighted = await curious.handle("recommend mocha")
        #expect(delighted.text.contains("I'd never have ordered that"), "\(delighted.text)")
        #expect(await curious.state.shift.today.delighted == 1)
        #expect(await curious.state.shift.reputation == 13)
        let fussy = try await Self.gameWithOne(Self.customer(["fussy", "shy", "cosy"]))
        #expect(await fussy.handle("recommend mocha").text.contains("pushes it back"))
        #expect(await fussy.handle("make large iced oat latte").text.contains("pushes it back"), "close is wrong to the fussy")
        #expect(await fussy.handle("recommend unicorn").text.contains("'unicorn' is not on the menu"))
    }

    @Test func aComplaintNeedsTheRemedyItIsAbout() async throws {
        let game = try await Self.gameWithOne(Self.customer(encounter: .wantToTalkToManager(complaint: "My receipt is longer than my lunch break.")))
        #expect(await game.handle("make order").text.contains("they want the manager"))
        #expect(await game.handle("resolve").text.hasPrefix("How will you settle it?"))
        let wrong = await game.handle("apologize")
        #expect(wrong.text.contains("I want my money back"))
        #expect(await game.state.shift.reputation == 9)
        let right = await game.handle("refund")
        #expect(right.text.contains("coins back") && right.text.contains("Now that's sorted, I'll have a large iced oat latte"), "\(right.text)")
        #expect(await game.state.coins == -8)
        #expect(await game.state.shift.today.settled == 1)
        #expect(await game.state.shift.reputation == 11)
        // Settled, they stay for a drink.
        #expect(await game.handle("make order").text.contains("exactly what they asked for"))
    }

    /// A wrong remedy is answered about what was offered — money, a sorry or another cup — and
    /// then what the complaint needs: never a line about a remedy the player did not offer.
    @Test(arguments: [
        ("refund", "apologize", "I don't want a speech. I want my money back."),
        ("refund", "remake", "Another cup won't fix this. I want my money back."),
        ("apologize", "refund", "I don't want your money. I'd just like someone to say sorry."),
        ("apologize", "remake", "Another cup won't fix this. I'd just like someone to say sorry."),
        ("remake", "apologize", "I don't want a speech. Could you make it again, properly?"),
        ("remake", "refund", "I don't want your money. Could you make it again, properly?"),
    ])
    func aWrongRemedyIsAnsweredAboutWhatWasOffered(needed: String, offered: String, answer: String) async throws {
        let complaints = ["refund": "My receipt is longer than my lunch break.", "apologize": "I waited ten minutes for one latte.",
                          "remake": "My latte was lukewarm on arrival."]
        let complaint = try #require(complaints[needed])
        #expect(try ContentLibrary.builtIn().shift.remedy(for: complaint).verb == needed)
        let game = try await Self.gameWithOne(Self.customer(encounter: .wantToTalkToManager(complaint: complaint)))
        let reply = await game.handle(offered).text
        #expect(reply.contains("shakes their head: \"\(answer)\" (reputation -1)"), "\(reply)")
    }

    /// The hint's command acts on the customer the hint names, also when others in the room
    /// wait for the same kind of thing: following it settles them, not someone else.
    @Test func theHintsCommandReachesTheCustomerItNames() async throws {
        let game = try await Self.gameWith([
            (Self.customer(encounter: .wantToTalkToManager(complaint: "I waited ten minutes for one latte."), name: "Ada Early"), 60),
            (Self.customer(encounter: .wantToTalkToManager(complaint: "My receipt is longer than my lunch break."), name: "Bo Hurried"), 30),
            (Self.customer(name: "Cy Thirsty"), 50),
            (Self.customer(name: "Di Parched"), 40),
        ])
        // Settled, Bo Hurried stays for a drink and is still the most urgent.
        for (name, settled) in [("Bo Hurried", "coins back"), ("Bo Hurried", "exactly what they asked for"),
                                ("Di Parched", "exactly what they asked for"), ("Cy Thirsty", "exactly what they asked for"),
                                ("Ada Early", "say sorry")] {
            let hint = await game.hint
            #expect(hint.text.hasPrefix("Hint: \(name) "), "\(hint.text)")
            let reply = await game.handle(hint.command).text
            #expect(reply.contains(name) && reply.contains(settled), "\(hint.command): \(reply)")
        }
        #expect(await game.state.shift.reputation == 20, "no wrong remedy, no wrong customer")
    }

    /// `hint` typed again and again goes through everything worth doing now, most urgent first,
    /// then starts over; anything else played starts it at the most urgent again.
    @Test func repeatedHintsCycleThroughEverythingUseful() async throws {
        let game = try await Self.gameWith([
            (Self.customer(encounter: .wantToTalkToManager(complaint: "I waited ten minutes for one latte."), name: "Ada Early"), 60),
            (Self.customer(name: "Bo Hurried"), 30),
            (Self.customer(name: "Cy Thirsty"), 50),
        ])
        var shown: [String] = []
        for _ in 0..<4 { shown.append(await game.handle("hint").text) }
        let names = shown.map { text in ["Ada Early", "Bo Hurried", "Cy Thirsty"].first { text.contains($0) } ?? text }
        #expect(names == ["Bo Hurried", "Cy Thirsty", "Ada Early", "Bo Hurried"], "\(shown)")
        #expect(shown[0] == (await game.hint.text), "the hint an engine reads is the most urgent")
        _ = await game.handle("look")
        #expect(await game.handle("hint").text.contains("Bo Hurried"))
    }

    @Test(arguments: [
        ("My receipt is longer than my lunch break.", "refund"), ("Who decided mocha should cost this much?", "refund"),
        ("My scone is stale.", "refund"), ("The barista called me 'buddy'. We are not buddies.", "apologize"),
        ("I waited ten minutes for one latte.", "apologize"), ("Frankly, the music is three decibels too jazzy.", "apologize"),
        ("My latte was lukewarm on arrival.", "remake"), ("My oat milk tastes suspiciously like cow.", "remake"),
        ("The menu board has a typo: 'expresso'.", "apologize"),
    ])
    func remediesFollowTheComplaintsWords(complaint: String, verb: String) throws {
        #expect(try ContentLibrary.builtIn().shift.remedy(for: complaint).verb == verb)
    }

    @Test func customersGetRestlessThenGiveUpAndSaySo() async throws {
        let game = try await Self.gameWithOne(Self.customer(), leaves: 15)
        let restless = await game.handle("wait")
        #expect(restless.text.contains("Sam Tester in The Seating Area"), "\(restless.text)")
        let gone = await game.handle("wait")
        #expect(gone.text.contains("Sam Tester") && gone.text.contains("(reputation -2)"), "\(gone.text)")
        #expect(await game.state.met[0].visit?.departed == true)
        #expect(await game.state.shift.today.left == 1)
        #expect(await game.handle("make order").text == "There is no customer here waiting for a drink.")
        #expect(await game.handle("talk Sam").text == "There is no 'Sam' here.")
    }

    @Test func relaxedCustomersNeverGiveUpAndDaysHaveNoGoal() async throws {
        let game = try await Self.gameWithOne(Self.customer(), leaves: 5, relaxed: true)
        for _ in 0..<30 { _ = await game.handle("wait") }
        #expect(await game.state.shift.outcome == nil)
        #expect(await game.state.shift.day >= 3)
        #expect(await game.state.met[0].visit?.departed == true, "they went home at closing")
        #expect(await game.state.shift.today.left == 0)
    }

    @Test func undoTakesBackOneStepAndTheSameStepReplaysTheSame() async throws {
        let game = try Self.shiftGame()
        _ = await game.handle("look")
        let before = await game.state
        let first = await game.handle("wait")
        #expect(await game.handle("undo").text.hasPrefix("Undone: it is 08:00 again."))
        var expected = before
        expected.turn = await game.state.turn
        #expect(await game.state == expected)
        #expect(await game.handle("undo").text.hasPrefix("There is nothing to undo"))
        #expect(await game.handle("wait").text == first.text, "the same customers arrive again")
    }

    @Test func purchasesCostCoinsAndChangePlay() async throws {
        let game = try await Self.gameWithOne(Self.customer())
        #expect(await game.handle("buy grinder").text == "A second grinder costs 25 coins; you have 0.")
        #expect(await game.handle("buy a spaceship").text.hasPrefix("The shop can't buy 'a spaceship'."))
        var state = await game.state
        state.coins = 100
        await game.restore(state)
        #expect(await !game.shiftMenu.drinks.contains { $0.name == "nitro" })
        #expect(await game.handle("buy nitro tap").text.hasPrefix("You buy a nitro tap"))
        #expect(await game.shiftMenu.drinks.contains { $0.name == "nitro" })
        #expect(await game.handle("buy grinder").text.hasSuffix("(-25 coins)"))
        #expect(await game.handle("buy grinder").text == "You already have a second grinder.")
        #expect(await game.state.coins == 45)
        _ = await game.handle("make order")
        #expect(await game.state.shift.minute == 2, "the second grinder makes a drink in 2 minutes")
        #expect(await game.handle("menu").text.contains("grinder — a second grinder, 25 coins: every drink takes 2 minutes instead of 4 (bought)"))
    }

    @Test func customersOrderOnlyWhatTheShopServes() async throws {
        let game = try GameTests.newGame(seed: 11)
        await GameTests.followHints(game, limit: 300) { $0.state.met.count >= 25 }
        let served = await game.shiftMenu
        for met in await game.state.met {
            #expect(served.drinks.contains { $0.name == met.npc.order.drink }, "\(met.npc.order)")
            #expect(met.npc.order.syrup.map { syrup in served.syrups.contains { $0.name == syrup } } ?? true, "\(met.npc.order)")
        }
    }

    @Test func ordersAreReadFromThePlayersWords() throws {
        let reading = OrderReading(menu: try ContentLibrary.builtIn().menu)
        #expect(try reading.read("large iced oat latte with vanilla syrup and an extra shot")
                == CoffeeOrder(size: "large", temperature: "iced", drink: "latte", milk: "oat", syrup: "vanilla", extras: ["an extra shot"]))
        #expect(try reading.read("extra hot flat white, extra shot, whipped cream")
                == CoffeeOrder(size: "small", temperature: "extra hot", drink: "flat white", extras: ["an extra shot", "whipped cream"]))
        #expect(throws: OrderReading.Problem.unknownWords("unicorn")) { try reading.read("unicorn latte") }
        #expect(throws: OrderReading.Problem.noDrink) { try reading.read("large oat") }
        #expect(throws: OrderReading.Problem.twoDrinks("latte", "mocha")) { try reading.read("latte mocha") }
    }

    @Test func verdictsWeighTheDrinkThePartsAndTheTraits() {
        let asked = CoffeeOrder(size: "large", temperature: "iced", drink: "latte", milk: "oat", syrup: "vanilla")
        var other = asked
        other.drink = "mocha"
        var offTwo = asked
        offTwo.size = "small"
        offTwo.milk = nil
        var offThree = offTwo
        offThree.syrup = nil
        #expect(ServingVerdict(made: asked, asked: asked, fussy: true, curious: false) == .right)
        #expect(ServingVerdict(made: offTwo, asked: asked, fussy: false, curious: false) == .close)
        #expect(ServingVerdict(made: offTwo, asked: asked, fussy: true, curious: false) == .wrong)
        #expect(ServingVerdict(made: offThree, asked: asked, fussy: false, curious: false) == .wrong)
        #expect(ServingVerdict(made: other, asked: asked, fussy: false, curious: true) == .delighted)
        #expect(ServingVerdict(made: other, asked: asked, fussy: false, curious: false) == .close)
    }

    @Test func aSaveFromBeforeShiftsLoadsIntoTheFirstDay() throws {
        let state = GameState(seed: 3, today: GameTests.today, room: "patio")
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as! [String: Any]
        object["shift"] = nil
        let old = try JSONDecoder().decode(GameState.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.shift == ShiftState(reputation: 10) && old.room == "patio")
    }

    @Test(arguments: [
        ("closing", "shift.closing"), ("missing", "shift.lastArrivalBeforeClosing"),
        ("traits", "shift.traits.fussy[0]"), ("upgrade", "shift.upgrades[3].adds.drinks"), ("remedy", "shift.remedies[0].verb"),
        ("regulars", "shift.days[1].regulars"), ("first day", "shift.days[0].regulars"), ("regular lines", "shift.lines.regular"),
    ])
    func aBrokenShiftFileNamesItsKeyPath(change: String, keyPath: String) throws {
        let builtIn = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../content/game/shift.json"), encoding: .utf8)
        let json: String
        switch change {
        case "traits": json = builtIn.replacingOccurrences(of: #""fussy": ["fussy""#, with: #""fussy": ["picky beyond words""#)
        case "upgrade": json = builtIn.replacingOccurrences(of: #"{"drinks": ["nitro", "cold brew"]}"#, with: #"{"drinks": ["moon juice"]}"#)
        case "remedy": json = builtIn.replacingOccurrences(of: #"{"verb": "refund""#, with: #"{"verb": "shrug""#)
        case "closing": json = builtIn.replacingOccurrences(of: #""closing": "10:00""#, with: #""closing": "07:00""#)
        case "regulars": json = builtIn.replacingOccurrences(of: #""regulars": 2"#, with: #""regulars": 10"#)
        case "first day": json = builtIn.replacingOccurrences(of: #"{"customers": 7,"#, with: #"{"customers": 7, "regulars": 1,"#)
        case "regular lines": json = builtIn.replacingOccurrences(of: #""regular": ["#, with: #""unused": ["#)
        default: json = #"{"shift": {"opening": "08:00", "closing": "10:00"}}"#
        }
        #expect(json != builtIn)
        let pack = try OverlayPack()
        try pack.write("game/shift.json", json)
        do {
            _ = try ContentLibrary(overlay: pack.url)
            Issue.record("loaded")
        } catch {
            #expect(error.description.contains("shift.json"), "\(error)")
            #expect(error.description.contains(keyPath), "\(error)")
        }
    }
}
