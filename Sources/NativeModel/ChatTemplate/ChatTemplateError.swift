/// Why a chat template could not be parsed or rendered. Every case says where or what: the
/// syntax error's position, the Jinja construct the interpreter does not run, the message a
/// template raised itself, or the limit a runaway template hit.
///
/// ```swift
/// do { _ = try ChatTemplate("{{ messages | wordwrap }}") } catch { print(error) }
/// // "chat template line 1: filter 'wordwrap' is not supported"
/// ```
public enum ChatTemplateError: Error, Equatable, CustomStringConvertible {
    /// The source is not well-formed Jinja (unterminated tag, stray `endif`, bad expression).
    case syntax(line: Int, column: Int, message: String)
    /// A Jinja construct (statement, filter, test, function or method) the interpreter does not run.
    case unsupported(construct: String, line: Int)
    /// The template called `raise_exception(message)`.
    case raised(String)
    /// Evaluation failed: an undefined value used as an object, a type mismatch, a bad argument.
    case runtime(line: Int, message: String)
    /// The template ran away: too much output, too many loop iterations or too deep macro calls.
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .syntax(let line, let column, let message): return "chat template line \(line), column \(column): \(message)"
        case .unsupported(let construct, let line): return "chat template line \(line): \(construct) is not supported"
        case .raised(let message): return "chat template raised: \(message)"
        case .runtime(let line, let message): return "chat template line \(line): \(message)"
        case .limitExceeded(let what): return "chat template exceeded \(what)"
        }
    }
}
