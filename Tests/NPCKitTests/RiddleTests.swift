import GuidedGeneration
import JSONSchema
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
        let other = Riddle.Answer(text: "a window", isCorrect: false)
        #expect(throws: RiddleError.repeatedAnswer("the door")) {
            try Riddle(question: "Q?", answers: [wrong, right, Riddle.Answer(text: "the door", isCorrect: false)])
        }
        #expect(throws: Never.self) { try Riddle(question: "Q?", answers: [wrong, right, other]) }
    }

    /// A model's riddle with an answer given twice, or copying an example it was shown, is asked
    /// for again with other examples; a model that never writes a good one is refused.
    @Test func aRepeatedAnswerOrACopiedExampleIsAskedAgain() async throws {
        /// Replies in turn: an answer given twice, the last example shown copied, then `last`.
        func scripted(last: String) -> ScriptedWriter {
            ScriptedWriter { turn, shown in
                switch turn {
                case 1: #"{"question": "What has keys but opens no locks?", "answers": [{"text": "A piano", "isCorrect": true}, {"text": "a piano", "isCorrect": false}, {"text": "A map", "isCorrect": false}]}"#
                case 2: shown.last ?? ""
                default: last
                }
            }
        }
        let library = try ContentLibrary.builtIn()
        let good = #"{"question": "What has hands but cannot clap?", "answers": [{"text": "A clock", "isCorrect": true}, {"text": "A glove", "isCorrect": false}, {"text": "A tree", "isCorrect": false}]}"#
        let model = scripted(last: good)
        let riddle = try await RiddleGenerator(library: library, model: model).riddle(seed: 5)
        #expect(riddle.question == "What has hands but cannot clap?")
        #expect(model.asked.withLock { $0 } == 3)
        let stubborn = scripted(last: #"{"question": "What has keys but opens no locks?", "answers": [{"text": "A piano", "isCorrect": true}, {"text": "the piano", "isCorrect": false}, {"text": "A map", "isCorrect": false}]}"#)
        await #expect { try await RiddleGenerator(library: library, model: stubborn).riddle(seed: 5) } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("3 times") && context.debugDescription.contains("given twice")
        }
    }
}
