import Foundation
@testable import ProceduralModel

/// The repository's content packs, read in place: the generic English pack the model embeds
/// (`content/english/`) and the coffee shop's complete pack that NPCKit embeds instead
/// (`content/procedural/`), for tests of the model's machinery on a full game's lexicon.
enum RepositoryContent {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let root = packageRoot.appendingPathComponent("content")
    static let english = root.appendingPathComponent("english")
    static let coffeeShopFolder = root.appendingPathComponent("procedural")

    /// The coffee shop's pack, loaded once per test process (loading trains the corpus model).
    static func coffeeShop() throws -> ProceduralContent {
        try loadedCoffeeShop.get()
    }

    private static let loadedCoffeeShop = Result { try ProceduralContent(directory: coffeeShopFolder) }
}
