import Testing
@testable import NPCKit

@Suite struct RiddleTests {
    @Test func everyGeneratedRiddleHasExactlyOneCorrectAnswer() async throws {
        let library = try ContentLibrary.builtIn()
        let riddles = try await RiddleGenerator(library: library).riddles(count: 500, seed: 4)
        for riddle in riddles {
            #expect(riddle.answers.filter(\.isCorrect).count == 1)
            #expect((3...4).contains(riddle.answers.count))
            #expect(library.riddles.contains(riddle), "a riddle not from the content: \(riddle.question)")
            #expect(riddle.isCorrect(answerNumber: riddle.correctIndex + 1))
            #expect(riddle.isCorrect(answerText: "  " + riddle.answers[riddle.correctIndex].text.uppercased()))
        }
        #expect(Set(riddles.map(\.question)).count >= 60)
    }

    @Test func aRiddleWithoutExactlyOneCorrectAnswerCannotBeMade() {
        let right = Riddle.Answer(text: "A mug", isCorrect: true), wrong = Riddle.Answer(text: "A door", isCorrect: false)
        #expect(throws: RiddleError.correctAnswers(2)) { try Riddle(question: "Q?", answers: [right, right, wrong]) }
        #expect(throws: RiddleError.correctAnswers(0)) { try Riddle(question: "Q?", answers: [wrong, wrong, wrong]) }
        #expect(throws: RiddleError.answerCount(2)) { try Riddle(question: "Q?", answers: [right, wrong]) }
        #expect(throws: RiddleError.emptyQuestion) { try Riddle(question: " ", answers: [right, wrong, wrong]) }
        #expect(throws: Never.self) { try Riddle(question: "Q?", answers: [wrong, right, wrong, wrong]) }
    }
}
