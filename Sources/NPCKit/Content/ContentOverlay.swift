import Foundation

/// A user's content directory: `procedural/*.json` (extending the procedural pack) and
/// `game/*.json` (replacing built-in game files by name).
package struct ContentOverlay {
    package var procedural: [(name: String, json: String)] = []
    package var game: [(name: String, json: String)] = []

    package init(directory: URL) throws(ContentLibraryError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unreadable(file: directory.path, reason: "no such directory")
        }
        procedural = try Self.documents(in: directory.appendingPathComponent("procedural"))
        game = try Self.documents(in: directory.appendingPathComponent("game"))
        for document in game where !ContentLibrary.gameFiles.contains((document.name as NSString).lastPathComponent) {
            throw .unknownFile(file: document.name, expected: ContentLibrary.gameFiles)
        }
        if procedural.isEmpty && game.isEmpty {
            throw .unreadable(file: directory.path, reason: "holds no procedural/*.json or game/*.json files")
        }
    }

    /// The folder's `*.json` files in name order; none when the folder does not exist.
    private static func documents(in folder: URL) throws(ContentLibraryError) -> [(name: String, json: String)] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw .unreadable(file: folder.path, reason: FileError.reason(error))
        }
        var documents: [(name: String, json: String)] = []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let data: Data
            do {
                data = try FileInput.contents(of: path, limit: ContentLibrary.fileSizeLimit, role: "content file")
            } catch {
                throw .unreadable(file: path, reason: error.reason)
            }
            guard let json = String(data: data, encoding: .utf8) else { throw .unreadable(file: path, reason: "not UTF-8 text") }
            documents.append((path, json))
        }
        return documents
    }
}
