/// A parsed template: its top-level nodes and the macros it defines (nodes refer to macros by
/// index, so the tree stays plain data).
struct TemplateProgram: Sendable {
    let nodes: [TemplateNode]
    let macros: [TemplateMacro]
}

/// One piece of template output or one statement.
indirect enum TemplateNode: Sendable {
    case text(String)
    case output(TemplateExpression, line: Int)
    /// `if`/`elif` branches in order, then the `else` body.
    case branches([TemplateBranch], otherwise: [TemplateNode])
    case loop(TemplateLoop)
    /// `set a = …` or `set a, b = …`.
    case assign([String], TemplateExpression, line: Int)
    /// `set ns.attribute = …`.
    case assignAttribute(object: String, attribute: String, TemplateExpression, line: Int)
    /// `set name %}…{% endset`: the rendered body becomes a string variable.
    case capture(String, [TemplateNode])
    case defineMacro(Int)
    case breakLoop
    case continueLoop
}

struct TemplateBranch: Sendable {
    let condition: TemplateExpression
    let body: [TemplateNode]
    let line: Int
}

/// `for targets in iterable if filter %}body{% else %}otherwise{% endfor`.
struct TemplateLoop: Sendable {
    let targets: [String]
    let iterable: TemplateExpression
    let filter: TemplateExpression?
    let body: [TemplateNode]
    let otherwise: [TemplateNode]
    let line: Int
}

struct TemplateMacro: Sendable {
    struct Parameter: Sendable {
        let name: String
        let defaultValue: TemplateExpression?
    }

    let name: String
    let parameters: [Parameter]
    let body: [TemplateNode]
}

struct TemplateArguments: Sendable {
    var positional: [TemplateExpression] = []
    var named: [(name: String, value: TemplateExpression)] = []
}

indirect enum TemplateExpression: Sendable {
    case constant(TemplateValue)
    case variable(String)
    case list([TemplateExpression])
    case dictionary([(key: TemplateExpression, value: TemplateExpression)])
    case attribute(TemplateExpression, String)
    case item(TemplateExpression, TemplateExpression)
    case slice(TemplateExpression, start: TemplateExpression?, stop: TemplateExpression?, step: TemplateExpression?)
    case call(TemplateExpression, TemplateArguments, line: Int)
    case filter(TemplateExpression, TemplateFilter, TemplateArguments)
    case test(TemplateExpression, TemplateTest, TemplateArguments, negated: Bool)
    case negate(TemplateExpression)
    case not(TemplateExpression)
    case and(TemplateExpression, TemplateExpression)
    case or(TemplateExpression, TemplateExpression)
    case binary(TemplateOperator, TemplateExpression, TemplateExpression)
    /// A chain such as `a < b <= c`, true when every link holds.
    case comparison(TemplateExpression, [(TemplateComparison, TemplateExpression)])
    /// `value if condition else otherwise`; without `else` the result is undefined.
    case conditional(TemplateExpression, condition: TemplateExpression, otherwise: TemplateExpression?)
}

enum TemplateOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", floorDivide = "//", modulo = "%", power = "**", concatenate = "~"
}

enum TemplateComparison: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case contained = "in", notContained = "not in"
}

/// The filters the interpreter runs, by their Jinja names.
enum TemplateFilter: String, Sendable {
    case trim, length, count, upper, lower, capitalize, title, `default`, d, join, first, last, list, string
    case int, float, tojson, replace, safe, items, selectattr, rejectattr, select, reject, map, reverse, abs
}

/// The tests (`x is name`) the interpreter runs, by their Jinja names.
enum TemplateTest: String, Sendable {
    case defined, undefined, none, string, mapping, iterable, number, sequence, boolean, integer, float
    case `true`, `false`, odd, even, divisibleby, callable, lower, upper, `in`, sameas
    case equalto, eq, equalSign = "==", ne, notEqualSign = "!=", lt, lessSign = "<", le, lessOrEqualSign = "<="
    case gt, greaterSign = ">", ge, greaterOrEqualSign = ">="
}
