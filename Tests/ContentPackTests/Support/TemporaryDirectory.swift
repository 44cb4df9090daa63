import Foundation

/// A fresh directory under the system's temporary directory, removed with the value.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("contentpack-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` to `name` in the directory and returns the file's path.
    func write(_ contents: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file.path
    }
}
