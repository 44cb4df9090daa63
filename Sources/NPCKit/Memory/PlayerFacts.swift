import Foundation

/// What the player has told one character about themselves — their name, what they like and
/// dislike, pets, job, home, family, plans, what they ordered — read from what they say ("I'm
/// Sam", "my dog's called Biscuit", "I work as a nurse", "my sister Ana is visiting on
/// Sunday"), and what they talked about on each day. Each character keeps their own
/// (`GameState.memories`), so a stranger knows nothing; it is saved with the game. A character's
/// instructions carry it as `sheet`: one line a fact, in the second person, so a language model
/// reads it and the procedural model's speakers capture each fact for their recall replies.
///
/// ```swift
/// var facts = PlayerFacts()
/// facts.learn(from: "Hi, I'm Sam and I love oat lattes. My dog's called Biscuit.", day: 1)
/// facts.name        // "Sam"
/// facts.likes       // ["oat lattes"]
/// facts.pets        // ["your dog Biscuit"]
/// ```
public struct PlayerFacts: Sendable, Equatable, Codable {
    public var name: String?
    /// What they said they like, the latest last (at most `maximumKept`).
    public var likes: [String] = []
    /// What they said they dislike, the latest last.
    public var dislikes: [String] = []
    /// Their pets, as "your dog Biscuit" (or "your dog" before the name is said).
    public var pets: [String] = []
    /// Their work, as "you work as a nurse" or "you're a plumber".
    public var job: String?
    /// Where they live or come from, as "you live in Riverside".
    public var home: String?
    /// Family they mentioned, as "your sister Ana".
    public var family: [String] = []
    /// What they said they will do, as "your sister Ana is visiting on Sunday".
    public var plans: [String] = []
    /// What they said they had, as "you had a flat white and it was lovely".
    public var orders: [String] = []
    /// What they said of themselves, sentence by sentence in the second person ("your brother
    /// Kofi just moved to Lisbon"), the latest last (at most `maximumSaid`): the details the
    /// facts above leave out, for a question about one of them.
    public var said: [String] = []
    /// What was talked about, by day of the shift.
    public var talks: [Talk] = []
    /// The kinds of fact the latest line told (`name`, `age`, `likes`, `dislikes`, `pet`, `job`,
    /// `home`, `family`, `plans`, `order`), so the character can acknowledge them.
    public var justTold: [String] = []
    /// The sentences of the latest line that came with a question of its own ("where was I
    /// flying to? my memory's awful"): remembered, but not offered as the answer to that line.
    public var saidWithQuestion: [String] = []

    /// The topics of one day's talk, in the order raised (at most `maximumTopics`).
    public struct Talk: Sendable, Equatable, Codable {
        public var day: Int
        public var topics: [String]

        public init(day: Int, topics: [String]) {
            self.day = day
            self.topics = topics
        }
    }

    /// How many likes, dislikes, pets, relatives, plans and orders are kept (the latest).
    public static let maximumKept = 3
    /// How many of their sentences are kept (the latest).
    public static let maximumSaid = 8
    /// The longest sentence of the player's kept as a topic in their words ("you've been
    /// learning the cello").
    package static let maximumTopicWords = 8
    /// How many topics one day's talk keeps (the latest).
    public static let maximumTopics = 6

    public init(name: String? = nil, likes: [String] = []) {
        self.name = name
        self.likes = likes
    }

    /// Whether nothing is known.
    public var isEmpty: Bool { self == PlayerFacts() }

    /// What the character says when asked whether they remember the player, in the first
    /// person: nil when nothing is known.
    public var remembered: String? {
        guard name != nil || !likes.isEmpty else { return nil }
        var sentence = name.map { "Of course I remember you, \($0)." } ?? "I remember you, though not your name."
        if let liked = likes.last { sentence += " You like \(liked)." }
        return sentence
    }

    /// The topics of the latest day before `day` on which the player talked, if any.
    public func topics(before day: Int) -> [String]? {
        talks.last { $0.day < day }?.topics
    }

    /// The facts as the lines of a character's instructions ("The player's pet: your dog
    /// Biscuit."), `day` being today's day of the shift; empty when nothing is known.
    public func sheet(day: Int) -> String {
        var lines: [(String, String?)] = [
            ("What you remember about them", remembered),
            ("The player's name", name),
            ("The player likes", Self.list(likes)),
            ("The player dislikes", Self.list(dislikes)),
            ("The player's pet", Self.list(pets)),
            ("The player's job", job),
            ("The player's home", home),
            ("The player's family", Self.list(family)),
            ("The player's plans", Self.list(plans)),
            ("The player had", Self.list(orders)),
        ]
        lines += said.filter { !saidWithQuestion.contains($0) }.map { ("The player said", $0) }
        lines.append(("You talked before about", topics(before: day).flatMap(Self.list)))
        lines.append(("Today you talked about", talks.last { $0.day == day }.flatMap { Self.list($0.topics) }))
        lines += justTold.map { ("Just told", $0) }
        let written = lines.compactMap { key, value in value.map { "\(key): \($0.hasSuffix(".") ? String($0.dropLast()) : $0).\n" } }
        return written.isEmpty ? "" : "\n" + written.joined()
    }

    private enum CodingKeys: String, CodingKey {
        case name, likes, dislikes, pets, job, home, family, plans, orders, said, talks, justTold, saidWithQuestion
    }

    /// Decodes facts; a save from before the richer facts holds only a name and likes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        likes = try container.decodeIfPresent([String].self, forKey: .likes) ?? []
        dislikes = try container.decodeIfPresent([String].self, forKey: .dislikes) ?? []
        pets = try container.decodeIfPresent([String].self, forKey: .pets) ?? []
        job = try container.decodeIfPresent(String.self, forKey: .job)
        home = try container.decodeIfPresent(String.self, forKey: .home)
        family = try container.decodeIfPresent([String].self, forKey: .family) ?? []
        plans = try container.decodeIfPresent([String].self, forKey: .plans) ?? []
        orders = try container.decodeIfPresent([String].self, forKey: .orders) ?? []
        said = try container.decodeIfPresent([String].self, forKey: .said) ?? []
        talks = try container.decodeIfPresent([Talk].self, forKey: .talks) ?? []
        justTold = try container.decodeIfPresent([String].self, forKey: .justTold) ?? []
        saidWithQuestion = try container.decodeIfPresent([String].self, forKey: .saidWithQuestion) ?? []
    }

    /// "a", "a and b", "a, b and c"; nil for none.
    package static func list(_ items: [String]) -> String? {
        guard let last = items.last else { return nil }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
