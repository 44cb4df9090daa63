@testable import CoffeeShopGame
import Foundation
import GuidedGeneration
@testable import NPCKit
import Synchronization
import Testing

/// The game plays one turn at a time in the order they arrive, also when a turn waits on the
/// model: commands and restores sent while one is in flight give exactly what playing them one
/// after another gives.
@Suite struct GameTurnTests {
    /// Holds the model's replies, once armed, until `open` is called.
    final class Gate: Sendable {
        private let state = Mutex<(armed: Bool, held: [CheckedContinuation<Void, Never>])>((false, []))

        func arm() { state.withLock { $0.armed = true } }

        /// Whether a reply is being held.
        var isHolding: Bool { state.withLock { !$0.held.isEmpty } }

        func pass() async {
            await withCheckedContinuation { continuation in
                let passes = state.withLock { state in
                    if state.armed { state.held.append(continuation) }
                    return !state.armed
                }
                if passes { continuation.resume() }
            }
        }

        func open() {
            let held = state.withLock { state in
                state.armed = false
                defer { state.held = [] }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }
    }

    final class Flag: Sendable {
        private let raised = Atomic<Bool>(false)
        func raise() { raised.store(true, ordering: .relaxed) }
        var isRaised: Bool { raised.load(ordering: .relaxed) }
    }

    struct GatedModel: LanguageModel {
        let inner: any LanguageModel
        let gate: Gate

        func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
            await gate.pass()
            return try await inner.respond(to: request)
        }
    }

    static func newGame(gate: Gate) throws -> Game {
        let library = try ContentLibrary.builtIn()
        return try Game(library: library, setup: .init(seed: 7, today: GameTests.today, model: GatedModel(inner: library.model, gate: gate), relaxed: true))
    }

    @Test func turnsSentDuringAModelReplyWaitAndRunInArrivalOrder() async throws {
        let line = "what do you recommend today?"
        let serial = try Self.newGame(gate: Gate())
        _ = await serial.handle("talk barista")
        let before = await serial.state
        let expected = [await serial.handle(line).text, await serial.handle("bye").text]
        await serial.restore(before)
        let expectedLast = await serial.handle("look").text
        let expectedState = await serial.state

        let gate = Gate()
        let game = try Self.newGame(gate: gate)
        _ = await game.handle("talk barista")
        #expect(await game.state == before)
        gate.arm()
        let first = Task { await game.handle(line).text }
        while !gate.isHolding { await Task.yield() }
        // Each later turn is sent once the one before it is queued, so arrival order is known.
        let finishedEarly = Flag()
        let second = Task {
            let reply = await game.handle("bye").text
            if gate.isHolding { finishedEarly.raise() }
            return reply
        }
        while await game.turnsWaiting < 1, !finishedEarly.isRaised { await Task.yield() }
        let third = Task { await game.restore(before) }
        while await game.turnsWaiting < 2, !finishedEarly.isRaised { await Task.yield() }
        let fourth = Task { await game.handle("look").text }
        while await game.turnsWaiting < 3, !finishedEarly.isRaised { await Task.yield() }
        #expect(!finishedEarly.isRaised, "a command ran while another waited on the model")
        gate.open()
        #expect([await first.value, await second.value] == expected)
        await third.value
        #expect(await fourth.value == expectedLast)
        #expect(await game.state == expectedState)
        #expect(await game.turnsWaiting == 0)
    }
}
