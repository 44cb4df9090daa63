@testable import GuidedGeneration
@testable import ProceduralModel
import RegexAutomata
import Testing

@Suite struct IntentMatcherTests {
    static let intents: [(name: String, examples: [String])] = [
        ("greeting", ["Hello!", "Hi there", "Hey, good morning", "Good evening to you", "How are you doing today?"]),
        ("farewell", ["Goodbye", "Bye, see you later", "I have to go now", "See you tomorrow", "Take care, good night"]),
        ("ask_time", ["What time is it?", "Do you know the time?", "What's the current time?", "How late is it?"]),
        ("ask_weather", ["What's the weather like?", "Is it going to rain today?", "How hot is it outside?", "Will it be sunny tomorrow?"]),
        ("ask_menu", ["What's on the menu?", "What do you serve here?", "Can I see the menu?", "What drinks do you have?"]),
        ("order_item", ["I'd like a coffee", "Can I get a sandwich please", "I'll have a tea", "One cappuccino to go", "I want to order a muffin"]),
        ("complain", ["This is cold", "My order is wrong", "I waited too long", "This tastes terrible", "The service here is awful"]),
        ("thanks", ["Thank you", "Thanks a lot", "Much appreciated", "Cheers, thanks", "Thank you so much"]),
    ]

    static let paraphrases: [(String, String)] = [
        ("Hello, how are you?", "greeting"), ("Hi!", "greeting"), ("Hey there", "greeting"),
        ("Good morning!", "greeting"), ("Hey, how is it going today?", "greeting"),
        ("Bye!", "farewell"), ("See you later", "farewell"), ("Goodbye and take care", "farewell"),
        ("I've got to go, bye", "farewell"), ("Good night, see you", "farewell"),
        ("What is the time?", "ask_time"), ("Could you tell me what time it is?", "ask_time"),
        ("What time is it now?", "ask_time"), ("Do you have the time?", "ask_time"),
        ("How late is it now?", "ask_time"),
        ("How is the weather today?", "ask_weather"), ("Is it raining outside?", "ask_weather"),
        ("Will it rain tomorrow?", "ask_weather"), ("Is it sunny outside?", "ask_weather"),
        ("What will the weather be like tomorrow?", "ask_weather"),
        ("Could I see your menu?", "ask_menu"), ("What's on your menu today?", "ask_menu"),
        ("Which drinks do you serve?", "ask_menu"), ("What do you have on the menu?", "ask_menu"),
        ("What are you serving today?", "ask_menu"),
        ("I would like a tea please", "order_item"), ("Can I have a coffee?", "order_item"),
        ("I'd like to order a sandwich", "order_item"), ("Two cappuccinos, please", "order_item"),
        ("I want a muffin", "order_item"),
        ("My coffee is cold", "complain"), ("This order is all wrong", "complain"),
        ("I've been waiting too long", "complain"), ("The food tastes awful", "complain"),
        ("Your service is terrible", "complain"),
        ("Thanks!", "thanks"), ("Thank you very much", "thanks"), ("Many thanks", "thanks"),
        ("Thanks so much", "thanks"), ("Much appreciated, thank you", "thanks"),
    ]

    let matcher = IntentMatcher(intents: IntentMatcherTests.intents)

    @Test func paraphrasesMatchTheirIntent() {
        let examples = Set(Self.intents.flatMap(\.examples))
        var wrong: [String] = []
        for (prompt, expected) in Self.paraphrases {
            #expect(!examples.contains(prompt), "\(prompt) is a training example")
            let found = matcher.match(prompt)?.intent
            if found != expected { wrong.append("\(prompt) → \(found ?? "nil"), expected \(expected)") }
        }
        let accuracy = Double(Self.paraphrases.count - wrong.count) / Double(Self.paraphrases.count)
        #expect(Self.paraphrases.count >= 40)
        #expect(accuracy >= 0.9, "accuracy \(accuracy): \(wrong)")
    }

    @Test(arguments: [
        "Purple elephants calculate quantum spreadsheets",
        "asdf qwerty zxcv",
        "The mitochondria is the powerhouse of the cell",
        "Recursive algorithms traverse binary trees",
        "",
        "!!! ???",
    ])
    func nonsenseMatchesNothing(_ prompt: String) {
        #expect(matcher.match(prompt) == nil)
    }

    @Test func fallbackIntentAnswersBelowTheThreshold() {
        let withFallback = IntentMatcher(intents: Self.intents, fallback: "small_talk")
        let result = withFallback.match("Purple elephants calculate quantum spreadsheets")
        #expect(result?.intent == "small_talk")
        #expect((result?.score ?? 1) < IntentMatcher.threshold)
        #expect(withFallback.match("Thanks a lot!")?.intent == "thanks")
    }

    @Test func exactExampleScoresAtLeastOne() throws {
        let result = try #require(matcher.match("What's on the menu?"))
        #expect(result.intent == "ask_menu")
        #expect(result.score >= 1 - 1e-9)
    }

    @Test func contextBreaksTiesOnly() {
        let doors = IntentMatcher(intents: [
            ("open_door", ["open the door"]),
            ("open_window", ["open the window"]),
        ])
        #expect(doors.match("open it")?.intent == "open_door")
        #expect(doors.match("open it", context: "The window is stuck and the room is hot.")?.intent == "open_window")
        #expect(doors.match("open the door", context: "The window is stuck.")?.intent == "open_door")
    }

    @Test func synonymsCountAsTheirCanonicalWord() {
        let intents = [("wifi", ["what's the wifi password?"]), ("toilet", ["where is the toilet?"]), ("hours", ["when do you close?"])]
        let groups = [
            ProceduralContent.SynonymGroup(canonical: "wifi", variants: ["wi-fi", "internet", "hotspot"]),
            ProceduralContent.SynonymGroup(canonical: "toilet", variants: ["loo", "bathroom"]),
            ProceduralContent.SynonymGroup(canonical: "close", variants: ["shut", "lock up"]),
            ProceduralContent.SynonymGroup(canonical: "you", variants: ["u"]),
        ]
        let plain = IntentMatcher(intents: intents)
        let withSynonyms = IntentMatcher(intents: intents, synonyms: groups)
        for (prompt, intent) in [("is there a hotspot I can use", "wifi"), ("the loo, please?", "toilet"), ("what time do u lock up", "hours")] {
            #expect(plain.match(prompt)?.intent != intent, "\(prompt) needs the synonyms")
            #expect(withSynonyms.match(prompt)?.intent == intent, "\(prompt)")
        }
        let exact = withSynonyms.match("what's the wi-fi password?")
        #expect(exact?.intent == "wifi" && (exact?.score ?? 0) >= 1 - 1e-9, "a variant reads exactly as its canonical word")
        #expect(withSynonyms.match("Purple elephants calculate quantum spreadsheets") == nil)
    }

    @Test func theLongestPhraseWins() {
        let thesaurus = Thesaurus([
            .init(canonical: "art", variants: ["latte art"]),
            .init(canonical: "coffee", variants: ["latte", "flat white"]),
        ])
        let read = thesaurus.canonical(DialogWords.words("a flat white with latte art, then a latte"))
        let coffee = DialogWords.stem("coffee")
        #expect(read.map(\.stem) == ["a", coffee, "with", "art", "then", "a", coffee])
        #expect(read.map(\.word) == ["a", nil, "with", nil, "then", "a", nil])
    }

    @Test func tiesGoToTheIntentDeclaredFirst() {
        let twins = IntentMatcher(intents: [("first", ["hello there"]), ("second", ["hello there"])])
        #expect(twins.match("hello")?.intent == "first")
        let swapped = IntentMatcher(intents: [("second", ["hello there"]), ("first", ["hello there"])])
        #expect(swapped.match("hello")?.intent == "second")
    }

    /// ASCII text is read byte by byte; the same text with one word of other Unicode appended
    /// takes the `Character` walk, and both must give the same words (and stems).
    @Test func asciiWordsMatchTheCharacterWalk() {
        var random = SeededRandom(seed: 31)
        let alphabet = Array("abcXYZ019 '',.?!-\t\nQq".unicodeScalars)
        for _ in 0..<500 {
            let length = Int(random.below(40))
            let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(random.below(UInt64(alphabet.count)))] }))
            let walked = DialogWords.words(text + " café")
            #expect(DialogWords.words(text) + ["café"] == walked, "\(text.debugDescription)")
            #expect(DialogWords.words(text).map(DialogWords.stem) == walked.dropLast().map(DialogWords.stem))
        }
    }

    @Test func stemmingJoinsWordForms() {
        #expect(DialogWords.stem("orders") == DialogWords.stem("ordering"))
        #expect(DialogWords.stem("ordered") == DialogWords.stem("order"))
        #expect(DialogWords.stem("served") == DialogWords.stem("serving"))
        #expect(DialogWords.stem("stopped") == "stop")
        #expect(DialogWords.stem("cherries") == DialogWords.stem("cherry"))
        #expect(DialogWords.words("What's up? I don't know, won't go") == ["what", "s", "up", "i", "do", "not", "know", "will", "not", "go"])
        #expect(DialogWords.identifierWords("babyBoomers") == ["baby", "boomers"])
        #expect(DialogWords.identifierWords("genX") == ["gen", "x"])
        #expect(DialogWords.identifierWords("HTTP_status2") == ["http", "status", "2"])
    }

    @Test func numberWordsAreRead() {
        func value(_ text: String) -> Int? { NumberWords.reading(DialogWords.words(text), at: 0)?.value }
        #expect(value("three") == 3)
        #expect(value("twenty-one") == 21)
        #expect(value("one hundred and five") == 105)
        #expect(value("24th") == 24)
        #expect(NumberWords.reading(["twenty", "first"], at: 0) == NumberWords.Reading(value: 21, isOrdinal: true, length: 2))
        #expect(value("a") == nil)
        #expect(NumberWords.reading(["a"], at: 0, articleIsOne: true)?.value == 1)
    }
}
