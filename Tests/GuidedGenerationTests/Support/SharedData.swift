import Foundation
@testable import GuidedGeneration

/// Locates the team's shared test data (`../shared/data` beside the repository).
enum SharedData {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    static func files(in folder: String, withExtension ext: String = "json") -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }
            .sorted { $0.path < $1.path }
    }

    static func json(_ url: URL) throws -> GeneratedContent {
        try GeneratedContent(jsonBytes: try Data(contentsOf: url))
    }
}
