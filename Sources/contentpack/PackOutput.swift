import Foundation
import NPCKit

/// Where an export goes: standard output, or a file written under a temporary name and renamed
/// into place only once complete (so a failed or interrupted export never leaves half a file
/// under the real name).
enum PackOutput {
    static func isDirectory(_ path: String) -> Bool {
        guard path != "-" else { return false }
        var isDirectory: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// The content, with `$COFFEESHOP_CONTENT` layered over it when set.
    static func library() throws -> ContentLibrary {
        do {
            return try ContentLibrary.fromEnvironment()
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
    }

    /// Runs `body` with an `emit` that writes to `path` ("-": standard output).
    static func write<Result>(to path: String, _ body: (_ emit: @escaping (String) throws -> Void) async throws -> Result) async throws -> Result {
        if path == "-" {
            let output = OutputBox()
            let result = try await body { text in try output.stream.write(text) }
            try output.stream.flush()
            return result
        }
        let target = URL(fileURLWithPath: path)
        let files = FileManager.default
        do {
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.runtime("cannot create \(target.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial")
        guard files.createFile(atPath: temporary.path, contents: nil), let handle = try? FileHandle(forWritingTo: temporary) else {
            throw CommandFailure.runtime("cannot write \(target.path)")
        }
        var buffer: [UInt8] = []
        do {
            let result = try await body { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 16 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, target.path) == 0 else {
                throw CommandFailure.runtime("cannot move the export into \(target.path): \(String(cString: strerror(errno)))")
            }
            return result
        } catch {
            try? handle.close()
            try? files.removeItem(at: temporary)
            throw error
        }
    }

    /// Standard output shared by the emit closure.
    private final class OutputBox {
        var stream = StandardOutput()
    }
}
