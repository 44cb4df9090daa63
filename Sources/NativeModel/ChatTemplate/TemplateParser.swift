/// Builds the node tree from the lexer's segments: matches `for`/`if`/`set`/`macro` with their
/// `else`, `elif` and `end…` tags, and refuses statements the interpreter does not run.
struct TemplateParser {
    private let segments: [TemplateSegment]
    private var position = 0
    private var macros: [TemplateMacro] = []
    private var loopDepth = 0
    /// How many statements enclose the one being parsed; bounded like expression depth.
    private var blockDepth = 0

    static func parse(_ source: String) throws(ChatTemplateError) -> TemplateProgram {
        var parser = TemplateParser(segments: try TemplateLexer.segments(source))
        let (nodes, _) = try parser.parseNodes(until: [])
        return TemplateProgram(nodes: nodes, macros: parser.macros)
    }

    private init(segments: [TemplateSegment]) {
        self.segments = segments
    }

    /// Jinja statements this interpreter refuses by name.
    private static let refusedStatements: Set<String> = [
        "raw", "call", "filter", "include", "import", "from", "extends", "block", "with", "do", "autoescape", "trans",
    ]

    /// The statement that ended a body, with a parser positioned after its name.
    private struct Terminator {
        let name: String
        let parser: TemplateExpressionParser
    }

    /// Nodes up to the first statement named in `terminators`, or to the end of the template.
    private mutating func parseNodes(until terminators: Set<String>) throws(ChatTemplateError) -> ([TemplateNode], Terminator?) {
        var nodes: [TemplateNode] = []
        while position < segments.count {
            let segment = segments[position]
            position += 1
            switch segment {
            case .text(let text):
                nodes.append(.text(text))
            case .output(let tag):
                var parser = TemplateExpressionParser(tag)
                let expression = try parser.parseExpression()
                try parser.expectEnd()
                nodes.append(.output(expression, line: tag.line))
            case .statement(let tag):
                var parser = TemplateExpressionParser(tag)
                let name = try parser.expectIdentifier()
                if terminators.contains(name) { return (nodes, Terminator(name: name, parser: parser)) }
                nodes += try parseStatement(name, &parser)
            }
        }
        return (nodes, nil)
    }

    /// The body of the `opener` statement, up to one of `terminators`, which must come.
    private mutating func parseBody(until terminators: Set<String>, opener: String, _ tag: TemplateTag) throws(ChatTemplateError) -> ([TemplateNode], Terminator) {
        blockDepth += 1
        guard blockDepth <= TemplateExpressionParser.maximumDepth else {
            throw .syntax(line: tag.line, column: tag.column, message: "statements nested more than \(TemplateExpressionParser.maximumDepth) levels deep")
        }
        let (nodes, terminator) = try parseNodes(until: terminators)
        blockDepth -= 1
        guard let terminator else {
            let expected = terminators.sorted().map { "'\($0)'" }.joined(separator: " or ")
            throw .syntax(line: tag.line, column: tag.column, message: "unclosed '\(opener)' (expected \(expected))")
        }
        return (nodes, terminator)
    }

    /// The body up to `terminator`, which must be a bare tag such as `{% endif %}`. A detached
    /// body (a macro's or a block `set`'s) renders apart from any enclosing loop, so `break`
    /// and `continue` cannot reach that loop from it.
    private mutating func parseBody(until terminator: String, opener: String, _ tag: TemplateTag, detached: Bool = false) throws(ChatTemplateError) -> [TemplateNode] {
        let outerLoopDepth = loopDepth
        if detached { loopDepth = 0 }
        let (body, end) = try parseBody(until: [terminator], opener: opener, tag)
        loopDepth = outerLoopDepth
        try end.parser.expectEnd()
        return body
    }

    private mutating func parseStatement(_ name: String, _ parser: inout TemplateExpressionParser) throws(ChatTemplateError) -> [TemplateNode] {
        let tag = parser.tag
        switch name {
        case "if": return [try parseIf(&parser)]
        case "for": return [try parseFor(&parser)]
        case "set": return [try parseSet(&parser)]
        case "macro": return [try parseMacro(&parser)]
        case "break", "continue":
            guard loopDepth > 0 else { throw .syntax(line: tag.line, column: tag.column, message: "'\(name)' outside a loop") }
            try parser.expectEnd()
            return [name == "break" ? .breakLoop : .continueLoop]
        case "generation":
            // Hugging Face's marker for assistant text: renders its body unchanged.
            try parser.expectEnd()
            return try parseBody(until: "endgeneration", opener: name, tag)
        case _ where Self.refusedStatements.contains(name):
            throw .unsupported(construct: "'\(name)' statement", line: tag.line)
        case "elif", "else", "endif", "endfor", "endset", "endmacro", "endgeneration":
            throw .syntax(line: tag.line, column: tag.column, message: "unexpected '\(name)'")
        default:
            throw .unsupported(construct: "unknown statement '\(name)'", line: tag.line)
        }
    }

    private mutating func parseIf(_ parser: inout TemplateExpressionParser) throws(ChatTemplateError) -> TemplateNode {
        var branches: [TemplateBranch] = []
        var header = parser
        while true {
            let condition = try header.parseExpression()
            try header.expectEnd()
            let (body, end) = try parseBody(until: ["elif", "else", "endif"], opener: "if", parser.tag)
            branches.append(TemplateBranch(condition: condition, body: body, line: header.tag.line))
            switch end.name {
            case "elif":
                header = end.parser
            case "else":
                try end.parser.expectEnd()
                return .branches(branches, otherwise: try parseBody(until: "endif", opener: "if", parser.tag))
            default:
                try end.parser.expectEnd()
                return .branches(branches, otherwise: [])
            }
        }
    }

    private mutating func parseFor(_ parser: inout TemplateExpressionParser) throws(ChatTemplateError) -> TemplateNode {
        let tag = parser.tag
        var targets = [try parser.expectIdentifier()]
        while parser.skip(symbol: ",") { targets.append(try parser.expectIdentifier()) }
        try parser.expect(name: "in")
        let iterable = try parser.parseExpression(conditional: false)
        let filter = parser.skip(name: "if") ? try parser.parseExpression(conditional: false) : nil
        if parser.isName("recursive") { throw .unsupported(construct: "recursive loop", line: tag.line) }
        try parser.expectEnd()
        loopDepth += 1
        let (body, end) = try parseBody(until: ["else", "endfor"], opener: "for", tag)
        loopDepth -= 1
        try end.parser.expectEnd()
        let otherwise = end.name == "else" ? try parseBody(until: "endfor", opener: "for", tag) : []
        return .loop(TemplateLoop(targets: targets, iterable: iterable, filter: filter, body: body, otherwise: otherwise, line: tag.line))
    }

    private mutating func parseSet(_ parser: inout TemplateExpressionParser) throws(ChatTemplateError) -> TemplateNode {
        let tag = parser.tag
        let name = try parser.expectIdentifier()
        if parser.skip(symbol: ".") {
            let attribute = try parser.expectIdentifier()
            try parser.expect(symbol: "=")
            let value = try parser.parseExpression()
            try parser.expectEnd()
            return .assignAttribute(object: name, attribute: attribute, value, line: tag.line)
        }
        var names = [name]
        while parser.skip(symbol: ",") { names.append(try parser.expectIdentifier()) }
        if names.count == 1, parser.isAtEnd {
            return .capture(name, try parseBody(until: "endset", opener: "set", tag, detached: true))
        }
        if parser.isSymbol("|") { throw .unsupported(construct: "filtered block 'set'", line: tag.line) }
        try parser.expect(symbol: "=")
        let value = try parser.parseExpression()
        try parser.expectEnd()
        return .assign(names, value, line: tag.line)
    }

    private mutating func parseMacro(_ parser: inout TemplateExpressionParser) throws(ChatTemplateError) -> TemplateNode {
        let tag = parser.tag
        let name = try parser.expectIdentifier()
        try parser.expect(symbol: "(")
        var parameters: [TemplateMacro.Parameter] = []
        while !parser.skip(symbol: ")") {
            if !parameters.isEmpty { try parser.expect(symbol: ",") }
            let parameter = try parser.expectIdentifier()
            let defaultValue = parser.skip(symbol: "=") ? try parser.parseExpression() : nil
            if defaultValue == nil, parameters.last?.defaultValue != nil {
                throw parser.error("parameter '\(parameter)' without a default follows one with a default")
            }
            parameters.append(TemplateMacro.Parameter(name: parameter, defaultValue: defaultValue))
        }
        try parser.expectEnd()
        let body = try parseBody(until: "endmacro", opener: "macro", tag, detached: true)
        macros.append(TemplateMacro(name: name, parameters: parameters, body: body))
        return .defineMacro(macros.count - 1)
    }
}
