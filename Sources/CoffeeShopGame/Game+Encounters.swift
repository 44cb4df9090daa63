import GuidedGeneration
import NPCKit
import RegexAutomata

extension Game {
    // MARK: Conversations

    func startTalking(to who: String) async throws -> String {
        let wanted = who.lowercased()
        if ["barista", "juno", library.barista.name.lowercased()].contains(wanted) || (wanted.isEmpty && room.features.contains(.barista)) {
            guard room.features.contains(.barista) else { return "\(library.barista.name) is at the counter." }
            state.conversation = .barista
            let welcome = state.baristaTranscript == nil ? "" : returning(.barista)
            return "\(library.barista.name) looks up from the steam wand.\(welcome) (Say anything; 'bye' ends the conversation.)"
        }
        // No name, or "customer": the customer who came last, else a character the player made.
        if wanted.isEmpty || ["customer", "them", "npc"].contains(wanted) {
            if let index = customersHere.last { return startTalking(toCustomer: index) }
            if wanted.isEmpty { return creationHere(.character).map(startTalking(toCreation:)) ?? "There is no one here to talk to." }
        }
        switch NameResolver.resolve(who, among: namedHere(creations: .character)) {
        case .one(.customer(let index)): return startTalking(toCustomer: index)
        case .one(.creation(let index)): return startTalking(toCreation: index)
        case .several(let names): return NameResolver.question(names)
        case .none: return "There is no '\(who)' here."
        }
    }

    private func startTalking(toCustomer index: Int) -> String {
        state.conversation = .npc(index: index)
        let welcome = state.met[index].transcript == nil ? "" : returning(.npc(index: index))
        return "\(state.met[index].npc.name) turns to you.\(welcome) (Say anything — try \"what's going on?\"; 'bye' ends the conversation.)"
    }

    /// A returning player's welcome by `conversation`'s character, by name and with what they
    /// like, when they told that character so.
    private func returning(_ conversation: GameState.Conversation) -> String {
        guard let facts = state.memories[GameState.memoryKey(of: conversation)], let name = facts.name else { return "" }
        return " \"Back again, \(name)?" + (facts.likes.last.map { " Still into \($0)?\"" } ?? "\"")
    }

    /// Makes the life of customer `index`, once: the same seed always gives the same life.
    func givePersona(to index: Int) async throws {
        guard state.met.indices.contains(index), state.met[index].persona == nil else { return }
        state.met[index].persona = try await Persona.generate(for: state.met[index].npc.name, library: library,
                                                              seed: NPCGenerator.itemSeed(state.seed, 3_000_000 + index))
    }

    /// The listener's answer to `line`, after their name; `speaking`, when given, receives
    /// that text so far as the model writes it.
    func talk(_ line: String, in conversation: GameState.Conversation, speaking: (@Sendable (String) -> Void)? = nil) async throws -> String {
        let seed = NPCGenerator.itemSeed(state.seed, 1_000_000 + state.turn)
        if case .npc(let index) = conversation { try await givePersona(to: index) }
        state.memories[GameState.memoryKey(of: conversation), default: PlayerFacts()].learn(from: line, day: state.shift.day)
        guard let listener = listener(in: conversation) else {
            state.conversation = nil
            return "They have gone."
        }
        let chat = chat(with: listener)
        let name = listener.name
        let onText = speaking.map { speak -> @Sendable (String) -> Void in { speak("\(name): \($0)") } }
        let reply = try await answer(line, in: chat, situation: listener.situation, seed: seed, onText: onText)
        switch conversation {
        case .barista: state.baristaTranscript = chat.transcript
        case .npc(let index): state.met[index].transcript = chat.transcript
        case .creation(let index): state.creations[index].transcript = chat.transcript
        }
        spend(rules.minutes.say)
        return "\(listener.name): \(reply)"
    }

    /// Who is listening: their name, the instructions their conversation runs on (who they are,
    /// the facts that hold), the situation of the moment (the clock, today, what the player told
    /// them about themselves — read after the history, and by the embedded model as the
    /// instructions' end), its tools, and the saved conversation.
    private struct Listener {
        let key: String
        let name: String
        let instructions: String
        let situation: String
        let tools: [any Tool]
        let saved: Transcript?
    }

    private func listener(in conversation: GameState.Conversation) -> Listener? {
        let memory = state.memories[GameState.memoryKey(of: conversation)]?.sheet(day: state.shift.day) ?? ""
        let today = "Today is \(state.today.isoString)."
        switch conversation {
        case .barista:
            let planner = GetContactEventTool(contact: library.barista.name, events: events, speaksForContact: true,
                                              week: library.barista.life?.week ?? [], today: state.today)
            let hours = " The shop opens at \(rules.opening) and closes at \(rules.closing)."
            return Listener(key: GameState.memoryKey(of: conversation), name: library.barista.name,
                            instructions: library.barista.briefing + hours + priceSheet(), situation: "The time now is \(clock). " + today + memory,
                            tools: [planner], saved: state.baristaTranscript)
        case .npc(let index):
            guard state.met.indices.contains(index) else { return nil }
            let npc = state.met[index].npc
            let persona = state.met[index].persona
            let planner = GetContactEventTool(contact: npc.name, events: events, speaksForContact: true, week: persona?.week ?? [], today: state.today)
            let instructions = "You are \(npc.name), a customer of the coffee shop: \(npc.attributes.joined(separator: ", ")). "
                + "Your order: \(npc.order). The barista is \(library.barista.name). You are chatting with the person behind the counter. "
                + "Speak only as yourself, in the first person."
                + (state.met[index].isResolved ? " You have been served your \(npc.order.drink)." : "") + (persona?.sheet ?? "")
            return Listener(key: GameState.memoryKey(of: conversation), name: npc.name, instructions: instructions, situation: today + memory,
                            tools: [planner], saved: state.met[index].transcript)
        case .creation(let index):
            guard state.creations.indices.contains(index) else { return nil }
            let made = state.creations[index]
            let instructions = "You are \(made.name), a customer of the coffee shop, a \(made.typeName) of the player's making: \(made.details). "
                + "Your order: whatever is recommended. Speak only as yourself."
            return Listener(key: GameState.memoryKey(of: conversation), name: made.name, instructions: instructions, situation: today + memory,
                            tools: [], saved: made.transcript)
        }
    }

    /// The listener's conversation: kept while its instructions hold; when they change (a
    /// customer served, a new day for their tools) it goes on under the new ones, transcript
    /// and the lines already said included.
    private func chat(with listener: Listener) -> Conversation {
        let earlier = chats[listener.key]
        if let earlier, chatInstructions[listener.key] == listener.instructions { return earlier }
        let chat = earlier?.continuing(instructions: listener.instructions, tools: listener.tools)
            ?? listener.saved.map { Conversation(model: model, tools: listener.tools, transcript: $0.withInstructions(listener.instructions)) }
            ?? Conversation(model: model, tools: listener.tools, instructions: listener.instructions)
        chats[listener.key] = chat
        chatInstructions[listener.key] = listener.instructions
        return chat
    }

    /// The character's answer; a line in a language the model does not speak gets a shrug in
    /// character rather than an error.
    private func answer(_ line: String, in chat: Conversation, situation: String, seed: UInt64,
                        onText: (@Sendable (String) -> Void)?) async throws -> String {
        do {
            return try await chat.reply(to: line, situation: situation, seed: seed, onText: onText)
        } catch LanguageModelSession.GenerationError.unsupportedLanguageOrLocale {
            var random = SeededRandom(seed: seed)
            return Self.shrugs[random.int(in: 0..<Self.shrugs.count)]
        }
    }

    static let shrugs = [
        "Sorry, I only speak English. And a little espresso.",
        "Pardon? I'm afraid I didn't catch that. English, maybe?",
        "Sorry, that's beyond my languages. Try me in English?",
    ]

    func endConversation() -> String {
        guard let conversation = state.conversation else { return "You are not talking to anyone." }
        state.conversation = nil
        switch conversation {
        case .barista: return "\(library.barista.name) waves and goes back to the espresso machine."
        case .npc(let index): return "\(state.met.indices.contains(index) ? state.met[index].npc.name : "They") nods and goes back to their cup."
        case .creation(let index): return "\(state.creations.indices.contains(index) ? state.creations[index].name : "They") nods and turns back to the room."
        }
    }

    // MARK: Riddles

    func riddle() async throws -> String {
        guard room.features.contains(.riddles) else {
            let corner = library.world.rooms.first { $0.features.contains(.riddles) }?.name ?? "the riddle corner"
            return "Riddles are chalked up in \(corner)."
        }
        let riddle = try await RiddleGenerator(library: library, model: model).riddle(seed: NPCGenerator.itemSeed(state.seed, 2_000_000 + state.riddlesTried))
        state.openRiddle = riddle
        spend(rules.minutes.riddle)
        let answers = riddle.answers.enumerated().map { "  \($0.offset + 1). \($0.element.text)" }
        return ([riddle.question] + answers + ["(Answer with a number or 'answer <text>'.)"]).joined(separator: "\n")
    }

    func answer(_ text: String) -> String {
        guard let riddle = state.openRiddle else {
            return answerCreation(text) ?? "There is no riddle to answer. Type 'riddle' in the riddle corner."
        }
        let correct = Int(text).map(riddle.isCorrect(answerNumber:)) ?? riddle.isCorrect(answerText: text)
        state.openRiddle = nil
        state.riddlesTried += 1
        spend(rules.minutes.say)
        if correct {
            state.riddlesSolved += 1
            state.score += 3
            let change = rules.reputation.riddle
            return "Correct! The chalk squeaks approvingly and the regulars clap. (+3 score, reputation \(signed(change)))" + changeReputation(by: change)
        }
        return "Not quite: the answer was \"\(riddle.answers[riddle.correctIndex].text)\"."
    }
}
