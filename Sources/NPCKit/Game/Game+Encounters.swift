import GuidedGeneration

extension Game {
    // MARK: Conversations

    func startTalking(to who: String) async throws -> String {
        let wanted = who.lowercased()
        if ["barista", "juno", library.barista.name.lowercased()].contains(wanted) || (wanted.isEmpty && room.features.contains(.barista)) {
            guard room.features.contains(.barista) else { return "\(library.barista.name) is at the counter." }
            state.conversation = .barista
            return "\(library.barista.name) looks up from the steam wand. (Say anything; 'bye' ends the conversation.)"
        }
        let candidates = state.met.indices.filter { state.met[$0].room == state.room && state.met[$0].visit?.departed != true }
        let index = candidates.last { index in
            let name = state.met[index].npc.name.lowercased()
            return wanted.isEmpty || name == wanted || name.split(separator: " ").contains { $0 == wanted } || ["customer", "them", "npc"].contains(wanted)
        }
        guard let index else {
            if let made = creationHere(.character, named: who) { return startTalking(toCreation: made) }
            return wanted.isEmpty ? "There is no one here to talk to." : "There is no '\(who)' here."
        }
        state.conversation = .npc(index: index)
        return "\(state.met[index].npc.name) turns to you. (Say anything — try \"what's going on?\"; 'bye' ends the conversation.)"
    }

    func talk(_ line: String, in conversation: GameState.Conversation) async throws -> String {
        let seed = NPCGenerator.itemSeed(state.seed, 1_000_000 + state.turn)
        switch conversation {
        case .barista:
            let chat = chats["barista"] ?? makeBaristaChat()
            chats["barista"] = chat
            let reply = try await answer(line, in: chat, seed: seed)
            state.baristaTranscript = chat.transcript
            spend(rules.minutes.say)
            return "\(library.barista.name): \(reply)"
        case .npc(let index):
            guard state.met.indices.contains(index) else { state.conversation = nil; return "They have gone." }
            let met = state.met[index]
            let key = "npc-\(index)"
            let chat = chats[key] ?? makeChat(with: met)
            chats[key] = chat
            let reply = try await answer(line, in: chat, seed: seed)
            state.met[index].transcript = chat.transcript
            spend(rules.minutes.say)
            return "\(met.npc.name): \(reply)"
        case .creation(let index):
            guard state.creations.indices.contains(index) else { state.conversation = nil; return "They have gone." }
            let made = state.creations[index]
            let key = "creation-\(index)"
            let chat = chats[key] ?? made.transcript.map { Conversation(model: model, transcript: $0) }
                ?? Conversation(model: model, instructions: """
                    You are \(made.name), a customer of the coffee shop, a \(made.typeName) of the player's making: \(made.details). \
                    Your order: whatever is recommended. Speak only as yourself. Today is \(state.today.isoString).
                    """)
            chats[key] = chat
            let reply = try await answer(line, in: chat, seed: seed)
            state.creations[index].transcript = chat.transcript
            spend(rules.minutes.say)
            return "\(made.name): \(reply)"
        }
    }

    /// The character's answer; a line in a language the model does not speak gets a shrug in
    /// character rather than an error.
    private func answer(_ line: String, in chat: Conversation, seed: UInt64) async throws -> String {
        do {
            return try await chat.reply(to: line, seed: seed)
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

    private func makeBaristaChat() -> Conversation {
        let planner = GetContactEventTool(contact: library.barista.name, events: events, speaksForContact: true)
        if let saved = state.baristaTranscript { return Conversation(model: model, tools: [planner], transcript: saved) }
        return Conversation(model: model, tools: [planner],
                            instructions: "\(library.barista.briefing) Today is \(state.today.isoString).")
    }

    private func makeChat(with met: GameState.MetNPC) -> Conversation {
        let planner = GetContactEventTool(contact: met.npc.name, events: events, speaksForContact: true)
        if let saved = met.transcript { return Conversation(model: model, tools: [planner], transcript: saved) }
        let traits = met.npc.attributes.joined(separator: ", ")
        return Conversation(model: model, tools: [planner], instructions: """
            You are \(met.npc.name), a customer of the coffee shop: \(traits). Your order: \(met.npc.order). \
            You are chatting with the person behind the counter. Speak only as yourself, in the first person. \
            Today is \(state.today.isoString).
            """)
    }

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
