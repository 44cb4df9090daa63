/// A command line that cannot be run as written: an unknown option, a missing or malformed
/// value, a surplus argument, flags that do not go together. Programs print it on one line and
/// exit with their usage status.
package struct UsageError: Error, CustomStringConvertible, Equatable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// An option a command accepts, written `--name VALUE` or `--name=VALUE`, or a flag (`--quiet`).
///
/// ```swift
/// let options = [OptionSpec("--count", value: "N", help: "How many."), OptionSpec(flag: "--quiet", help: "No progress.")]
/// ```
package struct OptionSpec: Sendable {
    package let name: String
    package let valueName: String
    package let help: String

    package init(_ name: String, value valueName: String, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }

    /// An option without a value (`--quiet`).
    package init(flag name: String, help: String) {
        self.init(name, value: "", help: help)
    }

    var isFlag: Bool { valueName.isEmpty }
}

/// A command's arguments, checked against its options: option values (`--count 5` or `--count=5`)
/// and positional arguments. A lone `-` is positional (it usually means standard input) and `--`
/// ends the options. Unknown options, missing values, duplicates and surplus positionals are
/// usage errors.
///
/// ```swift
/// let arguments = try CommandLineArguments(parsing: ["--count=3", "--quiet"], options: options, maximumPositionals: 0)
/// let count = try arguments.integer("--count", default: 1, minimum: 1, requirement: "a positive integer")   // 3
/// ```
package struct CommandLineArguments: Sendable {
    private var values: [String: String] = [:]
    package private(set) var positionals: [String] = []

    package init(parsing arguments: [String], options: [OptionSpec], maximumPositionals: Int) throws(UsageError) {
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
                throw UsageError("unknown option '\(name)'")
            }
            guard values[name] == nil else {
                throw UsageError("option '\(name)' given more than once")
            }
            if spec.isFlag {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                values[name] = ""
            } else if let inlineValue, !inlineValue.isEmpty {
                values[name] = inlineValue
            } else if inlineValue == nil, let next = remaining.first, !Self.looksLikeOption(next) {
                values[name] = next
                remaining.removeFirst()
            } else {
                throw UsageError("option '\(name)' needs a value (\(spec.valueName))")
            }
        }
        if positionals.count > maximumPositionals {
            throw UsageError("unexpected argument '\(positionals[maximumPositionals])'")
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

    /// The option's value, nil when it was not given.
    package func value(_ name: String) -> String? { values[name] }

    /// Whether a flag was given.
    package func flag(_ name: String) -> Bool { values[name] != nil }

    /// The option's value; a usage error when it was not given.
    package func requiredValue(_ name: String) throws(UsageError) -> String {
        guard let value = values[name] else { throw UsageError("missing required option '\(name)'") }
        return value
    }

    /// The option's value as an integer of type `T` (base 10, no sign for unsigned types),
    /// `defaultValue` when absent; `requirement` describes the accepted range in the error.
    package func integer<T: FixedWidthInteger>(_ name: String, default defaultValue: T, minimum: T = .min,
                                               requirement: String) throws(UsageError) -> T {
        guard let text = values[name] else { return defaultValue }
        guard let number = T(text, radix: 10), number >= minimum else {
            throw UsageError("option '\(name)' must be \(requirement), got '\(text)'")
        }
        return number
    }
}
