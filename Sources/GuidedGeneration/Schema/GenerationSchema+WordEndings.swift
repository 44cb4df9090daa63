import JSONSchema

extension GenerationSchema {
    /// `content` with each free-text string that a model ran up to its schema's maximum length
    /// ended at a sentence or a whole word instead of mid-word: "The milk was cold and the
    /// barista never sai" becomes "The milk was cold and the barista never". A string counts
    /// when it has four words or more, does not end a sentence already, and one more character
    /// would break the schema at its place; it is cut after its last sentence end in its second
    /// half, else before its last word (and any comma or dash left hanging), and the cut is
    /// kept only when the whole content stays valid — so a pattern, `minLength` or an enum is
    /// never broken. Other values are left as they are.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: #"{"type": "string", "maxLength": 24}"#)
    /// schema.endingAtWords(GeneratedContent("The milk was cold and so")).stringValue   // "The milk was cold and"
    /// ```
    public func endingAtWords(_ content: GeneratedContent) -> GeneratedContent {
        guard isValid(content) else { return content }
        var result = content
        for path in Self.stringPaths(in: content) {
            guard let text = Self.value(in: result, at: path[...])?.stringValue, text.split(separator: " ").count >= 4,
                  let last = text.last, !Self.sentenceEnds.contains(last), let cut = Self.wordEnding(of: text) else { continue }
            // The content is valid, so whatever one more character breaks, it breaks at this string.
            guard !isValid(Self.replacing(result, at: path[...], with: text + "a")) else { continue }
            let candidate = Self.replacing(result, at: path[...], with: cut)
            if isValid(candidate) { result = candidate }
        }
        return result
    }

    private static let sentenceEnds: Set<Character> = [".", "!", "?", "…"]
    private static let hanging: Set<Character> = [",", ";", ":", "-", "–", "—", "(", " "]

    /// `text` up to its last sentence end in its second half, else up to its last whole word.
    static func wordEnding(of text: String) -> String? {
        let characters = Array(text)
        if let end = characters.lastIndex(where: sentenceEnds.contains), end >= characters.count / 2 {
            return String(characters[...end])
        }
        guard let space = characters.lastIndex(of: " ") else { return nil }
        var cut = characters[..<space]
        while let last = cut.last, hanging.contains(last) { cut.removeLast() }
        return cut.isEmpty ? nil : String(cut)
    }

    /// The paths (property names and array positions, as text) of every string in `content`.
    private static func stringPaths(in content: GeneratedContent) -> [[String]] {
        if content.stringValue != nil { return [[]] }
        if let elements = content.elements {
            return elements.enumerated().flatMap { index, element in stringPaths(in: element).map { [String(index)] + $0 } }
        }
        return content.orderedKeys.flatMap { key in content[key].map { stringPaths(in: $0).map { [key] + $0 } } ?? [] }
    }

    private static func value(in content: GeneratedContent, at path: ArraySlice<String>) -> GeneratedContent? {
        guard let first = path.first else { return content }
        if let elements = content.elements {
            guard let index = Int(first), elements.indices.contains(index) else { return nil }
            return value(in: elements[index], at: path.dropFirst())
        }
        return content[first].flatMap { value(in: $0, at: path.dropFirst()) }
    }

    private static func replacing(_ content: GeneratedContent, at path: ArraySlice<String>, with text: String) -> GeneratedContent {
        guard let first = path.first else { return GeneratedContent(text) }
        if var elements = content.elements, let index = Int(first), elements.indices.contains(index) {
            elements[index] = replacing(elements[index], at: path.dropFirst(), with: text)
            return GeneratedContent(elements: elements)
        }
        return GeneratedContent(properties: content.orderedKeys.compactMap { key in
            content[key].map { (key, key == first ? replacing($0, at: path.dropFirst(), with: text) : $0) }
        })
    }
}

extension LanguageModelTurn {
    /// The turn with a structured reply's strings ended at words (`endingAtWords`) when the
    /// request had a schema; any other turn as it is.
    package func endingAtWords(under schema: GenerationSchema?) -> LanguageModelTurn {
        guard case .content(let content) = self, let schema else { return self }
        return .content(schema.endingAtWords(content))
    }
}
