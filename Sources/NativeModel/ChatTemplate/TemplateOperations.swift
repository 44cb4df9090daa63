import Foundation

/// Python's semantics for the operators, comparisons, iteration, indexing and slicing that
/// templates use on values.
enum TemplateOperations {
    /// The most elements or characters one operation may build (repetition, `range`), so a
    /// runaway template fails instead of exhausting memory.
    static let maximumSize = 1 << 22

    /// The deepest nesting of lists and dictionaries a template may build; printing, comparing
    /// and JSON encoding recurse once per level.
    static let maximumNesting = 100

    /// Refuses to wrap `children` in one more list or dictionary when that would nest too deep.
    static func checkNesting(of children: [TemplateValue]) throws(TemplateFailure) {
        guard (children.lazy.map(\.nesting).max() ?? 0) < maximumNesting else {
            throw .limitExceeded("\(maximumNesting) levels of nested lists and dictionaries")
        }
    }

    static func undefinedError(_ name: String) -> TemplateFailure {
        .runtime("'\(name)' is undefined")
    }

    static func binary(_ operation: TemplateOperator, _ left: TemplateValue, _ right: TemplateValue) throws(TemplateFailure) -> TemplateValue {
        if operation == .concatenate { return .string(left.text + right.text) }
        if case .undefined(let name) = left { throw undefinedError(name) }
        if case .undefined(let name) = right { throw undefinedError(name) }
        switch (operation, left, right) {
        case (.add, .string(let a), .string(let b)): return .string(a + b)
        case (.add, .list(let a), .list(let b)): return .list(a + b)
        case (.multiply, .string(let text), _) where right.integer != nil:
            return .string(String(repeating: text, count: try repetitions(right.integer!, size: text.unicodeScalars.count)))
        case (.multiply, .list(let items), _) where right.integer != nil:
            return .list(Array(Array(repeating: items, count: try repetitions(right.integer!, size: items.count)).joined()))
        case (.modulo, .string, _):
            throw .unsupported("string formatting with '%'")
        default: break
        }
        guard let a = left.number, let b = right.number else {
            throw .runtime("unsupported operand types for \(operation.rawValue): '\(left.typeName)' and '\(right.typeName)'")
        }
        if let x = left.integer, let y = right.integer, operation != .divide {
            return .int(try integerArithmetic(operation, x, y))
        }
        switch operation {
        case .add: return .float(a + b)
        case .subtract: return .float(a - b)
        case .multiply: return .float(a * b)
        case .divide, .floorDivide, .modulo:
            guard b != 0 else { throw .runtime("division by zero") }
            if operation == .divide { return .float(a / b) }
            let quotient = (a / b).rounded(.down)
            return .float(operation == .floorDivide ? quotient : a - b * quotient)
        case .power: return .float(pow(a, b))
        case .concatenate: preconditionFailure("handled above")
        }
    }

    private static func repetitions(_ count: Int, size: Int) throws(TemplateFailure) -> Int {
        let total = max(count, 0).multipliedReportingOverflow(by: size)
        guard !total.overflow, total.partialValue <= maximumSize else { throw .limitExceeded("\(maximumSize) elements in one value") }
        return max(count, 0)
    }

    /// Integer `+ - * // % **` with Python's flooring; a negative power gives a float in Python, so is refused here.
    private static func integerArithmetic(_ operation: TemplateOperator, _ a: Int, _ b: Int) throws(TemplateFailure) -> Int {
        let result: (partialValue: Int, overflow: Bool)
        switch operation {
        case .add: result = a.addingReportingOverflow(b)
        case .subtract: result = a.subtractingReportingOverflow(b)
        case .multiply: result = a.multipliedReportingOverflow(by: b)
        case .floorDivide, .modulo:
            guard b != 0 else { throw .runtime("integer division or modulo by zero") }
            let division = a.dividedReportingOverflow(by: b)
            guard !division.overflow else { throw .runtime("integer overflow in \(operation.rawValue)") }
            var quotient = division.partialValue
            var remainder = a - quotient * b
            if remainder != 0, (remainder < 0) != (b < 0) {
                quotient -= 1
                remainder += b
            }
            result = (operation == .floorDivide ? quotient : remainder, false)
        case .power:
            guard b >= 0 else { throw .unsupported("negative integer power") }
            var value = 1, base = a, exponent = b, overflow = false
            while exponent > 0, !overflow {
                if exponent & 1 == 1 { (value, overflow) = value.multipliedReportingOverflow(by: base) }
                exponent >>= 1
                if exponent > 0, !overflow { (base, overflow) = base.multipliedReportingOverflow(by: base) }
            }
            result = (value, overflow)
        case .divide, .concatenate: preconditionFailure("not integer arithmetic")
        }
        guard !result.overflow else { throw .runtime("integer overflow in \(operation.rawValue)") }
        return result.partialValue
    }

    static func compare(_ comparison: TemplateComparison, _ left: TemplateValue, _ right: TemplateValue) throws(TemplateFailure) -> Bool {
        switch comparison {
        case .equal: return left.equals(right)
        case .notEqual: return !left.equals(right)
        case .contained: return try contains(right, left)
        case .notContained: return try !contains(right, left)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            if let a = left.number, let b = right.number {
                order = a < b ? -1 : a > b ? 1 : 0
            } else if case .string(let a) = left, case .string(let b) = right {
                order = a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value } ? -1
                    : a.unicodeScalars.elementsEqual(b.unicodeScalars) ? 0 : 1
            } else {
                throw .runtime("'\(comparison.rawValue)' not supported between '\(left.typeName)' and '\(right.typeName)'")
            }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    /// Python's `element in container`.
    static func contains(_ container: TemplateValue, _ element: TemplateValue) throws(TemplateFailure) -> Bool {
        switch (container, element) {
        case (.string(let text), .string(let part)): return PythonString.contains(text, part)
        case (.string, _): throw .runtime("'in <string>' requires a string as left operand, not '\(element.typeName)'")
        case (.list(let items), _): return items.contains { $0.equals(element) }
        case (.dictionary(let dictionary), .string(let key)): return dictionary[key] != nil
        case (.dictionary, _), (.undefined, _): return false
        default: throw .runtime("argument of type '\(container.typeName)' is not iterable")
        }
    }

    /// What `for` iterates: list items, dictionary keys, string characters; undefined is empty.
    static func elements(of value: TemplateValue) throws(TemplateFailure) -> [TemplateValue] {
        switch value {
        case .list(let items): return items
        case .dictionary(let dictionary): return dictionary.keys.map(TemplateValue.string)
        case .string(let text): return text.unicodeScalars.map { .string(String($0)) }
        case .undefined: return []
        default: throw .runtime("'\(value.typeName)' object is not iterable")
        }
    }

    static func length(of value: TemplateValue) throws(TemplateFailure) -> Int {
        switch value {
        case .string(let text): return text.unicodeScalars.count
        case .list(let items): return items.count
        case .dictionary(let dictionary): return dictionary.count
        case .undefined: return 0
        default: throw .runtime("object of type '\(value.typeName)' has no len()")
        }
    }

    /// `value[index]` for lists and strings, negative indices counting from the end; out of
    /// range is undefined, as in Jinja.
    static func element(of value: TemplateValue, at index: Int) -> TemplateValue? {
        let count: Int
        switch value {
        case .list(let items): count = items.count
        case .string(let text): count = text.unicodeScalars.count
        default: return nil
        }
        let position = index < 0 ? index + count : index
        guard (0..<count).contains(position) else { return .undefined("index \(index)") }
        if case .list(let items) = value { return items[position] }
        return .string(String(PythonString.scalars(value.text)[position]))
    }

    /// `value[start:stop:step]` with Python's clamping and negative steps.
    static func slice(_ value: TemplateValue, start: Int?, stop: Int?, step: Int?) throws(TemplateFailure) -> TemplateValue {
        let step = step ?? 1
        guard step != 0 else { throw .runtime("slice step cannot be zero") }
        let items: [TemplateValue]
        switch value {
        case .list(let list): items = list
        case .string(let text): items = text.unicodeScalars.map { .string(String($0)) }
        case .undefined(let name): throw undefinedError(name)
        default: throw .runtime("'\(value.typeName)' object is not subscriptable")
        }
        let count = items.count
        func clamp(_ bound: Int?, default fallback: Int) -> Int {
            guard let bound else { return fallback }
            let position = bound < 0 ? bound + count : bound
            return step > 0 ? min(max(position, 0), count) : min(max(position, -1), count - 1)
        }
        let indices = step > 0
            ? Array(stride(from: clamp(start, default: 0), to: clamp(stop, default: count), by: step))
            : Array(stride(from: clamp(start, default: count - 1), to: clamp(stop, default: -1), by: step))
        let selected = indices.map { items[$0] }
        if case .string = value { return .string(selected.map(\.text).joined()) }
        return .list(selected)
    }
}
