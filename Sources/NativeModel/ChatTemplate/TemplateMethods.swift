/// The global functions a template may call by name.
enum TemplateGlobal: String {
    case range, namespace, dict
    case raiseException = "raise_exception"
}

/// Python methods on strings and dictionaries (`text.strip()`, `message.get("content")`) and
/// the global functions.
extension TemplateRenderer {
    func callMethod(_ name: String, on value: TemplateValue, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        switch value {
        case .string(let text): return try callStringMethod(name, on: text, arguments)
        case .dictionary(let dictionary): return try callDictionaryMethod(name, on: dictionary, arguments)
        case .undefined(let undefined): throw TemplateOperations.undefinedError(undefined)
        default: throw .unsupported("method '\(name)' on \(value.typeName)")
        }
    }

    private func callStringMethod(_ name: String, on text: String, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        switch name {
        case "strip", "lstrip", "rstrip":
            let characters = try arguments.bind(["chars"], to: name)[0]?.optionalText
            return .string(PythonString.strip(text, characters: characters, leading: name != "rstrip", trailing: name != "lstrip"))
        case "startswith", "endswith":
            let affix = try arguments.bind([name == "startswith" ? "prefix" : "suffix"], required: 1, to: name)[0]!
            let candidates: [TemplateValue]
            if case .list(let items) = affix { candidates = items } else { candidates = [affix] }
            for candidate in candidates {
                guard case .string(let affix) = candidate else { throw .runtime("\(name) needs strings, not '\(candidate.typeName)'") }
                if name == "startswith" ? PythonString.hasPrefix(text, affix) : PythonString.hasSuffix(text, affix) { return .bool(true) }
            }
            return .bool(false)
        case "split":
            let bound = try arguments.bind(["sep", "maxsplit"], to: name)
            let separator = bound[0]?.optionalText
            if separator == "" { throw .runtime("split: empty separator") }
            return .list(PythonString.split(text, separator: separator, maximum: bound[1]?.integer ?? -1).map(TemplateValue.string))
        case "replace":
            let bound = try arguments.bind(["old", "new", "count"], required: 2, to: name)
            return .string(PythonString.replace(text, bound[0]!.text, with: bound[1]!.text, count: bound[2]?.integer))
        case "join":
            let items = try TemplateOperations.elements(of: try arguments.bind(["iterable"], required: 1, to: name)[0]!)
            return .string(items.map(\.text).joined(separator: text))
        case "upper", "lower", "title", "capitalize":
            _ = try arguments.bind([], to: name)
            switch name {
            case "upper": return .string(text.uppercased())
            case "lower": return .string(text.lowercased())
            case "title": return .string(PythonString.title(text, pythonStyle: true))
            default: return .string(PythonString.capitalize(text))
            }
        default:
            throw .unsupported("method '\(name)' on str")
        }
    }

    private func callDictionaryMethod(_ name: String, on dictionary: TemplateDictionary, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        switch name {
        case "get":
            let bound = try arguments.bind(["key", "default"], required: 1, to: name)
            guard case .string(let key) = bound[0]! else { return bound[1] ?? .none }
            return dictionary[key] ?? bound[1] ?? .none
        case "items", "keys", "values":
            _ = try arguments.bind([], to: name)
            switch name {
            case "items": return .list(dictionary.entries.map { .list([.string($0.key), $0.value]) })
            case "keys": return .list(dictionary.keys.map(TemplateValue.string))
            default: return .list(dictionary.entries.map(\.value))
            }
        default:
            throw .unsupported("method '\(name)' on dict")
        }
    }

    mutating func callGlobal(_ global: TemplateGlobal, _ arguments: CallArguments) throws(TemplateFailure) -> TemplateValue {
        switch global {
        case .range:
            guard arguments.named.isEmpty, (1...3).contains(arguments.positional.count) else { throw .runtime("range() takes 1 to 3 positional arguments") }
            let bounds = arguments.positional.compactMap(\.integer)
            guard bounds.count == arguments.positional.count else { throw .runtime("range() needs integers") }
            let (start, stop) = bounds.count == 1 ? (0, bounds[0]) : (bounds[0], bounds[1])
            let step = bounds.count == 3 ? bounds[2] : 1
            guard step != 0 else { throw .runtime("range() step must not be zero") }
            let length = max(0, ((Double(stop) - Double(start)) / Double(step)).rounded(.up))
            try count(iterations: Int(min(length, Double(Self.maximumIterations + 1))))
            return .list(stride(from: start, to: stop, by: step).map(TemplateValue.int))
        case .namespace, .dict:
            var attributes = TemplateDictionary()
            if global == .namespace, let initial = arguments.positional.first {
                guard arguments.positional.count == 1, case .dictionary(let dictionary) = initial else {
                    throw .runtime("namespace() takes at most one positional argument, a dictionary")
                }
                attributes = dictionary
            } else if !arguments.positional.isEmpty {
                throw .unsupported("dict() with positional arguments")
            }
            for (name, value) in arguments.named { attributes.set(name, value) }
            try TemplateOperations.checkNesting(of: attributes.entries.map(\.value))
            return global == .namespace ? makeNamespace(attributes) : .dictionary(attributes)
        case .raiseException:
            throw .raised(try arguments.bind(["message"], required: 1, to: global.rawValue)[0]!.text)
        }
    }
}
