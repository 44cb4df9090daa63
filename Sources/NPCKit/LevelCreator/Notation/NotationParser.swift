import Foundation

/// Reads the level notation into type definitions, one type per line, reporting the first
/// problem with its line and column. Checks that need the whole source (references, regexes,
/// finite instances) are `NotationChecker`'s.
package struct NotationParser {
    /// The words that start a kind.
    package static let kindKeywords = ["text", "integer", "number", "bool", "one of", "list of", "optional"]
    /// How deep lists nest (`list of list of …`). Far beyond any real level, and it keeps every
    /// later pass's recursion — and the generation engine's — well within the stack.
    package static let maximumListDepth = 32

    private var tokens: [NotationToken] = []
    private var index = 0
    private var line = 0
    private var listDepth = 0

    package static func parse(_ source: String) throws(EncounterTypeError) -> [TypeDefinition] {
        var parser = NotationParser()
        var types: [TypeDefinition] = []
        var firstLines: [String: Int] = [:]
        for (offset, text) in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            parser.line = offset + 1
            parser.tokens = try NotationLexer.tokens(in: text, lineNumber: parser.line)
            parser.index = 0
            guard !parser.tokens.isEmpty else { continue }
            let type = try parser.typeLine()
            if let first = firstLines[type.name] {
                throw .duplicateType(type.name, line: type.line, firstLine: first)
            }
            firstLines[type.name] = type.line
            types.append(type)
        }
        guard !types.isEmpty else { throw .noTypes }
        return types
    }

    // MARK: - Lines and fields

    private mutating func typeLine() throws(EncounterTypeError) -> TypeDefinition {
        let nameToken = tokens[0]
        guard let name = nameToken.word, Self.isIdentifier(name), name.first?.isUppercase == true else {
            throw syntax("a line starts with a type name beginning with an uppercase letter, found \(nameToken.quotedForMessage)", at: nameToken)
        }
        index = 1
        guard consume(.colon) else { throw expected("':' after the type name '\(name)'") }
        guard current != nil else { throw .emptyType(name, line: line) }
        var fields: [FieldDefinition] = []
        while true {
            let field = try self.field()
            if fields.contains(where: { $0.name == field.name }) {
                throw .duplicateField(field.name, type: name, line: line, column: field.position.column)
            }
            fields.append(field)
            guard let separator = current else { break }
            guard consume(.comma) else {
                throw syntax("unexpected \(separator.quotedForMessage) after field '\(field.name)'; separate fields with ','", at: separator)
            }
            guard current != nil else { throw expected("a field after ','") }
        }
        return TypeDefinition(name: name, fields: fields, line: line)
    }

    private mutating func field() throws(EncounterTypeError) -> FieldDefinition {
        guard let nameToken = current, let name = nameToken.word, Self.isIdentifier(name) else {
            throw expected("a field name (letters, digits, '_')")
        }
        index += 1
        guard current != nil, current?.kind != .comma else {
            throw expected("a kind for field '\(name)': \(Self.kindKeywords.joined(separator: ", ")) or a type name")
        }
        let isOptional = consume(.word("optional"))
        let kind = try self.kind()
        var description: String?
        if case .quoted(let text) = current?.kind {
            description = text
            index += 1
        }
        return FieldDefinition(name: name, kind: kind, isOptional: isOptional, description: description,
                               position: SourcePosition(line: line, column: nameToken.column))
    }

    // MARK: - Kinds

    private mutating func kind() throws(EncounterTypeError) -> FieldKind {
        guard let token = current, let word = token.word else { throw expected("a kind") }
        index += 1
        switch word {
        case "text":
            guard consume(.word("matching")) else { return .text(pattern: nil) }
            guard let literal = current, case .regex(let source) = literal.kind else { throw expected("a /REGEX/ after 'matching'") }
            index += 1
            return .text(pattern: PatternLiteral(source: source, position: SourcePosition(line: line, column: literal.column)))
        case "integer":
            guard let (text, token) = rangeWord() else { return .integer(range: nil) }
            return .integer(range: try integerRange(text, at: token))
        case "number":
            guard let (text, token) = rangeWord() else { return .number(range: nil) }
            return .number(range: try numberRange(text, at: token))
        case "bool":
            return .bool
        case "one":
            guard consume(.word("of")) else { throw expected("'of' after 'one'") }
            return .choices(try choices())
        case "list":
            guard consume(.word("of")) else { throw expected("'of' after 'list'") }
            guard listDepth < Self.maximumListDepth else {
                throw syntax("lists nest at most \(Self.maximumListDepth) deep", at: token)
            }
            listDepth += 1
            defer { listDepth -= 1 }
            var count: ClosedRange<Int>?
            if let (text, token) = rangeWord() { count = try countRange(text, at: token) }
            return .list(of: try kind(), count: count)
        case "optional":
            throw syntax("'optional' goes first and applies to a whole field; a list element cannot be optional", at: token)
        case _ where word.first?.isUppercase == true && Self.isIdentifier(word):
            return .reference(word, position: SourcePosition(line: line, column: token.column))
        default:
            throw .unknownKind(word, line: line, column: token.column)
        }
    }

    private mutating func choices() throws(EncounterTypeError) -> [String] {
        var choices: [String] = []
        repeat {
            let choice: String
            switch current?.kind {
            case .word(let text), .quoted(let text): choice = text
            default: throw expected("a choice (a word or \"quoted text\")")
            }
            let token = tokens[index]
            index += 1
            if choices.contains(choice) { throw syntax("the choice '\(choice)' is listed twice", at: token) }
            choices.append(choice)
        } while consume(.bar)
        return choices
    }

    /// A word that starts like a number (`1...10`, `-0.5...2`, `3`), if one comes next: the range
    /// after `integer` or `number`, or the count after `list of`.
    private mutating func rangeWord() -> (String, NotationToken)? {
        guard let token = current, let text = token.word, let first = text.first, first.isASCII,
              first.isNumber || "+-.".contains(first) else { return nil }
        index += 1
        return (text, token)
    }

    // MARK: - Ranges

    private func integerRange(_ text: String, at token: NotationToken) throws(EncounterTypeError) -> ClosedRange<Int> {
        let (low, high) = try bounds(text, at: token)
        guard let lower = Int(low) else { throw badRange(text, "'\(low)' is not a whole number", at: token) }
        guard let upper = Int(high) else { throw badRange(text, "'\(high)' is not a whole number", at: token) }
        guard lower <= upper else { throw badRange(text, "the lower bound \(lower) is above the upper bound \(upper)", at: token) }
        guard lower >= -Self.exactIntegerLimit, upper <= Self.exactIntegerLimit else {
            throw badRange(text, "whole numbers are exact only within ±\(Self.exactIntegerLimit) (2^53)", at: token)
        }
        return lower...upper
    }

    /// JSON numbers are doubles, which hold every whole number up to 2^53 and not all beyond.
    private static let exactIntegerLimit = 1 << 53

    private func numberRange(_ text: String, at token: NotationToken) throws(EncounterTypeError) -> ClosedRange<Double> {
        let (low, high) = try bounds(text, at: token)
        guard let lower = Self.finiteNumber(low) else { throw badRange(text, "'\(low)' is not a finite decimal number", at: token) }
        guard let upper = Self.finiteNumber(high) else { throw badRange(text, "'\(high)' is not a finite decimal number", at: token) }
        guard lower <= upper else { throw badRange(text, "the lower bound \(low) is above the upper bound \(high)", at: token) }
        return lower...upper
    }

    /// A list count: `3` (exactly) or `2...4`, never negative.
    private func countRange(_ text: String, at token: NotationToken) throws(EncounterTypeError) -> ClosedRange<Int> {
        let range: ClosedRange<Int>
        if text.contains("...") {
            range = try integerRange(text, at: token)
        } else if let exact = Int(text) {
            range = exact...exact
        } else {
            throw badRange(text, "a list count is a whole number (3) or a range (2...4)", at: token)
        }
        guard range.lowerBound >= 0 else { throw badRange(text, "a list count cannot be negative", at: token) }
        return range
    }

    private func bounds(_ text: String, at token: NotationToken) throws(EncounterTypeError) -> (Substring, Substring) {
        guard let dots = text.range(of: "...") else { throw badRange(text, "expected LOW...HIGH, as in 1...10", at: token) }
        return (text[..<dots.lowerBound], text[dots.upperBound...])
    }

    /// A decimal number as written by people (`2`, `-0.5`, `1e-3`), not `inf`, `nan` or hex.
    private static func finiteNumber(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    // MARK: - Tokens

    private var current: NotationToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func consume(_ kind: NotationToken.Kind) -> Bool {
        guard current?.kind == kind else { return false }
        index += 1
        return true
    }

    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private func badRange(_ text: String, _ reason: String, at token: NotationToken) -> EncounterTypeError {
        .badRange(text, reason: reason, line: line, column: token.column)
    }

    private func syntax(_ message: String, at token: NotationToken) -> EncounterTypeError {
        .syntax(message: message, line: line, column: token.column)
    }

    /// "expected …, found …" at the current token, or just past the last one when the line ended.
    private func expected(_ what: String) -> EncounterTypeError {
        if let token = current { return syntax("expected \(what), found \(token.quotedForMessage)", at: token) }
        return .syntax(message: "expected \(what) before the end of the line", line: line, column: tokens.last?.endColumn ?? 1)
    }
}
