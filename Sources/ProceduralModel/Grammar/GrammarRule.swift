import GuidedGeneration

/// One alternative of a symbol, parsed once at load into literal text, references
/// (`#symbol.mod#`) and variable actions (`[name:value]`, `[name:POP]`).
struct GrammarRule: Sendable {
    enum Segment: Sendable {
        case text(String)
        /// `symbol` is the index of the symbol the name always means — set at load when no
        /// grammar variable can take the name — so expansion skips the look-ups.
        case reference(name: String, modifiers: [GrammarModifier], symbol: Int? = nil)
        case push(variable: String, value: GrammarRule)
        case pop(variable: String)
    }

    var segments: [Segment]

    /// Every name the rule reads, including inside action values, in order of appearance.
    var referencedNames: [String] {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .reference(let name, _, _): return [name]
            case .push(_, let value): return value.referencedNames
            case .text, .pop: return []
            }
        }
    }

    /// Every variable the rule pushes a value onto, including inside action values.
    var assignedVariables: [String] {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .push(let variable, let value): return [variable] + value.assignedVariables
            case .text, .reference, .pop: return []
            }
        }
    }

    /// The rule with each reference to a name `resolve` knows bound to that symbol index.
    func resolvingReferences(_ resolve: (String) -> Int?) -> GrammarRule {
        GrammarRule(segments: segments.map { segment in
            switch segment {
            case .reference(let name, let modifiers, _): return .reference(name: name, modifiers: modifiers, symbol: resolve(name))
            case .push(let variable, let value): return .push(variable: variable, value: value.resolvingReferences(resolve))
            case .text, .pop: return segment
            }
        })
    }

    /// Parses `template`, the alternative `alternative` of `symbol` (both only name errors).
    init(parsing template: String, symbol: String, alternative: Int) throws(GrammarError) {
        var parser = GrammarRuleParser(characters: Array(template), symbol: symbol, alternative: alternative)
        segments = try parser.parseSequence(insideAction: false)
    }

    init(segments: [Segment]) {
        self.segments = segments
    }
}

/// Characters a symbol, variable or modifier name cannot hold.
func isValidGrammarName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains { "#[]:.\\".contains($0) || $0.isWhitespace }
}

/// A recursive-descent parser over one template's characters.
private struct GrammarRuleParser {
    let characters: [Character]
    let symbol: String
    let alternative: Int
    var index = 0

    init(characters: [Character], symbol: String, alternative: Int) {
        self.characters = characters
        self.symbol = symbol
        self.alternative = alternative
    }

    func failure(_ problem: GrammarError.TemplateProblem, at offset: Int) -> GrammarError {
        .malformedTemplate(symbol: symbol, alternative: alternative, offset: offset, problem: problem)
    }

    /// Parses up to the end of the template, or up to the `]` that closes the current action.
    mutating func parseSequence(insideAction: Bool) throws(GrammarError) -> [GrammarRule.Segment] {
        var segments: [GrammarRule.Segment] = []
        var text = ""
        func flushText() {
            if !text.isEmpty { segments.append(.text(text)) }
            text = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                guard index + 1 < characters.count else { throw failure(.danglingEscape, at: index) }
                text.append(characters[index + 1])
                index += 2
            case "#":
                flushText()
                segments.append(try parseReference())
            case "[":
                flushText()
                segments.append(try parseAction())
            case "]":
                guard insideAction else { throw failure(.unopenedAction, at: index) }
                flushText()
                return segments
            default:
                text.append(character)
                index += 1
            }
        }
        flushText()
        return segments
    }

    private mutating func parseReference() throws(GrammarError) -> GrammarRule.Segment {
        let start = index
        guard let close = characters[(start + 1)...].firstIndex(of: "#") else {
            throw failure(.unclosedReference, at: start)
        }
        let parts = String(characters[(start + 1)..<close]).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty { throw failure(.emptyName, at: start) }
            if !isValidGrammarName(part) { throw failure(.invalidName(part), at: start) }
        }
        var modifiers: [GrammarModifier] = []
        for name in parts.dropFirst() {
            guard let modifier = GrammarModifier(rawValue: name) else {
                throw .unknownModifier(name, symbol: symbol, alternative: alternative)
            }
            modifiers.append(modifier)
        }
        index = close + 1
        return .reference(name: parts[0], modifiers: modifiers)
    }

    private mutating func parseAction() throws(GrammarError) -> GrammarRule.Segment {
        let start = index
        guard let colon = characters[(start + 1)...].firstIndex(where: { $0 == ":" || $0 == "]" }) else {
            throw failure(.unclosedAction, at: start)
        }
        guard characters[colon] == ":" else { throw failure(.malformedAction, at: start) }
        let variable = String(characters[(start + 1)..<colon])
        guard isValidGrammarName(variable) else { throw failure(.malformedAction, at: start) }
        let pop: [Character] = ["P", "O", "P", "]"]
        if characters[(colon + 1)...].starts(with: pop) {
            index = colon + 1 + pop.count
            return .pop(variable: variable)
        }
        index = colon + 1
        let value = try parseSequence(insideAction: true)
        guard index < characters.count else { throw failure(.unclosedAction, at: start) }
        index += 1
        return .push(variable: variable, value: GrammarRule(segments: value))
    }
}
