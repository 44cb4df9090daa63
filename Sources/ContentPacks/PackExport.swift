import GuidedGeneration
import JSONSchema
import NPCKit
import ProceduralModel

/// A batch of one kind of item: `count` items from `seed`, made `jobs` at a time, optionally
/// unique by a field. Items come out in index order and their bytes do not depend on `jobs`:
/// candidate `k` is always made from the seed and `k`, and with `uniqueField` the pack holds
/// the first `count` candidates whose field differs (normalised: case, spacing) from every
/// earlier one.
///
/// ```swift
/// let export = PackExport(kind: .npc, count: 1_000, seed: 42, jobs: 2, uniqueField: "name")
/// let report = try await export.run(library: try .builtIn()) { index, item in print(item.json) }
/// print(report.duplicatesRejected)
/// ```
package struct PackExport: Sendable {
    var kind: PackKind
    var count: Int
    var seed: UInt64
    var jobs: Int
    /// A dot path into each item (`name`, `order.drink`) whose value must be new.
    var uniqueField: String?
    /// The model items come from (nil: the content's embedded procedural model).
    var model: (any LanguageModel)?
    /// Whether an item whose `model` output still fails validation comes from the procedural
    /// model instead (listed in the report); without it, such an item is left out of the pack
    /// and listed as failed, and the export goes on with the next.
    var fallsBackToProcedural: Bool

    package init(kind: PackKind, count: Int, seed: UInt64, jobs: Int = 1, uniqueField: String? = nil,
                 model: (any LanguageModel)? = nil, fallsBackToProcedural: Bool = false) {
        self.kind = kind
        self.count = count
        self.seed = seed
        self.jobs = max(1, jobs)
        self.uniqueField = uniqueField
        self.model = model
        self.fallsBackToProcedural = fallsBackToProcedural
    }

    /// What a run did besides the items.
    package struct Report: Sendable, Equatable {
        package var itemsWritten = 0
        package var duplicatesRejected = 0
        /// The pack indices of the items the procedural model made because `model`'s output
        /// failed validation.
        package var fallbackIndices: [Int] = []
        /// The items `model` could not make valid, left out of the pack (no fallback asked for).
        package var failedItems: [FailedItem] = []
        package var fallbackItems: Int { fallbackIndices.count }
    }

    /// An item left out because the model's output kept failing validation: its index (the
    /// candidate's, with `uniqueField`) and why.
    package struct FailedItem: Sendable, Equatable {
        package let index: Int
        package let reason: String
    }

    /// Why a pack could not be made.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case missingField(String, item: Int)
        case tooFewDistinct(field: String, found: Int, wanted: Int)

        var description: String {
            switch self {
            case .missingField(let field, let item):
                return "item \(item) has no field '\(field)' to be unique by"
            case .tooFewDistinct(let field, let found, let wanted):
                return "only \(found) items with a distinct '\(field)' came out of \(wanted * Self.attemptsPerItem) tries; ask for fewer or drop --unique"
            }
        }

        package static let attemptsPerItem = 20
    }

    /// Makes the pack, handing `deliver` each item with its index in the pack, in order.
    /// `skip` leading items are made (uniqueness needs them) but not delivered — how `--only`
    /// and `--resume` start part-way. With `audit`, the model counts its grammar's draws and lines
    /// there (the same counts for any `jobs`). `failed` hears of each item left out, when it is.
    package func run(library: ContentLibrary, skip: Int = 0, audit: GrammarAudit? = nil,
                     failed: (FailedItem) throws -> Void = { _ in },
                     deliver: (Int, PackItem) throws -> Void) async throws -> Report {
        // One maker per job, each on a copy of the content of its own.
        var built: [JobMakers] = []
        for job in 0..<jobs {
            let content = job == 0 ? library : try library.independentCopy()
            let procedural = try kind.maker(library: content, model: audit.map { content.model.auditing($0) })
            guard let model else {
                built.append(JobMakers(primary: procedural, fallback: nil))
                continue
            }
            built.append(JobMakers(primary: try kind.maker(library: content, model: model), fallback: fallsBackToProcedural ? procedural : nil))
        }
        let makers = built
        var report = Report()
        var seen = Set<String>()
        var candidate = 0
        var index = 0
        // A fixed chunk: with --unique, candidates past the last one needed are made too, and
        // their number (hence the audit) must not depend on the jobs.
        let chunk = 1024
        guard let field = uniqueField else {
            // Candidates are the items themselves: the next chunk is made while this one is delivered.
            var position = min(skip, count)
            func batch(from start: Int) -> Task<[Outcome], any Error>? {
                start < count ? Task { try await make(start..<min(start + chunk, count), makers: makers) } : nil
            }
            var pending = batch(from: position)
            defer { pending?.cancel() }
            while let current = pending {
                let made = try await current.value
                pending = batch(from: position + made.count)
                for outcome in made {
                    defer { position += 1 }
                    switch outcome {
                    case .item(let item):
                        try deliver(position, item)
                        report.itemsWritten += 1
                        if item.isFallback { report.fallbackIndices.append(position) }
                    case .failed(let reason):
                        let item = FailedItem(index: position, reason: reason)
                        report.failedItems.append(item)
                        try failed(item)
                    }
                }
            }
            return report
        }
        let attemptLimit = max(count, 1) * Failure.attemptsPerItem
        while index < count {
            let wanted = chunk
            let batch = try await make(candidate..<(candidate + wanted), makers: makers)
            for outcome in batch {
                defer { candidate += 1 }
                guard case .item(let item) = outcome else {
                    if case .failed(let reason) = outcome, index >= skip {
                        let item = FailedItem(index: candidate, reason: reason)
                        report.failedItems.append(item)
                        try failed(item)
                    }
                    continue
                }
                guard let key = Self.key(of: item.content, at: field) else { throw Failure.missingField(field, item: candidate) }
                guard seen.insert(key).inserted else {
                    report.duplicatesRejected += 1
                    continue
                }
                if index >= skip {
                    try deliver(index, item)
                    report.itemsWritten += 1
                    if item.isFallback { report.fallbackIndices.append(index) }
                }
                index += 1
                if index == count { break }
            }
            if index < count, candidate >= attemptLimit {
                throw Failure.tooFewDistinct(field: field, found: index, wanted: count)
            }
        }
        return report
    }

    /// What making one candidate came to: an item, or why the model could not make it valid.
    private enum Outcome: Sendable {
        case item(PackItem)
        case failed(String)
    }

    /// Candidates `range`, `jobs` slices made (and written as JSON) concurrently — slice `j` by
    /// `makers[j]` — returned in order.
    private func make(_ range: Range<Int>, makers: [JobMakers]) async throws -> [Outcome] {
        let seed = self.seed
        @Sendable func items(_ slice: Range<Int>, _ maker: JobMakers) async throws -> [Outcome] {
            var items: [Outcome] = []
            items.reserveCapacity(slice.count)
            for candidate in slice {
                do {
                    let content = try await maker.primary.item(at: candidate, seed: seed)
                    items.append(.item(PackItem(content: content, json: content.jsonString, isFallback: false)))
                } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
                    guard let fallback = maker.fallback else {
                        items.append(.failed(context.debugDescription))
                        continue
                    }
                    let content = try await fallback.item(at: candidate, seed: seed)
                    items.append(.item(PackItem(content: content, json: content.jsonString, isFallback: true)))
                }
            }
            return items
        }
        guard jobs > 1, range.count > 1 else { return try await items(range, makers[0]) }
        let sliceSize = (range.count + jobs - 1) / jobs
        return try await withThrowingTaskGroup(of: (Int, [Outcome]).self) { group in
            for (job, start) in stride(from: range.lowerBound, to: range.upperBound, by: sliceSize).enumerated() {
                let slice = start..<min(start + sliceSize, range.upperBound)
                let maker = makers[job]
                group.addTask { (slice.lowerBound, try await items(slice, maker)) }
            }
            var slices: [(Int, [Outcome])] = []
            for try await slice in group { slices.append(slice) }
            return slices.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// The normalised value of the dot path `field` in `item` (nil when absent).
    package static func key(of item: GeneratedContent, at field: String) -> String? {
        var value: GeneratedContent? = item
        for part in field.split(separator: ".") {
            if let position = Int(part), let elements = value?.elements {
                value = elements.indices.contains(position) ? elements[position] : nil
            } else {
                value = value?[String(part)]
            }
        }
        guard let value else { return nil }
        let text = value.stringValue ?? value.jsonString
        return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// One item of a pack: its content and its compact JSON text (made where the item is made, so
/// parallel jobs also share the writing).
package struct PackItem: Sendable {
    let content: GeneratedContent
    let json: String
    /// Whether the procedural model made it because the chosen model's output failed.
    let isFallback: Bool
}

/// One job's item makers: the chosen model's, and the procedural fallback when asked for.
private struct JobMakers: Sendable {
    let primary: PackItemMaker
    let fallback: PackItemMaker?
}
