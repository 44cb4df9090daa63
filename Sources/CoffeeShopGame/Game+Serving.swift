import Foundation
import GuidedGeneration
import NPCKit

/// Serving drinks and settling complaints, judged against what each customer asked for and
/// who they are.
extension Game {
    /// Who waits for what.
    enum Want { case drink, manager }

    /// The customers in this room waiting for `want`, longest waiting first, by index in
    /// `state.met`.
    func waiting(for want: Want) -> [Int] {
        customersHere.filter { index in
            let met = state.met[index]
            guard !met.isResolved else { return false }
            if case .orderCoffee = met.npc.encounter { return want == .drink }
            return want == .manager
        }
    }

    /// Who `name` means among the customers here waiting for `want`, as `NameResolver` reads
    /// names (no name: the one who has waited longest).
    func waitingCustomer(_ want: Want, resolving name: String) -> NameResolver.Resolution<Int> {
        let waiting = waiting(for: want)
        guard !name.isEmpty else { return waiting.first.map { .one($0) } ?? .none }
        return NameResolver.resolve(name, among: waiting.map { NameResolver.Candidate(id: $0, name: state.met[$0].npc.name) })
    }

    /// The customer in this room who has waited longest for `want` — or the one `name` names —
    /// with their index in `state.met`; nil when there is none, or `name` fits several.
    func waitingCustomer(_ want: Want, named name: String = "") -> (index: Int, npc: NPC)? {
        guard case .one(let index) = waitingCustomer(want, resolving: name) else { return nil }
        return (index, state.met[index].npc)
    }

    /// `make order`, `make <drink words>`, either with `for <name>`.
    func make(_ request: String) -> String {
        let (what, who) = Self.splitTarget(request)
        guard let (index, npc) = waitingCustomer(.drink, named: who) else { return noOneWaiting(for: .drink, named: who) }
        let made: CoffeeOrder
        if ["", "order", "their order", "the order", "it", "usual", "the usual"].contains(what.lowercased()) {
            made = npc.order
        } else {
            do {
                made = try OrderReading(menu: shiftMenu).read(what)
            } catch {
                return "You can't make that: \(error). ('menu' shows the board.)"
            }
        }
        return serve(made, to: index)
    }

    /// `recommend <drink>`: their order with another drink from the menu.
    func recommend(_ request: String) -> String {
        let (drink, who) = Self.splitTarget(request)
        guard let (index, npc) = waitingCustomer(.drink, named: who) else { return noOneWaiting(for: .drink, named: who) }
        guard let item = shiftMenu.drinks.first(where: { $0.name == drink.lowercased() }) else {
            return "'\(drink)' is not on the menu. The board has: " + shiftMenu.drinks.map(\.name).joined(separator: ", ") + "."
        }
        var made = npc.order
        made.drink = item.name
        return serve(made, to: index)
    }

    /// Hands `made` to customer `index`: a refused drink costs reputation and they wait on;
    /// an accepted one is paid for, with a tip that depends on the verdict, their traits, how
    /// long they waited and the tip jar.
    private func serve(_ made: CoffeeOrder, to index: Int) -> String {
        spend(makeMinutes)
        let npc = state.met[index].npc
        let traits = rules.traits
        let verdict = ServingVerdict(made: made, asked: npc.order, fussy: ShiftRules.has(traits.fussy, in: npc.attributes),
                                     curious: ShiftRules.has(traits.curious, in: npc.attributes))
        guard verdict != .wrong else {
            state.shift.today.refused += 1
            let change = rules.reputation.wrong
            return "You make \(made). \(npc.name) pushes it back: \"That's not what I asked for. I wanted \(npc.order).\" "
                + "(reputation \(signed(change)))" + changeReputation(by: change)
        }
        let price = library.menu.price(of: made)
        var tip = 0
        if verdict != .close {
            tip = rules.tips.right + (verdict == .delighted ? rules.tips.delighted : 0)
            if ShiftRules.has(traits.generous, in: npc.attributes) { tip += rules.tips.generous }
            tip += bought.compactMap(\.tip).reduce(0, +)
            if let visit = state.met[index].visit, state.shift.minute - visit.arrived > (visit.leaves - visit.arrived) / 2 {
                tip = max(0, tip + rules.tips.waitedLong)
            }
        }
        let change: Int
        let scored: Int
        let reaction: String
        switch verdict {
        case .right:
            (change, scored, reaction) = (rules.reputation.right, 2, "\(npc.name) takes a sip and smiles: exactly what they asked for.")
        case .delighted:
            (change, scored, reaction) = (rules.reputation.delighted, 3, "\(npc.name) tries it and beams: \"I'd never have ordered that. Perfect.\"")
        default:
            (change, scored, reaction) = (rules.reputation.close, 1, "\(npc.name) looks at it, then at you: \"Not quite what I said, but fine.\"")
        }
        seeOff(index)
        state.coins += price + tip
        state.shift.today.coins += price + tip
        state.score += scored
        switch verdict {
        case .right: state.shift.today.right += 1
        case .delighted: state.shift.today.delighted += 1
        default: state.shift.today.close += 1
        }
        if verdict != .close { state.inventory.append("a loyalty stamp from \(npc.name)") }
        let paid = tip > 0 ? "+\(price + tip) coins with a \(tip)-coin tip" : "+\(price) coins, no tip"
        return "You make \(made). \(reaction) (\(paid); reputation \(signed(change)))" + changeReputation(by: change)
    }

    /// `apologize`, `refund` or `remake` for the complaint here; the right one settles it.
    func settle(with verb: String, named who: String) -> String {
        guard let (index, npc) = waitingCustomer(.manager, named: who) else { return noOneWaiting(for: .manager, named: who) }
        guard case .wantToTalkToManager(let complaint) = npc.encounter else { return "" }
        let needed = rules.remedy(for: complaint)
        guard verb == needed.verb else {
            spend(rules.minutes.settle)
            let change = rules.reputation.wrongRemedy
            return "You \(Self.pastTense(verb)). \(npc.name) shakes their head: \"\(rules.refusal(of: verb, needing: needed))\" (reputation \(signed(change)))"
                + changeReputation(by: change)
        }
        let outcome: String
        var cost: String?
        switch verb {
        case "refund":
            spend(rules.minutes.settle)
            let price = library.menu.price(of: npc.order)
            state.coins -= price
            state.shift.today.coins -= price
            outcome = "You hand \(npc.name) \(price) coins back. \"Well. Thank you.\""
            cost = "-\(price) coins"
        case "remake":
            spend(makeMinutes)
            outcome = "You make \(npc.order) again, properly, on the house. \(npc.name) sips and unclenches."
        default:
            spend(rules.minutes.settle)
            outcome = "You listen to \(npc.name) (\"\(complaint)\") and say sorry like you mean it. They nod, mollified."
        }
        state.shift.today.settled += 1
        state.score += 2
        let change = rules.reputation.settled
        var text = outcome + " (" + [cost, "reputation \(signed(change))"].compactMap { $0 }.joined(separator: "; ") + ")"
        if verb == "remake" {
            seeOff(index)
        } else {
            // Put at ease, they stay for a drink, and wait for it as long as they waited before.
            state.met[index].npc.encounter = .orderCoffee
            if let visit = state.met[index].visit {
                state.met[index].visit = .init(day: visit.day, arrived: state.shift.minute, leaves: state.shift.minute + visit.leaves - visit.arrived)
            }
            text += " \"Now that's sorted, I'll have \(npc.order).\""
        }
        return text + changeReputation(by: change)
    }

    /// `resolve` alone: which remedies there are.
    func remedies() -> String {
        guard waitingCustomer(.manager) != nil else { return noOneWaiting(for: .manager, named: "") }
        return "How will you settle it? " + rules.remedies.map { "'\($0.verb)' (\($0.does))" }.joined(separator: ", ")
            + ". Pick what the complaint is about."
    }

    /// Why a command for `want` found no one: `who` fits several, or whoever it names (or no
    /// one here) wants something else, or no one is waiting.
    private func noOneWaiting(for want: Want, named who: String) -> String {
        if case .several(let names) = waitingCustomer(want, resolving: who) { return NameResolver.question(names) }
        let other: Want = want == .drink ? .manager : .drink
        if let (_, npc) = waitingCustomer(other, named: who) {
            switch npc.encounter {
            case .orderCoffee: return "\(npc.name) has no complaint; they'd like \(npc.order). Try 'make order'."
            case .wantToTalkToManager(let complaint):
                return "\(npc.name) doesn't want a drink; they want the manager: \"\(complaint)\" (\(remedyCommands))"
            }
        }
        if !who.isEmpty { return "There is no '\(who)' waiting here." }
        return want == .drink ? "There is no customer here waiting for a drink." : "There is no one here with a complaint."
    }

    /// The remedy commands, quoted, for a line that offers them.
    var remedyCommands: String { rules.remedies.map { "'\($0.verb)'" }.joined(separator: ", ") }

    /// Customer `index` is done with: served, settled or gone (a conversation with them ends).
    func seeOff(_ index: Int) {
        state.met[index].isResolved = true
        if state.conversation == .npc(index: index) { state.conversation = nil }
    }

    /// `latte for Sam` → ("latte", "Sam").
    static func splitTarget(_ request: String) -> (what: String, who: String) {
        let text = request.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("for ") { return ("", String(text.dropFirst(4)).trimmingCharacters(in: .whitespaces)) }
        guard let range = text.range(of: " for ", options: [.caseInsensitive, .backwards]) else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    private static func pastTense(_ verb: String) -> String {
        switch verb {
        case "refund": "offer a refund"
        case "remake": "offer to make it again"
        default: "apologise"
        }
    }
}
