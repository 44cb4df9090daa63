import Foundation

extension PlayerSentence {
    /// The player's name: "I'm Sam", "my name is Sam", "name's Sam", "call me Sam". After "I'm"
    /// a capitalised word counts, so "I'm tired" is no name — or a word typed in lower case that
    /// ends the clause of a sentence that introduces the player ("hey i'm priya", "i'm priya,
    /// nice to meet you").
    package func name() -> String? {
        if let found = find([["my", "name", "is"], ["my", "name's"], ["name's"], ["call", "me"], ["the", "name's"]]), found.end < words.count {
            return Self.name(words[found.end])
        }
        guard let found = find([["i'm"], ["im"], ["i", "am"], ["this", "is"]]), found.end < words.count else { return nil }
        let word = lower[found.end]
        guard words[found.end].first?.isUppercase == true || introducesThePlayer(nameAt: found.end) else { return nil }
        // "I'm Sam Ortiz and …": the first word; "I'm Tired" at the start of a sentence is rare.
        return Self.states.contains(word) || word.hasSuffix("ing") || word.hasSuffix("ed") ? nil : Self.name(words[found.end])
    }

    /// Whether a lower-case word at `index` after "I'm" is a name: it ends its clause, and the
    /// sentence greets, says "nice to meet you", or introduces ("i'm sam by the way, i'm new
    /// here").
    private func introducesThePlayer(nameAt index: Int) -> Bool {
        let rest = lower[(index + 1)...]
        let endsClause = rest.first.map { [",", "and", "btw"].contains($0) } ?? true || rest.starts(with: ["by", "the", "way"])
        let greets = ["hi", "hey", "hello", "hiya", "heya", "yo"].contains(lower[0]) || lower.contains("meet") || lower.contains("btw")
            || find([["by", "the", "way"], ["new", "here"]]) != nil
        return endsClause && greets
    }

    package static let states: Set<String> = [
        "tired", "sleepy", "hungry", "okay", "good", "great", "fine", "sorry", "here", "new", "late", "back", "busy", "sad", "happy",
        "cold", "hot", "sick", "ill", "lost", "early", "free", "ready", "off", "out", "in", "home", "alright", "well", "done", "bored",
        "thirsty", "broke", "confused", "nervous", "excited", "stressed", "knackered", "shattered", "awake", "next", "vegan", "vegetarian",
    ]

    package static let liking: [[String]] = [
        ["i", "really", "like"], ["i", "really", "love"], ["i", "absolutely", "love"], ["i", "like"], ["i", "love"], ["i", "adore"],
        ["i", "enjoy"], ["i'm", "into"], ["im", "into"], ["i'm", "really", "into"], ["i'm", "a", "big", "fan", "of"], ["i'm", "a", "fan", "of"],
        ["big", "fan", "of"], ["huge", "fan", "of"], ["massive", "fan", "of"], ["such", "a", "fan", "of"], ["i'm", "obsessed", "with"], ["im", "obsessed", "with"], ["i", "prefer"], ["i", "always", "have"],
    ]

    package static let disliking: [[String]] = [
        ["i", "really", "hate"], ["i", "hate"], ["i", "dislike"], ["i", "detest"], ["i", "can't", "stand"], ["i", "cant", "stand"],
        ["i", "cannot", "stand"], ["i", "don't", "like"], ["i", "dont", "like"], ["i", "do", "not", "like"], ["i", "don't", "really", "like"],
        ["i'm", "not", "a", "fan", "of"], ["im", "not", "a", "fan", "of"], ["not", "a", "fan", "of"], ["i'm", "allergic", "to"],
        ["im", "allergic", "to"], ["i", "can't", "drink"], ["i", "can't", "have"], ["i", "cant", "have"], ["i", "cannot", "have"],
        ["i've", "never", "cared", "for"], ["ive", "never", "cared", "for"], ["i", "never", "cared", "for"], ["i", "don't", "care", "for"],
        ["i", "dont", "care", "for"], ["i'm", "not", "keen", "on"], ["im", "not", "keen", "on"], ["i", "can't", "abide"], ["i", "can't", "eat"],
        ["i", "cant", "eat"], ["i", "don't", "eat"], ["i", "dont", "eat"], ["i", "can't", "bear"], ["i", "cant", "bear"],
        ["i", "am", "allergic", "to"], ["i", "am", "not", "keen", "on"], ["i", "am", "not", "a", "fan", "of"],
    ]

    /// A liking said as "my favourite drink is a mocha" (the favourite thing).
    package func favourite() -> String? {
        guard let at = lower.firstIndex(where: { ["favourite", "favorite", "fave", "fav", "usual"].contains($0) }),
              at > 0, ["my", "our"].contains(lower[at - 1]),
              let verb = lower[at...].firstIndex(where: { $0 == "is" || $0 == "'s" }) else { return nil }
        return clause(from: verb + 1, limit: 8).map(Self.secondPerson)
    }

    // MARK: Pets

    package static let petKinds: Set<String> = [
        "dog", "cat", "puppy", "kitten", "pup", "parrot", "rabbit", "bunny", "hamster", "goldfish", "fish", "tortoise", "turtle",
        "budgie", "snake", "lizard", "horse", "pony", "ferret", "gecko", "iguana", "chinchilla", "hedgehog", "pig", "chicken", "canary",
        "retriever", "labrador", "spaniel", "terrier", "poodle", "collie", "pug", "beagle", "husky", "dachshund", "greyhound", "whippet",
        "corgi", "bulldog", "schnauzer", "alsatian", "sheepdog", "chihuahua", "labradoodle", "cockapoo", "tabby", "moggy",
    ]

    /// Words before a breed that belong to it ("a golden retriever", "a border collie").
    package static let breedWords: Set<String> = [
        "golden", "black", "yellow", "chocolate", "cocker", "springer", "jack", "russell", "border", "german", "french", "english",
        "king", "charles", "west", "highland", "scottish", "irish", "miniature", "toy", "old", "rescue", "ginger", "siamese", "persian",
    ]

    /// A pet of the player's and its name: "my dog's called Biscuit", "I just got a cat, her name
    /// is Mochi", "my dog Biscuit" → "your dog Biscuit" ("your cat" when no name is said).
    package func pet() -> String? {
        // "and a dog called Pickles" goes on from "I've got a cat named Biscuit".
        guard speaksOfThePlayer || ["and", "also", "plus"].contains(lower[0]),
              let at = lower.firstIndex(where: { Self.petKinds.contains(Self.withoutPossessive($0)) }),
              lower[max(0, at - 3)..<at].contains(where: { ["my", "our", "a", "an", "new", "got"].contains($0) }) else { return nil }
        var first = at
        while first > 0, Self.breedWords.contains(lower[first - 1]) { first -= 1 }
        let kind = (lower[first..<at] + [Self.withoutPossessive(lower[at])]).joined(separator: " ")
        let named = nameAfter(at + 1) ?? (at + 1 < words.count && words[at + 1].first?.isUppercase == true ? Self.name(words[at + 1]) : nil)
        return "your \(kind)" + (named.map { " \($0)" } ?? "")
    }

    /// A name given after a pet or person was mentioned: "her name is Mochi", "he's called Rex".
    package func laterName() -> String? {
        guard lower.contains(where: { ["her", "his", "its", "their", "she's", "he's", "it's", "she", "he", "they're"].contains($0) }) else { return nil }
        return nameAfter(0)
    }

    /// The name after "called", "named", "name is" or "name's" from `start` on.
    private func nameAfter(_ start: Int) -> String? {
        guard start < lower.count else { return nil }
        for index in start..<lower.count where index + 1 < lower.count {
            if ["called", "named", "name's", "calld"].contains(lower[index]) { return titledName(at: index + 1) }
            if lower[index] == "name", lower[index + 1] == "is", index + 2 < words.count { return titledName(at: index + 2) }
        }
        return nil
    }

    /// The name at `index`, with the next word when it is a title ("Sir Bubbles", "Mr Whiskers").
    private func titledName(at index: Int) -> String? {
        guard let name = Self.name(words[index]) else { return nil }
        guard Self.titles.contains(lower[index]), index + 1 < words.count, let rest = Self.name(words[index + 1]) else { return name }
        return name + " " + rest
    }

    package static let titles: Set<String> = ["sir", "lady", "lord", "mr", "mrs", "miss", "ms", "dr", "doctor", "captain", "professor", "princess", "prince", "king", "queen", "little", "big", "old"]

    package static func withoutPossessive(_ word: String) -> String {
        word.hasSuffix("'s") ? String(word.dropLast(2)) : word
    }

    // MARK: Work, home and family

    /// The player's work: "I work as a nurse", "I'm a plumber", "I work at the hospital".
    package func job() -> String? {
        if let found = find([["i", "work", "as"], ["i", "work", "at"], ["i", "work", "for"], ["i", "work", "in"], ["my", "job", "is"],
                             ["i'm", "working", "as"], ["i", "teach"], ["i", "run"], ["i've", "just", "started", "a", "job"],
                             ["i", "just", "started", "a", "job"], ["i", "started", "a", "job"], ["i've", "started", "a", "job"],
                             ["i", "got", "a", "job"], ["i've", "got", "a", "job"], ["i", "just", "got", "a", "job"]]),
           let rest = clause(from: found.end, limit: 6) {
            return Self.secondPerson(Array(words[found.start..<found.end]) + rest)
        }
        guard let found = find([["i'm", "a"], ["i'm", "an"], ["im", "a"], ["im", "an"], ["i", "am", "a"], ["i", "am", "an"]]),
              let rest = clause(from: found.end, limit: 6) else { return nil }
        let head = rest.prefix { !["at", "in", "for", "by", "from", "on"].contains($0.lowercased()) }
        guard let last = head.last?.lowercased(), Self.isJob(last) else { return nil }
        return Self.secondPerson(Array(words[found.start..<found.end]) + rest)
    }

    package static func isJob(_ word: String) -> Bool {
        if jobs.contains(word) { return true }
        guard !notJobs.contains(word), word.count > 4 else { return false }
        return ["er", "or", "ist", "ian", "ant", "eer"].contains { word.hasSuffix($0) }
    }

    package static let jobs: Set<String> = [
        "nurse", "doctor", "teacher", "chef", "cook", "student", "lawyer", "barista", "plumber", "electrician", "engineer", "artist",
        "writer", "vet", "dentist", "pilot", "farmer", "baker", "butcher", "librarian", "accountant", "architect", "firefighter",
        "paramedic", "carpenter", "mechanic", "programmer", "developer", "designer", "musician", "actor", "actress", "journalist",
        "scientist", "professor", "lecturer", "tutor", "cleaner", "builder", "gardener", "florist", "postman", "courier", "driver",
        "photographer", "waiter", "waitress", "cashier", "nanny", "midwife", "surgeon", "pharmacist", "therapist", "coder", "pharmacist",
        "police", "officer", "soldier", "sailor", "tailor", "poet", "painter", "dancer", "singer", "consultant", "manager", "retiree",
    ]

    package static let notJobs: Set<String> = [
        "regular", "customer", "other", "member", "mother", "father", "brother", "sister", "daughter", "lover", "beginner",
        "introvert", "extrovert", "tourist", "visitor", "stranger", "newcomer", "partner", "player", "winner", "loser", "person",
        "number", "sucker", "fan", "morning", "water", "paper", "corner", "flower", "letter", "coffee", "dinner", "whisper",
    ]

    /// Where the player lives or comes from: "I live over in Riverside", "I'm from Leeds".
    package func home() -> String? {
        guard let found = find([["i", "live"], ["i'm", "from"], ["im", "from"], ["i", "am", "from"], ["i", "come", "from"],
                                ["i", "grew", "up", "in"], ["i", "moved", "to"], ["i", "moved", "here", "from"], ["i", "moved", "from"],
                                ["just", "moved", "to"], ["just", "moved", "here", "from"], ["i'm", "staying", "in"],
                                ["i'm", "staying", "at"], ["we", "live"]]),
              let rest = clause(from: found.end, limit: 6) else { return nil }
        return Self.secondPerson(Array(words[found.start..<found.end]) + rest)
    }

    package static let relations: Set<String> = [
        "sister", "brother", "mum", "mom", "mother", "dad", "father", "wife", "husband", "partner", "son", "daughter", "grandma",
        "grandmother", "grandpa", "grandfather", "gran", "granny", "nan", "aunt", "auntie", "uncle", "cousin", "boyfriend",
        "girlfriend", "niece", "nephew", "twin", "fiance", "fiancé", "fiancee", "kid", "baby", "stepdad", "stepmum", "stepmom",
    ]

    /// A relative of the player's: "my sister Ana", "my brother's called Tom" → "your sister Ana".
    package func relative() -> String? {
        guard let at = lower.indices.first(where: { index in
            Self.relations.contains(Self.withoutPossessive(lower[index]))
                && lower[max(0, index - 3)..<index].contains(where: { ["my", "our"].contains($0) })
        }) else { return nil }
        let relation = Self.withoutPossessive(lower[at])
        let named = nameAfter(at + 1) ?? (at + 1 < words.count && words[at + 1].first?.isUppercase == true ? Self.name(words[at + 1]) : nil)
        return "your \(relation)" + (named.map { " \($0)" } ?? "")
    }

    // MARK: Plans and orders

    package static let future: Set<String> = [
        "tomorrow", "tonight", "weekend", "next", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "going", "gonna", "i'll", "we'll", "will", "visiting", "coming", "planning", "plan", "trip", "christmas", "holiday",
        "holidays", "vacation", "later", "flying", "heading", "leaving", "moving",
    ]

    /// What the player will do: a sentence of theirs about the days ahead, in the second person.
    package func plan() -> String? {
        guard speaksOfThePlayer, lower.contains(where: Self.future.contains),
              !lower.contains(where: { ["like", "love", "hate"].contains($0) }) else { return nil }
        let start = lower.firstIndex { Self.firstToSecond[$0] != nil } ?? 0
        return clause(from: start, limit: 12).map(Self.secondPerson)
    }

    package static let cafeItems: Set<String> = [
        "coffee", "latte", "lattes", "cappuccino", "espresso", "mocha", "americano", "cortado", "macchiato", "flat", "tea", "chai",
        "matcha", "cocoa", "chocolate", "croissant", "muffin", "scone", "cake", "cookie", "brownie", "cold", "brew", "drink", "cup",
        "pastry", "bagel", "sandwich", "toastie", "roll", "bun", "tart", "pie", "breakfast", "brunch", "lunch", "dinner", "ramen",
        "pizza", "salad", "soup", "toast", "eggs", "porridge", "pancakes", "burger", "curry", "noodles", "sushi", "pasta", "smoothie",
        "juice", "wrap", "english", "white", "americano", "babyccino", "affogato", "piccolo", "ristretto", "doppio",
    ]

    /// What the player had: "I had a flat white earlier, it was great" → "you had a flat white
    /// earlier, it was great".
    package func order() -> String? {
        if let asked = request() { return asked }
        // "had the worst ramen for lunch" leaves out the "I".
        let dropped = ["had", "ate", "ordered", "tried"].contains(lower[0]) ? (start: 0, end: 1) : nil
        guard let found = find([["i", "had"], ["i", "ordered"], ["i", "got"], ["i", "tried"], ["i", "bought"], ["i", "drank"], ["i", "ate"],
                                ["i've", "had"], ["i've", "eaten"], ["i'm", "having"], ["i'm", "drinking"], ["i'm", "eating"]]) ?? dropped,
              lower[found.end...].contains(where: Self.cafeItems.contains) else { return nil }
        let rest = Array(words[found.start...].prefix(14))
        return (found.start == 0 && dropped != nil ? "you " : "") + Self.secondPerson(rest)
    }

    /// What the player asked to have, from an order ("can I get a flat white please", "I'd like
    /// a cappuccino with an extra shot") → "you ordered a flat white". Read from questions
    /// too, since most orders are asked.
    package func request() -> String? {
        guard let found = find([["can", "i", "get"], ["could", "i", "get"], ["can", "i", "have"], ["could", "i", "have"], ["can", "i", "grab"],
                                ["may", "i", "have"], ["i'll", "have"], ["ill", "have"], ["i'd", "like"], ["id", "like"], ["i'll", "take"],
                                ["i'll", "get"], ["i", "want"], ["i'll", "go", "for"]]),
              let item = clause(from: found.end, limit: 10)?.prefix(while: { !["please", "pls", "plz", "ta", "thanks", "if"].contains($0.lowercased()) }),
              item.contains(where: { Self.cafeItems.contains($0.lowercased()) }) else { return nil }
        return "you ordered " + Self.secondPerson(Array(item))
    }

    /// A word for what a line was about when it told no fact: its longest word that is not a
    /// common one ("what's the wifi password?" → "password").
    package static func topic(of line: String) -> String? {
        let words = line.lowercased().split { !$0.isLetter }.map(String.init)
        return words.filter { $0.count >= 4 && !commonWords.contains($0) }.max { $0.count < $1.count }
    }

    package static let commonWords: Set<String> = [
        "what", "what's", "whats", "where", "when", "which", "there", "here", "have", "your", "yours", "about", "would", "could",
        "should", "this", "that", "these", "those", "with", "from", "they", "them", "their", "been", "were", "will", "just", "like",
        "know", "think", "tell", "please", "thanks", "thank", "really", "some", "much", "many", "very", "does", "doing", "going",
        "remember", "again", "today", "said", "talk", "talked", "anything", "something", "thing", "things", "good", "nice",
    ]
}
