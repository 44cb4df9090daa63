import GuidedGeneration

/// Why a grammar could not be loaded or a symbol could not be expanded.
///
/// Load errors name the symbol and the 0-based index of the offending alternative, so an author
/// can find the line to fix; expansion errors name the symbol being expanded. Every malformed
/// input ends in one of these, never in a crash.
///
/// ```swift
/// do {
///     _ = try Grammar(json: #"{"symbols": {"greeting": ["Hi #nmae#!"]}}"#)
/// } catch {
///     print(error)   // greeting[0]: unknown symbol 'nmae'
/// }
/// ```
public enum GrammarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong inside one template.
    public enum TemplateProblem: Sendable, Equatable {
        /// A `#` opens a reference that is never closed.
        case unclosedReference
        /// A `[` opens an action that is never closed.
        case unclosedAction
        /// A `]` closes an action that was never opened (write `\]` for the character).
        case unopenedAction
        /// `##`, or a reference with an empty symbol or modifier name (`#.a#`, `#name.#`).
        case emptyName
        /// A name holds a character names cannot hold (one of `#[]:.\` or white space).
        case invalidName(String)
        /// An action that is not `[variable:value]` or `[variable:POP]`.
        case malformedAction
        /// A `\` at the very end, with nothing to escape.
        case danglingEscape
    }

    /// The text is not JSON.
    case invalidJSON(String)
    /// A value has the wrong shape; `path` locates it (`symbols.greeting[2]`).
    case invalidShape(path: String, expected: String)
    /// A symbol name cannot be referenced from a template.
    case invalidSymbolName(String)
    /// A symbol has no alternatives.
    case emptyAlternatives(symbol: String)
    /// An alternative's weight is zero, negative or not finite.
    case nonPositiveWeight(symbol: String, alternative: Int, weight: Double)
    /// A template cannot be parsed; `offset` counts characters from its start.
    case malformedTemplate(symbol: String, alternative: Int, offset: Int, problem: TemplateProblem)
    /// A template references a name that is neither a symbol nor a variable.
    case unknownSymbol(String, symbol: String, alternative: Int)
    /// A template applies a modifier that does not exist.
    case unknownModifier(String, symbol: String, alternative: Int)
    /// These symbols recurse without any alternative that ever finishes.
    case neverTerminates(symbols: [String])
    /// `expand` was asked for a symbol the grammar does not define.
    case undefinedSymbol(String)
    /// A reference read a variable that is not set and names no symbol either.
    case unboundVariable(String, symbol: String)
    /// Expansion went deeper than the grammar's `maximumDepth`.
    case depthLimitExceeded(symbol: String, limit: Int)
    /// A chooser returned an index outside the weights or one whose weight is zero.
    case invalidChoice(index: Int, symbol: String)

    public var description: String {
        switch self {
        case .invalidJSON(let message):
            return "grammar is not valid JSON: \(message)"
        case .invalidShape(let path, let expected):
            return "\(path): expected \(expected)"
        case .invalidSymbolName(let name):
            return "symbol name '\(name)' is empty or holds one of #[]:.\\ or white space"
        case .emptyAlternatives(let symbol):
            return "\(symbol): a symbol needs at least one alternative"
        case .nonPositiveWeight(let symbol, let alternative, let weight):
            return "\(symbol)[\(alternative)]: weight \(weight) must be a positive number"
        case .malformedTemplate(let symbol, let alternative, let offset, let problem):
            return "\(symbol)[\(alternative)]: at character \(offset), \(problem.description)"
        case .unknownSymbol(let name, let symbol, let alternative):
            return "\(symbol)[\(alternative)]: unknown symbol '\(name)'"
        case .unknownModifier(let name, let symbol, let alternative):
            return "\(symbol)[\(alternative)]: unknown modifier '\(name)'"
        case .neverTerminates(let symbols):
            return "symbols that can never finish expanding (every alternative recurses): \(symbols.joined(separator: ", "))"
        case .undefinedSymbol(let name):
            return "the grammar has no symbol '\(name)'"
        case .unboundVariable(let name, let symbol):
            return "\(symbol): variable '\(name)' is not set and is not a symbol"
        case .depthLimitExceeded(let symbol, let limit):
            return "\(symbol): expansion is nested deeper than \(limit) levels"
        case .invalidChoice(let index, let symbol):
            return "\(symbol): the chooser returned index \(index), which is not an allowed alternative"
        }
    }
}

extension GrammarError.TemplateProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unclosedReference: return "'#' is never closed (write \\# for the character)"
        case .unclosedAction: return "'[' is never closed (write \\[ for the character)"
        case .unopenedAction: return "']' closes nothing (write \\] for the character)"
        case .emptyName: return "a reference has an empty symbol or modifier name"
        case .invalidName(let name): return "'\(name)' is not a valid name"
        case .malformedAction: return "an action must be [variable:value] or [variable:POP]"
        case .danglingEscape: return "'\\' at the end escapes nothing"
        }
    }
}
