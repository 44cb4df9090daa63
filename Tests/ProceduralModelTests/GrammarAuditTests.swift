import Testing
@testable import GuidedGeneration
@testable import ProceduralModel

@Suite struct GrammarAuditTests {
    @Test func anAuditingModelCountsDrawsAndLinesAndForgetsNothingOfItsReplies() async throws {
        let audit = GrammarAudit()
        let model = ProceduralModel().auditing(audit)
        var replies: [String] = []
        for seed in 0..<40 as Range<UInt64> {
            let session = LanguageModelSession(model: model)
            replies.append(try await session.respond(to: "Hello!", options: GenerationOptions(samplingMode: .random(top: 40, seed: seed))).content)
        }
        let report = audit.report()
        #expect(report.distinctLines == Set(replies).count)
        let repeats = Dictionary(grouping: replies, by: { $0 }).filter { $0.value.count > 1 }
        #expect(report.mostRepeatedLines.map(\.line).sorted() == repeats.keys.sorted())
        for (line, count) in report.mostRepeatedLines { #expect(repeats[line]?.count == count) }
        #expect(report.draws.reduce(0) { $0 + $1.alternatives.reduce(0) { $0 + $1.count } } >= replies.count)
        // The same model without an audit says the same things.
        let plain = try await LanguageModelSession(model: ProceduralModel()).respond(to: "Hello!", options: GenerationOptions(samplingMode: .random(top: 40, seed: 0)))
        #expect(plain.content == replies[0])
    }

    @Test func pastTheLineLimitNewLinesAreOnlyTallied() {
        let audit = GrammarAudit(lineLimit: 2)
        for line in ["a", "b", "a", "c", "d", "a"] { audit.record(line: line) }
        let report = audit.report()
        #expect(report.distinctLines == 2 && report.uncountedLines == 2)
        #expect(report.mostRepeatedLines.map(\.line) == ["a"] && report.mostRepeatedLines.first?.count == 3)
    }
}
