import Foundation
import NPCKit
import ProceduralModel
import Testing

/// Keeps README's "A game in a dozen lines" true: the body below is the README's code, verbatim,
/// with `print` collecting lines instead of writing them.
@Suite struct ReadmeExampleTests {
    final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    static func runDozenLines() async throws -> [String] {
        let lines = Lines()
        func print(_ items: Any...) { lines.all.append(items.map { "\($0)" }.joined(separator: " ")) }

        let library = try ContentLibrary.fromEnvironment()             // built-in content (+ $COFFEESHOP_CONTENT)
        let npcs = try NPCGenerator(library: library, contacts: library.contacts, contactSeed: 7)
        let npc = try await npcs.npc(seed: 42)                         // named after a contact, never twice
        print("\(npc.name) (\(npc.attributes.joined(separator: ", "))) wants \(npc.order) — \(library.menu.price(of: npc.order)) coins")
        if case .wantToTalkToManager(let complaint) = npc.encounter { print("…and the manager: \(complaint)") }

        let riddle = try await RiddleGenerator(library: library).riddle(seed: 3)
        print(riddle.question, riddle.answers.map(\.text), riddle.isCorrect(answerNumber: 2))

        let barista = Barista(library: library, today: CalendarDate(year: 2026, month: 11, day: 23)!)
        print(try await barista.reply(to: "How long have you worked here?", seed: 1))
        return lines.all
    }

    /// The block README shows as the example's output: the fenced lines after "It prints".
    static func readmeOutput() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let intro = text.range(of: "It prints (the same on every run") else { return [] }
        let lines = text[intro.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(of: "```") else { return [] }
        let body = lines[(open + 1)...].prefix { $0 != "```" }
        return body.map(String.init)
    }

    @Test func theDozenLinesRunAndRepeat() async throws {
        let first = try await Self.runDozenLines()
        let again = try await Self.runDozenLines()
        #expect(first == again)
        #expect(first == (try Self.readmeOutput()), "README's example output is out of date; it now prints:\n\(first.joined(separator: "\n"))")
        let contacts = Set(try ContentLibrary.builtIn().contacts.map(\.name))
        let npcName = try #require(first.first?.components(separatedBy: " (").first)
        #expect(contacts.contains(npcName))
        #expect(first.allSatisfy { !$0.isEmpty })
    }
}
