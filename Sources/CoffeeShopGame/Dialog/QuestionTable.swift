import Foundation
import GuidedGeneration
import NPCKit
import ProceduralModel

/// A table of questions to the barista and to customers, with what a relevant answer must
/// contain and must not, run through the game as a player would type them: the figure that says
/// whether characters listen. `contains` holds groups of alternatives (every group needs one,
/// case-insensitive); `{name}`, `{firstName}`, `{drink}` (the customer's own order), `{barista}`
/// and `{plans}` (the speaker's events on `date`, else their persona's plan for that day of the
/// week, else words for having none) and the speaker's persona facts (`{job}`, `{hometown}`,
/// `{home}`, `{family}`, `{food}`, `{opinion}`, `{hobbies}`, `{age}`, `{partner}`, … — see
/// `personaFacts`) are filled in per speaker. Beside relevance, every answer is checked for an identity mix-up (claiming another
/// character's name) and a third-person self-reference (the speaker's own full name, other than
/// in "my name is …").
///
/// ```swift
/// let table = try QuestionTable(json: try String(contentsOfFile: "Tests/NPCKitTests/Fixtures/dialog-questions.json", encoding: .utf8))
/// let report = try await table.run(library: try .builtIn(), seed: 1)
/// print(report.relevance(to: .barista), report.mixUps, report.thirdPerson)
/// ```
package struct QuestionTable: Sendable, Decodable {
    /// Who is asked.
    package enum Listener: String, Sendable, Decodable {
        case barista, customer
    }

    package struct Question: Sendable, Decodable {
        package var to: Listener
        package var ask: String
        package var about: String
        /// The day a question about plans means (ISO).
        package var date: String?
        package var contains: [[String]]
        var avoid: [String]
        /// Lines the player says first, for a memory check: to the one asked, or for a
        /// `stranger` row to someone else (the barista, or a customer when the barista is
        /// asked). Every character's memory of the player is cleared before they are said.
        package var said: [String]?
        /// Whether the game is saved and loaded between `said` and `ask`.
        var reload: Bool?
        /// Whether `said` goes to another character than the one asked.
        var stranger: Bool?
    }

    /// One answer and how it was judged.
    package struct Answer: Sendable {
        package var question: Question
        package var speaker: String
        package var text: String
        package var isRelevant: Bool
        package var isMixUp: Bool
        package var isThirdPerson: Bool
        package var seconds: Double
    }

    package struct Report: Sendable {
        package var answers: [Answer]

        /// The share of relevant answers to `listener`, 0…1.
        package func relevance(to listener: Listener) -> Double {
            let asked = answers.filter { $0.question.to == listener }
            return asked.isEmpty ? 0 : Double(asked.filter(\.isRelevant).count) / Double(asked.count)
        }

        package var mixUps: Int { answers.filter(\.isMixUp).count }
        package var thirdPerson: Int { answers.filter(\.isThirdPerson).count }
    }

    /// The date questions are asked on (ISO).
    var today: String
    package var questions: [Question]

    package init(json: String) throws {
        self = try JSONDecoder().decode(QuestionTable.self, from: Data(json.utf8))
    }

    /// Words that say a speaker has nothing planned.
    static let nothingPlanned = ["nothing planned", "no plans", "nothing on", "free", "nothing"]
    /// Words around a speaker's own name that speak of them in the third person ("nothing
    /// planned with Sam Okafor", "Sam Okafor has …"); saying one's name ("I'm Sam Okafor",
    /// "Sam. Well, Sam Okafor") is not.
    static let thirdPersonBefore = ["with ", "for ", "about ", "to ", "ask ", "tell "]
    static let thirdPersonAfter = [" has ", " is ", " will ", " was ", "'s ", " on ", " at "]

    /// The speaker's persona facts by placeholder: `{job}`, `{hometown}`, `{home}`, `{family}`,
    /// `{food}`, `{opinion}`, `{hobbies}` (either hobby), and `{age}`, `{pets}`, `{partner}`,
    /// `{children}`, `{music}`, `{reading}`, `{watching}`, `{travel}`, `{previousJob}`,
    /// `{settled}`, `{languages}`, `{birthday}`.
    static func personaFacts(_ persona: Persona) -> [String: [String]] {
        ["{job}": [persona.job], "{hometown}": [persona.hometown], "{home}": [persona.home], "{family}": [persona.family],
         "{food}": [persona.favouriteFood], "{opinion}": [persona.opinion], "{hobbies}": persona.hobbies,
         "{age}": [persona.age], "{pets}": [persona.pets], "{partner}": [persona.partner], "{children}": [persona.children],
         "{music}": [persona.music], "{reading}": [persona.reading], "{watching}": [persona.watching], "{travel}": [persona.travel],
         "{previousJob}": [persona.previousJob], "{settled}": [persona.settled], "{languages}": [persona.languages],
         "{birthday}": [persona.birthday]]
    }

    /// Customers asked in turn: each takes this many customer questions.
    static let questionsPerCustomer = 10

    /// Plays the table in a relaxed game with `seed`: the barista's questions in one
    /// conversation at the counter, the customers' in conversations with the customers of the
    /// day in turn.
    package func run(library: ContentLibrary, seed: UInt64, model: (any LanguageModel)? = nil) async throws -> Report {
        guard let date = CalendarDate(isoString: today) else { throw QuestionTableError.badDate(today) }
        let game = try Game(library: library, setup: .init(seed: seed, today: date, model: model, relaxed: true))
        _ = await game.handle("look")
        var answers: [Answer] = []
        for question in questions where question.to == .barista {
            await game.walk(to: library.world.startRoom.id)
            if await game.state.conversation != .barista { _ = await game.handle("talk barista") }
            try await prepare(question, in: game, speaker: nil, library: library)
            answers.append(await ask(question, in: game, speaker: nil, library: library))
        }
        _ = await game.handle("bye")
        var customer: Int?
        for (position, question) in questions.filter({ $0.to == .customer }).enumerated() {
            // A new customer every few questions, and whenever the last one went home.
            var departed = true
            if let customer { departed = await game.state.met[customer].visit?.departed == true }
            if position % Self.questionsPerCustomer == 0 || departed {
                _ = await game.handle("bye")
                customer = await nextCustomer(in: game, after: customer)
            }
            // A memory row is told again to the next customer when the one told went home meanwhile.
            var attempts = 0
            while true {
                guard let index = customer else { throw QuestionTableError.noCustomer }
                let state = await game.state
                if state.conversation != .npc(index: index) {
                    await game.walk(to: state.met[index].room)
                    _ = await game.handle("talk \(state.met[index].npc.name)")
                }
                try await prepare(question, in: game, speaker: index, library: library)
                attempts += 1
                if await game.state.conversation == .npc(index: index) || attempts == 3 { break }
                customer = await nextCustomer(in: game, after: customer)
            }
            answers.append(await ask(question, in: game, speaker: customer, library: library))
        }
        return Report(answers: answers)
    }

    /// A memory row's set-up: every character's memory cleared, its `said` lines told (to the
    /// customer or barista asked, or to another for a `stranger` row), the conversation back
    /// with the one asked, and the game saved and loaded for a `reload` row.
    private func prepare(_ question: Question, in game: Game, speaker index: Int?, library: ContentLibrary) async throws {
        guard question.said != nil || question.reload == true else { return }
        var cleared = await game.state
        cleared.memories = [:]
        await game.restore(cleared)
        if let said = question.said {
            var teller = index
            if question.stranger == true {
                if index == nil {
                    guard let customer = await nextCustomer(in: game, after: nil) else { throw QuestionTableError.noCustomer }
                    teller = customer
                } else {
                    teller = nil
                }
            }
            await tell(said, by: teller, then: index, in: game, library: library)
        }
        if question.reload == true {
            let saved = try JSONEncoder().encode(await game.state)
            await game.restore(try JSONDecoder().decode(GameState.self, from: saved))
        }
    }

    /// Says `lines` to `teller` (a customer's index, nil: the barista), then turns to `listener`.
    private func tell(_ lines: [String], by teller: Int?, then listener: Int?, in game: Game, library: ContentLibrary) async {
        await converse(with: teller, in: game, library: library)
        for line in lines { _ = await game.handle(line) }
        await converse(with: listener, in: game, library: library)
    }

    /// Talks to the customer `index` (nil: the barista), walking to them first.
    private func converse(with index: Int?, in game: Game, library: ContentLibrary) async {
        let state = await game.state
        guard state.conversation != index.map({ .npc(index: $0) }) ?? .barista else { return }
        _ = await game.handle("bye")
        if let index {
            await game.walk(to: state.met[index].room)
            _ = await game.handle("talk \(state.met[index].npc.name)")
        } else {
            await game.walk(to: library.world.startRoom.id)
            _ = await game.handle("talk barista")
        }
    }

    /// The first customer after `previous` still in the shop, waiting for one as long as it takes.
    private func nextCustomer(in game: Game, after previous: Int?) async -> Int? {
        func candidate() async -> Int? {
            let met = await game.state.met
            return met.indices.first { $0 > (previous ?? -1) && met[$0].visit?.departed != true }
        }
        for _ in 0..<200 {
            if await candidate() != nil { break }
            _ = await game.handle("wait")
        }
        return await candidate()
    }

    private func ask(_ question: Question, in game: Game, speaker index: Int?, library: ContentLibrary) async -> Answer {
        let before = await game.state
        let name = index.map { before.met[$0].npc.name } ?? library.barista.name
        let start = Date()
        let reply = await game.handle(question.ask)
        let seconds = Date().timeIntervalSince(start)
        let state = await game.state
        // The line the speaker said: after "Name: ", before the clock line and any events.
        let said = reply.text.components(separatedBy: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } ?? reply.text
        let fill = { (text: String) -> [String] in
            var values = [text.replacingOccurrences(of: "{name}", with: name)
                .replacingOccurrences(of: "{firstName}", with: String(name.split(separator: " ").first ?? ""))
                .replacingOccurrences(of: "{barista}", with: library.barista.name)
                .replacingOccurrences(of: "{drink}", with: index.map { state.met[$0].npc.order.drink } ?? "coffee")]
            let persona = index.map { state.met[$0].persona } ?? library.barista.life
            if text.contains("{plans}") {
                let day = question.date.flatMap(CalendarDate.init(isoString:))
                let planned = day.map { date in game.events.filter { $0.involves(name) && $0.occurs(on: date) }.map(\.title) } ?? []
                let usual = day.flatMap { persona?.plan(on: $0) }.map { [$0] }
                values = planned.isEmpty ? usual ?? Self.nothingPlanned : planned
            }
            if let persona, let facts = Self.personaFacts(persona)[text] { values = facts }
            return values
        }
        let lower = said.lowercased()
        let relevant = question.contains.allSatisfy { group in group.flatMap(fill).contains { lower.contains($0.lowercased()) } }
            && !question.avoid.flatMap(fill).contains { lower.contains($0.lowercased()) }
        let others = ([library.barista.name] + state.met.map { String($0.npc.name.split(separator: " ").first ?? "") })
            .filter { $0 != String(name.split(separator: " ").first ?? "") }
        let mixUp = others.contains { other in
            ["i'm ", "i am ", "name's ", "name is ", "call me "].contains { lower.contains($0 + other.lowercased()) }
        }
        let own = name.lowercased()
        let thirdPerson = Self.thirdPersonBefore.contains { lower.contains($0 + own) } || Self.thirdPersonAfter.contains { lower.contains(own + $0) }
        return Answer(question: question, speaker: name, text: said, isRelevant: relevant, isMixUp: mixUp,
                      isThirdPerson: thirdPerson, seconds: seconds)
    }
}

/// Why a question table cannot be run.
enum QuestionTableError: Error, Equatable, CustomStringConvertible {
    case badDate(String)
    case noCustomer

    var description: String {
        switch self {
        case .badDate(let text): "the table's 'today' is not a date (YYYY-MM-DD): '\(text)'"
        case .noCustomer: "no customer came to answer the customers' questions"
        }
    }
}
