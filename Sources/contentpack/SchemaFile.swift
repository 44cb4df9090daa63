import GuidedGeneration

/// Loads the JSON Schema a command works from, turning every way that can fail into a
/// one-line runtime error that names the file.
enum SchemaFile {
    static func load(path: String) throws -> GenerationSchema {
        let bytes = try InputFile(path: path, role: "schema file").readAll()
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
