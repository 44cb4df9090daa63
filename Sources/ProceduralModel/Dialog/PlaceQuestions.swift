/// Whether a line asks the way to a place or for a place of some kind nearby: "could you tell
/// me where the library is?", "any recommendations for a good dentist?", "where's a good place
/// to watch the sunset", "do you know a cheap place to stay?". The place itself may be one no
/// intent's examples name; the frame around it is what every such question shares, so the
/// intents cued by it (the way, said back with the place) hear a library or a dentist rather than
/// the timetable or the newcomer's tips that share a word with the line.
enum PlaceQuestions {
    /// Whether `words` (lowercase, contractions split: `DialogWords.words`) of a line that asks
    /// something ask for a place; `asked` is its asking clause (`DialogWords.askingClause`),
    /// where a place of "my" or "your" asks for none ("where's my coffee?").
    static func asksForAPlace(_ words: [String], asked: [String]) -> Bool {
        guard !asked.contains(where: ["my", "your", "ur", "yours"].contains) else { return false }
        return asksWhere(words) || DialogWords.containsAny(of: wayPhrases, in: words) || seeksNearby(words) || asksHowFar(words)
    }

    /// `text` with "park" as a verb read as finding parking: "where can I park?" and "anywhere
    /// to park?" ask for a space for the car, not the way to the park.
    static func withParkingForTheVerb(_ text: String) -> String {
        var previous = ""
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let bare = word.trimmingCharacters(in: .punctuationCharacters).lowercased()
            defer { previous = bare }
            guard bare == "park", parkingSubjects.contains(previous), let start = word.range(of: "park", options: .caseInsensitive) else { return String(word) }
            return word.replacingCharacters(in: start, with: "find parking")
        }.joined(separator: " ")
    }

    private static let parkingSubjects: Set<String> = ["i", "we", "you", "u", "to", "can", "could", "cant", "can't"]

    /// "is the beach far?", "is it far to the station" — not "so far", "as far as I know".
    private static func asksHowFar(_ words: [String]) -> Bool {
        words.indices.contains { index in
            words[index] == "far" && index > 0 && !["so", "as", "by", "too"].contains(words[index - 1])
        } && DialogWords.containsAny(of: [["is", "the"], ["is", "it"], ["is", "that"], ["s", "the"]], in: words)
    }

    /// "where's the library", "where the library is", "where can I find a cash machine": a
    /// place asked of with a determiner or a verb of finding, not "where are you from?".
    private static func asksWhere(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard ["where", "wheres", "whered"].contains(words[index]) else { return false }
            let next = words[(index + 1)...].prefix(4)
            // "where can I skate?", "where's good for a swim": somewhere to do a thing.
            if somewhereTo.contains(where: { next.starts(with: $0) }) { return true }
            // "where'd you go to school?" asks of the one spoken to ("where would you recommend
            // for fish and chips?" asks for a place).
            if next.contains(where: ["recommend", "suggest"].contains) { return true }
            guard !next.prefix(2).contains(where: ["you", "u", "ya"].contains) else { return false }
            return next.contains { determiners.contains($0) } || next.contains { findingVerbs.contains($0) }
        }
    }

    /// A kind of place sought near here: "is there a bakery round here", "best bakery in town",
    /// "any recommendations for a good dentist?".
    private static func seeksNearby(_ words: [String]) -> Bool {
        let seeks = words.contains(where: seekingWords.contains) || DialogWords.containsAny(of: [["is", "there"], ["are", "there"], ["there", "s"]], in: words)
        return seeks && (words.contains(where: nearWords.contains) || DialogWords.containsAny(of: nearbyPhrases, in: words))
    }

    private static let somewhereTo: [[String]] = [["can", "i"], ["could", "i"], ["should", "i"], ["can", "we"], ["could", "we"], ["should", "we"],
                                                  ["is", "good"], ["s", "good"], ["is", "best"], ["s", "best"], ["do", "people"]]
    private static let determiners: Set<String> = ["the", "a", "an", "any", "some", "nearest", "closest"]
    private static let findingVerbs: Set<String> = ["find", "get", "buy", "go", "stay"]
    private static let seekingWords: Set<String> = ["any", "know", "recommend", "recommendation", "recommendations", "best", "good", "decent",
                                                     "cheap", "nice", "nearest", "closest"]
    private static let nearWords: Set<String> = ["nearby", "nearest", "closest", "locally"]
    /// Somewhere out of the shop, or a place for something: "near here" (not "any plugs near the
    /// tables?", a place in the shop), "in town", "a place to stay".
    private static let nearbyPhrases: [[String]] = hereabouts + [
        ["near", "me"], ["near", "us"], ["near", "by"], ["near", "the", "shop"], ["in", "town"],
        ["walking", "distance"], ["place", "to"], ["place", "for"], ["places", "to"], ["places", "for"], ["on", "the", "high", "street"],
    ]
    /// Around the shop, said after the place sought ("a pharmacy near here"): `PromptPhrases`
    /// leaves them out when it says the place back.
    static let hereabouts: [[String]] = [["near", "here"], ["round", "here"], ["around", "here"], ["close", "by"], ["in", "the", "area"]]
    private static let wayPhrases: [[String]] = [["how", "do", "i", "get", "to"], ["how", "to", "get", "to"], ["which", "way", "is"],
                                                 ["directions", "to"], ["how", "far", "is"], ["way", "to", "get", "to"], ["way", "to", "the"],
                                                 ["how", "would", "i", "get", "to"], ["how", "can", "i", "get", "to"], ["how", "should", "i", "get", "to"]]
}
