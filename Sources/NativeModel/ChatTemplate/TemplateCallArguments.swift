/// Why evaluation stopped, before the renderer adds the line it was on.
enum TemplateFailure: Error {
    case runtime(String)
    case unsupported(String)
    case raised(String)
    case limitExceeded(String)

    func located(at line: Int) -> ChatTemplateError {
        switch self {
        case .runtime(let message): return .runtime(line: line, message: message)
        case .unsupported(let construct): return .unsupported(construct: construct, line: line)
        case .raised(let message): return .raised(message)
        case .limitExceeded(let what): return .limitExceeded(what)
        }
    }
}

/// Evaluated arguments of a filter, test, method, function or macro call.
struct CallArguments {
    var positional: [TemplateValue] = []
    var named: [(name: String, value: TemplateValue)] = []

    /// Matches the arguments to `parameters` as Python does (positionally, then by keyword),
    /// requiring the first `required` of them; nil where a parameter was not given.
    func bind(_ parameters: [String], required: Int = 0, to callee: String) throws(TemplateFailure) -> [TemplateValue?] {
        guard positional.count <= parameters.count else {
            throw .runtime("\(callee)() takes at most \(parameters.count) arguments (\(positional.count) given)")
        }
        var bound: [TemplateValue?] = positional + Array(repeating: nil, count: parameters.count - positional.count)
        for (name, value) in named {
            guard let index = parameters.firstIndex(of: name) else {
                throw .runtime("\(callee)() got an unexpected keyword argument '\(name)'")
            }
            guard bound[index] == nil else { throw .runtime("\(callee)() got multiple values for argument '\(name)'") }
            bound[index] = value
        }
        if let missing = parameters.indices.prefix(required).first(where: { bound[$0] == nil }) {
            throw .runtime("\(callee)() missing required argument '\(parameters[missing])'")
        }
        return bound
    }
}
