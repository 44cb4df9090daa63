import ContentPacks
import Foundation
import NPCKit
import RegularFiles

/// The temporary file an interrupted JSON Lines export left, checked before `--resume` appends
/// to it against the journal beside it (see `PackResumeCheck`): a file from other options, or
/// changed since, is refused with the reason and left as it is. Its last line, cut short when
/// the export was killed, is dropped.
enum ResumeFile {
    /// The complete lines of the temporary file of the export to `target`, checked, which the
    /// export picks up after (their byte count is where); nil when there is no temporary file.
    static func resumePoint(target: String, export: PackExport, library: ContentLibrary) async throws -> PackJournal? {
        let partial = PackOutput.partialFile(of: URL(fileURLWithPath: target)).path
        switch FileKind(path: partial) {
        case .missing: return nil
        case .regular: break
        case let kind: throw FileError(path: partial, problem: .notReplaceable(kind))
        }
        var lines = LineReader(try FileInput(path: partial), role: "line of an export")
        var check = try PackResumeCheck(export: export, library: library, journal: journal(of: partial))
        do {
            while check.takesMore, let line = try lines.nextLine(), !lines.lastLineIsUnterminated { try check.add(line) }
            try await check.finish()
        } catch let mismatch as PackResumeMismatch {
            throw CommandFailure.runtime("cannot resume \(target) from \(partial): \(mismatch) — remove \(partial) or export with the options it was made with")
        }
        return check.seen
    }

    /// The journal kept beside `partial`, or nil when there is none that can be read (then every
    /// line is made again instead).
    private static func journal(of partial: String) -> PackJournal? {
        let file = PackJournal.file(of: URL(fileURLWithPath: partial)).path
        guard FileKind(path: file) == .regular,
              let bytes = try? FileInput.contents(of: file, limit: 4096, role: "export journal") else { return nil }
        return PackJournal(text: String(decoding: bytes, as: UTF8.self))
    }
}
