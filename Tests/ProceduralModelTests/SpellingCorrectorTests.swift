import Testing
@testable import GuidedGeneration
@testable import ProceduralModel

/// Typed questions are heard as meant: a misspelt word reads as the known word one slip away,
/// and known words, short words and names stay as they are.
@Suite struct SpellingCorrectorTests {
    let corrector = SpellingCorrector(known: ["bathroom", "password", "recommend", "close", "decaf", "chai", "latte"])

    @Test func misspeltWordsReadAsTheKnownWordOneSlipAway() {
        #expect(corrector.correct(["bathrom", "pasword", "passwrod", "reccomend"]) == ["bathroom", "password", "password", "recommend"])
        #expect(corrector.correct(["decaff"]) == ["decaf"], "an insertion")
    }

    @Test func knownShortAndFarWordsAreLeftAlone() {
        #expect(corrector.correct(["chain", "close", "priya", "bicycle", "latte"]) == ["chain", "close", "priya", "bicycle", "latte"])
        #expect(corrector.correct(["reccomnd"]) == ["reccomnd"], "two slips in a word under eight letters")
    }

    @Test func theDistanceCountsSwapsAsOneEditAndStopsPastTheLimit() {
        #expect(SpellingCorrector.distance(Array("teh"), Array("the"), limit: 1) == 1)
        #expect(SpellingCorrector.distance(Array("kitten"), Array("sitting"), limit: 3) == 3)
        #expect(SpellingCorrector.distance(Array("kitten"), Array("sitting"), limit: 2) == nil)
        #expect(SpellingCorrector.distance(Array("same"), Array("same"), limit: 0) == 0)
    }

    @Test func theEmbeddedModelHearsTypedQuestions() async throws {
        let model = ProceduralModel(content: try RepositoryContent.coffeeShop())
        for (prompt, expected) in [("can i use ur bathrom?", "door"), ("whats the wifi pasword", "decafisalie")] {
            let session = LanguageModelSession(model: model, instructions: "You are Juno, the barista of the Pixel Bean.")
            let reply = try await session.respond(to: prompt, options: GenerationOptions(samplingMode: .greedy)).content
            #expect(reply.contains(expected), "\(prompt) → \(reply)")
        }
    }
}
