/// A constraint on one generated value, enforced while it is generated: a description, a numeric
/// range, an array count, distinct elements, a guide for array elements, a set of allowed
/// strings, a constant, a string's length, or a regular-expression pattern.
///
/// Guides combine by chaining, so a property's guides are declared in one place:
///
/// ```swift
/// struct NPC: Generable {
///     let name: String
///     let level: Int
///     let attributes: [String]
///     static let guides: [String: GenerationGuide] = [
///         "name": .description("A full name").pattern(#"(Mr|Mrs)\. \w+"#),
///         "level": .range(1...10),
///         "attributes": .count(3).element(.anyOf(["sassy", "tired", "hungry"])),
///     ]
/// }
/// ```
public struct GenerationGuide: Sendable {
    enum Rule: Sendable {
        case description(String)
        case minimum(Double)
        case maximum(Double)
        case minimumCount(Int)
        case maximumCount(Int)
        case uniqueElements
        case element(GenerationGuide)
        case minimumLength(Int)
        case maximumLength(Int)
        case anyOf([String])
        case constant(String)
        case pattern(String)
    }

    let rules: [Rule]

    private func adding(_ more: Rule...) -> GenerationGuide {
        GenerationGuide(rules: rules + more)
    }

    // MARK: - Descriptions

    /// Describes the value to the model (a hint, not a constraint).
    public static func description(_ text: String) -> GenerationGuide { GenerationGuide(rules: [.description(text)]) }
    /// Adds a description.
    public func description(_ text: String) -> GenerationGuide { adding(.description(text)) }

    // MARK: - Numbers

    /// An integer between the bounds, inclusive.
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide {
        GenerationGuide(rules: [.minimum(Double(range.lowerBound)), .maximum(Double(range.upperBound))])
    }
    /// A number between the bounds, inclusive.
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide {
        GenerationGuide(rules: [.minimum(range.lowerBound), .maximum(range.upperBound)])
    }
    /// A number no smaller than `value`.
    public static func minimum(_ value: Int) -> GenerationGuide { GenerationGuide(rules: [.minimum(Double(value))]) }
    /// A number no smaller than `value`.
    public static func minimum(_ value: Double) -> GenerationGuide { GenerationGuide(rules: [.minimum(value)]) }
    /// A number no larger than `value`.
    public static func maximum(_ value: Int) -> GenerationGuide { GenerationGuide(rules: [.maximum(Double(value))]) }
    /// A number no larger than `value`.
    public static func maximum(_ value: Double) -> GenerationGuide { GenerationGuide(rules: [.maximum(value)]) }

    /// Adds an inclusive integer range.
    public func range(_ range: ClosedRange<Int>) -> GenerationGuide {
        adding(.minimum(Double(range.lowerBound)), .maximum(Double(range.upperBound)))
    }
    /// Adds an inclusive numeric range.
    public func range(_ range: ClosedRange<Double>) -> GenerationGuide { adding(.minimum(range.lowerBound), .maximum(range.upperBound)) }
    /// Adds a lower bound.
    public func minimum(_ value: Int) -> GenerationGuide { adding(.minimum(Double(value))) }
    /// Adds a lower bound.
    public func minimum(_ value: Double) -> GenerationGuide { adding(.minimum(value)) }
    /// Adds an upper bound.
    public func maximum(_ value: Int) -> GenerationGuide { adding(.maximum(Double(value))) }
    /// Adds an upper bound.
    public func maximum(_ value: Double) -> GenerationGuide { adding(.maximum(value)) }

    // MARK: - Arrays

    /// Exactly `count` elements.
    public static func count(_ count: Int) -> GenerationGuide { GenerationGuide(rules: [.minimumCount(count), .maximumCount(count)]) }
    /// Between the bounds' numbers of elements.
    public static func count(_ range: ClosedRange<Int>) -> GenerationGuide {
        GenerationGuide(rules: [.minimumCount(range.lowerBound), .maximumCount(range.upperBound)])
    }
    /// At least `count` elements.
    public static func minimumCount(_ count: Int) -> GenerationGuide { GenerationGuide(rules: [.minimumCount(count)]) }
    /// At most `count` elements.
    public static func maximumCount(_ count: Int) -> GenerationGuide { GenerationGuide(rules: [.maximumCount(count)]) }
    /// A guide every element follows.
    public static func element(_ guide: GenerationGuide) -> GenerationGuide { GenerationGuide(rules: [.element(guide)]) }
    /// No two elements equal (JSON Schema's `uniqueItems`; an extension of Foundation Models' guides).
    public static var uniqueElements: GenerationGuide { GenerationGuide(rules: [.uniqueElements]) }

    /// Adds an exact count.
    public func count(_ count: Int) -> GenerationGuide { adding(.minimumCount(count), .maximumCount(count)) }
    /// Adds a count range.
    public func count(_ range: ClosedRange<Int>) -> GenerationGuide { adding(.minimumCount(range.lowerBound), .maximumCount(range.upperBound)) }
    /// Adds a minimum count.
    public func minimumCount(_ count: Int) -> GenerationGuide { adding(.minimumCount(count)) }
    /// Adds a maximum count.
    public func maximumCount(_ count: Int) -> GenerationGuide { adding(.maximumCount(count)) }
    /// Adds a guide for every element.
    public func element(_ guide: GenerationGuide) -> GenerationGuide { adding(.element(guide)) }
    /// Adds distinct elements.
    public func uniqueElements() -> GenerationGuide { adding(.uniqueElements) }

    // MARK: - Strings

    /// One of the given strings.
    public static func anyOf(_ values: [String]) -> GenerationGuide { GenerationGuide(rules: [.anyOf(values)]) }
    /// Exactly this string.
    public static func constant(_ value: String) -> GenerationGuide { GenerationGuide(rules: [.constant(value)]) }
    /// A string the regular expression matches as a whole (ECMA-262 syntax; the guide is
    /// anchored to the whole value, as Foundation Models' `Regex` guides are, unlike JSON
    /// Schema's unanchored `pattern`).
    public static func pattern(_ regex: String) -> GenerationGuide { GenerationGuide(rules: [.pattern(regex)]) }

    /// A string of between the bounds' numbers of characters (JSON Schema's `minLength` and
    /// `maxLength`, counted in Unicode scalars; an extension of Foundation Models' guides).
    public static func length(_ range: ClosedRange<Int>) -> GenerationGuide {
        GenerationGuide(rules: [.minimumLength(range.lowerBound), .maximumLength(range.upperBound)])
    }
    /// A string of at most `count` characters.
    public static func maximumLength(_ count: Int) -> GenerationGuide { GenerationGuide(rules: [.maximumLength(count)]) }

    /// Adds a set of allowed strings.
    public func anyOf(_ values: [String]) -> GenerationGuide { adding(.anyOf(values)) }
    /// Adds a constant.
    public func constant(_ value: String) -> GenerationGuide { adding(.constant(value)) }
    /// Adds a pattern.
    public func pattern(_ regex: String) -> GenerationGuide { adding(.pattern(regex)) }
    /// Adds a length range.
    public func length(_ range: ClosedRange<Int>) -> GenerationGuide { adding(.minimumLength(range.lowerBound), .maximumLength(range.upperBound)) }
    /// Adds a maximum length.
    public func maximumLength(_ count: Int) -> GenerationGuide { adding(.maximumLength(count)) }
}
