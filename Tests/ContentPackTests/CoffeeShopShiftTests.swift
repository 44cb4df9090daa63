import CoffeeShopGame
import Foundation
import NPCKit
import ProceduralModel
import Testing

/// End-to-end shifts: whole games piped into the built `coffeeshop`, won and lost.
@Suite struct CoffeeShopShiftTests {
    /// The commands a player who takes every hint types, found by playing the library's game
    /// with the same seed and date.
    static func hintedCommands(seed: UInt64) async throws -> [String] {
        let game = try Game(library: try .builtIn(), setup: .init(seed: seed, today: CalendarDate(year: 2026, month: 11, day: 28)!))
        var commands: [String] = []
        while commands.count < 500 {
            let command = await game.hint.command
            commands.append(command)
            if await game.handle(command).isFinished { break }
        }
        return commands
    }

    @Test func aWeekIsWonByServingEveryoneInTime() async throws {
        let commands = try await Self.hintedCommands(seed: 5)
        let (result, saves) = try CoffeeShopGameTests.play(["hint"] + commands + ["look", "quit"], seed: 5)
        #expect(result.status == 0, "\(result.errors)")
        let output = result.output
        for day in 1...3 { #expect(output.contains("== Closing time, day \(day) of 3 ==")) }
        #expect(output.contains("Day 1 is won! Tomorrow opens at 08:00: 9 customers"))
        #expect(output.contains("You win!"))
        #expect(output.contains("exactly what they asked for"))
        // The game ends there: the lines after it are not played, and the game is saved.
        #expect(!output.contains("> look"))
        #expect(output.hasSuffix("Saved as 'autosave'.\n"), "\(output.suffix(200))")
        let save = try String(contentsOf: saves.url.appendingPathComponent("autosave.json"), encoding: .utf8)
        #expect(save.contains("\"outcome\" : \"won\""))
    }

    @Test func aShiftIsLostWhenCustomersAreLeftWaiting() throws {
        let (result, _) = try CoffeeShopGameTests.play(Array(repeating: "wait", count: 20), seed: 5)
        #expect(result.status == 0)
        #expect(result.output.contains("gets up") || result.output.contains("walks out") || result.output.contains("leaves"))
        #expect(result.output.contains("You lose."))
        #expect(!result.output.contains("== Closing time"), "the reputation hit 0 before closing")
    }

    @Test func aRelaxedShiftNeverEnds() throws {
        let (result, _) = try CoffeeShopGameTests.play(Array(repeating: "wait", count: 30) + ["score", "quit"], extra: ["--relaxed"], seed: 5)
        #expect(result.status == 0)
        #expect(result.output.contains("== Day 3: the shop opens at 08:00 =="))
        #expect(!result.output.contains("You lose."))
        #expect(result.output.contains("Thanks for visiting."))
    }
}
