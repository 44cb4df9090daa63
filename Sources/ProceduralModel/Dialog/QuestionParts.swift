import Foundation

/// The questions one line asks: "what's my name and what do I do?" is two, split where a
/// sentence's mark ends one or where "and" (or "n", "&") opens another with a question word, so each
/// can be answered ("You're Caspar. You said you're a pastry chef at a hotel."). "but", "btw"
/// and "so" before a question word split too, so the remark or apology before a question is a
/// part of its own ("sorry to bother you but is there a post office near"), as does a lead-in
/// ended by a colon or a dash.
enum QuestionParts {
    static func split(_ prompt: String) -> [String] {
        var parts: [String] = []
        var current: [Substring] = []
        func close() {
            if current.count >= 2 { parts.append(current.joined(separator: " ")) }
            current = []
        }
        let tokens = prompt.split(whereSeparator: \.isWhitespace)
        for (index, token) in tokens.enumerated() {
            let next = index + 1 < tokens.count ? DialogWords.words(String(tokens[index + 1])).first : nil
            if joiners.contains(token.lowercased().trimmingCharacters(in: .punctuationCharacters)), let next, DialogWords.Person.questionOpenings.contains(next), !current.isEmpty {
                close()
                continue
            }
            // A dash or a colon ends a short lead-in before a question word: "quick check — what
            // am I allergic to?", "pop quiz: what's my name" (a longer clause carries the topic:
            // "thinking of getting a cake to go with this — what looks good?"; so does "cold
            // showers: yes or no?").
            let leadIn = current.count < 3 && parts.isEmpty && next.map(DialogWords.Person.questionOpenings.contains) == true
            if leadIn, ["—", "–", "-", "--"].contains(token) { close(); continue }
            current.append(token)
            // A sentence ends at its mark: "so tired. whats the strongest thing u have" is a
            // remark and a question.
            if token.hasSuffix("?") || token.hasSuffix("!") || token.hasSuffix(".") || leadIn && token.hasSuffix(":") { close() }
        }
        close()
        return parts
    }

    /// `prompt` without the apology, call for attention or greeting that opens a question
    /// ("sorry, have you got the time?", "excuse me, where's the loo?", "hi what drinks do you
    /// have") and the polite words that close one ("are you seeing anyone, if you don't mind my
    /// asking?"): the question is what to answer. A line that asks nothing after its opening is
    /// an apology or a greeting and is kept whole.
    static func withoutCourtesy(_ prompt: String) -> String {
        let prompt = withoutOnEarth(withoutClosingCourtesy(prompt))
        let tokens = prompt.split(whereSeparator: \.isWhitespace)
        let words = tokens.map { DialogWords.words(String($0)).joined(separator: " ") }
        let opening = courtesies.first { words.starts(with: $0) }
        guard let opening, opening.count < tokens.count else { return prompt }
        let rest = tokens[opening.count...].joined(separator: " ")
        // "hey so what do people call me?" opens its question after a filler.
        let first = DialogWords.words(rest).first { !DialogWords.Person.fillers.contains($0) }
        return DialogWords.Person(of: rest).isQuestion && first.map(DialogWords.Person.questionOpenings.contains) == true
            ? rest : prompt
    }

    /// `prompt` without the "on earth" of "what on earth is a macchiato?" or "how on earth does
    /// that work?", which asks nothing more.
    private static func withoutOnEarth(_ prompt: String) -> String {
        var words = prompt.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var index = 1
        while index + 1 < words.count {
            if words[index].lowercased() == "on", words[index + 1].lowercased() == "earth",
               ["what", "how", "where", "why", "who", "when"].contains(words[index - 1].lowercased()) {
                words.removeSubrange(index...index + 1)
            } else {
                index += 1
            }
        }
        return words.joined(separator: " ")
    }

    /// `prompt` without a closing "if you don't mind my asking", "if I may ask" or the like,
    /// its question mark kept.
    private static func withoutClosingCourtesy(_ prompt: String) -> String {
        let trimmed = prompt.trimmingCharacters(in: .whitespaces)
        let body = trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "?.!"))
        let mark = trimmed.dropFirst(body.count)
        let lower = body.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        guard let closing = closingCourtesies.first(where: { lower.hasSuffix(", " + $0) }) else { return prompt }
        return String(body.dropLast(closing.count + 2)) + String(mark)
    }

    private static let closingCourtesies = ["if you don't mind my asking", "if you don't mind me asking", "if you dont mind me asking",
                                            "if you dont mind my asking", "if i may ask", "if i may", "if you please", "if you don't mind"]

    /// Whether `prompt` tells a joke: its last question opening the way jokes do ("why did the
    /// …", "what do you call …", after "wanna hear a joke?" or not) followed by a short answer
    /// that asks nothing, its punchline; or a knock-knock joke's opening, which waits for "who's
    /// there?".
    static func tellsAJoke(_ prompt: String) -> Bool {
        if DialogWords.words(prompt).starts(with: ["knock", "knock"]) { return true }
        let sentences = prompt.split(separator: "?", omittingEmptySubsequences: false)
        guard sentences.count >= 2, let last = sentences.last else { return false }
        // The question is the last clause before the question mark ("Here's one for you: what did
        // the stamp say to the envelope?").
        let question = DialogWords.words(String(sentences[sentences.count - 2].split { ":;,.!".contains($0) }.last ?? ""))
        // The punchline is the sentence after the question ("Because her pupils were so bright.
        // I used to tell that one to my class").
        let punchline = DialogWords.words(String(last.split { ".!".contains($0) }.first ?? last))
        // "what's brown and sticky?" is a riddle's shape too.
        let riddle = question.count == 5 && question.starts(with: ["what", "s"]) && question[3] == "and"
        return (riddle || jokeOpenings.contains { question.starts(with: $0) }) && (1...10).contains(punchline.count)
            && !DialogWords.Person(of: String(last)).asksAnything
    }

    /// Whether `prompt` asks how the player does something: "how do I steam milk?", "how long
    /// should I pull a shot for?", "can you show me how to make a heart?", "teach me latte art"
    /// (not "how long have you been pulling shots?", which asks of the one spoken to).
    static func asksHowTo(_ prompt: String) -> Bool {
        let words = DialogWords.words(prompt)
        let howThePlayerDoes = words.indices.contains { index in
            words[index] == "how" && words[(index + 1)...].prefix(4).contains { ["i", "we"].contains($0) }
        }
        return howThePlayerDoes || DialogWords.containsAny(of: [["show", "me", "how"], ["teach", "me"], ["how", "to"]], in: words)
    }

    /// Whether `prompt` asks what something costs: "how much is a hot chocolate?", "how much for
    /// two lattes", "what does a cappuccino cost?", "what's the price of a scone?", "is it
    /// expensive?", "what would that come to?" — not "how much caffeine is in it?" or "how much
    /// milk do you use?", whose "how much" asks of an amount.
    static func asksAPrice(_ prompt: String) -> Bool {
        let words = DialogWords.words(prompt)
        // "how much is …", and "how much would it be?" — not "how much do you love coffee?"
        let paying = words.contains { ["cost", "costs", "pay", "owe", "charge", "be", "set"].contains($0) }
        let howMuchIs = zip(words, words.dropFirst()).enumerated().contains { index, pair in
            guard pair == ("how", "much"), index + 2 < words.count else { return false }
            let next = words[index + 2]
            return ["is", "are", "s", "for", "was", "altogether", "all", "total"].contains(next)
                || ["does", "do", "would", "will", "d"].contains(next) && paying
        }
        // "is it very dear?", not "busy today, dear?"
        let dear = zip(words, words.dropFirst()).contains { ["very", "too", "so", "bit", "is", "s", "quite", "rather", "that"].contains($0) && $1 == "dear" }
        return howMuchIs || dear || words.contains { ["cost", "costs", "price", "prices", "priced", "pricey", "charge", "expensive", "owe"].contains($0) }
            || DialogWords.containsAny(of: [["come", "to"], ["comes", "to"]], in: words)
    }

    private static let jokeOpenings: [[String]] = [
        ["why", "did", "the"], ["why", "was", "the"], ["why", "is", "the"], ["why", "did", "a"], ["why", "do", "cows"], ["why", "don", "t"],
        ["why", "do", "not"], ["what", "do", "you", "call"], ["what", "did", "the"], ["what", "s", "the", "difference", "between"],
        ["how", "do", "you", "make"], ["what", "do", "you", "get", "if"], ["what", "do", "you", "get", "when"],
    ]

    private static let courtesies: [[String]] = [
        ["excuse", "me"], ["pardon", "me"], ["sorry"], ["pardon"], ["scuse", "me"], ["hi", "there"], ["hey", "there"], ["hello", "there"], ["hi"],
        ["hey"], ["hello"], ["hiya"], ["oh", "wait"], ["wait"], ["hang", "on"], ["hold", "on"],
        ["i", "wonder", "if", "you", "could", "tell", "me"], ["i", "wonder", "if", "you", "can", "tell", "me"],
        ["would", "you", "happen", "to", "know"],
    ]

    private static let joiners: Set<String> = ["and", "n", "&", "also", "plus", "but", "btw", "so"]
}
