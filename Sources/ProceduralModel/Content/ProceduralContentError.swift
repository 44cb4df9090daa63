import GuidedGeneration

/// Why a content pack could not be loaded. Every message names the file and, for a value of the
/// wrong shape or a broken reference, the key path inside it, so an author can go straight to
/// the line to fix.
///
/// ```swift
/// do {
///     _ = try ProceduralContent(directory: URL(fileURLWithPath: "mypack"))
/// } catch {
///     print(error)   // mypack/slots.json: slots[3].symbol: unknown grammar symbol 'fulName'
/// }
/// ```
public enum ProceduralContentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A directory or file could not be read.
    case unreadable(file: String, reason: String)
    /// A directory holds no `*.json` file.
    case noContentFiles(directory: String)
    /// A file is not JSON; `line` and `column` (1-based) locate the first error.
    case malformedJSON(file: String, line: Int, column: Int, message: String)
    /// A value in `file` at `keyPath` (e.g. `slots[3].symbol`) is wrong: the wrong shape, an
    /// unknown section, a reference to a grammar symbol that does not exist, a broken grammar.
    case invalid(file: String, keyPath: String, problem: String)
    /// No file of the pack has a `"corpus"` with a single word, so the fallback text model has
    /// nothing to learn from.
    case missingCorpus

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot be read: \(reason)"
        case .noContentFiles(let directory):
            return "\(directory): holds no .json content files"
        case .malformedJSON(let file, let line, let column, let message):
            return "\(file): line \(line), column \(column): \(message)"
        case .invalid(let file, let keyPath, let problem):
            return "\(file): \(keyPath): \(problem)"
        case .missingCorpus:
            return #"the content pack has no "corpus" of sentences with words; add one for the fallback text model"#
        }
    }
}
