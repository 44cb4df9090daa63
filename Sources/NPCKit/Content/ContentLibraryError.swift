import GuidedGeneration
import ProceduralModel

/// Why the game's content could not be loaded. Every message names the file and, for a value
/// that is wrong, its key path, so an author can go straight to what to fix.
///
/// ```swift
/// do { _ = try ContentLibrary(overlay: URL(fileURLWithPath: "mypack")) }
/// catch { print(error) }   // mypack/game/rooms.json: rooms[2].exits[0]: no room has the id 'cellar'
/// ```
public enum ContentLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The procedural model's pack (grammars, slots, records, intents, corpus) is invalid.
    case procedural(ProceduralContentError)
    /// A file or directory could not be read.
    case unreadable(file: String, reason: String)
    /// A file is not JSON; `line` and `column` (1-based) locate the first error.
    case malformedJSON(file: String, line: Int, column: Int, message: String)
    /// A value in `file` at `keyPath` (e.g. `rooms[2].exits[0]`) is wrong.
    case invalid(file: String, keyPath: String, problem: String)
    /// An overlay holds a game file this library does not know.
    case unknownFile(file: String, expected: [String])

    public var description: String {
        switch self {
        case .procedural(let error):
            return error.description
        case .unreadable(let file, let reason):
            return "\(file): cannot be read: \(reason)"
        case .malformedJSON(let file, let line, let column, let message):
            return "\(file): line \(line), column \(column): \(message)"
        case .invalid(let file, let keyPath, let problem):
            return "\(file): \(keyPath.isEmpty ? "" : keyPath + ": ")\(problem)"
        case .unknownFile(let file, let expected):
            return "\(file): not a game content file; expected one of \(expected.joined(separator: ", "))"
        }
    }
}
