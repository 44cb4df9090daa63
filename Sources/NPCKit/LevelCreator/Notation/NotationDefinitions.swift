/// A place in a level-notation source: 1-based line and column (in characters).
struct SourcePosition: Sendable, Equatable {
    let line: Int
    let column: Int
}

/// One type line of the level notation: `Riddle: question text, answers list of Answer`.
struct TypeDefinition: Sendable {
    let name: String
    let fields: [FieldDefinition]
    let line: Int
}

/// One field of a type line: a name, a kind, whether it may be left out, and an optional
/// description for the model.
struct FieldDefinition: Sendable {
    let name: String
    let kind: FieldKind
    let isOptional: Bool
    let description: String?
    let position: SourcePosition
}

/// A field's kind. References and patterns keep where they were written, so problems found after
/// the whole source is read (a missing type, an unusable regex) still point at their line.
indirect enum FieldKind: Sendable {
    case text(pattern: PatternLiteral?)
    case integer(range: ClosedRange<Int>?)
    case number(range: ClosedRange<Double>?)
    case bool
    case choices([String])
    case list(of: FieldKind, count: ClosedRange<Int>?)
    case reference(String, position: SourcePosition)
}

/// A `/REGEX/` literal: the pattern between the slashes, verbatim, and where it starts.
struct PatternLiteral: Sendable {
    let source: String
    let position: SourcePosition
}
