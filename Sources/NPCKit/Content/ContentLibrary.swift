import Foundation
import GuidedGeneration
import ProceduralModel

/// Everything the game is made of, loaded and checked once: the coffee shop's pack for the
/// procedural model (`content/procedural/`: names, drinks, attributes, complaints, riddles, the
/// barista's and customers' intents, the slot lexicon, the corpus — a complete pack, used in place
/// of the model's generic English one) and the game's files (`content/game/`: the barista's persona,
/// the menu with prices, the rooms, contacts and events, the shift's rules). The built-in content is compiled into
/// NPCKit; an overlay directory — `--content DIR` or `$COFFEESHOP_CONTENT` — layers a
/// user's pack over it: `DIR/procedural/*.json` extends the pack (see docs/procedural-content.md,
/// "Layering") and each `DIR/game/<file>.json` replaces the built-in file of that name. Every
/// problem is a `ContentLibraryError` naming the file and the key path.
///
/// ```swift
/// let library = try ContentLibrary.builtIn()
/// let mine = try ContentLibrary(overlay: URL(fileURLWithPath: "mypack"))
/// print(library.world.startRoom.name, library.riddles.count, library.menu.drinks.count)
/// ```
public struct ContentLibrary: Sendable {
    /// The procedural model's content pack.
    public let procedural: ProceduralContent
    /// The procedural model on this content (the default model of every generator).
    public let model: ProceduralModel
    public let barista: BaristaPersona
    /// How language models are asked for NPCs and riddles.
    let writing: WritingGuide.Kinds
    public let menu: Menu
    public let world: World
    /// How a shift plays: days, goals, costs on the clock, traits, remedies, upgrades.
    package let shift: ShiftRules
    public let contacts: [Contact]
    public let events: [CalendarEvent]
    /// The NPC attributes: the alternatives of the grammar symbol `attribute`.
    public let attributes: [String]
    /// The riddles of the pack's `riddles` records.
    public let riddles: [Riddle]
    /// Every content document in use (the procedural pack's, then the game files, each with
    /// the name it was read under): what a content pack's manifest fingerprints.
    package let documents: [ContentDocument]
    /// How many of `documents` belong to the procedural pack (the rest are game files).
    private let proceduralDocumentCount: Int

    /// The largest content file read from an overlay (16 MiB).
    static let fileSizeLimit = 16 << 20

    /// The environment variable naming an overlay directory.
    package static let environmentVariable = "COFFEESHOP_CONTENT"
    /// The game files an overlay's `game/` folder may hold.
    static let gameFiles = ["barista.json", "contacts.json", "events.json", "menu.json", "rooms.json", "shift.json", "writing.json"]

    private static let builtInResult = Result { () throws(ContentLibraryError) -> ContentLibrary in try ContentLibrary(overlay: nil) }

    /// The built-in content, loaded once per process.
    public static func builtIn() throws(ContentLibraryError) -> ContentLibrary {
        try builtInResult.get()
    }

    /// The built-in content with `directory` layered over it (nil: the built-in content alone).
    public init(overlay directory: URL?) throws(ContentLibraryError) {
        let embedded = EmbeddedContent.files.map { (name: $0.name, json: $0.data) }
        var proceduralDocuments = embedded.filter { $0.name.hasPrefix("content/procedural/") }
        var gameDocuments = Dictionary(embedded.filter { $0.name.hasPrefix("content/game/") }.map { (($0.name as NSString).lastPathComponent, $0) },
                                       uniquingKeysWith: { first, _ in first })
        if let directory {
            let overlay = try ContentOverlay(directory: directory)
            proceduralDocuments += overlay.procedural
            for document in overlay.game { gameDocuments[(document.name as NSString).lastPathComponent] = document }
        }
        try self.init(procedural: proceduralDocuments, game: gameDocuments)
    }

    /// The same content loaded again into objects of its own. Threads that each work on their
    /// own copy never touch the same reference counts, which otherwise bounce between cores.
    package func independentCopy() throws(ContentLibraryError) -> ContentLibrary {
        let procedural = documents.prefix(proceduralDocumentCount).map { (name: $0.name, json: $0.json) }
        let game = Dictionary(documents.dropFirst(proceduralDocumentCount).map { (($0.name as NSString).lastPathComponent, (name: $0.name, json: $0.json)) },
                              uniquingKeysWith: { first, _ in first })
        return try ContentLibrary(procedural: procedural, game: game)
    }

    private init(procedural proceduralDocuments: [(name: String, json: String)],
                 game gameDocuments: [String: (name: String, json: String)]) throws(ContentLibraryError) {
        proceduralDocumentCount = proceduralDocuments.count
        documents = proceduralDocuments.map { ContentDocument(name: $0.name, json: $0.json) }
            + Self.gameFiles.compactMap { gameDocuments[$0].map { ContentDocument(name: $0.name, json: $0.json) } }
        func file(_ name: String) throws(ContentLibraryError) -> ContentFile {
            guard let document = gameDocuments[name] else { throw .unreadable(file: "content/game/\(name)", reason: "the file is missing") }
            return try ContentFile(name: document.name, json: document.json)
        }
        do {
            procedural = try ProceduralContent(documents: proceduralDocuments)
        } catch {
            throw .procedural(error)
        }
        model = ProceduralModel(content: procedural).answering(othersWith: ProceduralModel())
        riddles = try Self.riddles(in: proceduralDocuments)
        attributes = try Self.attributes(in: procedural.grammar)

        let baristaFile = try file("barista.json")
        barista = try baristaFile.decode(BaristaPersona.self, key: "barista")
        guard !barista.name.isEmpty, !barista.instructions.isEmpty else {
            throw baristaFile.failure("barista", "the barista needs a name and instructions")
        }
        writing = try WritingGuide.Kinds(try file("writing.json"))
        let menuFile = try file("menu.json")
        menu = try menuFile.decodeRoot(Menu.self)
        try Self.check(menu, against: procedural.grammar, file: menuFile)
        let roomsFile = try file("rooms.json")
        world = try roomsFile.decodeRoot(World.self)
        if let problem = world.problems().first { throw roomsFile.failure(problem.keyPath, problem.problem) }
        let shiftFile = try file("shift.json")
        shift = try shiftFile.decode(ShiftRules.self, key: "shift")
        if let problem = shift.problems(menu: menu, attributes: attributes).first { throw shiftFile.failure(problem.keyPath, problem.problem) }
        let contactsFile = try file("contacts.json")
        contacts = try contactsFile.decode([Contact].self, key: "contacts")
        let eventsFile = try file("events.json")
        events = try eventsFile.decode([CalendarEvent].self, key: "events")
        try Self.check(contacts, file: contactsFile)
        try Self.check(events, knowing: contacts, file: eventsFile)
    }

    /// The built-in content under the overlay named by `$COFFEESHOP_CONTENT`, if set.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ContentLibraryError) -> ContentLibrary {
        guard let path = environment[environmentVariable], !path.isEmpty else { return try builtIn() }
        return try ContentLibrary(overlay: URL(fileURLWithPath: path))
    }
}

/// One content file as it was read: its name and its JSON text.
package struct ContentDocument: Sendable, Equatable {
    package let name: String
    package let json: String
}
