/// Why an encounter type could not be built from its source. Each case says where (line and
/// column in the notation, or the JSON Pointer in a JSON Schema) and what to do about it, in one
/// line.
///
/// ```swift
/// do { _ = try EncounterType(parsing: "Riddle: answers list of Answr") }
/// catch let error as EncounterTypeError {
///     print(error)   // line 1, column 25: no type named 'Answr' (used by Riddle.answers); define it on a line of its own
/// }
/// ```
public enum EncounterTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source defines no type (it is empty, or only comments).
    case noTypes
    /// A line that does not follow the notation's grammar.
    case syntax(message: String, line: Int, column: Int)
    /// A lowercase word where a kind belongs that is not one of the kinds.
    case unknownKind(String, line: Int, column: Int)
    /// A reference to a type no line defines, and the `Type.field` using it.
    case danglingReference(String, usedBy: String, line: Int, column: Int)
    /// A type defined a second time.
    case duplicateType(String, line: Int, firstLine: Int)
    /// A field listed twice in one type.
    case duplicateField(String, type: String, line: Int, column: Int)
    /// A type line with no fields.
    case emptyType(String, line: Int)
    /// A numeric range or list count that is malformed or empty.
    case badRange(String, reason: String, line: Int, column: Int)
    /// A regex the generation engine cannot use, with the engine's reason.
    case badRegex(String, reason: String, line: Int, column: Int)
    /// A schema no instance can satisfy: a regex that matches nothing, or types that need each
    /// other forever.
    case unsatisfiable(reason: String, line: Int, column: Int)
    /// JSON Schema source that is not well-formed JSON.
    case jsonSyntax(message: String, line: Int, column: Int)
    /// A JSON Schema the engine refuses, with the JSON Pointer of the fault.
    case jsonSchema(message: String, pointer: String)

    /// The 1-based line of the problem, when it has one.
    public var line: Int? {
        switch self {
        case .noTypes, .jsonSchema: return nil
        case .syntax(_, let line, _), .unknownKind(_, let line, _), .danglingReference(_, _, let line, _),
             .duplicateType(_, let line, _), .duplicateField(_, _, let line, _), .emptyType(_, let line),
             .badRange(_, _, let line, _), .badRegex(_, _, let line, _), .unsatisfiable(_, let line, _),
             .jsonSyntax(_, let line, _):
            return line
        }
    }

    /// The 1-based column (in characters) of the problem, when it has one.
    public var column: Int? {
        switch self {
        case .noTypes, .jsonSchema: return nil
        case .duplicateType, .emptyType: return 1
        case .syntax(_, _, let column), .unknownKind(_, _, let column), .danglingReference(_, _, _, let column),
             .duplicateField(_, _, _, let column), .badRange(_, _, _, let column), .badRegex(_, _, _, let column),
             .unsatisfiable(_, _, let column), .jsonSyntax(_, _, let column):
            return column
        }
    }

    /// One line: "line L, column C: " (when there is a place) and what is wrong and what to do.
    public var description: String {
        let place = line.map { line in "line \(line), column \(column ?? 1): " } ?? ""
        return place + message
    }

    private var message: String {
        switch self {
        case .noTypes:
            return "no type defined; write one per line, as in 'Riddle: question text, answers list of Answer'"
        case .syntax(let message, _, _):
            return message
        case .unknownKind(let word, _, _):
            return "unknown kind '\(word)'; use \(NotationParser.kindKeywords.joined(separator: ", ")) or a type name starting with an uppercase letter"
        case .danglingReference(let name, let usedBy, _, _):
            return "no type named '\(name)' (used by \(usedBy)); define it on a line of its own"
        case .duplicateType(let name, _, let firstLine):
            return "type '\(name)' is already defined on line \(firstLine); rename one of them"
        case .duplicateField(let name, let type, _, _):
            return "type '\(type)' already has a field '\(name)'; rename one of them"
        case .emptyType(let name, _):
            return "type '\(name)' has no fields; list them after the ':', separated by ','"
        case .badRange(let text, let reason, _, _):
            return "bad range '\(text)': \(reason)"
        case .badRegex(let pattern, let reason, _, _):
            return "unusable regex /\(pattern)/: \(reason)"
        case .unsatisfiable(let reason, _, _):
            return "cannot generate this: \(reason)"
        case .jsonSyntax(let message, _, _):
            return "JSON Schema is not valid JSON: \(message)"
        case .jsonSchema(let message, let pointer):
            return "JSON Schema refused at \(pointer.isEmpty ? "the root" : "\"\(pointer)\""): \(message)"
        }
    }
}
