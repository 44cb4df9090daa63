import CoffeeShopGame
import NPCKit

/// Plays commands one at a time, whoever sends them: the input loop, or the Ctrl-C handler
/// that saves the game before leaving. A command waits for the one before it to finish, also
/// across the model's suspensions (which an actor alone would interleave).
actor TurnGate {
    private let game: Game
    private var previous: Task<Void, Never>?

    init(game: Game) {
        self.game = game
    }

    func play(_ line: String) async -> Game.Reply {
        let before = previous
        let game = self.game
        let turn = Task {
            await before?.value
            return await game.handle(line)
        }
        previous = Task { _ = await turn.value }
        return await turn.value
    }
}
