/// The tests (`value is name(arguments)`), with Jinja's semantics; Python bools count as numbers.
extension TemplateRenderer {
    func apply(_ test: TemplateTest, to value: TemplateValue, _ arguments: CallArguments) throws(TemplateFailure) -> Bool {
        let name = test.rawValue
        switch test {
        case .equalto, .eq, .equalSign: return try compare(.equal, value, arguments, name)
        case .ne, .notEqualSign: return try compare(.notEqual, value, arguments, name)
        case .lt, .lessSign: return try compare(.less, value, arguments, name)
        case .le, .lessOrEqualSign: return try compare(.lessOrEqual, value, arguments, name)
        case .gt, .greaterSign: return try compare(.greater, value, arguments, name)
        case .ge, .greaterOrEqualSign: return try compare(.greaterOrEqual, value, arguments, name)
        case .in: return try compare(.contained, value, arguments, name)
        case .sameas:
            let other = try arguments.bind(["other"], required: 1, to: name)[0]!
            return value.typeName == other.typeName && value.equals(other)
        case .divisibleby:
            let divisor = try arguments.bind(["num"], required: 1, to: name)[0]!
            guard let dividend = value.integer, let by = divisor.integer, by != 0 else {
                throw .runtime("divisibleby needs integers and a non-zero divisor")
            }
            return dividend % by == 0
        default:
            _ = try arguments.bind([], to: name)
        }
        switch (test, value) {
        case (.defined, _): return !value.isUndefined
        case (.undefined, _): return value.isUndefined
        case (.none, .none), (.string, .string), (.mapping, .dictionary), (.boolean, .bool), (.integer, .int), (.float, .float):
            return true
        case (.iterable, .string), (.iterable, .list), (.iterable, .dictionary), (.iterable, .undefined),
             (.sequence, .string), (.sequence, .list), (.sequence, .dictionary):
            return true
        case (.number, _): return value.number != nil
        case (.true, .bool(let flag)): return flag
        case (.false, .bool(let flag)): return !flag
        case (.callable, .macro): return true
        case (.odd, _), (.even, _):
            guard let integer = value.integer else { throw .runtime("\(name) needs an integer, not '\(value.typeName)'") }
            return (integer % 2 != 0) == (test == .odd)
        case (.lower, .string(let text)): return text.lowercased() == text && text.uppercased() != text
        case (.upper, .string(let text)): return text.uppercased() == text && text.lowercased() != text
        default: return false
        }
    }

    private func compare(_ comparison: TemplateComparison, _ value: TemplateValue, _ arguments: CallArguments, _ name: String) throws(TemplateFailure) -> Bool {
        let other = try arguments.bind(["other"], required: 1, to: name)[0]!
        return try TemplateOperations.compare(comparison, value, other)
    }
}
