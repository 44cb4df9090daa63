/// Whether a line tells good or bad news of the player's own: "I just ran my first half
/// marathon", "my grandad's in hospital", "ugh, just missed my bus". Only a statement tells news
/// (`ProceduralModel.hear` asks); a question about a hospital or a baby does not.
///
/// The words are stems of news in general, not of any intent's examples, so a line the
/// examples never saw still reaches the intents cued by its tone.
enum NewsWords {
    /// The tone of `words` (lowercase, contractions split: `DialogWords.words`): good when only
    /// good news is told, bad when any bad news is (a hard day with one good thing in it is
    /// still a hard day), nil when neither.
    static func tone(of words: [String]) -> ProceduralContent.Intent.Cue? {
        let stems = words.map(DialogWords.stem)
        if DialogWords.containsAny(of: badPhrases, in: stems) || stems.contains(where: bad.contains) { return .badNews }
        if DialogWords.containsAny(of: goodPhrases, in: stems) || stems.contains(where: good.contains) { return .goodNews }
        return nil
    }

    private static let bad: Set<String> = Set([
        "hospital", "ill", "sick", "poorly", "died", "funeral", "lost", "missed", "failed", "fired", "sacked",
        "dumped", "broke", "broken", "cancelled", "canceled", "crashed", "stole", "stolen", "robbed", "rejected", "flooded", "injured",
        "hurt", "awful", "terrible", "horrible", "dreadful", "worst", "stressed", "exhausted", "worried", "anxious",
        "upset", "sad", "miserable", "divorce", "redundant", "evicted", "ugh", "gutted", "knackered", "sprained", "flu",
        "lonely", "homesick", "heartbroken", "grief", "burgled", "argument", "fight", "widowed", "teary", "tearful",
    ].map(DialogWords.stem))

    private static let good: Set<String> = Set([
        "engaged", "married", "promoted", "promotion", "passed", "won", "graduated", "graduating", "pregnant",
        "finished", "accepted", "celebrating", "anniversary", "retired", "retiring", "newborn", "proposed", "raise",
        "scholarship", "award", "yay", "woohoo", "aced",
    ].map(DialogWords.stem))

    private static let badPhrases: [[String]] = [
        ["not", "a", "great", "day"], ["not", "a", "good", "day"], ["bad", "day"], ["rough", "day"], ["long", "day"],
        ["passed", "away"], ["moving", "away"], ["my", "late"], ["trying", "morning"], ["trying", "day"], ["rough", "morning"], ["bad", "morning"],
        ["hard", "day"], ["tough", "day"], ["tough", "week"], ["long", "week"], ["rough", "week"], ["broke", "up"], ["split", "up"], ["not", "feeling"], ["feeling", "down"], ["day", "from", "hell"],
        ["miss", "my"], ["miss", "home"], ["being", "apart"], ["so", "far", "apart"], ["long", "distance"],
        ["playing", "up"], ["acting", "up"], ["killing", "me"], ["giving", "me", "grief"],
        ["wife", "passed"], ["husband", "passed"], ["mum", "passed"], ["dad", "passed"], ["mother", "passed"], ["father", "passed"],
        ["since", "he", "passed"], ["since", "she", "passed"], ["spare", "part"], ["left", "out"], ["in", "the", "way"],
    ].map { $0.map(DialogWords.stem) }

    private static let goodPhrases: [[String]] = [
        ["my", "first"], ["got", "a", "part"], ["got", "the", "part"], ["got", "the", "job"], ["new", "job"], ["got", "in"], ["got", "into"], ["having", "a", "baby"],
        ["my", "birthday"], ["good", "news"], ["best", "day"], ["be", "an", "auntie"], ["be", "an", "aunt"], ["be", "an", "uncle"],
        ["be", "a", "dad"], ["be", "a", "mum"], ["be", "a", "mom"], ["be", "a", "grandma"], ["be", "a", "grandad"], ["be", "a", "big", "sister"],
        ["be", "a", "big", "brother"], ["had", "a", "baby"], ["had", "her", "baby"], ["had", "twins"], ["an", "aunt", "now"], ["an", "auntie", "now"],
        ["an", "uncle", "now"], ["just", "become"], ["just", "became"], ["got", "a", "new"], ["bought", "a", "new"],
        ["got", "the", "flat"], ["got", "the", "house"], ["got", "the", "promotion"], ["passed", "my"], ["my", "new", "flat"],
        ["my", "new", "house"], ["the", "keys", "to"], ["signed", "the", "lease"],
    ].map { $0.map(DialogWords.stem) }
}
