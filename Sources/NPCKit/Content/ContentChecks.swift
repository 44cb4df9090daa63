import GuidedGeneration
import ProceduralModel

/// The checks across files that decoding alone cannot make.
extension ContentLibrary {
    /// Every riddle record, file by file, so an error names the file it is in.
    package static func riddles(in documents: [(name: String, json: String)]) throws(ContentLibraryError) -> [Riddle] {
        var riddles: [Riddle] = []
        for document in documents {
            let file = try ContentFile(name: document.name, json: document.json)
            guard let records = file.root["records"]?["riddles"]?.elements else { continue }
            for (index, record) in records.enumerated() {
                let keyPath = "records.riddles[\(index)]"
                let riddle: Riddle
                do {
                    riddle = try GeneratedContentDecoder().decode(Riddle.self, from: record)
                } catch {
                    throw file.failure(keyPath, "a riddle is {\"question\", \"answers\": [{\"text\", \"isCorrect\"}]}: \(error)")
                }
                do {
                    try riddle.check()
                } catch {
                    throw file.failure(keyPath, error.description)
                }
                riddles.append(riddle)
            }
        }
        return riddles
    }

    /// The `attribute` symbol's alternatives, which must be plain words (they become choices).
    package static func attributes(in grammar: Grammar) throws(ContentLibraryError) -> [String] {
        let file = "content/procedural (symbol attribute)"
        guard let alternatives = grammar.alternatives(of: "attribute") else {
            throw .invalid(file: file, keyPath: "grammar.symbols.attribute", problem: "the NPC attributes symbol is missing")
        }
        var attributes: [String] = []
        for (index, alternative) in alternatives.enumerated() {
            let text = alternative.text
            guard !text.isEmpty, !text.contains(where: { "#[]".contains($0) }) else {
                throw .invalid(file: file, keyPath: "grammar.symbols.attribute[\(index)]", problem: "an attribute is plain text, without #references# or [actions]")
            }
            if !attributes.contains(text) { attributes.append(text) }
        }
        guard attributes.count >= 3 else {
            throw .invalid(file: file, keyPath: "grammar.symbols.attribute", problem: "an NPC has three distinct attributes; list at least 3")
        }
        return attributes
    }

    /// Each menu section lists exactly the alternatives of the grammar symbol it mirrors; food is
    /// priced and listed once; what an item is, is one phrase.
    package static func check(_ menu: Menu, against grammar: Grammar, file: ContentFile) throws(ContentLibraryError) {
        for section in menu.sections {
            guard !section.items.isEmpty else { throw file.failure(section.key, "the section is empty") }
            let spoken = Set((grammar.alternatives(of: section.symbol) ?? []).map(\.text))
            for (index, item) in section.items.enumerated() {
                try checkPriced(section.items, at: index, key: section.key, file: file)
                if !spoken.contains(item.name) {
                    throw file.failure("\(section.key)[\(index)].name", "'\(item.name)' is not an alternative of the grammar symbol '\(section.symbol)'")
                }
            }
            if let missing = spoken.subtracting(section.items.map(\.name)).sorted().first {
                throw file.failure(section.key, "the grammar symbol '\(section.symbol)' has '\(missing)', which the menu does not price")
            }
        }
        for index in menu.food.indices { try checkPriced(menu.food, at: index, key: "food", file: file) }
        for (key, items) in menu.sections.map({ ($0.key, $0.items) }) + [("food", menu.food)] {
            // The barista says it as one sentence, which a full stop would end.
            if let index = items.firstIndex(where: { $0.about?.contains(".") == true }) {
                throw file.failure("\(key)[\(index)].about", "say what it is in one phrase, without a full stop")
            }
        }
    }

    /// The item at `index` of a menu list: a price of 0 or more, a name not listed before it.
    private static func checkPriced(_ items: [Menu.Item], at index: Int, key: String, file: ContentFile) throws(ContentLibraryError) {
        let item = items[index]
        if item.price < 0 { throw file.failure("\(key)[\(index)].price", "a price is 0 or more") }
        if items[..<index].contains(where: { $0.name == item.name }) { throw file.failure("\(key)[\(index)].name", "'\(item.name)' is listed twice") }
    }

    package static func check(_ contacts: [Contact], file: ContentFile) throws(ContentLibraryError) {
        var seen: Set<String> = []
        for (index, contact) in contacts.enumerated() {
            if contact.name.trimmingCharacters(in: .whitespaces).isEmpty { throw file.failure("contacts[\(index)].name", "a contact needs a name") }
            if !seen.insert(contact.name).inserted { throw file.failure("contacts[\(index)].name", "'\(contact.name)' is listed twice") }
        }
    }

    package static func check(_ events: [CalendarEvent], knowing contacts: [Contact], file: ContentFile) throws(ContentLibraryError) {
        let names = Set(contacts.map(\.name))
        for (index, event) in events.enumerated() {
            if event.contacts.isEmpty { throw file.failure("events[\(index)].contacts", "an event names at least one contact") }
            for (position, name) in event.contacts.enumerated() where !names.contains(name) {
                throw file.failure("events[\(index)].contacts[\(position)]", "no contact is named '\(name)' in contacts.json")
            }
        }
    }
}
