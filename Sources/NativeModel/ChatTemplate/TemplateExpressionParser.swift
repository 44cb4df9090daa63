/// Parses the expressions inside one tag, with Jinja's precedence (loosest first): `x if c
/// else y`, `or`, `and`, `not`, comparisons and `in`, `+ -`, `~`, `* / // %`, `**`, unary
/// `-`, then filters, tests, attribute, subscript and call.
struct TemplateExpressionParser {
    /// The deepest expression tree accepted; evaluation recurses once per level, so this keeps
    /// a hostile template from overflowing the stack.
    static let maximumDepth = 100

    let tag: TemplateTag
    private var index = 0
    private var depth = 0

    init(_ tag: TemplateTag) {
        self.tag = tag
    }

    var current: TemplateToken? { index < tag.tokens.count ? tag.tokens[index] : nil }
    var isAtEnd: Bool { current == nil }
    var line: Int { current?.line ?? tag.endLine }

    private var following: TemplateToken? { index + 1 < tag.tokens.count ? tag.tokens[index + 1] : nil }

    func error(_ message: String) -> ChatTemplateError {
        .syntax(line: line, column: current?.column ?? tag.endColumn, message: message)
    }

    private func describe(_ token: TemplateToken?) -> String {
        switch token?.kind {
        case nil: return "end of tag"
        case .name(let name): return "'\(name)'"
        case .string(let value): return "string \(TemplateValue.string(value).repr)"
        case .integer(let value): return "'\(value)'"
        case .float(let value): return "'\(value)'"
        case .symbol(let symbol): return "'\(symbol)'"
        }
    }

    func isSymbol(_ symbol: String) -> Bool { current?.kind == .symbol(symbol) }
    func isName(_ name: String) -> Bool { current?.kind == .name(name) }

    mutating func skip(symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        index += 1
        return true
    }

    mutating func skip(name: String) -> Bool {
        guard isName(name) else { return false }
        index += 1
        return true
    }

    mutating func expect(symbol: String) throws(ChatTemplateError) {
        guard skip(symbol: symbol) else { throw error("expected '\(symbol)', found \(describe(current))") }
    }

    mutating func expect(name: String) throws(ChatTemplateError) {
        guard skip(name: name) else { throw error("expected '\(name)', found \(describe(current))") }
    }

    mutating func expectIdentifier() throws(ChatTemplateError) -> String {
        guard case .name(let name) = current?.kind else { throw error("expected a name, found \(describe(current))") }
        index += 1
        return name
    }

    func expectEnd() throws(ChatTemplateError) {
        guard isAtEnd else { throw error("unexpected \(describe(current))") }
    }

    /// Counts one more level of the tree on the path being parsed; callers restore `depth` on return.
    private mutating func deepen() throws(ChatTemplateError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("expression nested more than \(Self.maximumDepth) levels deep") }
    }

    /// A full expression; `conditional: false` stops before a trailing `if` (as in `for x in xs if c`).
    mutating func parseExpression(conditional: Bool = true) throws(ChatTemplateError) -> TemplateExpression {
        let outer = depth
        defer { depth = outer }
        try deepen()
        var expression = try parseOr()
        while conditional, skip(name: "if") {
            try deepen()
            let condition = try parseOr()
            let otherwise = skip(name: "else") ? try parseExpression() : nil
            expression = .conditional(expression, condition: condition, otherwise: otherwise)
        }
        return expression
    }

    private mutating func parseOr() throws(ChatTemplateError) -> TemplateExpression {
        let outer = depth
        defer { depth = outer }
        var left = try parseAnd()
        while skip(name: "or") {
            try deepen()
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(ChatTemplateError) -> TemplateExpression {
        let outer = depth
        defer { depth = outer }
        var left = try parseNot()
        while skip(name: "and") {
            try deepen()
            left = .and(left, try parseNot())
        }
        return left
    }

    private mutating func parseNot() throws(ChatTemplateError) -> TemplateExpression {
        guard skip(name: "not") else { return try parseComparison() }
        let outer = depth
        defer { depth = outer }
        try deepen()
        return .not(try parseNot())
    }

    private mutating func parseComparison() throws(ChatTemplateError) -> TemplateExpression {
        let left = try parseArithmetic()
        var links: [(TemplateComparison, TemplateExpression)] = []
        while true {
            let comparison: TemplateComparison
            if case .symbol(let symbol) = current?.kind, let found = TemplateComparison(rawValue: symbol), found != .contained {
                comparison = found
                index += 1
            } else if skip(name: "in") {
                comparison = .contained
            } else if isName("not"), following?.kind == .name("in") {
                index += 2
                comparison = .notContained
            } else {
                break
            }
            links.append((comparison, try parseArithmetic()))
        }
        return links.isEmpty ? left : .comparison(left, links)
    }

    /// Arithmetic operators by precedence, loosest first; each level is left-associative
    /// (even `**`, as in Jinja).
    private static let operatorLevels: [[TemplateOperator]] = [[.add, .subtract], [.concatenate], [.multiply, .divide, .floorDivide, .modulo], [.power]]

    private mutating func parseArithmetic(level: Int = 0) throws(ChatTemplateError) -> TemplateExpression {
        guard level < Self.operatorLevels.count else { return try parseUnary() }
        let outer = depth
        defer { depth = outer }
        var left = try parseArithmetic(level: level + 1)
        while case .symbol(let symbol) = current?.kind, let found = TemplateOperator(rawValue: symbol), Self.operatorLevels[level].contains(found) {
            index += 1
            try deepen()
            left = .binary(found, left, try parseArithmetic(level: level + 1))
        }
        return left
    }

    /// Unary minus binds to the operand and its postfixes; filters and tests then apply to the
    /// negated value, as in Jinja (`-2 | abs` is 2).
    private mutating func parseUnary(withFilters: Bool = true) throws(ChatTemplateError) -> TemplateExpression {
        let outer = depth
        defer { depth = outer }
        var expression: TemplateExpression
        if skip(symbol: "-") {
            try deepen()
            expression = .negate(try parseUnary(withFilters: false))
        } else {
            expression = try parsePostfix(try parsePrimary())
        }
        guard withFilters else { return expression }
        while true {
            try deepen()
            if skip(symbol: "|") {
                expression = try parseFilter(expression)
            } else if skip(name: "is") {
                expression = try parseTest(expression)
            } else if isSymbol("(") {
                expression = try parseCall(expression)
            } else {
                return expression
            }
        }
    }

    private mutating func parsePrimary() throws(ChatTemplateError) -> TemplateExpression {
        guard let token = current else { throw error("expected an expression, found end of tag") }
        index += 1
        switch token.kind {
        case .name("true"), .name("True"): return .constant(.bool(true))
        case .name("false"), .name("False"): return .constant(.bool(false))
        case .name("none"), .name("None"): return .constant(.none)
        case .name(let name): return .variable(name)
        case .string(var value):
            while case .string(let next) = current?.kind {
                value += next
                index += 1
            }
            return .constant(.string(value))
        case .integer(let value): return .constant(.int(value))
        case .float(let value): return .constant(.float(value))
        case .symbol("("):
            if skip(symbol: ")") { return .list([]) }
            let first = try parseExpression()
            guard isSymbol(",") else {
                try expect(symbol: ")")
                return first
            }
            return .list(try parseSequence(startingWith: [first], closer: ")"))
        case .symbol("["):
            return .list(try parseSequence(closer: "]"))
        case .symbol("{"):
            var entries: [(key: TemplateExpression, value: TemplateExpression)] = []
            while !skip(symbol: "}") {
                if !entries.isEmpty { try expect(symbol: ",") }
                if skip(symbol: "}") { break }
                let key = try parseExpression()
                try expect(symbol: ":")
                entries.append((key, try parseExpression()))
            }
            return .dictionary(entries)
        default:
            index -= 1
            throw error("expected an expression, found \(describe(token))")
        }
    }

    /// Comma-separated expressions up to `closer`, after any already parsed, allowing a trailing comma.
    private mutating func parseSequence(startingWith first: [TemplateExpression] = [], closer: String) throws(ChatTemplateError) -> [TemplateExpression] {
        var items = first
        while !skip(symbol: closer) {
            if !items.isEmpty {
                try expect(symbol: ",")
                if skip(symbol: closer) { break }
            }
            items.append(try parseExpression())
        }
        return items
    }

    private mutating func parsePostfix(_ base: TemplateExpression) throws(ChatTemplateError) -> TemplateExpression {
        let outer = depth
        defer { depth = outer }
        var expression = base
        while true {
            try deepen()
            if skip(symbol: ".") {
                switch current?.kind {
                case .name(let name): expression = .attribute(expression, name)
                case .integer(let value): expression = .item(expression, .constant(.int(value)))
                default: throw error("expected an attribute name after '.', found \(describe(current))")
                }
                index += 1
            } else if skip(symbol: "[") {
                expression = try parseSubscript(expression)
            } else if isSymbol("(") {
                expression = try parseCall(expression)
            } else {
                return expression
            }
        }
    }

    private mutating func parseSubscript(_ base: TemplateExpression) throws(ChatTemplateError) -> TemplateExpression {
        let start = isSymbol(":") ? nil : try parseExpression()
        if let start, skip(symbol: "]") { return .item(base, start) }
        try expect(symbol: ":")
        let stop = isSymbol(":") || isSymbol("]") ? nil : try parseExpression()
        let step = skip(symbol: ":") && !isSymbol("]") ? try parseExpression() : nil
        try expect(symbol: "]")
        return .slice(base, start: start, stop: stop, step: step)
    }

    private mutating func parseArguments() throws(ChatTemplateError) -> TemplateArguments {
        try expect(symbol: "(")
        var arguments = TemplateArguments()
        while !skip(symbol: ")") {
            if !arguments.positional.isEmpty || !arguments.named.isEmpty {
                try expect(symbol: ",")
                if skip(symbol: ")") { break }
            }
            if isSymbol("*") || isSymbol("**") { throw .unsupported(construct: "argument unpacking ('*' and '**')", line: line) }
            if case .name(let name) = current?.kind, following?.kind == .symbol("=") {
                index += 2
                arguments.named.append((name, try parseExpression()))
            } else if arguments.named.isEmpty {
                arguments.positional.append(try parseExpression())
            } else {
                throw error("positional argument follows keyword argument")
            }
        }
        return arguments
    }

    private mutating func parseCall(_ callee: TemplateExpression) throws(ChatTemplateError) -> TemplateExpression {
        let line = self.line
        return .call(callee, try parseArguments(), line: line)
    }

    private mutating func parseFilter(_ value: TemplateExpression) throws(ChatTemplateError) -> TemplateExpression {
        let line = self.line
        let name = try expectIdentifier()
        guard let filter = TemplateFilter(rawValue: name) else { throw .unsupported(construct: "filter '\(name)'", line: line) }
        return .filter(value, filter, isSymbol("(") ? try parseArguments() : TemplateArguments())
    }

    /// `is [not] name`, `is name(arguments)` or `is name argument` (one argument without parentheses).
    private mutating func parseTest(_ value: TemplateExpression) throws(ChatTemplateError) -> TemplateExpression {
        let negated = skip(name: "not")
        let line = self.line
        let name = try expectIdentifier()
        guard let test = TemplateTest(rawValue: name) else { throw .unsupported(construct: "test '\(name)'", line: line) }
        var arguments = TemplateArguments()
        if isSymbol("(") {
            arguments = try parseArguments()
        } else if let token = current, !isName("else"), !isName("or"), !isName("and") {
            switch token.kind {
            case .name, .string, .integer, .float, .symbol("["), .symbol("{"), .symbol("("):
                arguments.positional = [try parsePostfix(try parsePrimary())]
            default: break
            }
        }
        return .test(value, test, arguments, negated: negated)
    }
}
