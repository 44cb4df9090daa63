import ContentPacks
import Foundation
import NPCKit
import RegularFiles

/// Where an export goes: standard output, or a file written under a temporary name
/// (`.NAME.partial`) and renamed into place only once complete (so a failed or interrupted
/// export never leaves half a file under the real name). Only a regular file or a new path is
/// written: a link, a directory, a FIFO or a device is refused before anything is touched.
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
    /// of complete lines already written: `resuming` (the lines an interrupted export's
    /// temporary file holds, checked) keeps that file up to the end of those lines and appends
    /// to it; otherwise it starts empty. When standard output's reader goes
    /// away, `emit` throws `OutputClosed` so that the work stops. A `journaled` file keeps a
    /// `PackJournal` of its lines beside its temporary file, saved whenever bytes reach the
    /// file, for a later `--resume` to check them by; `body` calls `markGap` when it leaves an
    /// item out, and the journal records no line after it.
    static func write<Result>(to path: String, resuming: PackJournal? = nil, journaled: Bool = false,
                              _ body: (_ emit: @escaping (String) throws -> Void, _ linesDone: Int,
                                       _ markGap: @escaping () throws -> Void) async throws -> Result) async throws -> Result {
        if path == "-" {
            let output = OutputBox()
            let result = try await body({ text in
                try output.stream.write(text)
                if output.stream.isClosed { throw OutputClosed() }
            }, 0, {})
            try output.stream.flush()
            return result
        }
        let target = URL(fileURLWithPath: path)
        try AtomicFileWriter.checkReplaceable(path)
        try AtomicFileWriter.createFolder(target.deletingLastPathComponent().path)
        let partial = partialFile(of: target)
        let journal = journaled ? try JournalFile(partial: partial, carrying: resuming ?? PackJournal()) : nil
        let writer = try AtomicFileWriter(target: path, temporary: partial.path, keeping: resuming?.bytes)
        try journal?.save()
        var buffer: [UInt8] = []
        func flush() throws {
            try writer.write(buffer)
            journal?.record(buffer)
            try journal?.save()
            buffer.removeAll(keepingCapacity: true)
        }
        do {
            let result = try await body({ text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 16 { try flush() }
            }, resuming?.lines ?? 0, {
                try flush()
                journal?.markGap()
                try journal?.save()
            })
            try writer.write(buffer)
            try writer.commit()
            journal?.remove()
            return result
        } catch {
            // What was written so far stays in the temporary file for --resume.
            try? flush()
            writer.abandon()
            throw error
        }
    }

    /// The journal of a temporary file, saved beside it (see `PackJournal`).
    private final class JournalFile {
        private var journal: PackJournal
        private let path: String

        init(partial: URL, carrying journal: PackJournal) throws {
            self.journal = journal
            path = PackJournal.file(of: partial).path
            try AtomicFileWriter.checkReplaceable(path)
        }

        func record(_ bytes: [UInt8]) { journal.absorb(bytes) }

        func markGap() { journal.markGap() }

        func save() throws {
            let writer = try AtomicFileWriter(target: path, temporary: path + ".tmp")
            try writer.write(Array(journal.text.utf8))
            try writer.commit()
        }

        func remove() {
            if FileKind(path: path) == .regular { unlink(path) }
        }
    }

    /// Where an export to `target` is written until it is complete.
    static func partialFile(of target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial")
    }

    /// Standard output shared by the emit closure.
    private final class OutputBox {
        var stream = StandardOutput()
    }
}
