/// An option a command accepts, written `--name VALUE` or `--name=VALUE`, or a flag (`--quiet`).
struct OptionSpec {
    let name: String
    let valueName: String
    let help: String

    init(_ name: String, value valueName: String, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }

    /// An option without a value (`--quiet`).
    init(flag name: String, help: String) {
        self.init(name, value: "", help: help)
    }

    var isFlag: Bool { valueName.isEmpty }
}

/// A command's arguments, checked against its options: option values (`--count 5` or `--count=5`)
/// and positional arguments. A lone `-` is positional (it usually means standard input) and `--`
/// ends the options. Unknown options, missing values, duplicates and surplus positionals are
/// usage errors.
struct CommandLineArguments {
    private var values: [String: String] = [:]
    private(set) var positionals: [String] = []

    init(parsing arguments: [String], options: [OptionSpec], maximumPositionals: Int) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let spec = options.first(where: { $0.name == name }) else {
                throw CommandFailure.usage("unknown option '\(name)'")
            }
            guard values[name] == nil else {
                throw CommandFailure.usage("option '\(name)' given more than once")
            }
            if spec.isFlag {
                guard inlineValue == nil else { throw CommandFailure.usage("option '\(name)' takes no value") }
                values[name] = ""
            } else if let inlineValue, !inlineValue.isEmpty {
                values[name] = inlineValue
            } else if inlineValue == nil, let next = remaining.first, !Self.looksLikeOption(next) {
                values[name] = next
                remaining.removeFirst()
            } else {
                throw CommandFailure.usage("option '\(name)' needs a value (\(spec.valueName))")
            }
        }
        if positionals.count > maximumPositionals {
            throw CommandFailure.usage("unexpected argument '\(positionals[maximumPositionals])'")
        }
    }

    /// Splits `--name=value` into its name and value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether an argument is another option rather than a value. Values that start with `-` but
    /// not `--` (such as `-5`) are taken as values, so they can be reported as out of range.
    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("--")
    }

    func value(_ name: String) -> String? { values[name] }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { values[name] != nil }

    func requiredValue(_ name: String) throws -> String {
        guard let value = values[name] else { throw CommandFailure.usage("missing required option '\(name)'") }
        return value
    }

    /// The option's value as an integer of type `T` (base 10, no sign for unsigned types),
    /// `defaultValue` when absent; `requirement` describes the accepted range in the error.
    func integer<T: FixedWidthInteger>(_ name: String, default defaultValue: T, minimum: T = .min,
                                       requirement: String) throws -> T {
        guard let text = values[name] else { return defaultValue }
        guard let number = T(text, radix: 10), number >= minimum else {
            throw CommandFailure.usage("option '\(name)' must be \(requirement), got '\(text)'")
        }
        return number
    }
}
