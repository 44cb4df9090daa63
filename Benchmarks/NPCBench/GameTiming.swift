import CoffeeShopGame
import Foundation
import NPCKit
import ProceduralModel

/// The game's figures, in process: start-up (the content loaded and checked afresh, the game
/// made, its opening text) and the time of each turn of 200 commands of a relaxed shift (no one
/// gives up, so every command is played): the hint's command — walking, serving, settling
/// complaints, waiting, buying — mixed with conversations with customers, the menu and looks.
nonisolated func timeGame(seed: UInt64) async throws {
    let pattern = ["", "", "", "talk customer", "what's going on?", "what are you doing on Saturday?", "bye", "", "look", "menu"]
    let start = wallSeconds()
    let library = try ContentLibrary(overlay: nil)
    let game = try Game(library: library, setup: .init(seed: seed, today: CalendarDate(year: 2026, month: 11, day: 28)!, relaxed: true))
    _ = await game.opening()
    let startup = wallSeconds() - start
    var turns: [Double] = []
    for index in 0..<200 {
        let fixed = pattern[index % pattern.count]
        let command = fixed.isEmpty ? await game.hint.command : fixed
        let clock = wallSeconds()
        _ = await game.handle(command)
        turns.append(wallSeconds() - clock)
    }
    turns.sort()
    let p99 = turns[min(turns.count - 1, Int((0.99 * Double(turns.count)).rounded(.up)) - 1)]
    print("| Game (200 commands of a relaxed shift) | Start-up | Turn p50 | Turn p99 | Slowest turn |")
    print("|---|---:|---:|---:|---:|")
    print(String(format: "| in process | %.1f ms | %.3f ms | %.3f ms | %.3f ms |", startup * 1000, turns[turns.count / 2] * 1000, p99 * 1000, turns.last! * 1000))
}
