import GuidedGeneration

/// A riddle with three or four different answers of which exactly one is correct — enforced when one is
/// made in code (`init(question:answers:)` throws), when content loads, and when one is generated.
///
/// ```swift
/// let riddle = try await RiddleGenerator(library: try .builtIn()).riddle(seed: 3)
/// for (number, answer) in riddle.answers.enumerated() { print("\(number + 1). \(answer.text)") }
/// print(riddle.isCorrect(answerNumber: 2))
/// ```
public struct Riddle: Generable, Equatable, Hashable {
    /// One answer and whether it is the right one.
    public struct Answer: Generable, Equatable, Hashable {
        public var text: String
        public var isCorrect: Bool

        public init(text: String, isCorrect: Bool) {
            self.text = text
            self.isCorrect = isCorrect
        }
    }

    public private(set) var question: String
    public private(set) var answers: [Answer]

    public static let generationDescription: String? = "A riddle with answers of which exactly one is correct"

    /// The riddle's schema, "exactly one correct answer" included as a rule of it (`contains` an
    /// answer whose `isCorrect` is true, at least and at most once), so a model decoding under
    /// the schema cannot write a riddle with none or two.
    public static var generationSchema: GenerationSchema {
        get throws { try compiledSchema.get() }
    }

    /// Compiled once: every riddle asks for the schema, and its matcher is built per instance.
    private static let compiledSchema = Result { try GenerationSchema(jsonSchema: schemaText) }

    private static let schemaText = #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "description": "A riddle with answers of which exactly one is correct",
         "type": "object",
         "properties": {
            "question": {"type": "string", "minLength": 10, "maxLength": 160},
            "answers": {"type": "array", "items": {"$ref": "#/$defs/Answer"}, "minItems": 3, "maxItems": 4,
                        "contains": {"type": "object", "properties": {"isCorrect": {"const": true}}, "required": ["isCorrect"]},
                        "minContains": 1, "maxContains": 1}},
         "required": ["question", "answers"],
         "additionalProperties": false,
         "$defs": {"Answer": {"type": "object",
                              "properties": {"text": {"type": "string", "minLength": 1, "maxLength": 40}, "isCorrect": {"type": "boolean"}},
                              "required": ["text", "isCorrect"], "additionalProperties": false}}}
        """#

    /// A riddle; throws unless there are 3–4 answers with exactly one correct.
    public init(question: String, answers: [Answer]) throws(RiddleError) {
        self.question = question
        self.answers = answers
        try check()
    }

    /// Throws unless this riddle has a question and 3–4 different answers (ignoring case,
    /// spaces and a leading article) with exactly one correct.
    package func check() throws(RiddleError) {
        guard !question.trimmingCharacters(in: .whitespaces).isEmpty else { throw .emptyQuestion }
        guard (3...4).contains(answers.count) else { throw .answerCount(answers.count) }
        let correct = answers.filter(\.isCorrect).count
        guard correct == 1 else { throw .correctAnswers(correct) }
        var seen = Set<String>()
        for answer in answers where !seen.insert(Riddle.normalized(answer.text)).inserted { throw .repeatedAnswer(answer.text) }
    }

    /// The correct answer's position, from 0.
    public var correctIndex: Int { answers.firstIndex(where: \.isCorrect) ?? 0 }

    /// Whether answer number `number` (from 1, as a player types it) is the correct one.
    public func isCorrect(answerNumber number: Int) -> Bool {
        answers.indices.contains(number - 1) && answers[number - 1].isCorrect
    }

    /// Whether `text` is the correct answer's text (ignoring case, spaces and a leading article).
    public func isCorrect(answerText text: String) -> Bool {
        Riddle.normalized(text) == Riddle.normalized(answers[correctIndex].text)
    }

    package static func normalized(_ text: String) -> String {
        var words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        if let first = words.first, ["a", "an", "the"].contains(first), words.count > 1 { words.removeFirst() }
        return words.joined(separator: " ")
    }
}

/// Why a riddle is not a riddle.
public enum RiddleError: Error, Sendable, Equatable, CustomStringConvertible {
    case emptyQuestion
    case answerCount(Int)
    case correctAnswers(Int)
    case repeatedAnswer(String)

    public var description: String {
        switch self {
        case .emptyQuestion: return "a riddle needs a question"
        case .answerCount(let count): return "a riddle has 3 or 4 answers, not \(count)"
        case .correctAnswers(let count): return "exactly one answer must be correct, not \(count)"
        case .repeatedAnswer(let text): return "the answer '\(text)' is given twice"
        }
    }
}
