import GuidedGeneration
import JSONSchema

/// Derives a tool call's arguments from what the conversation says, so the procedural model
/// can call a tool with meaningful values instead of random ones.
///
/// For each top-level property of the tool's parameters schema, in declaration order, the
/// first of these candidates that the property's schema accepts is taken:
/// 1. **Dates** — when the prompt mentions a date (`DateExpression`, relative to the date the
///    instructions state, else `today`): a free string property with `format: date`, or whose
///    name or description says `date` or `when` (or `day` in its description), gets
///    `YYYY-MM-DD`; a property whose name has the word `day`, `month` or `year` gets that part
///    — a number, or as a string the day number, month name or year (`day` with `week`, or
///    `weekday`: the ISO weekday 1 = Monday, or its name). Properties with allowed values pick
///    the one equal to that number or name (or the name's three-letter abbreviation).
/// 2. **Choices** (`enum`, `const`, or `anyOf`/`oneOf` of constants) — the value the prompt
///    names (`ChoiceWordMatcher`), or a number the prompt says that is one of them.
/// 3. **Numbers** — a numeral or number words in the prompt ("3", "three", "twenty-one";
///    not ordinals, not decimals) within the property's bounds, preferring one within three
///    words of a word of the property's name or description ("2 sugars" for `sugars`). Date
///    properties never take a bare number: "3 coffees" says nothing about a `day`.
/// 4. **Siblings** — an already generated field of the same name whose value the property's
///    schema accepts (for choices, compared case- and separator-insensitively).
/// Every value is checked against the whole schema (`violations(of:)` under the property's
/// pointer), so no candidate the schema rejects is ever returned. Properties with no candidate
/// are left to the caller, which sees them in `missingRequired` (required ones) or not at all.
enum ArgumentDerivation {
    struct Result: Sendable {
        /// The derived arguments, in the schema's property order.
        let arguments: [(name: String, value: GeneratedContent)]
        /// Required properties nothing was derived for: the caller generates them.
        let missingRequired: [String]
        /// Whether `content` alone is a valid argument object: every required property was
        /// derived and the schema accepts the object.
        let isComplete: Bool

        var derivedNames: [String] { arguments.map(\.name) }
        var content: GeneratedContent { GeneratedContent(properties: arguments) }
    }

    static func derive(for schema: GenerationSchema, prompt: String, instructions: String?,
                       siblings: [String: GeneratedContent] = [:], today: CalendarDate? = nil) -> Result {
        derive(for: schema, from: fromConversation(for: schema, prompt: prompt, instructions: instructions, today: today), siblings: siblings)
    }

    /// What the prompt and the instructions alone give each property (steps 1–3), in the
    /// schema's property order; it depends on nothing else, so a caller may keep it for a
    /// prompt that comes back.
    struct ConversationValues: Sendable {
        let fields: [ToolParameterField]
        let required: [String]
        let values: [GeneratedContent?]
    }

    static func fromConversation(for schema: GenerationSchema, prompt: String, instructions: String?,
                                 today: CalendarDate? = nil) -> ConversationValues {
        let (fields, required) = ToolParameterField.fields(of: schema)
        let reference = instructions.flatMap(DateExpression.referenceDate(in:)) ?? today
        // A question with no date in it ("what's going on?") asks about the reference day.
        let date = DateExpression.resolve(prompt, relativeTo: reference) ?? reference
        let promptWords = DialogWords.words(prompt)
        let values = fields.map { field in
            (dateCandidates(field, date) + choiceCandidates(field, prompt: prompt, promptWords: promptWords)
                + numberCandidates(field, promptWords: promptWords)).first { accepts(schema, field.name, $0) }
        }
        return ConversationValues(fields: fields, required: required, values: values)
    }

    /// The arguments: each property's conversation value, else its sibling candidate (step 4).
    static func derive(for schema: GenerationSchema, from conversation: ConversationValues,
                       siblings: [String: GeneratedContent]) -> Result {
        var arguments: [(name: String, value: GeneratedContent)] = []
        for (field, value) in zip(conversation.fields, conversation.values) {
            if let value = value ?? siblingCandidates(field, siblings[field.name]).first(where: { accepts(schema, field.name, $0) }) {
                arguments.append((field.name, value))
            }
        }
        let derived = Set(arguments.map(\.name))
        let missing = conversation.required.filter { !derived.contains($0) }
        let complete = missing.isEmpty && schema.isValid(GeneratedContent(properties: arguments))
        return Result(arguments: arguments, missingRequired: missing, isComplete: complete)
    }

    /// Whether the schema has no complaint about `value` as property `name`.
    private static func accepts(_ schema: GenerationSchema, _ name: String, _ value: GeneratedContent) -> Bool {
        let alone = GeneratedContent(properties: [(name, value)])
        // Mostly the property alone is already a valid object, and that check lists nothing.
        if schema.isValid(alone) { return true }
        let pointer = "/" + JSONPointer.escape(name)
        return !schema.violations(of: alone).contains {
            $0.pointer == pointer || $0.pointer.hasPrefix(pointer + "/")
        }
    }

    // MARK: Candidates

    private enum DatePart { case whole, day, weekday, month, year }

    private static func datePart(of field: ToolParameterField) -> DatePart? {
        let name = Set(field.nameWords)
        let isWholeDateText = field.choices.isEmpty && field.allows("string")
        if field.format == "date" && isWholeDateText { return .whole }
        if name.contains("day") { return name.contains("week") ? .weekday : .day }
        if name.contains("weekday") { return .weekday }
        if name.contains("month") { return .month }
        if name.contains("year") { return .year }
        if isWholeDateText && !Set(field.allWords).isDisjoint(with: ["date", "day", "when"]) { return .whole }
        return nil
    }

    private static func dateCandidates(_ field: ToolParameterField, _ date: CalendarDate?) -> [GeneratedContent] {
        guard let date, let part = datePart(of: field) else { return [] }
        let number: Int
        let text: String
        switch part {
        case .whole: return [GeneratedContent(date.isoString)]
        case .day: (number, text) = (date.day, String(date.day))
        case .weekday: (number, text) = (date.weekday, CalendarDate.weekdayNames[date.weekday - 1])
        case .month: (number, text) = (date.month, CalendarDate.monthNames[date.month - 1])
        case .year: (number, text) = (date.year, String(date.year))
        }
        if !field.choices.isEmpty {
            let named = field.choices.map(\.value).filter { value in
                value.numberValue == Double(number)
                    || value.stringValue.map { normalized($0) == normalized(text) || normalized($0) == String(number)
                        || (text.count > 3 && normalized($0) == normalized(String(text.prefix(3)))) } == true
            }
            return named
        }
        var candidates: [GeneratedContent] = []
        if field.allows("integer") { candidates.append(GeneratedContent(number)) }
        if field.allows("string") { candidates.append(GeneratedContent(text)) }
        return candidates
    }

    private static func choiceCandidates(_ field: ToolParameterField, prompt: String, promptWords: [String]) -> [GeneratedContent] {
        let strings = field.choices.compactMap { choice in choice.value.stringValue.map { (choice.value, $0, choice.description) } }
        var candidates: [GeneratedContent] = []
        if let index = ChoiceWordMatcher.choice(in: prompt, values: strings.map(\.1), descriptions: strings.map(\.2)) {
            candidates.append(strings[index].0)
        }
        let numbers = Set(NumberWords.readings(promptWords).filter { !$0.reading.isOrdinal }.map { Double($0.reading.value) })
        // A plain loop: the equivalent filter closure crashes the 6.3.1 optimizer ("Found ownership error").
        for choice in field.choices {
            if let number = choice.value.numberValue, numbers.contains(number) { candidates.append(choice.value) }
        }
        return candidates
    }

    private static func numberCandidates(_ field: ToolParameterField, promptWords: [String]) -> [GeneratedContent] {
        guard field.choices.isEmpty, field.allows("integer"), datePart(of: field) == nil else { return [] }
        let readings = NumberWords.readings(promptWords).filter { !$0.reading.isOrdinal }
        let fieldStems = Set(field.allWords.filter { !DialogWords.stopWords.contains($0) }.map(DialogWords.stem))
        func isNearFieldWord(_ index: Int, _ length: Int) -> Bool {
            let window = max(0, index - 3)..<min(promptWords.count, index + length + 3)
            return window.contains { fieldStems.contains(DialogWords.stem(promptWords[$0])) }
        }
        let near = readings.filter { isNearFieldWord($0.index, $0.reading.length) }
        let far = readings.filter { !isNearFieldWord($0.index, $0.reading.length) }
        return (near + far).map { GeneratedContent($0.reading.value) }
    }

    private static func siblingCandidates(_ field: ToolParameterField, _ sibling: GeneratedContent?) -> [GeneratedContent] {
        guard let sibling else { return [] }
        guard let text = sibling.stringValue, !field.choices.isEmpty,
              !field.choices.contains(where: { $0.value == sibling }) else { return [sibling] }
        let matching = field.choices.map(\.value).filter { $0.stringValue.map(normalized) == normalized(text) }
        return matching.isEmpty ? [sibling] : matching
    }

    /// Lowercase letters and digits only: "Gen-X" and "genX" both read `genx`.
    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
