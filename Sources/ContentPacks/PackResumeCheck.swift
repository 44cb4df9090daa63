import Digest
import GuidedGeneration
import JSONSchema
import NPCKit

/// Checks the complete lines an interrupted JSON Lines export left before an export resumes
/// after them: there are no more than `count`, each is one JSON item valid for the kind's
/// schema, and they are what this export makes for those indices — so a file made with another
/// seed, kind, model or `--unique`, or changed since, is refused instead of being finished into
/// a pack that differs from an uninterrupted one.
///
/// The export's `PackJournal` vouches for the lines it recorded: they must give its chain
/// exactly. The first `sampled` lines (which differ when the options differ) and every line
/// the journal does not cover are made again and compared byte for byte. Without a journal —
/// missing, damaged, or longer than the file — every line is made again.
///
/// ```swift
/// var check = try PackResumeCheck(export: export, library: library, journal: journal)
/// for line in lines { try check.add(line) }
/// try await check.finish()
/// ```
package struct PackResumeCheck {
    /// How many first lines are always made again and compared.
    static let sampled = 3

    private let export: PackExport
    private let library: ContentLibrary
    private let schema: GenerationSchema
    private let journal: PackJournal?
    /// The record of the lines seen, which the resumed export carries on.
    package private(set) var seen = PackJournal()
    /// The complete lines seen so far.
    var lines: Int { seen.lines }
    /// Whether the next line is read: not past a journal's gap (an item left out), after which
    /// the file's lines are dropped and made again.
    package var takesMore: Bool { journal.map { !$0.hasGap || lines < $0.lines } ?? true }
    /// The digests of the lines that may have to be made again, by index.
    private var unvouched: [(index: Int, digest: [UInt8])] = []

    package init(export: PackExport, library: ContentLibrary, journal: PackJournal? = nil) throws {
        self.export = export
        self.library = library
        self.journal = journal
        schema = try export.kind.schema(library: library)
    }

    /// Takes the next complete line (without its newline).
    package mutating func add(_ line: ArraySlice<UInt8>) throws(PackResumeMismatch) {
        guard lines < export.count else { throw .tooManyLines(count: export.count) }
        let content: GeneratedContent
        do {
            content = try GeneratedContent(jsonBytes: line)
        } catch {
            throw .notJSON(line: lines + 1, problem: "\(error)")
        }
        if let violation = schema.violations(of: content).first {
            throw .notOfKind(line: lines + 1, kind: export.kind, violation: violation.description)
        }
        unvouched.append((lines, SHA256.digest(of: line)))
        seen.add(line: line)
        if let journal, lines == journal.lines {
            guard seen == journal.withoutGap else { throw .changed(lines: journal.lines) }
            unvouched.removeSubrange(min(Self.sampled, unvouched.count)...)
        }
    }

    /// Makes the lines no journal vouches for again and compares them with the file's.
    package func finish() async throws {
        var start = 0
        while start < unvouched.count {
            var end = start + 1
            while end < unvouched.count, unvouched[end].index == unvouched[end - 1].index + 1 { end += 1 }
            try await compare(unvouched[start..<end])
            start = end
        }
    }

    /// Makes the consecutive items of `run` again and compares them with the digests of the lines.
    private func compare(_ run: ArraySlice<(index: Int, digest: [UInt8])>) async throws {
        guard let first = run.first?.index else { return }
        var made = export
        made.count = first + run.count
        var mismatch: PackResumeMismatch?
        _ = try await made.run(library: library, skip: first) { index, item in
            if mismatch == nil, SHA256.digest(of: Array(item.json.utf8)) != run[run.startIndex + index - first].digest {
                mismatch = .differentItem(line: index + 1, index: index, seed: export.seed)
            }
        }
        if let mismatch { throw mismatch }
    }
}

/// Why the lines an interrupted export left cannot be resumed from.
package enum PackResumeMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file holds more complete lines than the export's `count`.
    case tooManyLines(count: Int)
    /// A line (1-based) is not JSON.
    case notJSON(line: Int, problem: String)
    /// A line is JSON but not an item of the kind.
    case notOfKind(line: Int, kind: PackKind, violation: String)
    /// A line is not the item this export makes at `index` (0-based).
    case differentItem(line: Int, index: Int, seed: UInt64)
    /// The first `lines` lines are not the ones the export recorded in its journal.
    case changed(lines: Int)

    package var description: String {
        switch self {
        case .tooManyLines(let count): "it has more than the \(count) lines asked for"
        case .notJSON(let line, let problem): "line \(line) is not JSON (\(problem))"
        case .notOfKind(let line, let kind, let violation): "line \(line) is not a \(kind.rawValue) item (\(violation))"
        case .differentItem(let line, let index, let seed):
            "line \(line) is not what seed \(seed) makes for item \(index); it was made with other options"
        case .changed(let lines): "its first \(lines) lines are not the ones the export wrote (changed since it stopped)"
        }
    }
}
