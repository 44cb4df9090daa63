/// Why a contacts or calendar file could not be imported: where (the file name when known, the
/// line or the JSON key path), what is wrong, and how to fix it.
///
/// ```swift
/// do { _ = try Contact.load(from: URL(fileURLWithPath: "contacts.vcf")) }
/// catch let error as ImportError { print(error) }
/// // contacts.vcf:12: BDAY "1958-13-40" is not a date (expected YYYY-MM-DD, YYYYMMDD or --MMDD)
/// ```
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file's extension names no format this library imports.
    case unsupportedFileType(file: String, supported: [String])
    /// A line is not UTF-8 text.
    case invalidUTF8(file: String?, line: Int)
    /// A line of a vCard or iCalendar file is malformed or misses something required.
    case malformed(file: String?, line: Int, problem: String, hint: String)
    /// A line of a vCard or iCalendar file is well-formed but asks for something not supported
    /// (a recurrence rule part, say), which would be misread if it were ignored.
    case unsupported(file: String?, line: Int, problem: String, hint: String)
    /// A JSON file does not have the expected shape; `keyPath` is like `contacts[3].birthday`
    /// (empty for the whole document).
    case invalidJSON(file: String?, keyPath: String, problem: String)

    /// One line: where, what is wrong, and (in parentheses) how to fix it.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot be read (\(reason))"
        case .unsupportedFileType(let file, let supported):
            return "\(file): unsupported file type (supported: \(supported.map { "." + $0 }.joined(separator: ", ")))"
        case .invalidUTF8(let file, let line):
            return "\(Self.location(file, line)): not UTF-8 text (save the file as UTF-8)"
        case .malformed(let file, let line, let problem, let hint), .unsupported(let file, let line, let problem, let hint):
            return "\(Self.location(file, line)): \(problem) (\(hint))"
        case .invalidJSON(let file, let keyPath, let problem):
            let place = [file, keyPath.isEmpty ? nil : keyPath].compactMap { $0 }.joined(separator: ": ")
            return (place.isEmpty ? "" : place + ": ") + problem
        }
    }

    private static func location(_ file: String?, _ line: Int) -> String {
        file.map { "\($0):\(line)" } ?? "line \(line)"
    }
}
