/// Why a pattern could not be compiled, or an automaton could not be built.
///
/// `kind` separates patterns that are not valid ECMA-262 (`invalidSyntax`) from valid ones this
/// engine refuses on purpose (`unsupported`: backreferences, lookaround, word boundaries, huge
/// bounded repeats), so a `format: "regex"` check can accept the latter. `tooComplex` is raised when
/// an automaton would exceed its state cap; a pattern refused that way still matches through
/// `RegexPattern.matches`.
package struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case invalidSyntax
        case unsupported
        case tooComplex
    }

    package let kind: Kind
    /// One line, without the offset.
    package let message: String
    /// Offset in Unicode scalars into the pattern where the problem was found, when there is one.
    package let offset: Int?

    package static func invalidSyntax(_ message: String, at offset: Int) -> RegexError {
        RegexError(kind: .invalidSyntax, message: message, offset: offset)
    }

    package static func unsupported(_ message: String, at offset: Int) -> RegexError {
        RegexError(kind: .unsupported, message: message, offset: offset)
    }

    package static func tooComplex(limit: Int) -> RegexError {
        RegexError(kind: .tooComplex, message: "automaton would need more than \(limit) states", offset: nil)
    }

    package var description: String {
        let label = switch kind {
        case .invalidSyntax: "invalid regex"
        case .unsupported: "unsupported regex feature"
        case .tooComplex: "regex too complex"
        }
        if let offset { return "\(label) at offset \(offset): \(message)" }
        return "\(label): \(message)"
    }
}
