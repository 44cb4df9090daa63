import Foundation
@testable import GuidedGeneration
import JSONSchema
@testable import ProceduralModel
import RegexAutomata
import TestSupport
import Testing

/// The seed programs' flows, on the embedded default model.
struct ProceduralModelTests {
    /// The benchmark's NPC, so the figures measure what these tests check.
    typealias NPC = BenchmarkNPC

    struct Formal: Generable {
        let name: String
        static let guides: [String: GenerationGuide] = ["name": .pattern(#"(Mr|Mrs)\. \w+"#)]
    }

    static let greedy = GenerationOptions(samplingMode: .greedy)

    @Test func aCharacterOfTheBuiltInPackAnswersInPersona() async throws {
        let instructions = "You are Mira, a lighthouse keeper on a windy coast."
        let reply = try await LanguageModelSession(instructions: instructions).respond(to: "What's your name?", options: Self.greedy)
        let again = try await LanguageModelSession(instructions: instructions).respond(to: "What's your name?", options: Self.greedy)
        #expect(reply.content == again.content, "greedy replies are identical across runs")
        #expect(reply.content.contains("Mira"), "the name captured from the instructions: \(reply.content)")
        let hello = try await LanguageModelSession(instructions: instructions).respond(to: "Hello there!", options: Self.greedy)
        #expect(!hello.content.isEmpty && !hello.content.contains("#"))
    }

    @Test func theCoffeeShopsBaristaAnswersInPersona() async throws {
        let shop = ProceduralModel(content: try RepositoryContent.coffeeShop())
        let session = LanguageModelSession(model: shop, instructions: "You are a friendly barista in a world full of pixels.")
        let reply = try await session.respond(to: "How long have you worked here?", options: Self.greedy)
        let again = try await LanguageModelSession(model: shop, instructions: "You are a friendly barista in a world full of pixels.")
            .respond(to: "How long have you worked here?", options: Self.greedy)
        #expect(!reply.content.isEmpty)
        #expect(reply.content == again.content, "greedy replies are identical across runs")
        let tenures = ["three years", "eighteen months", "almost five years", "two summers", "since the grinder was new"]
        #expect(tenures.contains { reply.content.lowercased().contains($0) })
    }

    @Test func npcsAreValidMeaningfulAndVaried() async throws {
        var seen: Set<String> = []
        for seed in 0..<100 {
            let npc = try await LanguageModelSession().respond(to: "Generate a character that orders a coffee.", generating: NPC.self,
                                                options: GenerationOptions(samplingMode: .random(top: 50, seed: UInt64(seed)), temperature: 1.0))
            try NPC.generationSchema.validate(npc.rawContent)
            #expect(npc.content.name.contains(" "), "a full name from the name slot: \(npc.content.name)")
            #expect((1...10).contains(npc.content.level) && npc.content.attributes.count == 3)
            seen.insert(npc.rawContent.jsonString)
        }
        #expect(seen.count >= 90)
    }

    @Test func patternGuidedNames() async throws {
        let session = LanguageModelSession()
        let pattern = try RegexPattern(#"^(?:(Mr|Mrs)\. \w+)$"#)
        for seed in 0..<30 {
            let formal = try await session.respond(to: "A formal guest", generating: Formal.self,
                                                   options: GenerationOptions(samplingMode: .random(top: 20, seed: UInt64(seed))))
            #expect(pattern.matches(formal.content.name), "\(formal.content.name)")
        }
    }

    @Test func aRiddleFromADynamicSchemaIsARecordWithOneCorrectAnswer() async throws {
        let answer = DynamicGenerationSchema(name: "Answer", properties: [
            .init(name: "text", schema: .init(type: String.self)),
            .init(name: "isCorrect", schema: .init(type: Bool.self)),
        ])
        let riddle = DynamicGenerationSchema(name: "Riddle", properties: [
            .init(name: "question", schema: .init(type: String.self)),
            .init(name: "answers", schema: .init(arrayOf: .init(referenceTo: "Answer"))),
        ])
        let schema = try GenerationSchema(root: riddle, dependencies: [answer])
        let content = try await LanguageModelSession().respond(to: "Generate a fun riddle about coffee", schema: schema, options: Self.greedy).content
        let question = try content.value(String.self, forProperty: "question")
        #expect(question.hasSuffix("?"))
        let answers = try content.value([GeneratedContent].self, forProperty: "answers")
        #expect(answers.filter { $0["isCorrect"]?.boolValue == true }.count == 1)
    }

    @Test func anEventToolIsCalledForTomorrow() async throws {
        let parameters = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"date": {"type": "string", "format": "date", "description": "the day"}}, "required": ["date"]}"#)
        let asked = DateLog()
        let events = DynamicTool(name: "getEvents", description: "Looks up events on the calendar for a day", parameters: parameters) { arguments in
            let date = try arguments.value(String.self, forProperty: "date")
            await asked.record(date)
            return "a latte-art contest on \(date)"
        }
        let session = LanguageModelSession(tools: [events], instructions: "You are a barista. Today is 2026-11-23.")
        let reply = try await session.respond(to: "Are there any events tomorrow?", options: Self.greedy)
        #expect(await asked.dates == ["2026-11-24"])
        #expect(reply.content.contains("a latte-art contest on 2026-11-24"))
    }

    /// Speakers: a session speaks as the speaker its instructions mark, answers only with its
    /// own intents and those of no speaker, fills captured symbols from the instructions, and
    /// deflects in character when nothing matches.
    @Test func aSessionSpeaksAsTheSpeakerItsInstructionsMark() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-speakers.json", json: #"""
            {"grammar": {"symbols": {"staffName": ["I'm the owner."], "guestName": ["I'm #guest#, just visiting."],
                                     "guestShrug": ["No idea, I'm only a guest."]},
                         "variables": {"guest": "someone"}},
             "speakers": [{"name": "owner", "marker": "you own the shop", "default": true},
                          {"name": "guest", "marker": "a guest of", "fallback": "guestShrug",
                           "captures": [{"symbol": "guest", "after": "You are ", "until": ","}]}],
             "intents": [{"name": "ownerName", "speaker": "owner", "examples": ["what's your name?", "who are you?"], "response": "staffName"},
                         {"name": "guestName", "speaker": "guest", "examples": ["what's your name?", "who are you?"], "response": "guestName"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let guest = LanguageModelSession(model: model, instructions: "You are Ada Byron, a guest of the shop.")
        #expect(try await guest.respond(to: "What's your name?", options: Self.greedy).content == "I'm Ada Byron, just visiting.")
        #expect(try await guest.respond(to: "Explain quantum chromodynamics", options: Self.greedy).content == "No idea, I'm only a guest.")
        let owner = LanguageModelSession(model: model, instructions: "You own the shop.")
        #expect(try await owner.respond(to: "What's your name?", options: Self.greedy).content == "I'm the owner.")
        let unmarked = LanguageModelSession(model: model, instructions: "Be nice.")
        #expect(try await unmarked.respond(to: "Who are you?", options: Self.greedy).content == "I'm the owner.", "the default speaker")
    }

    /// `todaySpoken` is the instructions' date said aloud, offered to a line naming a day or a
    /// date, so an intent that needs it answers "what day is it?" and not a plan asked for.
    @Test func todaySpokenAnswersTheDateAsked() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-date.json", json: #"""
            {"grammar": {"symbols": {"dateReply": ["It's #todaySpoken#."], "planReply": ["Nothing planned."], "shrug": ["No idea."]},
                         "variables": {"todaySpoken": "today"}},
             "speakers": [{"name": "host", "marker": "the host", "default": true, "fallback": "shrug"}],
             "intents": [{"name": "date", "examples": ["what's the date?", "what day is it?"], "response": "dateReply", "needs": "todaySpoken"},
                         {"name": "plan", "examples": ["what have you got on this evening?"], "response": "planReply"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let host = LanguageModelSession(model: model, instructions: "You are the host. Today is 2034-03-16.")
        func ask(_ prompt: String) async throws -> String { try await host.respond(to: prompt, options: Self.greedy).content }
        #expect(try await ask("what day is it today, ive lost track") == "It's Thursday, March 16.")
        #expect(try await ask("whats the date? need it for a form") == "It's Thursday, March 16.")
        #expect(try await ask("what've you got on tomorrow evening?") == "Nothing planned.", "a plan names no day or date")
        let undated = LanguageModelSession(model: model, instructions: "You are the host.")
        #expect(try await undated.respond(to: "what's the date?", options: Self.greedy).content != "It's today.", "no date stated, none said")
    }

    /// A `second` closest capture reads the other item a question names in full, so a
    /// comparison is answered for both; one naming a single item, or a word of another's
    /// description, leaves it absent and the intent that needs it unheard.
    @Test func aSecondCaptureReadsTheOtherItemNamed() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-items.json", json: #"""
            {"grammar": {"symbols": {"explainReply": ["#item.capitalize#."], "compareReply": ["#item.capitalize#; #other#."]},
                         "variables": {"item": "no idea", "other": "no idea"}},
             "speakers": [{"name": "host", "marker": "the host", "default": true,
                           "captures": [{"symbol": "item", "after": "Item: ", "until": ".", "closest": true, "named": true},
                                        {"symbol": "other", "after": "Item: ", "until": ".", "closest": true, "named": true, "second": true}]}],
             "intents": [{"name": "explain", "examples": ["what's a latte?", "what is in a mocha?"], "response": "explainReply"},
                         {"name": "compare", "examples": ["what's the difference between a latte and a mocha?", "latte vs mocha?"],
                          "response": "compareReply", "needs": "other"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let host = LanguageModelSession(model: model, instructions: """
            You are the host. Item: a latte is milky. Item: a flat white is strong. Item: a chai is black tea with spice. \
            Item: a cafe au lait is filter coffee and milk.
            """)
        func ask(_ prompt: String) async throws -> String { try await host.respond(to: prompt, options: Self.greedy).content }
        let both = try await ask("whats the difference between a flat white and a latte?")
        #expect(both == "A flat white is strong; a latte is milky." || both == "A latte is milky; a flat white is strong.", "\(both)")
        #expect(try await ask("what's a flat white?") == "A flat white is strong.", "one item named")
        let long = try await ask("what's a latte vs a long black?")
        #expect(long == "A latte is milky.", "'black' names no item, though the chai's tea is black: \(long)")
        let pain = try await ask("what's a latte vs a pain au chocolat?")
        #expect(pain == "A latte is milky.", "'au' alone does not name the cafe au lait: \(pain)")
    }

    /// A `whenNamed` capture is filled only when the prompt names one of its words, alone or
    /// ending a longer word, so an intent needing it is heard only for an order that touches it.
    @Test func aWhenNamedCaptureIsHeardOnlyForAPromptNamingIt() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-dislikes.json", json: #"""
            {"grammar": {"symbols": {"orderReply": ["Coming up."], "warnReply": ["Careful: no #avoided#."]}, "variables": {"avoided": "that"}},
             "speakers": [{"name": "host", "marker": "the host", "default": true,
                           "captures": [{"symbol": "avoided", "after": "Avoids: ", "until": ".", "whenNamed": true}]}],
             "intents": [{"name": "order", "examples": ["can I have a latte?", "I'll have a scone please"], "response": "orderReply"},
                         {"name": "warn", "examples": ["can I have a hazelnut latte?", "I'll have a walnut scone please"], "response": "warnReply",
                          "needs": "avoided", "when": "Avoids: "}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let host = LanguageModelSession(model: model, instructions: "You are the host. Avoids: nuts.")
        func ask(_ prompt: String) async throws -> String { try await host.respond(to: prompt, options: Self.greedy).content }
        for (order, reply) in [("can I have the hazelnut latte today?", "Careful: no nuts."), ("can I have a walnut scone please?", "Careful: no nuts."),
                               ("can I have a cheese scone?", "Coming up.")] {
            let heard = try await ask(order)
            #expect(heard == reply, "\(order) → \(heard)")
        }
        let donut = try await ask("can I have a donut?")
        #expect(donut != "Careful: no nuts.", "too little before the word to be a compound of it")
    }

    /// A `closest` capture answers with the remembered line the question shares words with,
    /// over an earlier capture's value when it shares as many; an intent about the player whose
    /// reply would say such a line is likelier; replies echo what an opinion is asked of, and
    /// pick a side.
    @Test func aClosestCaptureAnswersWithTheLineAQuestionIsAbout() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-memory.json", json: #"""
            {"grammar": {"symbols": {"petReply": ["#petRecall#"], "toldReply": ["#toldRecall#"], "opinionReply": ["#promptSubject.capitalize#? Love it."],
                                     "sideReply": ["#promptChoice.capitalize#."], "shrug": ["#promptEcho#No idea."]},
                         "variables": {"petRecall": "No pets told.", "toldRecall": "You never said.", "promptSubject": "that", "promptChoice": "neither",
                                       "promptEcho": ""}},
             "speakers": [{"name": "host", "marker": "the host", "default": true, "fallback": "shrug",
                           "captures": [{"symbol": "petRecall", "after": "Pet: ", "until": ".\n", "template": "Your {}."},
                                        {"symbol": ["petRecall", "toldRecall"], "after": "Said: ", "until": ".\n", "template": "You said {}.", "closest": true}]}],
             "intents": [{"name": "pet", "examples": ["what's my dog called?", "what pet do I have?"], "response": "petReply", "about": "player", "form": "question"},
                         {"name": "told", "examples": ["what did I tell you about it?"], "response": "toldReply", "about": "player", "form": "question"},
                         {"name": "opinion", "examples": ["what do you think of jazz?", "jazz, yes or no?"], "response": "opinionReply", "form": "question", "cue": "opinion"},
                         {"name": "side", "examples": ["tea or coffee?", "dogs or cats?"], "response": "sideReply", "form": "question"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let host = LanguageModelSession(model: model, instructions: """
            You are the host.
            Pet: dog Rufus.
            Said: your dog Rufus sleeps all day.
            Said: your brother Kofi moved to Lisbon.
            Said: you teach maths at the high school.

            """)
        func ask(_ prompt: String) async throws -> String { try await host.respond(to: prompt, options: Self.greedy).content }
        #expect(try await ask("what pet do I have?") == "Your dog Rufus.", "the fact's own words name it")
        #expect(try await ask("what's my dog called?") == "You said your dog Rufus sleeps all day.", "a sentence sharing as many words says more")
        #expect(try await ask("what does my dog do all day?") == "You said your dog Rufus sleeps all day.", "the line shares more")
        #expect(try await ask("where did my brother move to?") == "You said your brother Kofi moved to Lisbon.")
        #expect(try await ask("what subject do I teach?") == "You said you teach maths at the high school.", "likelier for the words told")
        #expect(try await ask("what did I tell you about my car?") == "You never said.", "no line shares a word")
        let remark = try await ask("what's on the radio? I haven't heard it since my brother left")
        #expect(!remark.contains("Kofi"), "the remark beside a question recalls nothing: \(remark)")
        #expect(try await ask("What do you think of pineapple on my pizza, honestly?") == "Pineapple on your pizza? Love it.")
        let verdict = try await ask("ok settle this: cold showers, yes or no?")
        #expect(verdict == "Cold showers? Love it.", "a verdict asked is an opinion")
        #expect(try await ask("cold showers: yes or no. be honest") == "Cold showers? Love it.", "asked without a question mark")
        let side = try await ask("dogs or cats?")
        #expect(side == "Dogs." || side == "Cats.")
        #expect(try await ask("Cats or dogs?") == side, "the same question, the same side")
        let person = try await ask("dog person or cat person?")
        #expect(person == "Dog." || person == "Cat.", "the side, not the word after it: \(person)")
        #expect(try await ask("Who won the football last night?") == "The football last night? No idea.")
        #expect(try await ask("Zzzz the end") == "No idea.", "a statement is not echoed")
        #expect(try await ask("is there a chemist near here? got a headache") == "A chemist? No idea.",
                "the echo is the question's, not the words after it")
        #expect(try await ask("zzzz? sorry my english is bad") == "No idea.", "a statement after the question is not echoed")
        for (line, echo) in [("sorry to bother u but is there a post office anywhere near", "A post office? No idea."),
                             ("these roadworks drive me mad, how do you work with that drilling", "That drilling? No idea."),
                             ("any idea where i could get my phone screen fixed", "Your phone screen fixed? No idea.")] {
            let reply = try await ask(line)
            #expect(reply == echo, "a question without a question mark, after a remark: \(reply)")
        }
        #expect(try await ask("What's the capital of Peru?") == "The capital of Peru? No idea.", "a name keeps its capital")
    }

    /// The phrases a reply may say back: a place without where it is sought, the two things of
    /// "between … and" as of "or", and no two things when a side is a function word; a lead-in
    /// ended by a colon or a dash is a part of its own; what asks of the player and what does not.
    @Test func phrasesSaidBackAndLeadIns() {
        #expect(PromptPhrases.variables(of: "is there a pharmacy anywhere around here")["promptEcho"] == "A pharmacy? ")
        #expect(PromptPhrases.variables(of: "how do i get to the train station from here?")["promptEcho"] == "The train station? ")
        #expect(PromptPhrases.variables(of: "how do I get to the beach from here without a car?")["promptEcho"] == "The beach? ")
        #expect(PromptPhrases.variables(of: "what's the best way to get to the station?")["promptEcho"] == "The station? ")
        #expect(PromptPhrases.variables(of: "what's the library like?")["promptEcho"] == "The library? ")
        #expect(PromptPhrases.variables(of: "who won the football last night?")["promptEcho"] == "The football last night? ")
        let between = PromptPhrases.variables(of: "i can't decide between the lemon cake and the brownie, help")["promptChoice"]
        #expect(between == "lemon cake" || between == "brownie", "\(between ?? "none")")
        let stronger = PromptPhrases.variables(of: "which is stronger, the flat white or the cortado?")["promptChoice"]
        #expect(stronger == "flat white" || stronger == "cortado", "a side of two words, bounded by its article: \(stronger ?? "none")")
        let help = PromptPhrases.variables(of: "i'm trying to decide between a muffin and a croissant, help")["promptChoice"]
        #expect(help == "muffin" || help == "croissant", "a side ends at a comma: \(help ?? "none")")
        let season = PromptPhrases.variables(of: "which do you prefer, summer or winter?")["promptChoice"]
        #expect(season == "summer" || season == "winter", "no article, one word: \(season ?? "none")")
        let park = PromptPhrases.variables(of: "is the park nice this time of year?")
        #expect(park["promptSubject"] == "the park" && park["promptVerdict"] == "nice")
        let town = PromptPhrases.variables(of: "would you say the town is friendly?")
        #expect(town["promptSubject"] == "the town" && town["promptVerdict"] == "friendly")
        #expect(PromptPhrases.variables(of: "is the Harbour Museum worth a visit")["promptSubject"] == "the Harbour Museum")
        #expect(PromptPhrases.variables(of: "are the muffins any good?")["promptVerdict"] == "good")
        for line in ["is it nice?", "are you good?", "is there a good gym?", "is your dog friendly?", "the park is nice"] {
            #expect(PromptPhrases.variables(of: line)["promptVerdict"] == nil, "no thing asked praise of: \(line)")
        }
        #expect(PromptPhrases.variables(of: "are the cakes baked here or do they get delivered?")["promptChoice"] == nil)
        let better = PromptPhrases.variables(of: "hot take: tea is way better than coffee, discuss")["promptChoice"]
        #expect(better == "tea" || better == "coffee", "one side beating the other is a choice: \(better ?? "none")")
        let rather = PromptPhrases.variables(of: "would you rather be able to fly or be invisible")["promptChoice"]
        #expect(rather == "fly" || rather == "invisible", "\(rather ?? "none")")
        #expect(PromptPhrases.variables(of: "it's better than nothing")["promptChoice"] == nil, "no first side")
        #expect(QuestionParts.split("ok pop quiz: what's my sister's name") == ["ok pop quiz:", "what's my sister's name"])
        #expect(QuestionParts.split("quick check — what am I allergic to?") == ["quick check", "what am I allergic to?"])
        #expect(QuestionParts.split("it's 08:30 already?") == ["it's 08:30 already?"])
        #expect(QuestionParts.withoutCourtesy("wait wat did i say my name was") == "wat did i say my name was")
        #expect(QuestionParts.withoutCourtesy("wait for me") == "wait for me")
        #expect(DialogWords.Person(of: "wats my cats name again lol").asksOfThePlayer, "a question word as texted")
        #expect(DialogWords.asks("r the cinnamon buns any good") && DialogWords.asks("hw much for a cappuccino n a croissant"))
        #expect(DialogWords.asks("my dog... what was his name again, its been a long day"), "the thing named, then the question")
        #expect(DialogWords.asks("im bringing my nephew in on saturday, is there anything for kids to drink"), "the reason, then the question")
        #expect(!DialogWords.asks("thanks. have a nice day") && !DialogWords.asks("my cat's called pickles, she's 12"))
        #expect(!DialogWords.asks("Do you know, I used to teach at the primary school down the road"), "an opener, not a question")
        #expect(!DialogWords.Person(of: "Do you know, I used to teach at the primary school").allows(.speaker, in: nil),
                "told of themselves, nothing asked of the one spoken to")
        #expect(!DialogWords.Person(of: "I wonder, do you happen to have any decaf? My doctor has told me to cut down.").toldBefore)
        #expect(DialogWords.Person(of: "didn't I tell you my name?").toldBefore)
        #expect(!DialogWords.Person(of: "where should I take my grandchildren this afternoon?").asksOfThePlayer, "advice, not a recall")
        #expect(DialogWords.Person(of: "what milk should you use in my latte?").asksOfThePlayer)
        #expect(NewsWords.tone(of: DialogWords.words("it's my late husband's birthday today")) == .badNews)
        #expect(NewsWords.tone(of: DialogWords.words("I'm afraid I've had rather a trying morning")) == .badNews)
        #expect(NewsWords.tone(of: DialogWords.words("I've just become a great-grandmother!")) == .goodNews)
        #expect(NewsWords.tone(of: DialogWords.words("I'm trying the oat latte")) == nil, "trying a drink is no news")
        #expect(NewsWords.tone(of: DialogWords.words("Somebody stole my bicycle this morning")) == .badNews)
        #expect(NewsWords.tone(of: DialogWords.words("I miss my family very much")) == .badNews)
        #expect(DialogWords.stem("parking") != DialogWords.stem("park"), "a car park is no park")
        #expect(DialogWords.Person(of: "what did you want to be when you were my age?").allows(.speaker, in: nil), "an age like mine asks of the speaker")
        #expect(!DialogWords.Person(of: "what do people my age do here?").playerOwns)
        #expect(DialogWords.Person(of: "what was my age when I first came in?").playerOwns)
        for price in ["how much is a hot chocolate?", "how much for two lattes", "what does a cortado cost?", "is it very dear?", "what would that come to?"] {
            #expect(QuestionParts.asksAPrice(price), "\(price)")
        }
        for amount in ["how much milk goes in a flat white?", "how much caffeine is in a latte?", "busy today, dear?", "how much do you love coffee"] {
            #expect(!QuestionParts.asksAPrice(amount), "\(amount)")
        }
        for place in ["where can i skate", "is the beach far?", "where's good for a swim", "is it far to the station"] {
            #expect(PlaceQuestions.asksForAPlace(DialogWords.words(place), asked: DialogWords.askingClause(of: place)), "\(place)")
        }
        for other in ["so far so good, is the cake nice?", "where are you from?", "where do I live?"] {
            #expect(!PlaceQuestions.asksForAPlace(DialogWords.words(other), asked: DialogWords.askingClause(of: other)), "\(other)")
        }
        #expect(QuestionParts.tellsAJoke("Why did the teacher wear sunglasses? Because her pupils were so bright. I used to tell that one every September."),
                "the punchline is the sentence after the question")
        #expect(!DialogWords.Person(of: "could you tell me what drinks you do?").recalls, "asked to be told, not to recall")
        #expect(DialogWords.Person(of: "what did I tell you I do?").recalls)
        #expect(DialogWords.Person(of: "betcha can't remember where I'm from").asksOfThePlayer)
        #expect(DialogWords.Person(of: "bet you forgot what I do").asksOfThePlayer)
        #expect(!DialogWords.Person(of: "do you know where I can get a taxi?").asksOfThePlayer)
        #expect(DialogWords.Person(of: "what do people call me?").asksOfThePlayer)
        #expect(!DialogWords.Person(of: "which drink will keep me up the longest?").asksOfThePlayer)
        let rota = DialogWords.Person(of: "am i on the rota saturday?")
        #expect(rota.asksWhetherThePlayerIs && !rota.allows(.speaker, in: nil), "whether the player works is not the speaker's plan")
        #expect(DialogWords.Person(of: "are you working saturday?").allows(.speaker, in: nil))
        #expect(QuestionParts.withoutCourtesy("hey so what do you recommend?") == "so what do you recommend?", "a filler after the greeting")
        #expect(QuestionParts.withoutCourtesy("Are you seeing anyone, if you don't mind my asking?") == "Are you seeing anyone?", "a closing courtesy")
        #expect(QuestionParts.withoutCourtesy("if I may ask, where are you from?") == "if I may ask, where are you from?", "not at the close")
    }

    /// A line no intent matches gets the fallback for what it does: a request is echoed and
    /// agreed to, a remark acknowledged, a question deflected. A statement of the player's news
    /// reaches the intent cued by its tone; a question or someone else's day does not. An
    /// apology before a question is not the thing answered, and a question about the player's
    /// own things is answered by an intent about the player, told of or not.
    @Test func fallbacksFitWhatTheLineDoesAndNewsReachesItsTone() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-acts.json", json: #"""
            {"grammar": {"symbols": {"shrug": ["#promptEcho#No idea."], "sure": ["#promptRequest#Sure."], "nod": ["Fair enough."],
                                     "sorry": ["Oh no, I'm sorry."], "cheers": ["Congratulations!"], "clock": ["It's noon."],
                                     "apology": ["No harm done."], "home": ["#homeRecall#"], "music": ["Jazz, mostly."],
                                     "laugh": ["Ha! Terrible."], "who": ["Who's there?"], "name": ["I'm the host."], "order": ["A flat white."]},
                         "variables": {"promptEcho": "", "promptRequest": "", "homeRecall": "You haven't told me where you're from."}},
             "speakers": [{"name": "host", "marker": "the host", "default": true, "fallback": "shrug", "requestFallback": "sure", "remarkFallback": "nod"}],
             "intents": [{"name": "bad", "examples": ["I lost my job"], "response": "sorry", "form": "statement", "cue": "badNews"},
                         {"name": "good", "examples": ["I got the job!"], "response": "cheers", "form": "statement", "cue": "goodNews"},
                         {"name": "time", "examples": ["what time is it?", "have you got the time?"], "response": "clock"},
                         {"name": "apology", "examples": ["sorry!", "sorry about that"], "response": "apology"},
                         {"name": "music", "examples": ["what music do you like?", "who is your favourite band?"], "response": "music", "about": "speaker"},
                         {"name": "home", "examples": ["where do I live?"], "response": "home", "about": "player", "form": "question"},
                         {"name": "laugh", "examples": ["why did the chicken cross the road? to get to the other side"], "response": "laugh", "cue": "joke"},
                         {"name": "knock", "examples": ["knock knock"], "response": "who", "cue": "joke"},
                         {"name": "name", "examples": ["I'm Sam, what's yours?", "what's your name?"], "response": "name", "about": "speaker"},
                         {"name": "order", "examples": ["what are you drinking?", "what's good here?"], "response": "order"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let host = LanguageModelSession(model: model, instructions: "You are the host.")
        func ask(_ prompt: String) async throws -> String { try await host.respond(to: prompt, options: Self.greedy).content }
        #expect(try await ask("could you take a photo of me and my friend?") == "Take a photo of you and your friend? Sure.")
        #expect(try await ask("any chance you could water the plants") == "Water the plants? Sure.")
        #expect(try await ask("could I have two espressos?") == "Two espressos? No idea.", "an order is no favour")
        #expect(try await ask("the pigeons outside are enormous") == "Fair enough.")
        #expect(try await ask("random but whats the capital of Peru") == "The capital of Peru? No idea.", "a clause that asks")
        #expect(try await ask("do u have straws") == "Straws? No idea.")
        #expect(try await ask("Which football team do you support?") == "Football team? No idea.")
        #expect(try await ask("Not a great day tbh. my grandad's in hospital") == "Oh no, I'm sorry.")
        #expect(try await ask("I just ran my first half marathon this morning") == "Congratulations!")
        #expect(try await ask("guess what, we're having a baby!") == "Congratulations!", "an announcement is no dare")
        #expect(try await ask("guess what i passed my driving test") == "Congratulations!", "something done is news, not a dare")
        #expect(try await ask("guess who got the job 🎉") == "Congratulations!", "'guess who' with something done announces")
        #expect(try await ask("im moving away next month so not gonna be a regular much longer") == "Oh no, I'm sorry.")
        #expect(try await ask("haha where do i live") == "You haven't told me where you're from.", "a laugh opens a question as a filler does")
        #expect(try await ask("is there a hospital near here?") == "A hospital? No idea.", "a question tells no news")
        #expect(try await ask("you look like you've had an awful day") == "Fair enough.", "news is the player's own")
        #expect(try await ask("Sorry, have you got the time?") == "It's noon.")
        #expect(try await ask("sorry about that") == "No harm done.")
        #expect(try await ask("Where am I from, any idea?") == "You haven't told me where you're from.")
        #expect(try await ask("do you know where I'm from?") == "You haven't told me where you're from.")
        #expect(try await ask("Why did the coffee file a police report? It got mugged.") == "Ha! Terrible.")
        #expect(try await ask("why did the road get resurfaced?") == "The road get resurfaced? No idea.", "no punchline, no joke")
        #expect(try await ask("wanna hear a joke? why did the coffee file a police report? it got mugged") == "Ha! Terrible.", "a joke after its offer")
        #expect(try await ask("knock knock!") == "Who's there?")
        #expect(try await ask("i knocked my cup over") == "Fair enough.", "a knock told of is no knock-knock joke")
        let introduced = try await ask("I'm Priya btw, what's yours?")
        #expect(introduced == "I'm the host.", "an elliptical question is heard with its remark: \(introduced)")
    }

    /// A line asking for a place reaches the intents cued by places over one sharing a word with
    /// it; a greeting before a question leaves the question to answer; "and my name was?" asks
    /// for the player's own name.
    @Test func placesAreHeardByTheirFrameAndGreetingsLeaveTheQuestion() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-places.json", json: #"""
            {"grammar": {"symbols": {"way": ["Left out of the door."], "hours": ["The library opens at nine."], "hello": ["Hello!"],
                                     "drinks": ["Coffee and tea."], "tips": ["Try the market."], "home": ["Up the coast."],
                                     "myName": ["You haven't told me your name."]}},
             "speakers": [{"name": "host", "marker": "the host", "default": true, "fallback": "hello"}],
             "intents": [{"name": "way", "cue": "place", "examples": ["is there a bank near here?", "could you tell me where the station is?"], "response": "way"},
                         {"name": "timetable", "examples": ["when does the library open?", "is the library open on sundays?"], "response": "hours"},
                         {"name": "tips", "examples": ["any tips for a newcomer?", "anything worth seeing?"], "response": "tips"},
                         {"name": "home", "examples": ["where are you from?"], "response": "home", "about": "speaker"},
                         {"name": "greeting", "examples": ["hi", "hello there", "good evening"], "response": "hello"},
                         {"name": "drinks", "examples": ["what drinks do you have?"], "response": "drinks"},
                         {"name": "myName", "examples": ["what's my name?"], "response": "myName", "about": "player", "form": "question"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let host = LanguageModelSession(model: model, instructions: "You are the host.")
        func ask(_ prompt: String) async throws -> String { try await host.respond(to: prompt, options: Self.greedy).content }
        #expect(try await ask("Could you tell me where the library is?") == "Left out of the door.")
        #expect(try await ask("when does the library open?") == "The library opens at nine.", "no place asked for")
        #expect(try await ask("what's the best bakery in town") == "Left out of the door.")
        #expect(try await ask("do you know a cheap place to stay?") == "Left out of the door.")
        #expect(try await ask("where are you from?") == "Up the coast.", "asked of the one spoken to")
        #expect(try await ask("where'd you grow up, in town?") == "Up the coast.")
        #expect(try await ask("hi what drinks do you have") == "Coffee and tea.")
        #expect(try await ask("hi") == "Hello!")
        #expect(try await ask("what even are your drinks?") == "Coffee and tea.", "'evening' is no form of 'even'")
        #expect(try await ask("and my name was?") == "You haven't told me your name.", "the player's own thing in the past, asked")
    }

    /// A `closest` capture with an `unmatched` template offers the latest remembered line when
    /// no line shares a word with the question, for the symbols no capture filled; a fact of
    /// the asked kind, or a line the question shares words with, still comes first.
    @Test func anUnmatchedCaptureOffersTheLatestLine() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-memory.json", json: #"""
            {"grammar": {"symbols": {"hobbyReply": ["#hobbyRecall#"], "petReply": ["#petRecall#"]},
                         "variables": {"hobbyRecall": "You never said.", "petRecall": "No pets told."}},
             "speakers": [{"name": "host", "marker": "the host", "default": true,
                           "captures": [{"symbol": "petRecall", "after": "Pet: ", "until": ".\n", "template": "Your {}."},
                                        {"symbol": ["hobbyRecall", "petRecall"], "after": "Said: ", "until": ".\n", "template": "You said {}.",
                                         "closest": true, "unmatched": "Not that. You did say {}, though."}]}],
             "intents": [{"name": "hobby", "examples": ["what's my hobby?", "what am I into in my spare time?"], "response": "hobbyReply"},
                         {"name": "pet", "examples": ["what's my dog called?"], "response": "petReply"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        func ask(_ prompt: String, _ instructions: String) async throws -> String {
            try await LanguageModelSession(model: model, instructions: instructions).respond(to: prompt, options: Self.greedy).content
        }
        let told = "You are the host.\nPet: dog Rufus.\nSaid: you knit scarves.\nSaid: you climb rocks at weekends.\n"
        #expect(try await ask("what am I into in my spare time?", told) == "Not that. You did say you climb rocks at weekends, though.",
                "the latest line, when none shares a word")
        #expect(try await ask("what's my dog called?", told) == "Your dog Rufus.", "a fact of the kind asked comes first")
        #expect(try await ask("what's my hobby, the one with scarves?", told) == "You said you knit scarves.", "a line sharing a word")
        #expect(try await ask("what's my hobby?", "You are the host.\n") == "You never said.", "nothing told, nothing offered")
    }

    /// A remark beside a question is not answered on its own, and its words do not pull the
    /// question to another intent ("do you do cakes? it's her birthday next week").
    @Test func aRemarkBesideAQuestionIsNotAnswered() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-cakes.json", json: #"""
            {"grammar": {"symbols": {"cakeReply": ["We do cakes."], "plansReply": ["Busy then."], "shrug": ["No idea."]}},
             "speakers": [{"name": "host", "marker": "the host", "default": true, "fallback": "shrug"}],
             "intents": [{"name": "cake", "examples": ["do you do cakes?", "can I order a cake?"], "response": "cakeReply"},
                         {"name": "plans", "examples": ["what are you doing next week?", "any plans for her birthday?"], "response": "plansReply"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        func ask(_ prompt: String) async throws -> String {
            try await LanguageModelSession(model: model, instructions: "You are the host.").respond(to: prompt, options: Self.greedy).content
        }
        #expect(try await ask("do you do cakes? it's her birthday next week") == "We do cakes.")
        #expect(try await ask("do you do cakes? what are you doing next week?") == "We do cakes. Busy then.", "two questions, two answers")
    }

    /// A question asked of the player ("what do I study?") is never answered by an intent about
    /// the speaker, even with no "my" in it.
    @Test func aQuestionOfThePlayerIsNotAboutTheSpeaker() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-study.json", json: #"""
            {"grammar": {"symbols": {"studyReply": ["I study maths."], "shrug": ["No idea."]}},
             "speakers": [{"name": "host", "marker": "the host", "default": true, "fallback": "shrug"}],
             "intents": [{"name": "study", "examples": ["what do you study?", "what are you studying?"], "response": "studyReply", "about": "speaker"}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        func ask(_ prompt: String) async throws -> String {
            try await LanguageModelSession(model: model, instructions: "You are the host.").respond(to: prompt, options: Self.greedy).content
        }
        #expect(try await ask("what do you study?") == "I study maths.")
        #expect(try await ask("what do I study?") == "No idea.", "asked of the player")
        #expect(try await ask("what am I studying?") == "No idea.")
    }

    /// The speaker's own name, as the instructions give it, is left out of what is heard; other
    /// words, and instructions that name no one, leave the line as it is.
    @Test func theSpeakersOwnNameIsNotHeard() {
        let juno = "You are Juno, the barista of the Pixel Bean."
        #expect(ProceduralModel.withoutOwnName("Morning, Juno!", instructions: juno) == "Morning,")
        #expect(ProceduralModel.withoutOwnName("is juno your real name?", instructions: juno) == "is your real name?")
        #expect(ProceduralModel.withoutOwnName("hi Dev, how's Malhotra Street?", instructions: "You are Dev Malhotra, a customer.")
                == "hi how's Street?")
        #expect(ProceduralModel.withoutOwnName("hello there, barista", instructions: "You are a friendly barista.") == "hello there, barista")
        #expect(ProceduralModel.withoutOwnName("hello Juno", instructions: "Generate fun NPCs") == "hello Juno")
    }

    @Test func aStatefulPickerNeverRepeats() async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-picker.json", json: #"""
            {"grammar": {"symbols": {"pickReply": ["Try #toolOutput#."]}, "variables": {"toolOutput": "nobody"}},
             "intents": [{"name": "pick", "examples": ["who should I talk to?", "pick someone for me"], "response": "pickReply",
                          "tool": {"capability": "pick", "keywords": ["pick"]}}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let session = LanguageModelSession(model: model, tools: [PickTool(picker: Picker(items: ["Ada", "Bram", "Cleo"]))])
        var replies: [String] = []
        for _ in 0..<4 { replies.append(try await session.respond(to: "Pick someone for me", options: Self.greedy).content) }
        #expect(replies == ["Try Ada.", "Try Bram.", "Try Cleo.", "Try Nothing is left to pick.."])
    }

    /// Drafts stop early once the tool is asked for and its argument fields are drafted: the
    /// argument field comes before the tool's slot in one order and after it in the other.
    @Test(arguments: [false, true])
    func aSlotThatWantsAToolGetsItsValueFromTheTool(nameFirst: Bool) async throws {
        var documents = try Self.fixtureDocuments()
        documents.append((name: "90-contacts.json", json: #"""
            {"grammar": {"symbols": {"contactName": ["#toolOutput#"]}, "variables": {"toolOutput": "a stranger"}},
             "slots": [{"symbol": "contactName", "names": ["name"], "weight": 5, "tool": {"capability": "contacts", "keywords": ["contact"]}}]}
            """#))
        let model = ProceduralModel(content: try ProceduralContent(documents: documents))
        let generationProperty = #""generation": {"enum": ["babyBoomers", "genX", "millennial", "genZ"]}"#
        let nameProperty = #""name": {"type": "string"}"#
        let properties = nameFirst ? [nameProperty, generationProperty] : [generationProperty, nameProperty]
        let schema = try GenerationSchema(jsonSchema: """
            {"type": "object", "properties": {\(properties.joined(separator: ", ")), "level": {"type": "integer"}},
             "required": ["generation", "name", "level"]}
            """)
        let parameters = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"generation": {"enum": ["babyBoomers", "genX", "millennial", "genZ"]}}, "required": ["generation"]}"#)
        let asked = DateLog()
        let contacts = DynamicTool(name: "findContact", description: "Finds a contact of an age generation", parameters: parameters) { arguments in
            let generation = try arguments.value(String.self, forProperty: "generation")
            await asked.record(generation)
            return "Contact of \(generation)"
        }
        for seed in 0..<8 as Range<UInt64> {
            let options = GenerationOptions(samplingMode: .random(top: 10, seed: seed))
            let response = try await LanguageModelSession(model: model, tools: [contacts]).respond(to: "Make a customer", schema: schema, options: options)
            let generation = try response.content.value(String.self, forProperty: "generation")
            // The tool was asked about the generation the response itself carries, and named the customer.
            #expect(await asked.dates.last == generation)
            #expect(try response.content.value(String.self, forProperty: "name") == "Contact of \(generation)")
            #expect(response.transcriptEntries.contains { if case .toolCalls = $0 { true } else { false } })
        }
        // A generation named in the prompt is the one asked for.
        let named = try await LanguageModelSession(model: model, tools: [contacts]).respond(to: "Make a millennial customer", schema: schema, options: Self.greedy)
        #expect(try named.content.value(String.self, forProperty: "name") == "Contact of millennial")
        // Without the tool the slot is passed over: the crew-name slot names the customer, and nothing is called.
        let calls = await asked.dates.count
        let plain = try await LanguageModelSession(model: model).respond(to: "Make a customer", schema: schema, options: Self.greedy)
        #expect(try !plain.content.value(String.self, forProperty: "name").hasPrefix("Contact of"))
        #expect(await asked.dates.count == calls)
    }

    @Test(arguments: ["你好，你在这里工作多久了？", "Как долго вы здесь работаете?", "Depuis combien de temps travaillez-vous ici ?",
                      "Wie lange arbeiten Sie schon hier?", "¿Cuánto tiempo llevas trabajando aquí?"])
    func otherLanguagesAreRefused(prompt: String) async throws {
        await #expect { try await LanguageModelSession().respond(to: prompt) } throws: { error in
            guard case LanguageModelSession.GenerationError.unsupportedLanguageOrLocale = error else { return false }
            return true
        }
    }

    @Test func contextOverflowThenACondensedSessionCarriesOn() async throws {
        let session = LanguageModelSession(instructions: "You are a barista.")
        let long = String(repeating: "Tell me about the espresso machine and the milk steamer. ", count: 60)
        var overflowed = false
        for _ in 0..<20 {
            do { _ = try await session.respond(to: long, options: Self.greedy) } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
                overflowed = true
                break
            }
        }
        #expect(overflowed)
        let condensed = LanguageModelSession(transcript: session.transcript.condensed(keepingLast: 1))
        #expect(!(try await condensed.respond(to: "How long have you worked here?").content.isEmpty))
    }

    @Test func theDefaultModelReportsItsLimits() {
        let model = SystemLanguageModel.default
        #expect(model.isAvailable)
        #expect(model.supportedLanguages == [Locale.Language(identifier: "en")])
        #expect(model.supportsLocale(Locale(identifier: "en_US")) && !model.supportsLocale(Locale(identifier: "fr_FR")))
        #expect(model.contextSize == 4096 && model.tokenCount(for: "Hello, world!") == 6)
        #expect(model.capabilities == [.guidedGeneration, .toolCalling])
    }

    @Test func streamingEndsWithTheSameNPC() async throws {
        let options = GenerationOptions(samplingMode: .random(top: 10, seed: 4))
        let final = try await LanguageModelSession().streamResponse(to: "A customer", generating: NPC.self, options: options).collect()
        let direct = try await LanguageModelSession().respond(to: "A customer", generating: NPC.self, options: options)
        #expect(final.rawContent == direct.rawContent)
    }

    static func fixtureDocuments() throws -> [(name: String, json: String)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/procedural-pack")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted().map {
            (name: $0, json: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }
}

actor DateLog {
    var dates: [String] = []
    func record(_ date: String) { dates.append(date) }
}
