import ConstrainedDecoding
import GuidedGeneration
import JSONSchema

/// A Tracery-like text grammar: named symbols, each with weighted alternatives whose templates
/// reference other symbols (`#name#`), chain modifiers (`#animal.a.capitalize#`) and set
/// variables (`[hero:#name#]`). The procedural model expands grammars to fill string slots and
/// to phrase replies; the format is documented in `docs/grammar-format.md`.
///
/// Loading parses every template once and checks the whole grammar: malformed templates,
/// references to unknown symbols, unknown modifiers, empty alternatives, non-positive weights and
/// symbols that can never finish expanding are `GrammarError`s naming the symbol and the
/// alternative.
///
/// ```swift
/// let grammar = try Grammar(json: """
///     {"symbols": {
///         "greeting": ["Hi #name#!", {"text": "Welcome back, #name.capitalize#.", "weight": 3}],
///         "name": ["ada", "grace", "alan"]
///     }}
///     """)
/// var memory = ExpansionMemory()
/// var random = SeededRandom(seed: 7)
/// let line = try grammar.expand("greeting", memory: &memory, random: &random)
/// ```
public struct Grammar: Sendable {
    /// One alternative of a symbol: a template and its relative weight (1 unless given).
    ///
    /// ```swift
    /// let plain: Grammar.Alternative = "Hi #name#!"
    /// let likely = Grammar.Alternative("Welcome back, #name#.", weight: 3)
    /// ```
    public struct Alternative: Sendable, Equatable, ExpressibleByStringLiteral {
        /// The template, in the syntax of `docs/grammar-format.md`.
        public var text: String
        /// The relative weight; must be positive and finite.
        public var weight: Double

        public init(_ text: String, weight: Double = 1) {
            self.text = text
            self.weight = weight
        }

        public init(stringLiteral text: String) {
            self.init(text)
        }
    }

    /// A symbol's parsed alternatives, their weights, and each alternative's height: how many
    /// nested symbol levels its shortest expansion needs (`nil`: it never finishes).
    struct Symbol: Sendable {
        var name: String
        var alternatives: [Alternative]
        var rules: [GrammarRule]
        let weights: [Double]
        /// Whether every alternative weighs the same.
        let isUniform: Bool
        var ruleHeights: [Int?] {
            didSet {
                allRules = Array(ruleHeights.indices)
                deepestRule = ruleHeights.contains(nil) ? nil : ruleHeights.compactMap { $0 }.max()
            }
        }
        /// Every alternative's index, handed out whole when all of them fit.
        private(set) var allRules: [Int] = []
        /// The greatest height of an alternative, when every alternative finishes.
        private(set) var deepestRule: Int?

        init(name: String, alternatives: [Alternative], rules: [GrammarRule], weights: [Double], ruleHeights: [Int?]) {
            self.name = name
            self.alternatives = alternatives
            self.rules = rules
            self.weights = weights
            isUniform = weights.allSatisfy { $0 == weights.first }
            self.ruleHeights = ruleHeights
        }
    }

    /// The default nesting limit of `maximumDepth`.
    public static let defaultMaximumDepth = 64

    var symbols: [Symbol]
    var symbolIndex: [String: Int]

    /// Variables every expansion starts with unless the caller passes its own value, declared in
    /// the document's `"variables"` object (e.g. a persona's default name).
    public let defaultVariables: [String: String]

    /// The deepest nesting of symbols an expansion may reach. Choices avoid alternatives that
    /// cannot finish within it; when none can, expansion throws `depthLimitExceeded`.
    public var maximumDepth: Int

    /// The symbols' names, in the order they were defined.
    public var symbolNames: [String] { symbols.map(\.name) }

    /// Whether the grammar defines `symbol`.
    public func contains(symbol: String) -> Bool {
        symbolIndex[symbol] != nil
    }

    /// The alternatives `symbol` was defined with (templates and weights, in order), or nil when
    /// the grammar does not define it — e.g. to list a menu the grammar composes orders from.
    ///
    /// ```swift
    /// let drinks = grammar.alternatives(of: "baseDrink")?.map(\.text) ?? []
    /// ```
    public func alternatives(of symbol: String) -> [Alternative]? {
        symbolIndex[symbol].map { symbols[$0].alternatives }
    }

    /// Builds a grammar from symbols given in code; a later pair with the same name replaces an
    /// earlier one. `variables` declares variables (and their default values) that templates may
    /// read without setting them.
    ///
    /// ```swift
    /// let grammar = try Grammar(symbols: [
    ///     ("drink", ["latte", Grammar.Alternative("flat white", weight: 2)]),
    ///     ("order", ["#drink.a.capitalize#, please, #customer#."]),
    /// ], variables: ["customer": "friend"])
    /// ```
    public init(
        symbols definitions: [(String, [Alternative])],
        variables: [String: String] = [:],
        maximumDepth: Int = Grammar.defaultMaximumDepth
    ) throws(GrammarError) {
        var order: [String] = []
        var byName: [String: [Alternative]] = [:]
        for (name, alternatives) in definitions {
            guard isValidGrammarName(name) else { throw .invalidSymbolName(name) }
            if byName.updateValue(alternatives, forKey: name) == nil { order.append(name) }
        }
        for name in variables.keys where !isValidGrammarName(name) {
            throw .invalidShape(path: "variables.\(name)", expected: "a name without #[]:.\\ or white space")
        }
        var symbols: [Symbol] = []
        for name in order {
            let alternatives = byName[name] ?? []
            guard !alternatives.isEmpty else { throw .emptyAlternatives(symbol: name) }
            var rules: [GrammarRule] = []
            for (index, alternative) in alternatives.enumerated() {
                guard alternative.weight > 0, alternative.weight.isFinite else {
                    throw .nonPositiveWeight(symbol: name, alternative: index, weight: alternative.weight)
                }
                rules.append(try GrammarRule(parsing: alternative.text, symbol: name, alternative: index))
            }
            symbols.append(Symbol(name: name, alternatives: alternatives, rules: rules, weights: alternatives.map(\.weight), ruleHeights: []))
        }
        self.symbols = symbols
        self.symbolIndex = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1.name, $0) })
        self.defaultVariables = variables
        self.maximumDepth = maximumDepth
        try checkReferencesAndMeasureHeights()
    }

    /// Loads a grammar document: `{"symbols": {...}, "variables": {...}}` (see
    /// `docs/grammar-format.md`).
    ///
    /// ```swift
    /// let grammar = try Grammar(json: #"{"symbols": {"pet": ["cat", "owl"], "line": ["I saw #pet.a#."]}}"#)
    /// ```
    public init(json: String, maximumDepth: Int = Grammar.defaultMaximumDepth) throws(GrammarError) {
        let document: GeneratedContent
        do {
            document = try GeneratedContent(json: json)
        } catch {
            throw .invalidJSON(String(describing: error))
        }
        try self.init(documents: [document], maximumDepth: maximumDepth)
    }

    /// Loads several grammar documents as one grammar, so templates in one may reference symbols
    /// of another; a symbol or variable defined again in a later document replaces the earlier
    /// definition (how a user's content pack overrides the built-in one).
    ///
    /// ```swift
    /// let base = try GeneratedContent(json: #"{"symbols": {"name": ["Ada"], "hi": ["Hi #name#"]}}"#)
    /// let mine = try GeneratedContent(json: #"{"symbols": {"name": ["Grace"]}}"#)
    /// let grammar = try Grammar(documents: [base, mine])   // "hi" now greets Grace
    /// ```
    public init(documents: [GeneratedContent], maximumDepth: Int = Grammar.defaultMaximumDepth) throws(GrammarError) {
        var definitions: [(String, [Alternative])] = []
        var variables: [String: String] = [:]
        for document in documents {
            let fields = try Self.objectFields(document, path: "(document)", expected: #"an object with "symbols" and optionally "variables""#)
            for (key, value) in fields {
                switch key {
                case "symbols":
                    for (name, alternatives) in try Self.objectFields(value, path: "symbols", expected: "an object of symbol names to alternatives") {
                        definitions.append((name, try Self.alternatives(from: alternatives, symbol: name)))
                    }
                case "variables":
                    for (name, defaultValue) in try Self.objectFields(value, path: "variables", expected: "an object of variable names to strings") {
                        guard case .string(let text) = defaultValue.storage else {
                            throw .invalidShape(path: "variables.\(name)", expected: "a string")
                        }
                        variables[name] = text
                    }
                default:
                    throw .invalidShape(path: key, expected: #"only the keys "symbols" and "variables""#)
                }
            }
        }
        try self.init(symbols: definitions, variables: variables, maximumDepth: maximumDepth)
    }

    private static func objectFields(_ content: GeneratedContent, path: String, expected: String) throws(GrammarError) -> [(String, GeneratedContent)] {
        guard case .object(let fields) = content.storage else { throw .invalidShape(path: path, expected: expected) }
        return fields.map { ($0.key, $0.value) }
    }

    private static func alternatives(from content: GeneratedContent, symbol: String) throws(GrammarError) -> [Alternative] {
        guard case .array(let elements) = content.storage else {
            throw .invalidShape(path: "symbols.\(symbol)", expected: "an array of alternatives")
        }
        var alternatives: [Alternative] = []
        for (index, element) in elements.enumerated() {
            let path = "symbols.\(symbol)[\(index)]"
            let expected = #"a string or {"text": string, "weight": number}"#
            switch element.storage {
            case .string(let text):
                alternatives.append(Alternative(text))
            case .object(let fields):
                var text: String?
                var weight = 1.0
                for field in fields {
                    switch (field.key, field.value.storage) {
                    case ("text", .string(let value)): text = value
                    case ("weight", .number(let value, _)): weight = value
                    default: throw .invalidShape(path: path, expected: expected)
                    }
                }
                guard let text else { throw .invalidShape(path: path, expected: expected) }
                alternatives.append(Alternative(text, weight: weight))
            default:
                throw .invalidShape(path: path, expected: expected)
            }
        }
        return alternatives
    }
}
