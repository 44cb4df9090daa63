import NPCKit

/// One typed command of the game, read from a line: the verb (with its short forms) and the
/// rest of the line. A bare number answers the open riddle; anything else is `unknown` (the game
/// still moves to a room named by it).
enum GameCommand: Equatable {
    case help, look, bye, resolve, riddle, score, inventory, saves, continueGame, quit, wait, hint, undo, menu
    case go(String)
    case examine(String)
    case talk(String)
    case make(String)
    case recommend(String)
    /// `apologize`, `refund` or `remake`, optionally `for <name>`.
    case remedy(String, who: String)
    case buy(String)
    case take(String)
    case use(String)
    case answer(String)
    case create(String)
    case save(String?)
    case load(String)
    case unknown(String)

    init(parsing line: String) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let verb = words[0].lowercased()
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch (verb, rest.isEmpty) {
        case ("help", _), ("?", _), ("h", true): self = .help
        case ("look", true), ("l", true): self = .look
        case ("go", false), ("walk", false), ("enter", false): self = .go(rest.hasPrefix("to ") ? String(rest.dropFirst(3)) : rest)
        case ("examine", false), ("x", false), ("inspect", false): self = .examine(rest)
        case ("look", false): self = .examine(rest.hasPrefix("at ") ? String(rest.dropFirst(3)) : rest)
        case ("talk", _): self = .talk(rest.hasPrefix("to ") ? String(rest.dropFirst(3)) : rest)
        case ("bye", _), ("goodbye", _), ("leave", true): self = .bye
        case ("make", _), ("serve", _): self = .make(rest)
        case ("recommend", false), ("suggest", false): self = .recommend(rest)
        case ("resolve", _), ("settle", _): self = .resolve
        case ("apologize", _), ("apologise", _), ("sorry", _): self = .remedy("apologize", who: Self.target(rest))
        case ("refund", _): self = .remedy("refund", who: Self.target(rest))
        case ("remake", _): self = .remedy("remake", who: Self.target(rest))
        case ("wait", true), ("z", true): self = .wait
        case ("hint", true): self = .hint
        case ("undo", true): self = .undo
        case ("menu", true): self = .menu
        case ("buy", false): self = .buy(rest)
        case ("take", _), ("get", false), ("pick", false): self = .take(rest.hasPrefix("up ") ? String(rest.dropFirst(3)) : rest)
        case ("use", false), ("give", false), ("offer", false): self = .use(rest)
        case ("riddle", true): self = .riddle
        case ("answer", false): self = .answer(rest)
        case ("create", false): self = .create(rest)
        case ("score", true): self = .score
        case ("inventory", true), ("i", true), ("inv", true): self = .inventory
        case ("save", _): self = .save(rest.isEmpty ? nil : rest)
        case ("load", false): self = .load(rest)
        case ("saves", true): self = .saves
        case ("continue", true): self = .continueGame
        case ("quit", true), ("exit", true), ("q", true): self = .quit
        default:
            self = Int(line) != nil ? .answer(line) : .unknown(line)
        }
    }

    /// Whether the command replaces the game with a saved one.
    var loadsAGame: Bool {
        if case .load = self { return true }
        return self == .continueGame
    }

    /// The name after a remedy: "to Sam", "for Sam" or "Sam".
    private static func target(_ rest: String) -> String {
        for word in ["to ", "for "] where rest.lowercased().hasPrefix(word) { return String(rest.dropFirst(word.count)) }
        return rest
    }

    /// Whether a line said during a conversation is a game command rather than words for the
    /// other person: a command word alone ("look", "hint", "bye" …), `go <place>` to a room that
    /// exists, `talk <name>`, `make order`, or `save`/`load` with one name. Anything else — "Go
    /// on, tell me more", "Make me laugh" — is said to them.
    static func leavesConversation(_ line: String, isRoom: (String) -> Bool = { _ in false }) -> Bool {
        let words = line.lowercased().split(separator: " ").map(String.init)
        guard let verb = words.first else { return false }
        let rest = words.dropFirst().joined(separator: " ")
        if words.count == 1 { return soloCommands.contains(verb) }
        switch verb {
        case "go", "walk": return isRoom(rest.hasPrefix("to ") ? String(rest.dropFirst(3)) : rest)
        case "talk": return true
        case "make": return rest == "order"
        case "save", "load": return words.count == 2
        default: return false
        }
    }

    /// Whether a line that is no command reads as words to someone, as when a player goes on
    /// talking after the one they spoke to has left: a sentence that asks (`PlayerSentence`), that
    /// speaks of the player ("I", "my") or to a "you", or a greeting.
    static func readsAsSpeech(_ line: String) -> Bool {
        PlayerSentence.split(line).contains { sentence in
            sentence.isQuestion || sentence.speaksOfThePlayer || sentence.lower.contains(where: addressWords.contains)
                || greetings.contains(sentence.lower[0])
        }
    }

    private static let addressWords: Set<String> = ["you", "you're", "your", "u", "ur"]
    private static let greetings: Set<String> = ["hi", "hello", "hey"]

    /// The commands that leave a conversation when typed alone.
    static let soloCommands: Set<String> = [
        "bye", "goodbye", "quit", "exit", "q", "help", "?", "hint", "undo", "wait", "z", "menu", "look", "l", "score", "inventory", "i",
        "saves", "save", "make", "riddle", "apologize", "apologise", "refund", "remake", "resolve", "continue",
    ]

    static let helpText = """
        Commands:
          look (l)                   describe where you are
          go <place> (or just the place)   move: e.g. 'go seating', 'patio'
          examine <thing> (x)        look closely at something or someone
          talk barista | talk <name> start a conversation: what you type is said to them until 'bye'
                                     (a command word alone, 'go <place>', 'talk <name>' and
                                     'make order' still work as commands)
          make order                 make the customer here exactly what they ordered (add 'for <name>'
                                     when several wait); 'make large iced oat latte with vanilla' makes
                                     what you name, judged against their order: right, close or wrong
          recommend <drink>          their order with another drink: curious customers love it,
                                     fussy ones refuse it
          apologize | refund | remake   settle a complaint: the remedy must fit what it is about
                                     (money back, a drink made again, or a sorry)
          wait (z), hint             let 10 minutes pass; what is most urgent right now, with the
                                     command to type ('hint' again: the next thing worth doing)
          menu, buy <thing>          the board and what the shop can buy with your coins
          undo                       take back your last action (one step; a riddle answer is never
                                     taken back)
          riddle                     in the riddle corner: a new riddle; answer with its number or 'answer <text>'
          create <type>              level creator: describe an encounter type, e.g.
                                     create Riddle: question text, answers list of 3 Answer; Answer: text text, isCorrect bool
                                     what you make turns up in the next rooms: answer its riddles,
                                     talk to its characters, take its items and 'use' them on a customer
          score, inventory (i)       how you are doing
          save [name], load <name>, saves   save games (in the saves folder; damaged ones are listed as such)
          continue                   pick up your last game (its 'autosave')
          quit                       leave (the game is saved as 'autosave'; other games' autosaves
                                     move along to 'autosave-1' and 'autosave-2', never written over)
        The shift: every action takes minutes on the clock (moving 2, a drink 4, a line of talk 1).
        Customers arrive through the day and give up if kept waiting. Each day has a goal in coins
        and reputation; meet it to open the next, harder day; miss it, or let your reputation fall
        to 0, and the game is lost. Win three days to win the game.
        In a conversation, ask a customer "what's going on?" to hear about their plans.
        Name anyone by a first or last name, the full name or its start, in any case: 'x sam',
        'talk sam t', 'make order for sa' (a name that fits two is asked about).
        """
}
