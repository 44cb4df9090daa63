import GuidedGeneration
import JSONSchema
import NPCKit

/// Loads the JSON Schema a command works from, turning every way that can fail into a
/// one-line runtime error that names the file.
enum SchemaFile {
    /// The largest schema file read (16 MiB); anything longer, such as `/dev/zero`, is refused.
    static let sizeLimit = 16 << 20

    static func load(path: String) throws -> GenerationSchema {
        let bytes = try FileInput(path: path).readAll(limit: sizeLimit, role: "schema file")
        let document: GeneratedContent
        do {
            document = try GeneratedContent(jsonBytes: bytes)
        } catch {
            throw CommandFailure.runtime("schema file '\(path)' is not valid JSON: \(error)")
        }
        do {
            return try GenerationSchema(jsonSchema: document)
        } catch {
            throw CommandFailure.runtime("schema file '\(path)' cannot be used: \(error)")
        }
    }
}
