import Testing
@testable import ProceduralModel

/// A learner's question is heard in the usual word order; English already in it, statements,
/// and questions whose "you" is an object are left as they are.
@Suite struct LearnerWordOrderTests {
    @Test(arguments: [
        ("what you do at the weekend?", "what do you do at the weekend?"),
        ("So what you think of the town?", "So what do you think of the town?"),
        ("what time you close today?", "what time do you close today?"),
        ("which instrument I play?", "which instrument do I play?"),
        ("what kind of music you like?", "what kind of music do you like?"),
        ("what else you have?", "what else do you have?"),
        ("what I study, you remember?", "what do I study, you remember?"),
        ("where you are from?", "where are you from?"),
        ("Where you are?", "Where are you?"),
        ("how long you are living in this town?", "how long are you living in this town?"),
        ("where I can buy a ticket for the bus?", "where can I buy a ticket for the bus?"),
        ("where you have been all week?", "where have you been all week?"),
        ("what you doing later?", "what are you doing later?"),
        ("what you doing later", "what are you doing later"),
        ("where you from?", "where are you from?"),
        ("where lives your brother?", "where does your brother live?"),
        ("when opens the market?", "when does the market open?"),
        ("what studies your sister?", "what does your sister study?"),
        ("how is called my cat?", "what is my cat called?"),
        ("How is it called in English?", "What is it called in English?"),
        ("from which city I come?", "which city do I come from?"),
        ("To what I am allergic?", "What am I allergic to?"),
        ("there is something without sugar?", "is there something without sugar?"),
        ("Sorry, there are toilets here?", "Sorry, are there toilets here?"), ("There is a bank near?", "Is there a bank near?"),
        ("On Thursday you are free?", "On Thursday are you free?"),
        ("you can help me with a word?", "can you help me with a word?"),
        ("Tomorrow you are working?", "Tomorrow are you working?"),
        ("Thanks a lot. what you recommend for me?", "Thanks a lot. what do you recommend for me?"),
    ])
    func learnersQuestionsAreReordered(_ line: String, _ expected: String) {
        #expect(LearnerWordOrder.standardized(line) == expected)
    }

    @Test(arguments: [
        "what do you do at the weekend?",
        "where are you from?",
        "how are you?",
        "how is your day going?",
        "what brings you here?",
        "what made you choose coffee?",
        "what about you?",
        "what's your name?",
        "what you did yesterday?",
        "how much costs a cappuccino?",
        "what means flat white?",
        "since when do you work here?",
        "what I love about this place is the cat.",
        "I go to the museum tomorrow",
        "where is nearest supermarket?",
        "which day is today?",
        "who told you that?",
        "how come you're so cheerful?",
        "there is a queue already.",
        "where I come from people kiss twice to say hello",
        "you are very kind.",
        "you can keep the change",
    ])
    func everythingElseIsLeftAsItWas(_ line: String) {
        #expect(LearnerWordOrder.standardized(line) == line)
    }
}
