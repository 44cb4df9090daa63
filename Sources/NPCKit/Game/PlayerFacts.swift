import Foundation

/// What the player has told the characters about themselves — their name and what they like —
/// read from what they say ("I'm Sam", "my name is Sam", "call me Sam", "I love oat lattes").
/// Kept in `GameState`, so it lasts across conversations, days and saves; every character the
/// player talks to is told it (their instructions end with "What you remember about them: …"),
/// and greets a returning player by name.
///
/// ```swift
/// var facts = PlayerFacts()
/// facts.learn(from: "Hi, I'm Sam and I love oat lattes")
/// facts.name        // "Sam"
/// facts.likes       // ["oat lattes"]
/// ```
public struct PlayerFacts: Sendable, Equatable, Codable {
    public var name: String?
    /// What they said they like, the latest last (at most `maximumLikes`).
    public var likes: [String] = []

    public static let maximumLikes = 3

    public init(name: String? = nil, likes: [String] = []) {
        self.name = name
        self.likes = likes
    }

    /// Reads a name or a liking from `line`; whether anything new was learned.
    @discardableResult
    public mutating func learn(from line: String) -> Bool {
        let before = self
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "!" || $0 == "?" || $0 == "." }).map(String.init)
        let lower = words.map { $0.lowercased() }
        for (index, word) in lower.enumerated() where index + 1 < words.count {
            let next = words[index + 1]
            let introduces = (word == "i'm" || word == "im") || (word == "am" && index > 0 && lower[index - 1] == "i")
                || (word == "is" && index > 1 && lower[index - 2] == "my" && lower[index - 1] == "name")
                || word == "name's" || (word == "me" && index > 0 && lower[index - 1] == "call")
            // A name is a capitalised word ("I'm Sam"), not a state ("I'm tired", "I'm So tired").
            if introduces, Self.isName(next) { name = next }
            if ["like", "love", "adore"].contains(word), index > 0, ["i", "really"].contains(lower[index - 1]) {
                let liked = words[(index + 1)...].prefix { !["and", "but", "because"].contains($0.lowercased()) }.joined(separator: " ")
                if !liked.isEmpty, liked.count <= 40, !Self.pronouns.contains(liked.lowercased()) {
                    likes.removeAll { $0.lowercased() == liked.lowercased() }
                    likes.append(liked)
                    if likes.count > Self.maximumLikes { likes.removeFirst() }
                }
            }
        }
        return self != before
    }

    /// What a character remembers, in the first person: nil when nothing is known.
    public var remembered: String? {
        guard name != nil || !likes.isEmpty else { return nil }
        var sentence = name.map { "Of course I remember you, \($0)." } ?? "I remember you, though not your name."
        if let liked = likes.last { sentence += " You like \(liked)." }
        return sentence
    }

    private static let pronouns: Set<String> = ["it", "that", "this", "you", "them", "her", "him"]
    private static let notNames: Set<String> = ["So", "Not", "Just", "Very", "Really", "Here", "Back", "Fine", "Good", "Sorry", "The", "A", "An", "I", "Okay", "OK"]

    private static func isName(_ word: String) -> Bool {
        guard let first = word.first, first.isUppercase, word.count <= 20, !notNames.contains(word) else { return false }
        return word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" }
    }
}
