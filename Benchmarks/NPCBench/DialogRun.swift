import Foundation
import NPCKit

/// The question table run through the game (`--only dialog`): how many answers are relevant,
/// to the barista and to customers, how many claim another's identity or speak of the speaker
/// in the third person, and the time per answer.
nonisolated func runQuestionTable(library: ContentLibrary, path: String, seed: UInt64, listsMisses: Bool) async throws {
    let table = try QuestionTable(json: try String(contentsOfFile: path, encoding: .utf8))
    let report = try await table.run(library: library, seed: seed)
    let times = report.answers.map(\.seconds).sorted()
    let p99 = times[min(times.count - 1, Int((0.99 * Double(times.count)).rounded(.up)) - 1)]
    func share(_ listener: QuestionTable.Listener) -> String {
        let asked = report.answers.filter { $0.question.to == listener }
        return String(format: "%.1f %% (%d/%d)", report.relevance(to: listener) * 100, asked.filter(\.isRelevant).count, asked.count)
    }
    print("| Dialog (\(report.answers.count) questions) | Barista relevant | Customers relevant | Identity mix-ups | Third-person | Answer p99 |")
    print("|---|---:|---:|---:|---:|---:|")
    print("| embedded model | \(share(.barista)) | \(share(.customer)) | \(report.mixUps) | \(report.thirdPerson) | " + String(format: "%.3f ms |", p99 * 1000))
    guard listsMisses else { return }
    for answer in report.answers where !answer.isRelevant || answer.isMixUp || answer.isThirdPerson {
        let marks = [answer.isRelevant ? nil : "irrelevant", answer.isMixUp ? "mix-up" : nil, answer.isThirdPerson ? "third person" : nil].compactMap { $0 }
        print("[\(answer.question.to.rawValue)/\(answer.question.about)] \(answer.question.ask) → \(answer.speaker): \(answer.text) (\(marks.joined(separator: ", ")))")
    }
}
