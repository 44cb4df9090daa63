/// The filters (`value | name(arguments)`), with Jinja's arguments and semantics.
extension TemplateRenderer {
    mutating func apply(_ filter: TemplateFilter, to value: TemplateValue, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        let name = filter.rawValue
        if Self.filtersWithoutArguments.contains(filter) { _ = try arguments.bind([], to: name) }
        switch filter {
        case .trim:
            let bound = try arguments.bind(["chars"], to: name)
            return .string(PythonString.strip(value.text, characters: bound[0]?.optionalText))
        case .length, .count: return .int(try TemplateOperations.length(of: value))
        case .upper: return .string(value.text.uppercased())
        case .lower: return .string(value.text.lowercased())
        case .capitalize: return .string(PythonString.capitalize(value.text))
        case .title: return .string(PythonString.title(value.text, pythonStyle: false))
        case .default, .d:
            let bound = try arguments.bind(["default_value", "boolean"], to: name)
            let replace = value.isUndefined || (bound[1]?.isTruthy == true && !value.isTruthy)
            return replace ? bound[0] ?? .string("") : value
        case .join:
            let bound = try arguments.bind(["d", "attribute"], to: name)
            var items = try TemplateOperations.elements(of: value)
            if let attribute = bound[1] { items = try items.map { (item) throws(TemplateFailure) in try member(of: item, path: attribute) } }
            return .string(items.map(\.text).joined(separator: bound[0]?.text ?? ""))
        case .first, .last:
            let items = try TemplateOperations.elements(of: value)
            return (filter == .first ? items.first : items.last) ?? .undefined("\(name) of an empty sequence")
        case .list: return .list(try TemplateOperations.elements(of: value))
        case .string: return .string(value.text)
        case .int:
            let bound = try arguments.bind(["default", "base"], to: name)
            return Self.integer(value, base: bound[1]?.integer ?? 10) ?? bound[0] ?? .int(0)
        case .float:
            let bound = try arguments.bind(["default"], to: name)
            return Self.float(value) ?? bound[0] ?? .float(0)
        case .tojson:
            let bound = try arguments.bind(["indent"], to: name)
            return .string(try TemplateJSON.encode(value, indent: bound[0]?.integer))
        case .replace:
            let bound = try arguments.bind(["old", "new", "count"], required: 2, to: name)
            return .string(PythonString.replace(value.text, bound[0]!.text, with: bound[1]!.text, count: bound[2]?.integer))
        case .safe: return value
        case .items:
            switch value {
            case .dictionary(let dictionary): return .list(dictionary.entries.map { .list([.string($0.key), $0.value]) })
            case .undefined: return .list([])
            default: throw .runtime("items() needs a mapping, not '\(value.typeName)'")
            }
        case .selectattr, .rejectattr, .select, .reject:
            return try select(value, arguments, byAttribute: filter == .selectattr || filter == .rejectattr,
                              keep: filter == .selectattr || filter == .select, name: name)
        case .map:
            return try map(value, arguments)
        case .reverse:
            switch value {
            case .string(let text): return .string(PythonString.text(text.unicodeScalars.reversed()))
            case .list(let items): return .list(items.reversed())
            default: throw .runtime("cannot reverse '\(value.typeName)'")
            }
        case .abs:
            if let integer = value.integer, integer != .min { return .int(Swift.abs(integer)) }
            if case .float(let number) = value { return .float(Swift.abs(number)) }
            throw .runtime("bad operand type for abs(): '\(value.typeName)'")
        }
    }

    private static let filtersWithoutArguments: Set<TemplateFilter> = [
        .length, .count, .upper, .lower, .capitalize, .title, .first, .last, .list, .string, .safe, .items, .reverse, .abs,
    ]

    /// `item.attribute` where the attribute may be a dotted path (`"function.name"`) whose
    /// numeric parts index lists.
    func member(of item: TemplateValue, path: TemplateValue) throws(TemplateFailure) -> TemplateValue {
        guard case .string(let dotted) = path else { return try member(of: item, path) }
        var value = item
        for part in dotted.split(separator: ".", omittingEmptySubsequences: false) {
            value = try member(of: value, Int(part).map(TemplateValue.int) ?? .string(String(part)))
        }
        return value
    }

    /// `select(test, …)`, `reject(test, …)`, `selectattr(attribute, test, …)` and `rejectattr(…)`;
    /// without a test, the value's truth decides.
    private mutating func select(_ value: TemplateValue, _ arguments: CallArguments, byAttribute: Bool, keep: Bool, name: String) throws(TemplateFailure) -> TemplateValue {
        guard arguments.named.isEmpty else { throw .runtime("\(name)() takes no keyword arguments") }
        var rest = arguments.positional[...]
        var attribute: TemplateValue?
        if byAttribute {
            guard let first = rest.popFirst() else { throw .runtime("\(name)() missing required argument 'attribute'") }
            attribute = first
        }
        let test = try rest.popFirst().map { (name) throws(TemplateFailure) in
            guard case .string(let text) = name, let test = TemplateTest(rawValue: text) else { throw .unsupported("test '\(name.text)'") }
            return test
        }
        var kept: [TemplateValue] = []
        for item in try TemplateOperations.elements(of: value) {
            let subject = try attribute.map { (attribute) throws(TemplateFailure) in try member(of: item, path: attribute) } ?? item
            let passes = try test.map { (test) throws(TemplateFailure) in try apply(test, to: subject, CallArguments(positional: Array(rest))) } ?? subject.isTruthy
            if passes == keep { kept.append(item) }
        }
        return .list(kept)
    }

    /// `map(attribute="name", default=…)` or `map("filter", arguments…)`.
    private mutating func map(_ value: TemplateValue, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        let items = try TemplateOperations.elements(of: value)
        guard let first = arguments.positional.first else {
            let bound = try arguments.bind(["attribute", "default"], required: 1, to: "map")
            return .list(try items.map { (item) throws(TemplateFailure) in
                let found = try member(of: item, path: bound[0]!)
                return found.isUndefined ? bound[1] ?? found : found
            })
        }
        guard case .string(let filterName) = first, let filter = TemplateFilter(rawValue: filterName) else {
            throw .unsupported("filter '\(first.text)'")
        }
        let rest = CallArguments(positional: Array(arguments.positional.dropFirst()), named: arguments.named)
        var mapped: [TemplateValue] = []
        for item in items { mapped.append(try apply(filter, to: item, rest)) }
        return .list(mapped)
    }

    /// Jinja's `int` filter: numbers truncate, strings parse as integers then as floats; nil
    /// when nothing parses, so the default applies.
    private static func integer(_ value: TemplateValue, base: Int) -> TemplateValue? {
        switch value {
        case .bool, .int: return value.integer.map(TemplateValue.int)
        case .float(let number): return number.isFinite && Swift.abs(number) < 9.2e18 ? .int(Int(number)) : nil
        case .string(let text):
            let trimmed = PythonString.strip(text, characters: nil)
            if let parsed = Int(trimmed, radix: base) { return .int(parsed) }
            return Double(trimmed).flatMap { integer(.float($0), base: base) }
        default: return nil
        }
    }

    private static func float(_ value: TemplateValue) -> TemplateValue? {
        switch value {
        case .string(let text): return Double(PythonString.strip(text, characters: nil)).map(TemplateValue.float)
        default: return value.number.map(TemplateValue.float)
        }
    }
}

extension TemplateValue {
    /// The string of an optional argument, nil when absent or `none`.
    var optionalText: String? {
        switch self {
        case .none, .undefined: return nil
        default: return text
        }
    }
}
