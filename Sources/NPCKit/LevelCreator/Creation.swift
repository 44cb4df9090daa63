import GuidedGeneration
import JSONSchema

/// One instance made in the level creator, read for play by its shape: a **riddle** (a question
/// and a list of answers, each marked correct or not — exactly one must be), a **character**
/// (someone with a name, in a type or with fields that speak of a person: talk to them), or an
/// **item** (anything else: take it, use it). `prose` describes it in words, never as JSON. An
/// instance that breaks its own rule is a `CreationProblem` and is never placed.
///
/// ```swift
/// let made = try GeneratedContent(json: #"{"question": "What has keys?", "answers": [{"text": "A piano", "isCorrect": true}, {"text": "A map", "isCorrect": false}]}"#)
/// let riddle = try Creation(reading: made, typeName: "Riddle")
/// print(riddle.kind, riddle.answers)        // riddle ["A piano", "A map"]
/// ```
package struct Creation: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Equatable, Codable {
        case riddle, character, item
    }

    package var kind: Kind
    /// The encounter type it was made from.
    package var typeName: String
    /// The character's or item's name; a riddle's question.
    package var name: String
    /// A riddle's answers, in order (empty for the other kinds).
    package var answers: [String]
    /// The position of a riddle's correct answer.
    package var correctIndex: Int?
    /// The rest of the instance, in words ("mood grumpy, 3 coins, flaky").
    package var details: String
    /// The room it turned up in (nil while it waits to be placed).
    package var room: String?
    /// Answered, taken or used.
    package var isDone = false
    /// A conversation with a character so far.
    package var transcript: Transcript?

    /// Reads `content`, an instance of the type `typeName`.
    package init(reading content: GeneratedContent, typeName: String) throws(CreationProblem) {
        self.typeName = typeName
        let keys = content.orderedKeys
        if let (key, answers) = Self.answerList(in: content) {
            let marked = answers.indices.filter { answers[$0].correct }
            guard marked.count == 1 else { throw .notExactlyOneCorrect(typeName: typeName, marked: marked.count) }
            kind = .riddle
            let questionKey = Self.questionKeys.first { content[$0]?.stringValue != nil } ?? keys.first { content[$0]?.stringValue != nil }
            guard let questionKey, let question = content[questionKey]?.stringValue else { throw .noQuestion(typeName: typeName) }
            name = question
            self.answers = answers.map(\.text)
            correctIndex = marked[0]
            details = CreationProse.details(of: content, skipping: [key, questionKey])
            return
        }
        answers = []
        correctIndex = nil
        let nameKey = Self.nameKeys.first { content[$0]?.stringValue?.isEmpty == false }
        name = nameKey.flatMap { content[$0]?.stringValue } ?? typeName
        let words = Set(CreationProse.words(typeName) + keys.flatMap(CreationProse.words))
        let isPerson = (nameKey == "name" || nameKey == "fullName") && !words.isDisjoint(with: Self.personWords)
        kind = isPerson ? .character : .item
        details = CreationProse.details(of: content, skipping: nameKey.map { [$0] } ?? [])
    }

    /// Fields that name a riddle's question, in the order they are looked for.
    package static let questionKeys = ["question", "riddle", "prompt", "clue", "text", "q"]
    /// Fields that name a character or an item.
    package static let nameKeys = ["name", "fullName", "title", "label"]
    /// Words in a type's name or fields that make a named instance a person to talk to.
    package static let personWords: Set<String> = [
        "character", "npc", "person", "people", "customer", "guest", "visitor", "villain", "hero", "ghost", "stranger", "regular",
        "traveller", "traveler", "wizard", "pirate", "detective", "poet", "musician", "critic", "friend", "rival", "courier",
        "personality", "mood", "age", "job", "occupation", "greeting", "catchphrase", "backstory", "trait", "traits",
        "species", "profession", "role", "quirk", "quirks", "says", "dialog", "dialogue",
    ]

    /// The first array of objects that each carry a text and a true/false mark.
    private static func answerList(in content: GeneratedContent) -> (key: String, [(text: String, correct: Bool)])? {
        for key in content.orderedKeys {
            guard let elements = content[key]?.elements, !elements.isEmpty else { continue }
            let read = elements.compactMap { element -> (text: String, correct: Bool)? in
                let keys = element.orderedKeys
                guard let text = keys.lazy.compactMap({ element[$0]?.stringValue }).first,
                      let mark = keys.lazy.compactMap({ element[$0]?.boolValue }).first else { return nil }
                return (text, mark)
            }
            if read.count == elements.count { return (key, read) }
        }
        return nil
    }

    /// What it is, in a line, for the level creator's list.
    package var summary: String {
        switch kind {
        case .riddle: "a riddle: \"\(name)\" (\(answers.count) answers, one correct)"
        case .character: "a character: \(name)\(details.isEmpty ? "" : " (\(details))")"
        case .item: "an item: \(name)\(details.isEmpty ? "" : " (\(details))")"
        }
    }

    /// What it is, in a sentence, with the verbs that play it.
    package var prose: String {
        let extra = details.isEmpty ? "" : " (\(details))"
        switch kind {
        case .riddle:
            let numbered = answers.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ")
            return "A slate propped on a chair holds a riddle someone made\(extra): \"\(name)\" — \(numbered). ('answer <number>' or 'answer <text>')"
        case .character:
            return "\(name), a \(CreationProse.words(typeName).joined(separator: " ")) of your making, is here\(extra). ('talk \(name)')"
        case .item:
            let type = CreationProse.words(typeName).joined(separator: " ")
            let what = name == typeName ? CoffeeOrder.withArticle(type) : "\(CoffeeOrder.withArticle(type)) called \(name)"
            return what.prefix(1).uppercased() + what.dropFirst() + " lies here\(extra). ('take \(name)')"
        }
    }
}

/// Why a creation is not placed.
package enum CreationProblem: Error, Equatable, CustomStringConvertible {
    case notExactlyOneCorrect(typeName: String, marked: Int)
    case noQuestion(typeName: String)

    package var description: String {
        switch self {
        case .notExactlyOneCorrect(let type, let marked):
            "a \(type) with \(marked) answers marked correct breaks the rule of exactly one, so it is not placed"
        case .noQuestion(let type):
            "a \(type) with answers but no question is not placed"
        }
    }
}
