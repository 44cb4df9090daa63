import NPCKit
import RegexAutomata

/// A notation source built from parts, so a test knows which line each type is on and can break
/// one part on purpose.
struct RandomNotation {
    struct Field {
        var name: String
        var kind: String
        var isOptional = false
        var description: String?

        var text: String {
            "\(name) \(isOptional ? "optional " : "")\(kind)" + (description.map { " \"\($0)\"" } ?? "")
        }
    }

    struct TypeLine {
        var name: String
        var fields: [Field]

        var text: String { "\(name): " + fields.map(\.text).joined(separator: ", ") }
    }

    var types: [TypeLine]
    /// Comment lines to put before each type (the same count as `types`).
    var commentsBefore: [Int]

    /// The 1-based line type `index` is written on.
    func line(ofType index: Int) -> Int {
        (0...index).reduce(0) { $0 + commentsBefore[$1] + 1 }
    }

    var text: String {
        zip(types, commentsBefore).map { type, comments in
            (Array(repeating: "# a note for the designer", count: comments) + [type.text]).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// Seeded random notations whose types only refer to types defined after them (or to themselves
/// through an optional field or a list that may be empty), so every one has finite instances.
struct RandomNotationGenerator {
    static let typeNames = ["Riddle", "Answer", "Customer", "Order", "Clue", "Reward", "Visit", "Quest"]
    static let fieldNames = ["name", "question", "text", "level", "price", "mood", "answers", "tags", "hint", "score",
                             "isCorrect", "drink", "clues", "note", "title", "coffeeOrder"]
    static let patterns = [#"[A-Z][a-z]{2,8}"#, #"\d{3}-\d{4}"#, "(red|green|blue)", "[a-z]+( [a-z]+)?", "#[0-9a-f]{6}", #"v\d+\.\d+"#, "[/]x"]
    static let choices = ["latte", "mocha", "chai", "espresso", "\"flat white\"", "cortado"]
    static let descriptions = ["a full name", "how the customer feels", "a riddle about coffee", "the drink they order"]

    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func notation() -> RandomNotation {
        let names = Array(Self.typeNames.shuffled(using: &random).prefix(random.int(in: 1...4)))
        var types: [RandomNotation.TypeLine] = []
        for (index, name) in names.enumerated() {
            let fieldNames = Self.fieldNames.shuffled(using: &random).prefix(random.int(in: 1...5))
            types.append(.init(name: name, fields: fieldNames.map { fieldName in
                var field = RandomNotation.Field(name: fieldName, kind: "")
                field.isOptional = random.chance(0.2)
                field.kind = kind(later: Array(names[(index + 1)...]), own: name, optional: field.isOptional, depth: 0)
                if random.chance(0.25) { field.description = Self.descriptions.randomElement(using: &random) }
                return field
            }))
        }
        return RandomNotation(types: types, commentsBefore: types.map { _ in random.chance(0.3) ? 1 : 0 })
    }

    private mutating func kind(later: [String], own: String, optional: Bool, depth: Int) -> String {
        switch random.int(in: 0...9) {
        case 0: return "text"
        case 1: return "text matching /\(Self.patterns.randomElement(using: &random)!)/"
        case 2:
            let low = random.int(in: -20...20)
            return random.chance(0.5) ? "integer" : "integer \(low)...\(low + random.int(in: 0...30))"
        case 3:
            let low = Double(random.int(in: -40...40)) / 4
            return random.chance(0.5) ? "number" : "number \(low)...\(low + Double(random.int(in: 1...40)) / 8)"
        case 4: return "bool"
        case 5: return "one of " + Self.choices.shuffled(using: &random).prefix(random.int(in: 1...4)).joined(separator: "|")
        case 6...7 where depth < 2:
            let low = random.int(in: 0...2)
            let count = [nil, "\(low)", "\(low)...\(low + random.int(in: 0...3))"].randomElement(using: &random)!
            let mayBeEmpty = count == nil || low == 0
            let item = kind(later: later, own: own, optional: optional || mayBeEmpty, depth: depth + 1)
            return "list of " + (count.map { "\($0) " } ?? "") + item
        case 8 where !later.isEmpty:
            return later.randomElement(using: &random)!
        case 9 where optional:
            return own
        default:
            return "text"
        }
    }
}
