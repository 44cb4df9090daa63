/// Runs a parsed template: writes text, evaluates expressions, keeps Jinja's scopes (each loop
/// iteration and macro call has its own; `if` does not), namespaces and macros, and stops a
/// runaway template at fixed limits.
struct TemplateRenderer {
    /// Limits on a runaway template: bytes written (captured text included), loop iterations
    /// (numbers made by `range` included), and macro calls in progress at once.
    static let maximumOutput = 1 << 22
    static let maximumIterations = 1_000_000
    static let maximumCallDepth = 100

    private enum Flow { case normal, breakLoop, continueLoop }

    private let program: TemplateProgram
    private var scopes: [[String: TemplateValue]]
    /// The attributes of every `namespace()` made so far; `TemplateValue.namespace` indexes it.
    private var namespaces: [TemplateDictionary] = []
    private var output = ""
    private var written = 0
    private var iterations = 0
    private var callDepth = 0
    private var line = 1

    init(program: TemplateProgram, variables: [String: TemplateValue]) {
        self.program = program
        self.scopes = [variables]
    }

    mutating func render() throws(ChatTemplateError) -> String {
        do {
            _ = try execute(program.nodes)
        } catch {
            throw error.located(at: line)
        }
        return output
    }

    // MARK: Statements

    private mutating func execute(_ nodes: [TemplateNode]) throws(TemplateFailure) -> Flow {
        for node in nodes {
            switch node {
            case .text(let text):
                try write(text)
            case .output(let expression, let line):
                self.line = line
                try write(try evaluate(expression).text)
            case .branches(let branches, let otherwise):
                var body = otherwise
                for branch in branches {
                    line = branch.line
                    if try evaluate(branch.condition).isTruthy {
                        body = branch.body
                        break
                    }
                }
                let flow = try execute(body)
                if flow != .normal { return flow }
            case .loop(let loop):
                let flow = try run(loop)
                if flow != .normal { return flow }
            case .assign(let names, let expression, let line):
                self.line = line
                try bind(names, to: try evaluate(expression))
            case .assignAttribute(let object, let attribute, let expression, let line):
                self.line = line
                let value = try evaluate(expression)
                guard case .namespace(let index) = lookup(object) else {
                    throw .runtime("cannot assign attribute '\(attribute)' on '\(object)', which is not a namespace")
                }
                namespaces[index].set(attribute, value)
            case .capture(let name, let body):
                scopes[scopes.count - 1][name] = .string(try capture(body))
            case .defineMacro(let index):
                scopes[scopes.count - 1][program.macros[index].name] = .macro(index)
            case .breakLoop:
                return .breakLoop
            case .continueLoop:
                return .continueLoop
            }
        }
        return .normal
    }

    private mutating func write(_ text: String) throws(TemplateFailure) {
        written += text.utf8.count
        guard written <= Self.maximumOutput else { throw .limitExceeded("\(Self.maximumOutput) bytes of output") }
        output += text
    }

    /// Renders `nodes` into a string of their own instead of the output.
    private mutating func capture(_ nodes: [TemplateNode]) throws(TemplateFailure) -> String {
        let outer = output
        output = ""
        _ = try execute(nodes)
        let captured = output
        output = outer
        return captured
    }

    private func lookup(_ name: String) -> TemplateValue? {
        scopes.reversed().lazy.compactMap { $0[name] }.first
    }

    /// Assigns in the innermost scope; several names unpack a sequence of that length.
    private mutating func bind(_ names: [String], to value: TemplateValue) throws(TemplateFailure) {
        guard names.count > 1 else { return scopes[scopes.count - 1][names[0]] = value }
        let items = try TemplateOperations.elements(of: value)
        guard items.count == names.count else {
            throw .runtime("cannot unpack \(items.count) values into \(names.count) names (\(names.joined(separator: ", ")))")
        }
        for (name, item) in zip(names, items) { scopes[scopes.count - 1][name] = item }
    }

    private mutating func run(_ loop: TemplateLoop) throws(TemplateFailure) -> Flow {
        line = loop.line
        var items = try TemplateOperations.elements(of: try evaluate(loop.iterable))
        if let filter = loop.filter {
            var kept: [TemplateValue] = []
            for item in items {
                scopes.append([:])
                try bind(loop.targets, to: item)
                if try evaluate(filter).isTruthy { kept.append(item) }
                scopes.removeLast()
            }
            items = kept
        }
        guard !items.isEmpty else { return try execute(loop.otherwise) }
        for (index, item) in items.enumerated() {
            try count(iterations: 1)
            var info = TemplateDictionary([
                ("index", .int(index + 1)), ("index0", .int(index)),
                ("revindex", .int(items.count - index)), ("revindex0", .int(items.count - index - 1)),
                ("first", .bool(index == 0)), ("last", .bool(index == items.count - 1)), ("length", .int(items.count)),
            ])
            if index > 0 { info.set("previtem", items[index - 1]) }
            if index + 1 < items.count { info.set("nextitem", items[index + 1]) }
            scopes.append(["loop": .dictionary(info)])
            try bind(loop.targets, to: item)
            let flow = try execute(loop.body)
            scopes.removeLast()
            if flow == .breakLoop { break }
        }
        return .normal
    }

    // MARK: Expressions

    mutating func evaluate(_ expression: TemplateExpression) throws(TemplateFailure) -> TemplateValue {
        switch expression {
        case .constant(let value):
            return value
        case .variable(let name):
            return lookup(name) ?? .undefined(name)
        case .list(let expressions):
            let items = try evaluate(expressions)
            try TemplateOperations.checkNesting(of: items)
            return .list(items)
        case .dictionary(let entries):
            var dictionary = TemplateDictionary()
            for entry in entries {
                guard case .string(let key) = try evaluate(entry.key) else { throw .unsupported("dictionary keys that are not strings") }
                dictionary.set(key, try evaluate(entry.value))
            }
            try TemplateOperations.checkNesting(of: dictionary.entries.map(\.value))
            return .dictionary(dictionary)
        case .attribute(let object, let name):
            return try member(of: try evaluate(object), .string(name))
        case .item(let object, let key):
            return try member(of: try evaluate(object), try evaluate(key))
        case .slice(let object, let start, let stop, let step):
            let value = try evaluate(object)
            return try TemplateOperations.slice(value, start: try sliceBound(start), stop: try sliceBound(stop), step: try sliceBound(step))
        case .call(let callee, let arguments, let line):
            self.line = line
            return try call(callee, try evaluate(arguments))
        case .filter(let value, let filter, let arguments):
            return try apply(filter, to: try evaluate(value), try evaluate(arguments))
        case .test(let value, let test, let arguments, let negated):
            return .bool(try apply(test, to: try evaluate(value), try evaluate(arguments)) != negated)
        case .negate(let operand):
            let value = try evaluate(operand)
            if let integer = value.integer, integer != .min { return .int(-integer) }
            if case .float(let number) = value { return .float(-number) }
            if case .undefined(let name) = value { throw TemplateOperations.undefinedError(name) }
            throw .runtime("bad operand type for unary -: '\(value.typeName)'")
        case .not(let operand):
            return .bool(!(try evaluate(operand).isTruthy))
        case .and(let left, let right):
            let value = try evaluate(left)
            return value.isTruthy ? try evaluate(right) : value
        case .or(let left, let right):
            let value = try evaluate(left)
            return value.isTruthy ? value : try evaluate(right)
        case .binary(let operation, let left, let right):
            return try TemplateOperations.binary(operation, try evaluate(left), try evaluate(right))
        case .comparison(let first, let links):
            var left = try evaluate(first)
            for (comparison, expression) in links {
                let right = try evaluate(expression)
                guard try TemplateOperations.compare(comparison, left, right) else { return .bool(false) }
                left = right
            }
            return .bool(true)
        case .conditional(let value, let condition, let otherwise):
            if try evaluate(condition).isTruthy { return try evaluate(value) }
            return try otherwise.map { (expression) throws(TemplateFailure) in try evaluate(expression) } ?? .undefined("conditional without else")
        }
    }

    private mutating func evaluate(_ expressions: [TemplateExpression]) throws(TemplateFailure) -> [TemplateValue] {
        var values: [TemplateValue] = []
        for expression in expressions { values.append(try evaluate(expression)) }
        return values
    }

    private mutating func evaluate(_ arguments: TemplateArguments) throws(TemplateFailure) -> CallArguments {
        var named: [(name: String, value: TemplateValue)] = []
        for (name, expression) in arguments.named { named.append((name, try evaluate(expression))) }
        return CallArguments(positional: try evaluate(arguments.positional), named: named)
    }

    private mutating func sliceBound(_ expression: TemplateExpression?) throws(TemplateFailure) -> Int? {
        guard let expression else { return nil }
        let value = try evaluate(expression)
        if case .none = value { return nil }
        guard let bound = value.integer else { throw .runtime("slice indices must be integers or none, not '\(value.typeName)'") }
        return bound
    }

    /// `value.key` and `value[key]`: dictionary and namespace entries, list and string
    /// elements; anything missing is undefined, but looking into undefined is an error.
    func member(of value: TemplateValue, _ key: TemplateValue) throws(TemplateFailure) -> TemplateValue {
        switch (value, key) {
        case (.undefined(let name), _): throw TemplateOperations.undefinedError(name)
        case (.dictionary(let dictionary), .string(let name)): return dictionary[name] ?? .undefined("\(value.typeName) has no attribute '\(name)'")
        case (.namespace(let index), .string(let name)): return namespaces[index][name] ?? .undefined("namespace has no attribute '\(name)'")
        default:
            if let index = key.integer, let element = TemplateOperations.element(of: value, at: index) { return element }
            return .undefined("\(value.typeName) has no item \(key.repr)")
        }
    }

    // MARK: Calls

    private mutating func call(_ callee: TemplateExpression, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        switch callee {
        case .attribute(let object, let name):
            return try callMethod(name, on: try evaluate(object), arguments)
        case .variable(let name) where lookup(name) == nil:
            guard let global = TemplateGlobal(rawValue: name) else { throw .unsupported("function '\(name)'") }
            return try callGlobal(global, arguments)
        default:
            let value = try evaluate(callee)
            guard case .macro(let index) = value else { throw .runtime("'\(value.typeName)' object is not callable") }
            return try callMacro(program.macros[index], arguments)
        }
    }

    private mutating func callMacro(_ macro: TemplateMacro, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        guard callDepth < Self.maximumCallDepth else { throw .limitExceeded("\(Self.maximumCallDepth) nested macro calls") }
        let bound = try arguments.bind(macro.parameters.map(\.name), to: macro.name)
        var scope: [String: TemplateValue] = [:]
        for (parameter, value) in zip(macro.parameters, bound) {
            if let value {
                scope[parameter.name] = value
            } else {
                scope[parameter.name] = try parameter.defaultValue.map { (expression) throws(TemplateFailure) in try evaluate(expression) }
                    ?? .undefined(parameter.name)
            }
        }
        let outer = scopes
        scopes = [scopes[0], scope]
        callDepth += 1
        let text = try capture(macro.body)
        callDepth -= 1
        scopes = outer
        return .string(text)
    }

    /// Makes a namespace with the given attributes and returns its handle.
    mutating func makeNamespace(_ attributes: TemplateDictionary) -> TemplateValue {
        namespaces.append(attributes)
        return .namespace(namespaces.count - 1)
    }

    /// Counts loop iterations, and the numbers `range` makes, against one limit.
    mutating func count(iterations added: Int) throws(TemplateFailure) {
        iterations += added
        guard iterations <= Self.maximumIterations else { throw .limitExceeded("\(Self.maximumIterations) loop iterations") }
    }
}
