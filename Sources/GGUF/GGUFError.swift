/// Why a file could not be read as GGUF. Every case names the place in the file: the metadata
/// key or tensor being read and the byte offset, so a damaged download can be told from a
/// foreign file.
///
/// ```swift
/// do { _ = try GGUFFile(contentsOf: url) } catch let error as GGUFError { print(error) }
/// // "model.gguf: truncated at byte 1048576 while reading the value of tokenizer.ggml.merges"
/// ```
public enum GGUFError: Error, Equatable, CustomStringConvertible {
    /// The file does not start with the GGUF magic bytes.
    case notGGUF(file: String)
    /// A GGUF version this reader does not know (it reads 2 and 3).
    case unsupportedVersion(UInt32, file: String)
    /// The file ends before the named part is complete.
    case truncated(file: String, offset: Int, reading: String)
    /// A value inconsistent with the format (an unknown type code, a count larger than the file…).
    case malformed(file: String, offset: Int, reading: String, reason: String)
    /// A required metadata key is missing or has the wrong type.
    case missingKey(String, expected: String, file: String)
    /// The file could not be opened.
    case unreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case .notGGUF(let file):
            return "\(file): not a GGUF file (it does not start with the bytes 'GGUF')"
        case .unsupportedVersion(let version, let file):
            return "\(file): GGUF version \(version) is not supported (versions 2 and 3 are)"
        case .truncated(let file, let offset, let reading):
            return "\(file): truncated at byte \(offset) while reading \(reading); the file is incomplete — download it again"
        case .malformed(let file, let offset, let reading, let reason):
            return "\(file): damaged at byte \(offset) while reading \(reading): \(reason)"
        case .missingKey(let key, let expected, let file):
            return "\(file): metadata key '\(key)' is missing or is not \(expected)"
        case .unreadable(let file, let reason):
            return "\(file): cannot be read: \(reason)"
        }
    }
}
