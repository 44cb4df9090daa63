import CoffeeShopGame
import Foundation
import NPCKit

/// The question tables run through the game (`--only dialog`), one row each: how many replies
/// are relevant to the barista and to customers, how many memory checks (rows that tell a fact
/// first) recall it, how many claim another's identity or speak of the speaker in the third
/// person, and the time per answer. Without `--table`, the table tuned against, the earlier
/// held-out table, the first and second blind tables (tuned on since) and the blind held-out
/// table (written without reading the dialog content).
nonisolated func runQuestionTables(library: ContentLibrary, paths: [(name: String, path: String)], seed: UInt64, listsMisses: Bool,
                                   listsAnswers: Bool) async throws {
    print("| Dialog table | Questions | Barista relevant | Customers relevant | Memory recalled | Identity mix-ups | Third-person | Answer p99 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    var listed: [String] = []
    for (name, path) in paths {
        let table = try QuestionTable(json: try String(contentsOfFile: path, encoding: .utf8))
        let report = try await table.run(library: library, seed: seed)
        let times = report.answers.map(\.seconds).sorted()
        let p99 = times[min(times.count - 1, Int((0.99 * Double(times.count)).rounded(.up)) - 1)]
        func share(_ answers: [QuestionTable.Answer]) -> String {
            guard !answers.isEmpty else { return "–" }
            let relevant = answers.filter(\.isRelevant).count
            return String(format: "%.1f %% (%d/%d)", Double(relevant) / Double(answers.count) * 100, relevant, answers.count)
        }
        let memory = report.answers.filter { $0.question.said != nil }
        let plain = report.answers.filter { $0.question.said == nil }
        print("| \(name) | \(report.answers.count) | \(share(plain.filter { $0.question.to == .barista })) | "
              + "\(share(plain.filter { $0.question.to == .customer })) | \(share(memory)) | \(report.mixUps) | \(report.thirdPerson) | "
              + String(format: "%.3f ms |", p99 * 1000))
        for answer in report.answers where listsAnswers || !answer.isRelevant || answer.isMixUp || answer.isThirdPerson {
            let marks = [answer.isRelevant ? "relevant" : "irrelevant", answer.isMixUp ? "mix-up" : nil, answer.isThirdPerson ? "third person" : nil].compactMap { $0 }
            let told = answer.question.said.map { " (told: \($0.joined(separator: " / ")))" } ?? ""
            listed.append("[\(name) · \(answer.question.to.rawValue)/\(answer.question.about)] \(answer.question.ask)\(told) → \(answer.speaker): \(answer.text) (\(marks.joined(separator: ", ")))")
        }
    }
    if listsMisses || listsAnswers { listed.forEach { print($0) } }
}
