import Foundation
import GuidedGeneration
import JSONSchema

/// Locates the team's shared test data (`../shared/data` beside the repository).
public enum SharedData {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data")

    /// The engines' own tools (`../shared/tools`).
    public static let tools = root.deletingLastPathComponent().appendingPathComponent("tools")

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    public static func files(in folder: String, withExtension ext: String = "json") -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }
            .sorted { $0.path < $1.path }
    }

    public static func json(_ url: URL) throws -> GeneratedContent {
        try GeneratedContent(jsonBytes: try Data(contentsOf: url))
    }
}
