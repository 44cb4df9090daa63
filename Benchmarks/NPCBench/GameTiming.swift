import Foundation
import NPCKit

/// The game's figures, in process: start-up (the content loaded and checked afresh, the game
/// made, its opening text) and the time of each turn of a 200-command script that walks the
/// shop, serves customers, talks to them and the barista and solves riddles.
nonisolated func timeGame(seed: UInt64) async throws {
    let script = [
        "look", "go seating", "talk customer", "what's going on?", "what are your plans?", "bye", "resolve", "make",
        "go window", "make", "recommend mocha", "go seating", "go counter", "talk barista", "How long have you worked here?",
        "What's the wifi password?", "bye", "go riddles", "riddle", "2", "go nook", "x book exchange", "score", "go seating", "inventory",
    ]
    let commands = (0..<200).map { script[$0 % script.count] }
    let start = wallSeconds()
    let library = try ContentLibrary(overlay: nil)
    let game = try Game(library: library, setup: .init(seed: seed, today: CalendarDate(year: 2026, month: 11, day: 28)!))
    _ = game.opening()
    let startup = wallSeconds() - start
    var turns: [Double] = []
    for command in commands {
        let clock = wallSeconds()
        _ = await game.handle(command)
        turns.append(wallSeconds() - clock)
    }
    turns.sort()
    let p99 = turns[min(turns.count - 1, Int((0.99 * Double(turns.count)).rounded(.up)) - 1)]
    print("| Game (200-command script) | Start-up | Turn p50 | Turn p99 | Slowest turn |")
    print("|---|---:|---:|---:|---:|")
    print(String(format: "| in process | %.1f ms | %.3f ms | %.3f ms | %.3f ms |", startup * 1000, turns[turns.count / 2] * 1000, p99 * 1000, turns.last! * 1000))
}
