import GuidedGeneration

/// Checks the complete lines an interrupted JSON Lines export left before an export resumes
/// after them: there are no more than `count`, each is one JSON item valid for the kind's
/// schema, and they are what this export makes for those indices — so a file made with another
/// seed, kind, model or `--unique` is refused instead of being finished into a mixed pack.
///
/// Every line is parsed and validated (cheap next to making an item). Only the first and last
/// `sampled` lines are made again and compared byte for byte: making every one again would
/// cost as much as the export being resumed, while a file from other options already differs
/// in its first item, and one cut from a longer or shifted run in its last.
///
/// ```swift
/// var check = try PackResumeCheck(export: export, library: library)
/// for line in lines { try check.add(line) }
/// try await check.finish()
/// ```
public struct PackResumeCheck {
    /// How many lines at each end are made again and compared.
    public static let sampled = 3

    private let export: PackExport
    private let library: ContentLibrary
    private let schema: GenerationSchema
    /// The complete lines seen so far.
    public private(set) var lines = 0
    private var first: [[UInt8]] = []
    private var last: [[UInt8]] = []

    public init(export: PackExport, library: ContentLibrary) throws {
        self.export = export
        self.library = library
        schema = try export.kind.schema(library: library)
    }

    /// Takes the next complete line (without its newline).
    public mutating func add(_ line: ArraySlice<UInt8>) throws(PackResumeMismatch) {
        lines += 1
        guard lines <= export.count else { throw .tooManyLines(count: export.count) }
        let content: GeneratedContent
        do {
            content = try GeneratedContent(jsonBytes: line)
        } catch {
            throw .notJSON(line: lines, problem: "\(error)")
        }
        if let violation = schema.violations(of: content).first {
            throw .notOfKind(line: lines, kind: export.kind, violation: violation.description)
        }
        if first.count < Self.sampled {
            first.append(Array(line))
        } else {
            if last.count == Self.sampled { last.removeFirst() }
            last.append(Array(line))
        }
    }

    /// Makes the sampled items again and compares them with the lines.
    public func finish() async throws {
        try await compare(first, from: 0)
        try await compare(last, from: lines - last.count)
    }

    private func compare(_ sample: [[UInt8]], from start: Int) async throws {
        guard !sample.isEmpty else { return }
        var made = export
        made.count = start + sample.count
        var mismatch: PackResumeMismatch?
        _ = try await made.run(library: library, skip: start) { index, item in
            if mismatch == nil, Array(item.json.utf8) != sample[index - start] {
                mismatch = .differentItem(line: index + 1, index: index, seed: export.seed)
            }
        }
        if let mismatch { throw mismatch }
    }
}

/// Why the lines an interrupted export left cannot be resumed from.
public enum PackResumeMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file holds more complete lines than the export's `count`.
    case tooManyLines(count: Int)
    /// A line (1-based) is not JSON.
    case notJSON(line: Int, problem: String)
    /// A line is JSON but not an item of the kind.
    case notOfKind(line: Int, kind: PackKind, violation: String)
    /// A line is not the item this export makes at `index` (0-based).
    case differentItem(line: Int, index: Int, seed: UInt64)

    public var description: String {
        switch self {
        case .tooManyLines(let count): "it has more than the \(count) lines asked for"
        case .notJSON(let line, let problem): "line \(line) is not JSON (\(problem))"
        case .notOfKind(let line, let kind, let violation): "line \(line) is not a \(kind.rawValue) item (\(violation))"
        case .differentItem(let line, let index, let seed):
            "line \(line) is not what seed \(seed) makes for item \(index); it was made with other options"
        }
    }
}
