import Foundation
import GuidedGeneration
import NPCKit

/// The level creator in play: `create` makes an encounter type and three instances; each
/// instance that keeps its own rules waits to turn up in the next room with customers the
/// player walks into, described in prose, with the verbs its shape implies — answer a riddle,
/// talk to a character, take and use an item.
extension Game {
    /// Makes an encounter type from the notation (`;` separates the lines) or a JSON Schema,
    /// describes three instances, and keeps the ones that keep their rules.
    func create(_ source: String) async throws -> String {
        // A JSON Schema is taken whole; the line notation takes `;` for its line breaks.
        let notation = source.hasPrefix("{") ? source
            : source.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        let type: EncounterType
        do {
            type = try EncounterType(parsing: notation)
        } catch {
            return "The level creator can't read that: \(error)"
        }
        let instances = try await type.instances(count: 3, seed: NPCGenerator.itemSeed(state.seed, 3_000_000 + state.encounterTypes.count),
                                                 model: model)
        state.encounterTypes.append(type)
        spend(rules.minutes.create)
        state.score += 1
        var lines = ["Created '\(type.name)'. Three of them:"]
        for instance in instances {
            do {
                let made = try Creation(reading: instance, typeName: type.name)
                state.creations.append(made)
                lines.append("  - " + made.summary)
            } catch {
                lines.append("  - left out: \(error)")
            }
        }
        lines.append("They turn up in the rooms with customers you walk into next.")
        return lines.joined(separator: "\n")
    }

    /// The next creation waiting to be placed goes into the room just entered.
    func placeCreation() -> String? {
        guard room.features.contains(.npcs), let index = state.creations.firstIndex(where: { $0.room == nil }) else { return nil }
        state.creations[index].room = state.room
        state.score += 1
        return "(One of your own creations has turned up here: +1 score.)"
    }

    /// The creations in this room still to be played, in prose.
    var creationsHere: [String] {
        state.creations.filter { $0.room == state.room && !$0.isDone }.map(\.prose)
    }

    /// The creations in this room not yet played — of `kind`, or of every kind when it is nil —
    /// by index in `state.creations`.
    func playableCreations(_ kind: Creation.Kind?) -> [Int] {
        state.creations.indices.filter { index in
            let made = state.creations[index]
            return made.room == state.room && !made.isDone && (kind == nil || made.kind == kind)
        }
    }

    /// Which creation of `kind` in this room, not yet played, `words` names (as `NameResolver`
    /// reads names; empty: the first).
    func creation(_ kind: Creation.Kind, named words: String) -> NameResolver.Resolution<Int> {
        let here = playableCreations(kind)
        guard !words.isEmpty else { return here.first.map { .one($0) } ?? .none }
        return NameResolver.resolve(words, among: here.map { NameResolver.Candidate(id: $0, name: state.creations[$0].name, kind: state.creations[$0].typeName) })
    }

    /// The index of the creation of `kind` in this room, not yet played, that `words` names
    /// (empty: the first); nil when none does or several do.
    func creationHere(_ kind: Creation.Kind, named words: String = "") -> Int? {
        guard case .one(let index) = creation(kind, named: words) else { return nil }
        return index
    }

    func startTalking(toCreation index: Int) -> String {
        state.conversation = .creation(index: index)
        return "\(state.creations[index].name) turns to you. (Say anything; 'bye' ends the conversation.)"
    }

    /// Answers the creation riddle in this room.
    func answerCreation(_ text: String) -> String? {
        guard let index = creationHere(.riddle), let correct = state.creations[index].correctIndex else { return nil }
        let made = state.creations[index]
        let chosen = Int(text).map { $0 - 1 } ?? made.answers.firstIndex { Room.normalized($0) == Room.normalized(text) }
        state.creations[index].isDone = true
        spend(rules.minutes.say)
        guard chosen == correct else { return "Not quite: your own riddle's answer was \"\(made.answers[correct])\"." }
        state.score += 3
        let change = rules.reputation.riddle
        return "Correct — the riddle you made holds up. (+3 score, reputation \(signed(change)))" + changeReputation(by: change)
    }

    /// Takes the item here into the inventory.
    func take(_ words: String) -> String {
        let index: Int
        switch creation(.item, named: words) {
        case .one(let found): index = found
        case .several(let names): return NameResolver.question(names)
        case .none: return words.isEmpty ? "There is nothing here to take." : "There is no '\(words)' here to take."
        }
        state.creations[index].isDone = true
        state.inventory.append(state.creations[index].name)
        state.score += 1
        spend(rules.minutes.examine)
        return "You take \(CreationProse.withArticle(state.creations[index].name)). (+1 score)"
    }

    /// Uses a carried item: offered to the customer here who has waited longest, it charms them
    /// (reputation, and they wait longer); with no one here it is only looked at.
    func use(_ words: String) -> String {
        let wanted = Room.normalized(words)
        guard let carried = state.inventory.firstIndex(where: { Room.normalized($0) == wanted || Room.normalized($0).hasSuffix(" " + wanted) }),
              let made = state.creations.last(where: { $0.kind == .item && Room.normalized($0.name) == Room.normalized(state.inventory[carried]) })
        else { return "You carry no '\(words)' you made ('inventory' lists what you carry)." }
        guard let customer = waitingCustomer(.drink) ?? waitingCustomer(.manager) else {
            return "You turn \(CreationProse.withArticle(made.name)) over in your hands\(made.details.isEmpty ? "" : ": \(made.details)"). Someone waiting might like it."
        }
        state.inventory.remove(at: carried)
        spend(rules.minutes.examine)
        state.met[customer.index].visit?.leaves += rules.minutes.wait
        let change = rules.reputation.riddle
        return "You give \(customer.npc.name) \(CreationProse.withArticle(made.name)). They are charmed and happy to wait a little longer "
            + "(+\(rules.minutes.wait) minutes, reputation \(signed(change)))." + changeReputation(by: change)
    }
}
