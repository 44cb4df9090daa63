import Foundation
import GuidedGeneration

extension ProceduralModel {
    /// What a speaker hears in one question: the intent it asks for (nil: none reaches the
    /// threshold) and the variables its reply reads — the speaker's captures chosen for this
    /// question, and the phrases echoed from it.
    struct Heard {
        var intent: ProceduralContent.Intent?
        var variables: [String: String]
        /// How well the intent matched (0 when none did).
        var score: Double
    }

    /// How much likelier a date in the prompt makes an intent cued by dates.
    static let dateCueBonus = 0.2
    /// How much likelier an opinion asked of something ("thoughts on X?") makes an intent cued by
    /// opinions.
    static let opinionCueBonus = 0.2
    /// How much likelier a statement of good or bad news ("my grandad's in hospital") makes an
    /// intent cued by its tone.
    static let newsCueBonus = 0.3
    /// How much likelier a joke told with its punchline makes an intent cued by jokes.
    static let jokeCueBonus = 0.3
    /// How much likelier a question asking how the player does something makes an intent cued by
    /// instructions (heard only then).
    static let instructionCueBonus = 0.2
    /// How much likelier a question asking for a place makes an intent cued by places.
    static let placeCueBonus = 0.4
    /// How much likelier a place-cued intent is when its reply reads a fact of the speaker's that
    /// names the place asked for.
    static let knownPlaceBonus = 0.2
    /// How much likelier still when the line says the kind of place the fact names.
    static let namedPlaceBonus = 0.1
    /// How much likelier a question asking what something costs makes an intent cued by prices
    /// (heard only then).
    static let priceCueBonus = 0.4
    /// How much likelier an intent is that needs what the question gave (a second item priced,
    /// two things to choose between, praise asked of a thing): it answers more of the question
    /// than one that does not ("how much would a flat white and a bun come to?" is both prices).
    static let needsBonus = 0.1
    /// How much likelier an intent heard only while its condition holds is when it does ("Just
    /// told: pet." makes the pet the thing to acknowledge).
    static let conditionBonus = 0.2
    /// How much likelier an intent about the player is when its reply would say a fact a
    /// question shares words with ("your brother Kofi just moved to Lisbon" for "where did my
    /// brother move to?").
    static let factBonus = 0.4
    /// How much likelier a question asking for what the player told ("what's my dog called?")
    /// makes an intent about the player, over one about the shop's own cat.
    static let recallBonus = 0.15
    /// How much likelier a question about the player's own things ("where am I from, any
    /// idea?") makes every intent about the player, told of or not: one never told answers
    /// that it was not, which still answers the question.
    static let playerQuestionBonus = 0.1
    /// Words by which a question points back at the rest of its line ("what is it?").
    static let pointingBack: Set<String> = ["it", "that", "this", "they", "them"]
    /// Words by which a question asks of someone's own thing ("what's yours?").
    static let ownersAsked: Set<String> = ["i", "me", "my", "mine", "your", "yours", "we", "our"]
    /// Words before "name" that make it someone else's ("what's her name again?").
    static let othersPossessives: Set<String> = ["his", "her", "their", "its"]
    /// Words before "date" that make it an evening out ("a hot date"), not a day of the calendar.
    static let datesOut: Set<String> = ["a", "hot", "first", "second", "blind", "double", "dinner", "romantic", "another"]
    /// Words that put a question in the past ("what'd you do yesterday?" reads "what", "d").
    static let pastTense: Set<String> = ["did", "d", "was", "were", "went", "spent", "had"]
    /// Words that ask of a habit, not of a day ("how do you usually spend your weekends?", "every
    /// monday?").
    static let habitual: Set<String> = ["usually", "normally", "typically", "generally", "tend", "often", "every"]
    /// Days in the plural, which after "on" or "at" (the) ask of a habit too ("how busy does it get on
    /// fridays?", not "mondays are rough, got anything on?").
    static let everyWeekday = Set(CalendarDate.weekdayNames.map { $0.lowercased() + "s" } + ["weekends"])
    /// The days a player may wait for ("is it friday yet?").
    static let dayNames = Set(CalendarDate.weekdayNames.map { $0.lowercased() } + ["weekend"])
    /// A day to read relative dates against when only whether a prompt mentions one matters.
    static let anyDay = CalendarDate(year: 2026, month: 1, day: 1)!

    /// `text` without the words of the speaker's own name ("You are Juno, …"): a player calling
    /// the character by name ("morning, Juno!") asks nothing of the name, and a word no
    /// intent's examples use would otherwise weigh against every intent.
    /// (The standard library's search, which stops at the name near the start; Foundation's
    /// would bridge the whole instructions, a price list included, on every turn.)
    static func withoutOwnName(_ text: String, instructions: String) -> String {
        guard let start = instructions.firstRange(of: "You are ") else { return text }
        let name = instructions[start.upperBound...].prefix { $0 != "," && $0 != "." && $0 != "\n" }
        let nameWords = Set(name.split(separator: " ").prefix(3).filter { $0.first?.isUppercase == true && $0.count > 1 }.map { $0.lowercased() })
        guard !nameWords.isEmpty else { return text }
        let kept = text.split(separator: " ", omittingEmptySubsequences: false).filter { word in
            !nameWords.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters))
        }
        return kept.joined(separator: " ")
    }

    /// The name the examples of telling one's name use ("I'm Sam").
    static let standInName = "Sam"

    /// `text` with the name the player has just told ("Just told: name." and "The player's
    /// name: Jay." in the instructions) heard as the stand-in name: "I'm Jay, nice to meet you"
    /// reads as the examples' "I'm Sam", where a word no example has would weigh against every
    /// intent, telling one's name too.
    static func withToldNameAsAnyName(_ text: String, instructions: String) -> String {
        guard instructions.firstRange(of: "Just told: name.") != nil,
              let start = instructions.firstRange(of: "The player's name: ") else { return text }
        let name = instructions[start.upperBound...].prefix { $0 != "." && $0 != "\n" && $0 != " " }.lowercased()
        guard !name.isEmpty else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let bare = word.trimmingCharacters(in: .punctuationCharacters)
            return bare.lowercased() == name ? word.replacingOccurrences(of: bare, with: standInName) : String(word)
        }.joined(separator: " ")
    }

    static func hear(_ text: String, model: Loaded, speaker: ProceduralContent.Speaker?, instructions: String,
                     variables base: [String: String]) -> Heard {
        let text = PlaceQuestions.withParkingForTheVerb(text)
        var variables = base
        let person = DialogWords.Person(of: text)
        let words = DialogWords.words(text)
        // Only what the question asks recalls a fact told: not the remark said beside it.
        let captured = speaker?.captured(in: instructions, prompt: text, asking: person.isQuestion ? person.asked.joined(separator: " ") : nil,
                                         words: model.sharedWords) ?? .init()
        variables.merge(captured.values) { current, _ in current }
        let phrases = PromptPhrases.variables(of: text)
        variables.merge(phrases) { current, _ in current }
        // What the question itself gave: its phrases and the captures its words chose.
        let given = Set(phrases.keys).union(captured.values.keys)
        // Today as said aloud, offered when the line names a day or a date ("what's the date
        // today?", "what day is it?") or asks whether a day has come ("is it friday yet?") and
        // the instructions state it: a plan asked for ("what've you got on tomorrow?") reads
        // through the same synonyms of days, but names neither.
        // "got a date?" asks about romance, not the calendar, and "the soup of the day" about
        // the soup.
        let namesTheDate = words.indices.contains { index in
            let previous = index > 0 ? words[index - 1] : ""
            return words[index] == "day" && !(previous == "the" && index > 1 && words[index - 2] == "of")
                || words[index] == "date" && !Self.datesOut.contains(previous)
        }
        if namesTheDate || words.contains("yet") && words.contains(where: Self.dayNames.contains),
           let today = DateExpression.referenceDate(in: instructions) {
            variables["todaySpoken"] = today.spoken
        }
        let heard = speaker.flatMap { model.heardBySpeaker[$0.name] }
        // "today" is in too many questions that are not about plans ("what's good today?"), and a
        // past day told of ("I just moved here last week") is no question about it; a past day
        // asked about in the past tense ("what did you do last weekend?") is one. A habit asked
        // of ("what do you usually do on Sundays?") names days without asking about one, and
        // makes an intent cued by dates less likely.
        let asksOfThePast = person.isQuestion && words.contains { Self.pastTense.contains($0) }
        let asksOfAHabit = words.contains { Self.habitual.contains($0) }
            || words.indices.contains { index in
                // "on fridays", "at the weekends"
                let day = words[index] == "the" ? index + 1 : index
                return index > 0 && ["on", "at"].contains(words[index - 1]) && day < words.count && Self.everyWeekday.contains(words[day])
            }
        // News is the player's own, told, not asked: "you look like you've had a long day" is not.
        let news = person.asksAnything || !person.player ? nil : NewsWords.tone(of: words)
        let tellsAJoke = QuestionParts.tellsAJoke(text)
        let asksHowTo = QuestionParts.asksHowTo(text)
        // "is the park nice?" asks praise of a place, not the way to it; "is there a cinema?" and
        // "what's on at the cinema?" ask of one the speaker knows ("do you like the park?" asks
        // of the one spoken to).
        // (Not a clause closed with a full stop: "… and is at the vet's." tells.)
        let namesAKnownPlace = !captured.namedByTheAsking.isDisjoint(with: model.placesRead) && !text.hasSuffix(".")
        let seeksAPlace = PlaceQuestions.asksForAPlace(words, asked: person.asked)
        let asksForAPlace = person.asksAnything && variables["promptVerdict"] == nil
            && (seeksAPlace || person.isQuestion && namesAKnownPlace && (person.asksWhetherThereIs || !person.speaker))
        // A known place asked of, not for, is said by its fact alone: "The library open today?"
        // would say back more than the place.
        if asksForAPlace, !seeksAPlace, !person.asksWhetherThereIs { variables["promptEcho"] = nil }
        let asksAPrice = person.asksAnything && QuestionParts.asksAPrice(text)
        // "what was my neighbour's name?", "what's her name?" ask a name that is not the player's.
        let asksAnothersName = words.indices.contains { index in
            words[index] == "name" && index >= 2 && (Self.othersPossessives.contains(words[index - 1])
                || words[index - 1] == "s" && !["what", "my", "that", "it"].contains(words[index - 2]))
        }
        // "do you know whether the market is on tomorrow?" is about the market, on any day:
        // neither the one asked nor the player.
        let asksWhetherAThingIs = zip(words, words.dropFirst()).contains { ["whether", "if"].contains($0) && $1 == "the" }
        let mentionsDate = !asksOfAHabit && DateExpression.resolve(text, relativeTo: anyDay).map { $0 > anyDay || ($0 < anyDay && asksOfThePast) } ?? false
        let heardText = withToldNameAsAnyName(withoutOwnName(text, instructions: instructions), instructions: instructions)
        let matched = model.intents.match(heardText, context: instructions.isEmpty ? nil : instructions, eligible: { name in
            guard let intent = model.intentsByName[name] else { return false }
            // "is there a pharmacy near here?" is about the world, not the one asked.
            let aboutTheWorld = person.asksWhetherThereIs && !person.speakerOwns && !mentionsDate
            // A joke's intents answer only a joke told with its punchline, not every "why …?".
            return (heard?.contains(name) ?? true) && person.allows(intent.about, in: intent.form) && !(aboutTheWorld && intent.about == .speaker)
                && !(asksWhetherAThingIs && intent.about != nil) && !(tellsAJoke && intent.about == .player)
                && (intent.cue != .joke || tellsAJoke) && (intent.cue != .instruction || asksHowTo) && (intent.cue != .price || asksAPrice) && (intent.cue != .ownName || !asksAnothersName)
                && (intent.when.map { instructions.contains($0) } ?? true) && intent.needs.allSatisfy { variables[$0] != nil }
        }, bonus: { name in
            guard let intent = model.intentsByName[name] else { return 0 }
            // News comes before acknowledging the fact it told ("it's my late husband's birthday
            // today" is not "Oh, your husband! Say hello from me.", nor is "my sister is pregnant!").
            var bonus = intent.when == nil || news != nil ? 0 : conditionBonus
            if !intent.needs.isEmpty, intent.needs.allSatisfy(given.contains) { bonus += needsBonus }
            if intent.cue == .date, mentionsDate { bonus += dateCueBonus }
            if intent.cue == .date, asksOfAHabit { bonus -= dateCueBonus }
            if intent.cue == .opinion, variables["promptSubject"] != nil { bonus += opinionCueBonus }
            if let news, intent.cue == news { bonus += newsCueBonus }
            if intent.cue == .joke, tellsAJoke { bonus += jokeCueBonus }
            if intent.cue == .instruction, asksHowTo { bonus += instructionCueBonus }
            if intent.cue == .place, asksForAPlace {
                bonus += placeCueBonus
                // The speaker knows the place asked for ("Town: The beach is at Saltmarsh"): the
                // intent that says it beats one that shares the line's other words (a car park).
                let read = model.namesRead[name] ?? []
                if !read.isDisjoint(with: captured.sharingWords) { bonus += knownPlaceBonus }
                // …and more when the line says the kind of place it is ("a nice walk nearby" is the
                // walk, not a nice pub).
                if !read.isDisjoint(with: captured.namedByTheAsking) { bonus += namedPlaceBonus }
            }
            if intent.cue == .price, asksAPrice { bonus += priceCueBonus }
            if intent.about == .player {
                // Only a recall with something to say is likelier: "how do I feel about decaf
                // again?" is not asking for a name never told.
                let read = model.namesRead[name] ?? []
                if person.asksOfThePlayer, person.isQuestion { bonus += playerQuestionBonus }
                if person.asksOfThePlayer, !read.isDisjoint(with: captured.values.keys) { bonus += recallBonus }
                // A statement shares its words with itself, just told: only a question recalls.
                // A request that shares a word with something told ("can I get a refill on my
                // coffee?" after "I've never had coffee") asks for no fact of the player's.
                if person.isQuestion, !person.asksLeave, !read.isDisjoint(with: captured.sharingWords) { bonus += factBonus }
            }
            return bonus
        })
        return Heard(intent: matched.flatMap { model.intentsByName[$0.intent] }, variables: variables, score: matched?.score ?? 0)
    }
}
