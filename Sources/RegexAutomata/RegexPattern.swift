/// A compiled JSON Schema `pattern`: ECMA-262 syntax (see `RegexParser`), matched with the
/// semantics of `RegExp.prototype.test` without flags, i.e. an unanchored search in which `^` and
/// `$` only hold at the start and end of the whole input.
///
/// `matches` always works once the pattern has been built: it runs the search DFA, or, when that
/// DFA would exceed its state cap, simulates the NFA in linear time (with a pattern's lookarounds
/// as automata of their own, built up front: one too large refuses the pattern). The two automata — strings the
/// pattern matches somewhere (`searchDFA`) and strings it matches from first to last scalar
/// (`wholeDFA`) — are built on first use and cached.
package final class RegexPattern: Sendable {
    package let source: String
    package let syntax: RegexNode
    private let searchNFA: NFA
    private let searchRun: LookaroundRun?
    private let search: ComputedOnce<Result<DFA, RegexError>>
    private let whole: ComputedOnce<Result<DFA, RegexError>>

    package init(_ source: String) throws(RegexError) {
        self.source = source
        let syntax = try RegexParser.parse(source)
        self.syntax = syntax
        let searchNFA = NFA(syntax, search: true)
        self.searchNFA = searchNFA
        let searchRun = searchNFA.lookarounds.isEmpty ? nil : try LookaroundRun(nfa: searchNFA)
        self.searchRun = searchRun
        search = ComputedOnce {
            Result { () throws(RegexError) in
                if let searchRun { return try DFA(lookaround: searchRun) }
                return try DFA(nfa: searchNFA)
            }
        }
        whole = ComputedOnce { Result { () throws(RegexError) in try DFA(nfa: NFA(syntax, search: false)) } }
    }

    /// Whether the pattern matches some substring of `string` (JSON Schema `pattern` semantics).
    package func matches(_ string: String) -> Bool {
        if case .success(let dfa) = search.get { return dfa.accepts(string) }
        if let searchRun { return searchRun.accepts(Array(string.unicodeScalars)) }
        return NFAClosure.accepts(searchNFA, Array(string.unicodeScalars))
    }

    /// The strings the pattern matches somewhere, exactly those for which `matches` is true.
    package func searchDFA() throws(RegexError) -> DFA {
        try search.get.get()
    }

    /// The strings the pattern matches as a whole, as `^(?:pattern)$` would.
    package func wholeDFA() throws(RegexError) -> DFA {
        try whole.get.get()
    }
}
