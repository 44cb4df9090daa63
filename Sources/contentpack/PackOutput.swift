import Foundation
import NPCKit

/// Where an export goes: standard output, or a file written under a temporary name
/// (`.NAME.partial`) and renamed into place only once complete (so a failed or interrupted
/// export never leaves half a file
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

    /// Runs `body` with an `emit` that writes to `path` ("-": standard output) and the number
    /// of complete lines already written: with `resume`, an interrupted export's temporary file
    /// is kept up to its last complete line and appended to; otherwise it starts empty.
    static func write<Result>(to path: String, resume: Bool = false,
                              _ body: (_ emit: @escaping (String) throws -> Void, _ linesDone: Int) async throws -> Result) async throws -> Result {
        if path == "-" {
            let output = OutputBox()
            let result = try await body({ text in try output.stream.write(text) }, 0)
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
        let temporary = partialFile(of: target)
        let kept = resume ? completeLines(of: temporary) : nil
        if kept == nil, !files.createFile(atPath: temporary.path, contents: nil) {
            throw CommandFailure.runtime("cannot write \(target.path)")
        }
        guard let handle = try? FileHandle(forWritingTo: temporary) else { throw CommandFailure.runtime("cannot write \(target.path)") }
        var buffer: [UInt8] = []
        do {
            try handle.truncate(atOffset: UInt64(kept?.bytes ?? 0))
            try handle.seekToEnd()
            let result = try await body({ text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 16 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }, kept?.lines ?? 0)
            try handle.write(contentsOf: buffer)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, target.path) == 0 else {
                throw CommandFailure.runtime("cannot move the export into \(target.path): \(String(cString: strerror(errno)))")
            }
            return result
        } catch {
            // What was written so far stays in the temporary file for --resume.
            try? handle.write(contentsOf: buffer)
            try? handle.close()
            throw error
        }
    }

    /// Where an export to `target` is written until it is complete.
    static func partialFile(of target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial")
    }

    /// The byte length and count of the complete lines of `file` (nil when it does not exist).
    private static func completeLines(of file: URL) -> (bytes: Int, lines: Int)? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        guard let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return (0, 0) }
        let bytes = data.distance(from: data.startIndex, to: lastNewline) + 1
        return (bytes, data.prefix(bytes).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
    }

    /// Standard output shared by the emit closure.
    private final class OutputBox {
        var stream = StandardOutput()
    }
}
