/// A place in a level-notation source: 1-based line and column (in characters).
package struct SourcePosition: Sendable, Equatable {
    package let line: Int
    package let column: Int
}

/// One type line of the level notation: `Riddle: question text, answers list of Answer`.
package struct TypeDefinition: Sendable {
    package let name: String
    package let fields: [FieldDefinition]
    package let line: Int
}

/// One field of a type line: a name, a kind, whether it may be left out, and an optional
/// description for the model.
package struct FieldDefinition: Sendable {
    package let name: String
    package let kind: FieldKind
    package let isOptional: Bool
    package let description: String?
    package let position: SourcePosition
}

/// A field's kind. References and patterns keep where they were written, so problems found after
/// the whole source is read (a missing type, an unusable regex) still point at their line.
package indirect enum FieldKind: Sendable {
    case text(pattern: PatternLiteral?)
    case integer(range: ClosedRange<Int>?)
    case number(range: ClosedRange<Double>?)
    case bool
    case choices([String])
    case list(of: FieldKind, count: ClosedRange<Int>?)
    case reference(String, position: SourcePosition)
}

/// A `/REGEX/` literal: the pattern between the slashes, verbatim, and where it starts.
package struct PatternLiteral: Sendable {
    package let source: String
    package let position: SourcePosition
}
