import Foundation
import ProceduralModel

extension PlayerFacts {
    /// Reads what `line` tells about the player — a name, likes and dislikes, a pet, a job, a
    /// home, family, plans, an order — and notes its topic under `day`; whether any fact was
    /// learned. Sentences are read one at a time, in the player's words turned to the second
    /// person ("my sister Ana is visiting" is kept as "your sister Ana is visiting"); a
    /// question ("do you like dogs?") tells nothing about the player. A line typed as a text is
    /// read written out ("my gran is called pat n she loves cats").
    @discardableResult
    public mutating func learn(from typed: String, day: Int = 1) -> Bool {
        let line = TextingShorthand.expanded(typed)
        justTold = []
        saidWithQuestion = []
        let before = self
        var topics: [String] = []
        let sentences = PlayerSentence.split(line)
        let asks = sentences.contains(where: \.isQuestion)
        for (index, sentence) in sentences.enumerated() {
            // "my dog... what was his name again?" names what the question asks about.
            if sentence.namesAThingOnly, sentences.dropFirst(index + 1).first?.isQuestion == true { continue }
            guard !sentence.isQuestion else {
                if let asked = sentence.request() { topics += remember(order: asked) }
                if let statement = sentence.statementBeforeQuestion { topics += read(statement) }
                continue
            }
            // "I'd like a pot of tea, please" orders: what they had, not what they said of themselves.
            if let ordered = sentence.request() {
                Self.keep(ordered, in: &orders)
                topics.append("what you had")
                continue
            }
            let facts = read(sentence)
            topics += facts
            if let told = sentence.toldOfThePlayer {
                // A sentence of theirs that fits no kind of fact is a topic in its own words.
                if facts.isEmpty, told.split(separator: " ").count <= Self.maximumTopicWords { topics.append(told) }
                said.removeAll { $0.lowercased() == told.lowercased() }
                said.append(told)
                said = Array(said.suffix(Self.maximumSaid))
                if asks { saidWithQuestion.append(told) }
            } else if let continued = sentence.continuation, let last = said.last, !last.contains("; ") {
                // "I have a parrot. His name is Chico." — one thing told, recalled together (one
                // sentence more at most, so a kept sentence stays short).
                said[said.count - 1] = last + "; " + continued.prefix(1).lowercased() + continued.dropFirst()
            }
        }
        // A sentence kept in their words is no fact of a kind: "I'm tired" tells nothing.
        var facts = self
        facts.said = before.said
        facts.saidWithQuestion = before.saidWithQuestion
        let learned = facts != before || !justTold.isEmpty
        // A line that told nothing is noted by its topic, unless it asks about the player ("what's
        // my dog called?" raises no new topic).
        if topics.isEmpty, !PlayerSentence.split(line).contains(where: \.speaksOfThePlayer), let topic = PlayerSentence.topic(of: line) {
            topics = [topic]
        }
        note(topics, day: day)
        return learned
    }

    /// Reads one statement; the topics of the facts it held.
    private mutating func read(_ sentence: PlayerSentence) -> [String] {
        var topics: [String] = []
        if let said = sentence.name() {
            name = said
            told("name")
            topics.append("your name")
        }
        if let liked = sentence.object(after: PlayerSentence.liking) ?? sentence.favourite() {
            Self.keep(liked, in: &likes)
            told("likes")
            dislikes.removeAll { $0.lowercased() == liked.lowercased() }
            topics.append(liked)
        }
        if let disliked = sentence.object(after: PlayerSentence.disliking) {
            Self.keep(disliked, in: &dislikes)
            told("dislikes")
            likes.removeAll { $0.lowercased() == disliked.lowercased() }
            topics.append(disliked)
        }
        if let pet = sentence.pet() {
            // A pet named now replaces the same pet told of before without a name.
            pets.removeAll { pet.hasPrefix($0 + " ") }
            Self.keep(pet, in: &pets)
            told("pet")
            topics.append(pet)
        } else if let named = sentence.laterName(), let last = pets.last, last.split(separator: " ").count == 2 {
            // "her name is Mochi" after "I got a cat" names the pet just told of.
            pets[pets.count - 1] = last + " " + named
            told("pet")
            topics.append(pets[pets.count - 1])
        }
        if let work = sentence.job() {
            job = work
            told("job")
            topics.append("your job")
        }
        if let place = sentence.home() {
            home = place
            told("home")
            topics.append("where you live")
        }
        if let relative = sentence.relative() {
            Self.keep(relative, in: &family)
            told("family")
            topics.append(relative)
        }
        // An age is kept in the player's words (`said`); telling it is still a fact to answer.
        if sentence.toldAge != nil {
            told("age")
            topics.append("your age")
        }
        if let plan = sentence.plan() {
            Self.keep(plan, in: &plans)
            told("plans")
            topics.append("your plans")
        }
        if let order = sentence.order() { topics += remember(order: order) }
        return topics
    }

    private mutating func remember(order: String) -> [String] {
        Self.keep(order, in: &orders)
        told("order")
        return ["what you had"]
    }

    private mutating func told(_ kind: String) {
        if !justTold.contains(kind) { justTold.append(kind) }
    }

    private mutating func note(_ topics: [String], day: Int) {
        guard !topics.isEmpty else { return }
        if talks.last?.day != day { talks.append(Talk(day: day, topics: [])) }
        var today = talks.removeLast()
        for topic in topics {
            today.topics.removeAll { $0 == topic }
            today.topics.append(topic)
        }
        today.topics = Array(today.topics.suffix(Self.maximumTopics))
        talks.append(today)
        talks = Array(talks.suffix(Self.maximumKept))
    }

    private static func keep(_ item: String, in list: inout [String]) {
        list.removeAll { $0.lowercased() == item.lowercased() }
        list.append(item)
        if list.count > maximumKept { list.removeFirst() }
    }
}
