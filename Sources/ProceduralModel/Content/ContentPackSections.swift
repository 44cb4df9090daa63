import GuidedGeneration
import JSONSchema

/// A value read from a content file, with where it came from, so checks that need the whole
/// pack (does this symbol exist?) can still name the file and key path.
struct Sourced<Value> {
    var value: Value
    var file: String
    var keyPath: String
}

/// The sections of a content pack, merged file by file in load order: grammar documents are
/// layered (a later symbol replaces an earlier one), slots and lexicon entries are appended,
/// records are appended per collection name, intents replace an earlier intent of the same name in place, synonym
/// groups of the same canonical word gather their variants, and corpus sentences are appended. Parsing checks every value's shape; the cross-references are checked
/// by `ProceduralContent` once all files are in.
struct ContentPackSections {
    static let sectionNames = ["grammar", "slots", "lexicon", "records", "intents", "speakers", "synonyms", "corpus"]

    var grammarDocuments: [Sourced<GeneratedContent>] = []
    var slots: [Sourced<ProceduralContent.Slot>] = []
    var lexicon: [Sourced<ProceduralContent.LexiconEntry>] = []
    var recordCollections: [(name: String, records: [Sourced<GeneratedContent>])] = []
    var intents: [Sourced<ProceduralContent.Intent>] = []
    var speakers: [Sourced<ProceduralContent.Speaker>] = []
    var synonyms: [Sourced<ProceduralContent.SynonymGroup>] = []
    /// Which group each word or phrase (as stems) belongs to, and the file that said so.
    private var synonymOwners: [[String]: (canonical: String, file: String)] = [:]
    var corpus: [String] = []

    mutating func add(file: String, document: GeneratedContent) throws(ProceduralContentError) {
        let reader = ContentValueReader(file: file)
        for (section, value) in try reader.fields(document, "(root)") {
            switch section {
            case "grammar": grammarDocuments.append(Sourced(value: value, file: file, keyPath: "grammar"))
            case "slots": try addSlots(value, reader)
            case "lexicon": try addLexicon(value, reader)
            case "records": try addRecords(value, reader)
            case "intents": try addIntents(value, reader)
            case "speakers": try addSpeakers(value, reader)
            case "synonyms": try addSynonyms(value, reader)
            case "corpus": corpus += try reader.strings(value, "corpus")
            default:
                throw reader.failure(section, "unknown section (allowed: \(Self.sectionNames.joined(separator: ", ")))")
            }
        }
    }

    private mutating func addSlots(_ value: GeneratedContent, _ reader: ContentValueReader) throws(ProceduralContentError) {
        for (index, element) in try reader.elements(value, "slots").enumerated() {
            let path = "slots[\(index)]"
            let fields = try reader.fields(element, path)
            try reader.checkKeys(fields, path, allowed: ["symbol", "names", "descriptions", "types", "weight", "tool"], required: ["symbol"])
            var slot = ProceduralContent.Slot(symbol: "")
            for (key, field) in fields {
                switch key {
                case "symbol": slot.symbol = try reader.string(field, "\(path).symbol")
                case "names": slot.names = try reader.strings(field, "\(path).names")
                case "descriptions": slot.descriptions = try reader.strings(field, "\(path).descriptions")
                case "types": slot.types = try reader.strings(field, "\(path).types")
                case "tool": slot.tool = try Self.toolRequest(field, "\(path).tool", reader)
                default: slot.weight = try reader.positiveNumber(field, "\(path).weight")
                }
            }
            guard !(slot.names.isEmpty && slot.descriptions.isEmpty && slot.types.isEmpty) else {
                throw reader.failure(path, "a slot needs at least one of names, descriptions or types, or nothing can select it")
            }
            slots.append(Sourced(value: slot, file: reader.file, keyPath: path))
        }
    }

    private mutating func addLexicon(_ value: GeneratedContent, _ reader: ContentValueReader) throws(ProceduralContentError) {
        for (index, element) in try reader.elements(value, "lexicon").enumerated() {
            let path = "lexicon[\(index)]"
            let fields = try reader.fields(element, path)
            try reader.checkKeys(fields, path, allowed: ["symbol", "words", "cues"], required: ["symbol", "words"])
            var entry = ProceduralContent.LexiconEntry(symbol: "", words: [])
            for (key, field) in fields {
                switch key {
                case "symbol": entry.symbol = try reader.string(field, "\(path).symbol")
                case "words": entry.words = try Self.lexiconWords(field, "\(path).words", reader)
                default: entry.cues = try Self.lexiconWords(field, "\(path).cues", reader)
                }
            }
            guard !entry.words.isEmpty else { throw reader.failure("\(path).words", "a lexicon entry needs at least one word") }
            lexicon.append(Sourced(value: entry, file: reader.file, keyPath: path))
        }
    }

    /// Words or phrases of a lexicon entry, each saying something: a phrase of stop words only
    /// (`the`) or of punctuation could never be found.
    private static func lexiconWords(_ value: GeneratedContent, _ path: String, _ reader: ContentValueReader) throws(ProceduralContentError) -> [String] {
        let words = try reader.strings(value, path)
        for (index, word) in words.enumerated() where SlotWords.keywords(word).isEmpty {
            throw reader.failure("\(path)[\(index)]", "'\(word)' has no word that can name a kind (only common words or punctuation)")
        }
        return words
    }

    private mutating func addRecords(_ value: GeneratedContent, _ reader: ContentValueReader) throws(ProceduralContentError) {
        for (name, collection) in try reader.fields(value, "records") {
            let elements = try reader.elements(collection, "records.\(name)")
            guard !elements.isEmpty else { throw reader.failure("records.\(name)", "a record collection needs at least one record") }
            var records: [Sourced<GeneratedContent>] = []
            for (index, record) in elements.enumerated() {
                let path = "records.\(name)[\(index)]"
                guard case .object = record.storage else { throw reader.failure(path, "expected an object, found \(record.typeName)") }
                records.append(Sourced(value: record, file: reader.file, keyPath: path))
            }
            if let existing = recordCollections.firstIndex(where: { $0.name == name }) {
                recordCollections[existing].records += records
            } else {
                recordCollections.append((name, records))
            }
        }
    }

    /// Speakers replace an earlier speaker of the same name.
    private mutating func addSpeakers(_ value: GeneratedContent, _ reader: ContentValueReader) throws(ProceduralContentError) {
        for (index, element) in try reader.elements(value, "speakers").enumerated() {
            let path = "speakers[\(index)]"
            let fields = try reader.fields(element, path)
            try reader.checkKeys(fields, path, allowed: ["name", "marker", "captures", "fallback", "requestFallback", "remarkFallback", "default"], required: ["name", "marker"])
            var speaker = ProceduralContent.Speaker(name: "", markers: [], captures: [], fallback: nil, requestFallback: nil, remarkFallback: nil, isDefault: false)
            for (key, field) in fields {
                switch key {
                case "name": speaker.name = try reader.string(field, "\(path).name")
                case "marker":
                    speaker.markers = try reader.stringOrStrings(field, "\(path).marker")
                case "fallback": speaker.fallback = try reader.string(field, "\(path).fallback")
                case "requestFallback": speaker.requestFallback = try reader.string(field, "\(path).requestFallback")
                case "remarkFallback": speaker.remarkFallback = try reader.string(field, "\(path).remarkFallback")
                case "default":
                    guard let flag = field.boolValue else { throw reader.failure("\(path).default", "expected true or false, found \(field.typeName)") }
                    speaker.isDefault = flag
                default:
                    for (position, capture) in try reader.elements(field, "\(path).captures").enumerated() {
                        let capturePath = "\(path).captures[\(position)]"
                        let parts = try reader.fields(capture, capturePath)
                        try reader.checkKeys(parts, capturePath, allowed: ["symbol", "after", "until", "template", "closest", "unmatched", "named", "second", "whenNamed"], required: ["symbol", "after", "until"])
                        var read = ProceduralContent.Speaker.Capture(symbols: [], after: "", until: [])
                        for (part, text) in parts {
                            switch part {
                            case "until", "symbol":
                                let texts = try reader.stringOrStrings(text, "\(capturePath).\(part)")
                                guard !texts.isEmpty, !texts.contains("") else {
                                    throw reader.failure("\(capturePath).\(part)", part == "until" ? "give the text (or texts) that end the captured value" : "name the symbol (or symbols) the capture fills")
                                }
                                if part == "until" { read.until = texts } else { read.symbols = texts }
                            case "closest", "named", "second", "whenNamed":
                                guard let flag = text.boolValue else { throw reader.failure("\(capturePath).\(part)", "expected true or false, found \(text.typeName)") }
                                switch part {
                                case "closest": read.closest = flag
                                case "named": read.named = flag
                                case "second": read.second = flag
                                default: read.whenNamed = flag
                                }
                            case "after": read.after = try reader.string(text, "\(capturePath).after")
                            default:
                                let string = try reader.string(text, "\(capturePath).\(part)")
                                guard string.contains("{}") else { throw reader.failure("\(capturePath).\(part)", "a template needs {} where the captured text goes") }
                                if part == "template" { read.template = string } else { read.unmatched = string }
                            }
                        }
                        guard read.unmatched == nil || read.closest else {
                            throw reader.failure("\(capturePath).unmatched", "only a capture with \"closest\": true offers its latest text when none matches")
                        }
                        guard !read.named || read.closest else {
                            throw reader.failure("\(capturePath).named", "only a capture with \"closest\": true chooses among texts by the words they name")
                        }
                        guard !read.second || read.closest else {
                            throw reader.failure("\(capturePath).second", "only a capture with \"closest\": true keeps the text second closest to the prompt")
                        }
                        speaker.captures.append(read)
                    }
                }
            }
            guard !speaker.markers.isEmpty, !speaker.markers.contains("") else {
                throw reader.failure("\(path).marker", "a speaker's marker cannot be empty")
            }
            let sourced = Sourced(value: speaker, file: reader.file, keyPath: path)
            if let existing = speakers.firstIndex(where: { $0.value.name == speaker.name }) {
                speakers[existing] = sourced
            } else {
                speakers.append(sourced)
            }
        }
    }

    /// A variant may belong to one group only, or matching would depend on load order.
    private mutating func addSynonyms(_ value: GeneratedContent, _ reader: ContentValueReader) throws(ProceduralContentError) {
        for (canonical, variants) in try reader.fields(value, "synonyms") {
            let path = "synonyms.\(canonical)"
            guard DialogWords.words(canonical) == [canonical.lowercased()] else {
                throw reader.failure(path, "a synonym group's name must be one word, its canonical form")
            }
            let words = try reader.strings(variants, path)
            for (index, word) in ([canonical] + words).enumerated() {
                let stems = DialogWords.stems(word)
                let wordPath = index == 0 ? path : "\(path)[\(index - 1)]"
                guard !stems.isEmpty else { throw reader.failure(wordPath, "a variant needs at least one letter or digit") }
                if let owner = synonymOwners[stems], owner.canonical != canonical {
                    let place = owner.file == reader.file ? "" : " in \(owner.file)"
                    throw reader.failure(wordPath, "'\(word)' already belongs to the synonyms of '\(owner.canonical)'\(place)")
                }
                synonymOwners[stems] = (canonical, reader.file)
            }
            if let existing = synonyms.firstIndex(where: { $0.value.canonical == canonical }) {
                synonyms[existing].value.variants += words
            } else {
                synonyms.append(Sourced(value: ProceduralContent.SynonymGroup(canonical: canonical, variants: words), file: reader.file, keyPath: path))
            }
        }
    }

    private mutating func addIntents(_ value: GeneratedContent, _ reader: ContentValueReader) throws(ProceduralContentError) {
        var namesInFile: Set<String> = []
        for (index, element) in try reader.elements(value, "intents").enumerated() {
            let path = "intents[\(index)]"
            let fields = try reader.fields(element, path)
            try reader.checkKeys(fields, path, allowed: ["name", "examples", "response", "tool", "speaker", "about", "form", "cue", "when", "needs"], required: ["name", "examples", "response"])
            var intent = ProceduralContent.Intent(name: "", examples: [], response: "")
            for (key, field) in fields {
                switch key {
                case "name": intent.name = try reader.string(field, "\(path).name")
                case "examples": intent.examples = try reader.strings(field, "\(path).examples")
                case "response": intent.response = try reader.string(field, "\(path).response")
                case "speaker": intent.speaker = try reader.string(field, "\(path).speaker")
                case "about":
                    let subject = try reader.string(field, "\(path).about")
                    guard let about = ProceduralContent.Intent.Subject(rawValue: subject) else {
                        throw reader.failure("\(path).about", "expected 'player' or 'speaker', found '\(subject)'")
                    }
                    intent.about = about
                case "form":
                    let form = try reader.string(field, "\(path).form")
                    guard let read = ProceduralContent.Intent.Form(rawValue: form) else {
                        throw reader.failure("\(path).form", "expected 'question' or 'statement', found '\(form)'")
                    }
                    intent.form = read
                case "cue":
                    let cue = try reader.string(field, "\(path).cue")
                    guard let read = ProceduralContent.Intent.Cue(rawValue: cue) else {
                        let cues = ProceduralContent.Intent.Cue.allCases.map { "'\($0.rawValue)'" }
                        throw reader.failure("\(path).cue", "expected \(cues.dropLast().joined(separator: ", ")) or \(cues.last!), found '\(cue)'")
                    }
                    intent.cue = read
                case "when": intent.when = try reader.string(field, "\(path).when")
                case "needs":
                    intent.needs = try reader.stringOrStrings(field, "\(path).needs")
                    guard !intent.needs.contains("") else { throw reader.failure("\(path).needs", "name the variables the reply needs") }
                default: intent.tool = try Self.toolRequest(field, "\(path).tool", reader)
                }
            }
            guard !intent.examples.isEmpty else { throw reader.failure("\(path).examples", "an intent needs at least one example") }
            guard namesInFile.insert(intent.name).inserted else {
                throw reader.failure("\(path).name", "intent '\(intent.name)' is defined twice in this file")
            }
            let sourced = Sourced(value: intent, file: reader.file, keyPath: path)
            if let existing = intents.firstIndex(where: { $0.value.name == intent.name }) {
                intents[existing] = sourced
            } else {
                intents.append(sourced)
            }
        }
    }

    private static func toolRequest(_ value: GeneratedContent, _ path: String, _ reader: ContentValueReader) throws(ProceduralContentError) -> ProceduralContent.ToolRequest {
        let fields = try reader.fields(value, path)
        try reader.checkKeys(fields, path, allowed: ["capability", "keywords"], required: ["capability"])
        var request = ProceduralContent.ToolRequest(capability: "")
        for (key, field) in fields {
            if key == "capability" {
                request.capability = try reader.string(field, "\(path).capability")
            } else {
                request.keywords = try reader.strings(field, "\(path).keywords")
            }
        }
        return request
    }
}
