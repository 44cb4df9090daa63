import Foundation
import GuidedGeneration
import JSONSchema

/// What the file importers share: reading a file, and decoding JSON with errors that name the
/// file and the key path (`contacts[3].birthday`) instead of Foundation's coding paths.
package enum ImportFile {
    /// The largest contacts or calendar file read (64 MiB).
    package static let sizeLimit = 64 << 20

    package static func data(at url: URL) throws -> Data {
        do {
            return try FileInput.contents(of: url.path, limit: sizeLimit, role: "contacts or calendar file")
        } catch {
            throw ImportError.unreadable(file: url.lastPathComponent, reason: error.reason)
        }
    }

    /// Parses with the library's strict JSON parser and decodes; errors name the file and the
    /// line (bad JSON) or the key path (a value of the wrong shape).
    package static func decodeJSON<Value: Decodable>(_ type: Value.Type, from data: Data, file: String?) throws -> Value {
        let content: GeneratedContent
        do {
            content = try GeneratedContent(jsonBytes: data)
        } catch let error as JSONSyntaxError {
            throw ImportError.invalidJSON(file: file, keyPath: "", problem: "not valid JSON (\(error))")
        }
        do {
            return try GeneratedContentDecoder().decode(type, from: content)
        } catch let error as DecodingError {
            throw ImportError.invalidJSON(file: file, keyPath: DecodingErrorText.keyPath(of: error), problem: DecodingErrorText.problem(of: error))
        }
    }
}
