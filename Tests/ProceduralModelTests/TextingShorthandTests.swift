import Testing
@testable import ProceduralModel

/// A line typed as a text is written out; shorthand that is also a word or a number is read by
/// its neighbours, and English without shorthand is left as it was.
@Suite struct TextingShorthandTests {
    @Test(arguments: [
        ("wat r u doin tmrw", "what are you doing tomorrow"),
        ("wer is the beach", "where is the beach"),
        ("hw much is a hot choc n a cookie", "how much is a hot chocolate and a cookie"),
        ("im allergic 2 nuts", "im allergic to nuts"),
        ("wat am i allergic 2", "what am i allergic to"),
        ("how do i get 2 the station", "how do i get to the station"),
        ("hru? wyd 2nite", "how are you? what are you doing tonight"),
        ("U got wifi?", "You got wifi?"),
        ("wats ur name", "what's your name"),
        ("ur so funny", "you're so funny"),
        ("ur welcome", "you're welcome"),
        ("omg ur cat is so cute", "omg your cat is so cute"),
        ("y r u so happy", "why are you so happy"),
        ("do u sell sum food", "do you sell some food"),
        ("wat do ppl my age do here", "what do people my age do here"),
        ("did u always wanna be a barista", "did you always want to be a barista"),
        ("idk wat to get", "I don't know what to get"),
        ("my phone just died lol", "my phone just died"),
        ("my phone died lol!", "my phone died!"),
        ("any good hairdressers round here lol i need one", "any good hairdressers round here. i need one"),
        ("tbh it was way too sweet", "it was way too sweet"),
        ("whats ur name btw", "whats your name"),
        ("im staying w my gran, her names pat", "im staying with my gran, her name's pat"),
        ("r there any events this wkend", "are there any events this weekend"),
        ("cn i get a hot choc pls", "can i get a hot chocolate please"),
        ("this 1 is 4 u", "this 1 is for you"),
        ("wat u doin b4 work", "what you doing before work"),
        ("ur coffee is actually fire", "your coffee is actually amazing"),
        ("the cake was bussin", "the cake was delicious"),
        ("got any pastries rn", "got any pastries"),
        ("any recs?", "any recommendations?"),
    ])
    func shorthandIsWrittenOut(_ line: String, _ expected: String) {
        #expect(TextingShorthand.expanded(line) == expected)
    }

    @Test(arguments: [
        "What are you doing tomorrow?",
        "can I get 2 lattes?",
        "I have 2 cats and 4 rabbits.",
        "Table 2, please.",
        "That's a large sum of money.",
        "The first bout was a draw.",
        "Is the Y shaped street near?",
        "lol",
        "I'm allergic to nuts.",
        "we won 2 nil",
        "Where's the U bend?",
        "Is there a fire exit?",
        "The fire is lovely in winter.",
    ])
    func everythingElseIsLeftAsItWas(_ line: String) {
        #expect(TextingShorthand.expanded(line) == line)
    }
}
