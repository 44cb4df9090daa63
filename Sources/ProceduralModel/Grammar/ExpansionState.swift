import GuidedGeneration

/// The variables of one expansion attempt and the memory changes it made. Variables read the
/// innermost pushed value, then the caller's value, then the grammar's default; popping the
/// last pushed value uncovers the caller's or default value once more, and popping again
/// unbinds the name — each name behaves as one stack whose bottom is its starting value.
struct ExpansionState {
    private let given: [String: String]
    private let defaults: [String: String]
    /// Values pushed by `[name:…]` actions, innermost last.
    private var pushed: [String: [String]] = [:]
    /// Names whose starting value a pop removed.
    private var unbound: Set<String> = []
    /// What the attempt overwrote in the memory, oldest first, so it can be rolled back.
    var undo: [ExpansionMemory.Change] = []

    /// Whether a caller's variable has a symbol's name (and so hides that symbol).
    private let givenShadowsSymbol: Bool

    init(given: [String: String], defaults: [String: String], givenShadowsSymbol: Bool) {
        self.given = given
        self.defaults = defaults
        self.givenShadowsSymbol = givenShadowsSymbol
        undo.reserveCapacity(8)
    }

    /// The variable's value, nil when the name is unbound. A name resolved at load to a symbol
    /// can only be bound by the caller, so the look-ups are skipped unless a caller's variable
    /// shadows a symbol.
    func value(of name: String, resolved symbol: Int?) -> String? {
        if symbol != nil, !givenShadowsSymbol { return nil }
        if let top = pushed[name]?.last { return top }
        if !unbound.isEmpty, unbound.contains(name) { return nil }
        return given[name] ?? defaults[name]
    }

    mutating func push(_ value: String, to name: String) {
        pushed[name, default: []].append(value)
    }

    mutating func pop(_ name: String) {
        if var stack = pushed[name], !stack.isEmpty {
            stack.removeLast()
            pushed[name] = stack.isEmpty ? nil : stack
        } else if given[name] != nil || defaults[name] != nil {
            unbound.insert(name)
        }
    }
}
