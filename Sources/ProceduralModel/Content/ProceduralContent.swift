import Foundation
import GuidedGeneration
import JSONSchema
import RegularFiles

/// The procedural model's data — its "weights": a grammar, slots, a lexicon, records, intents
/// and a text corpus, loaded from a content pack (a directory of JSON files, format in
/// `docs/procedural-content.md`) and checked as a whole, so a typo is reported at load with its
/// file and key path rather than surfacing as odd output later.
///
/// The library embeds a small generic English pack (`ProceduralContent.builtIn`); a game layers
/// its own pack on top with `extended(with:)`, where later files add symbols, slots, lexicon
/// entries, records, intents and sentences, and replace symbols and intents of the same name,
/// or loads a complete pack of its own with `init(directory:)`.
///
/// ```swift
/// let content = try ProceduralContent.builtIn.extended(with: URL(fileURLWithPath: "mypack"))
/// var memory = ExpansionMemory()
/// var random = SeededRandom(seed: 1)
/// print(try content.grammar.expand("greetingReply", memory: &memory, random: &random))
/// ```
public struct ProceduralContent: Sendable {
    /// Every file's `"grammar"` document, layered in load order.
    public let grammar: Grammar
    /// The slots, in load order.
    package let slots: [Slot]
    /// The lexicon: the words that name each kind of value, in load order (see `LexiconEntry`).
    package let lexicon: [LexiconEntry]
    /// Record collections, in the order their names first appear.
    package let recordCollections: [RecordCollection]
    /// Intents, in the order their names first appear (a later file's intent of the same name
    /// takes the earlier one's place).
    package let intents: [Intent]
    /// Who sessions speak as (see `Speaker`).
    package let speakers: [Speaker]
    /// Words intent matching reads as one (see `SynonymGroup`), in the order they first appear.
    let synonyms: [SynonymGroup]
    /// The sentences the fallback text model was trained on.
    package let corpus: [String]

    /// The statistical model for string fields no slot or lexicon kind matches, trained on
    /// `corpus`.
    let textModel: WordNGramModel
    /// `lexicon`, compiled for matching fields.
    let compiledLexicon: Lexicon
    /// The shape shared by the records of each collection, parallel to `recordCollections`.
    let recordShapes: [RecordShape]
    /// The parsed files in load order, kept so a pack can be re-layered with another one.
    let files: [(name: String, document: GeneratedContent)]

    /// Loads the pack in `directory`: every `*.json` file in it, in file-name order.
    ///
    /// ```swift
    /// let pack = try ProceduralContent(directory: URL(fileURLWithPath: "content/english"))
    /// ```
    public init(directory: URL) throws(ProceduralContentError) {
        try self.init(directories: [directory])
    }

    /// Loads several packs as one, each directory's files after the previous directory's, so a
    /// later pack extends and overrides an earlier one; the result is checked as a whole.
    ///
    /// ```swift
    /// let content = try ProceduralContent(directories: [baseURL, modURL])
    /// ```
    public init(directories: [URL]) throws(ProceduralContentError) {
        var files: [(name: String, document: GeneratedContent)] = []
        for directory in directories {
            files += try Self.readFiles(in: directory)
        }
        try self.init(files: files)
    }

    /// Loads a pack from JSON texts given in memory, in the order given; `name` identifies each
    /// document in error messages.
    ///
    /// ```swift
    /// let content = try ProceduralContent(documents: [
    ///     (name: "tiny.json", json: #"{"grammar": {"symbols": {"hi": ["Hello!"]}}, "corpus": ["Hello there."]}"#),
    /// ])
    /// ```
    package init(documents: [(name: String, json: String)]) throws(ProceduralContentError) {
        var files: [(name: String, document: GeneratedContent)] = []
        for (name, json) in documents {
            files.append((name, try Self.parse(json, file: name)))
        }
        try self.init(files: files)
    }

    /// This pack with the files of `directory` layered on top, checked as a whole — how a
    /// user's pack (`--content DIR`) extends the built-in one. The user's files may reference
    /// this pack's symbols.
    ///
    /// ```swift
    /// let content = try ProceduralContent.builtIn.extended(with: URL(fileURLWithPath: "mypack"))
    /// ```
    public func extended(with directory: URL) throws(ProceduralContentError) -> ProceduralContent {
        try ProceduralContent(files: files + Self.readFiles(in: directory))
    }

    /// This pack with `other`'s files layered on top, checked as a whole.
    ///
    /// ```swift
    /// let combined = try ProceduralContent.builtIn.merged(with: try ProceduralContent(directory: packURL))
    /// ```
    public func merged(with other: ProceduralContent) throws(ProceduralContentError) -> ProceduralContent {
        try ProceduralContent(files: files + other.files)
    }

    init(files: [(name: String, document: GeneratedContent)]) throws(ProceduralContentError) {
        var sections = ContentPackSections()
        for file in files {
            try sections.add(file: file.name, document: file.document)
        }
        let grammar = try Self.grammar(from: sections.grammarDocuments)
        for slot in sections.slots where !grammar.contains(symbol: slot.value.symbol) {
            throw .invalid(file: slot.file, keyPath: "\(slot.keyPath).symbol", problem: "unknown grammar symbol '\(slot.value.symbol)'")
        }
        for entry in sections.lexicon where !grammar.contains(symbol: entry.value.symbol) {
            throw .invalid(file: entry.file, keyPath: "\(entry.keyPath).symbol", problem: "unknown grammar symbol '\(entry.value.symbol)'")
        }
        for intent in sections.intents where !grammar.contains(symbol: intent.value.response) {
            throw .invalid(file: intent.file, keyPath: "\(intent.keyPath).response", problem: "unknown grammar symbol '\(intent.value.response)'")
        }
        let speakerNames = Set(sections.speakers.map(\.value.name))
        for intent in sections.intents {
            if let speaker = intent.value.speaker, !speakerNames.contains(speaker) {
                throw .invalid(file: intent.file, keyPath: "\(intent.keyPath).speaker", problem: "no speaker is named '\(speaker)' in the speakers section")
            }
        }
        for speaker in sections.speakers {
            let fallbacks = [("fallback", speaker.value.fallback), ("requestFallback", speaker.value.requestFallback), ("remarkFallback", speaker.value.remarkFallback)]
            for case let (key, symbol?) in fallbacks where !grammar.contains(symbol: symbol) {
                throw .invalid(file: speaker.file, keyPath: "\(speaker.keyPath).\(key)", problem: "unknown grammar symbol '\(symbol)'")
            }
        }
        var shapes: [RecordShape] = []
        for collection in sections.recordCollections {
            shapes.append(try Self.sharedShape(of: collection.records, collection: collection.name))
        }
        do {
            textModel = try WordNGramModel(corpus: sections.corpus)
        } catch {
            throw .missingCorpus
        }
        self.grammar = grammar
        slots = sections.slots.map(\.value)
        lexicon = sections.lexicon.map(\.value)
        compiledLexicon = Lexicon(lexicon)
        recordCollections = sections.recordCollections.map { RecordCollection(name: $0.name, records: $0.records.map(\.value)) }
        recordShapes = shapes
        intents = sections.intents.map(\.value)
        speakers = sections.speakers.map(\.value)
        synonyms = sections.synonyms.map(\.value)
        corpus = sections.corpus
        self.files = files
    }

    static func readFiles(in directory: URL) throws(ProceduralContentError) -> [(name: String, document: GeneratedContent)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            throw .unreadable(file: directory.relativePath, reason: error.localizedDescription)
        }
        guard !names.isEmpty else { throw .noContentFiles(directory: directory.relativePath) }
        var files: [(name: String, document: GeneratedContent)] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            let data: Data
            do {
                try RegularFile.check(url.path)
                data = try Data(contentsOf: url)
            } catch let refusal as RegularFile.Refusal {
                throw .unreadable(file: url.relativePath, reason: refusal.description)
            } catch {
                throw .unreadable(file: url.relativePath, reason: error.localizedDescription)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw .unreadable(file: url.relativePath, reason: "the file is not UTF-8 text")
            }
            files.append((url.relativePath, try parse(text, file: url.relativePath)))
        }
        return files
    }

    static func parse(_ json: String, file: String) throws(ProceduralContentError) -> GeneratedContent {
        do {
            return try GeneratedContent(json: json)
        } catch let error as JSONSyntaxError {
            throw .malformedJSON(file: file, line: error.line, column: error.column, message: error.message)
        } catch {
            throw .unreadable(file: file, reason: String(describing: error))
        }
    }

    /// Builds the layered grammar; a failure is reported against the file whose definition is
    /// in effect for the symbol it names (the last file defining it).
    private static func grammar(from documents: [Sourced<GeneratedContent>]) throws(ProceduralContentError) -> Grammar {
        do {
            return try Grammar(documents: documents.map(\.value))
        } catch {
            let file = culprit(of: error, among: documents) ?? documents.last?.file ?? "(pack)"
            throw .invalid(file: file, keyPath: "grammar", problem: error.description)
        }
    }

    private static func culprit(of error: GrammarError, among documents: [Sourced<GeneratedContent>]) -> String? {
        let symbol: String
        switch error {
        case .invalidSymbolName(let name), .emptyAlternatives(let name), .nonPositiveWeight(let name, _, _),
             .malformedTemplate(let name, _, _, _), .unknownSymbol(_, let name, _), .unknownModifier(_, let name, _):
            symbol = name
        case .neverTerminates(let symbols) where !symbols.isEmpty:
            symbol = symbols[0]
        default:
            // A shape error is local to one document: the first one that fails alone holds it.
            return documents.first { hasShapeError($0.value) }?.file
        }
        return documents.last { $0.value["symbols"]?.orderedKeys.contains(symbol) == true }?.file
    }

    /// The shape every record of a collection has (parsing guarantees at least one record).
    private static func hasShapeError(_ document: GeneratedContent) -> Bool {
        do throws(GrammarError) {
            _ = try Grammar(documents: [document])
            return false
        } catch {
            if case .invalidShape = error { return true }
            return false
        }
    }

    private static func sharedShape(of records: [Sourced<GeneratedContent>], collection: String) throws(ProceduralContentError) -> RecordShape {
        var shapes: [RecordShape] = []
        for record in records {
            guard let shape = RecordShape(of: record.value) else {
                throw .invalid(file: record.file, keyPath: record.keyPath, problem: "the objects inside one of its arrays have different keys")
            }
            guard shapes.isEmpty || shape == shapes[0] else {
                throw .invalid(file: record.file, keyPath: record.keyPath, problem: "its keys differ from those of records.\(collection)[0]; all records of a collection have the same keys")
            }
            shapes.append(shape)
        }
        return shapes[0]
    }
}
