import CoffeeShopGame
import CommandLineSupport
import Foundation
import GuidedGeneration
import LineEditing
import NPCKit
import ProceduralModel

// A closed pipe (`coffeeshop < script | head`) ends the game quietly instead of killing it.
signal(SIGPIPE, SIG_IGN)

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("coffeeshop: \(message)\n".utf8))
    exit(status)
}

let options: GameOptions
do {
    options = try GameOptions(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error) (see --help)", status: 2)
}
if options.showHelp { print(GameOptions.help); exit(0) }
if options.showVersion { print(GameOptions.version); exit(0) }
let chosenModel: (any LanguageModel)?
let fallsBack: Bool
do {
    fallsBack = try options.fallsBack()
    chosenModel = try options.chosenModel()
} catch let error as UsageError {
    fail("\(error) (see --help)", status: 2)
} catch {
    fail("cannot run \(options.model): \(error)", status: 1)
}

let interactive = isatty(STDIN_FILENO) == 1
let color = !options.noColor && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
/// On a terminal (both ends): line editing, history and word wrap.
let terminal = Terminal.isInteractive(input: STDIN_FILENO, output: STDOUT_FILENO) ? Terminal(input: STDIN_FILENO, output: STDOUT_FILENO) : nil

/// Prints the game's text, wrapped to a terminal's width, room headings in bold on a colour terminal.
func show(_ text: String) {
    guard !text.isEmpty else { return }
    print(rendered(text, width: terminal?.width, color: color))
}

let game: Game
/// The chosen model with the embedded one behind it (`--fallback procedural`).
var fallbackModel: FallbackModel?
do {
    let library = try options.content.map { try ContentLibrary(overlay: URL(fileURLWithPath: $0)) } ?? ContentLibrary.fromEnvironment()
    fallbackModel = fallsBack ? chosenModel.map { FallbackModel(primary: $0, fallback: library.model) } : nil
    let now = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    let today = options.today ?? CalendarDate(year: now.year ?? 2026, month: now.month ?? 1, day: now.day ?? 1)!
    let contacts = try options.contacts.map { try Contact.load(from: URL(fileURLWithPath: $0)) }
    let events = try options.calendar.map { path in
        try CalendarEvent.load(from: URL(fileURLWithPath: path), timeZone: .current) { problem in
            FileHandle.standardError.write(Data("coffeeshop: warning: \(problem); that event is left out\n".utf8))
        }
    }
    let saves = try SaveStore(directory: URL(fileURLWithPath: options.savesDirectory))
    game = try Game(library: library, setup: .init(seed: options.seed ?? UInt64.random(in: 0...UInt64.max), today: today,
                                                   contacts: contacts, events: events, model: fallbackModel ?? chosenModel, saves: saves,
                                                   relaxed: options.relaxed))
    if let name = options.load { _ = try await game.resume(from: name) }
} catch {
    fail("\(error)", status: 1)
}

// Ctrl-C saves the game, as 'quit' does, before leaving (status 130, as shells report it); the
// game plays its 'quit' after the command in progress, if any.
// Every reply is flushed when shown, so the last words go straight to the file descriptor and
// the game leaves with _exit: exit's flush of every stream would wait for standard input's
// lock, which the input loop holds while it waits for a line.
Interruption.onInterrupt { [game] in
    terminal?.restore()
    Task {
        let reply = await game.handle("quit")
        FileHandle.standardOutput.write(Data(("\n" + reply.text + "\n").utf8))
        _exit(130)
    }
}

show(await game.opening())
var toldOfFallback = false
while true {
    let input: String?
    if let terminal {
        print("")
        fflush(nil)
        input = terminal.readLine(prompt: "> ")
    } else {
        if interactive {
            print("\n> ", terminator: "")
            fflush(nil)
        }
        input = readLine()
    }
    guard let line = input else {
        // The end of a script (or Ctrl-D) leaves like 'quit': the game is saved.
        terminal?.restore()
        show(await game.handle("quit").text)
        break
    }
    if !interactive { print("\n> \(line)") }
    // A real model's lines are shown word by word on a terminal; a script's output is the same
    // with any model.
    let streamed = terminal != nil && chosenModel != nil ? StreamedReply(width: terminal?.width, color: color) : nil
    fflush(nil)
    let reply = await game.handle(line, speaking: streamed.map { streamed -> @Sendable (String) -> Void in streamed.show(beginning:) })
    if let fallbackModel, !toldOfFallback, fallbackModel.fallbackReplies > 0 {
        // Told once; later lines the model cannot produce come from the embedded model quietly.
        toldOfFallback = true
        show("(\(options.model) could not answer — \(fallbackModel.lastPrimaryFailure ?? "no reason given") — so the embedded model speaks for it. Play goes on; the model is asked again each time.)")
    }
    fflush(nil)
    if let streamed, !reply.text.isEmpty { streamed.finish(reply.text) } else { show(reply.text) }
    // Each reply goes out whole, also into a pipe: a program playing the game reads it before it answers.
    fflush(nil)
    if reply.isFinished { break }
}
terminal?.restore()
